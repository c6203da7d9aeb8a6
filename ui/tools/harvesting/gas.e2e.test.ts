import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { launchBrowser, openPage } from '../../../platform/testing/browser.js'
import { parseHuffMinutes } from '../../../schemas/harvesting-rules.js'
import { emptyAlertRegion, gate } from '../../components/error-alert.testing.js'

const baseUrl = inject('appUrl')
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

async function open(path = '/gas-calc') {
  const opened = await openPage(browser, baseUrl)
  await opened.page.goto(path)
  await opened.page.getByRole('heading', { name: 'Gas Huffing Calculator' }).waitFor()
  return opened
}

const moduleOptions = (page: Page) => page.getByLabel('Module Type').locator('option').allTextContents()
async function calculate(page: Page) {
  await page.getByRole('button', { name: 'Calculate' }).click()
  await page.getByTestId('gas-results').waitFor()
  await expect.poll(() => page.getByRole('button', { name: 'Calculate' }).getAttribute('aria-disabled')).toBe('false')
}
/**
 * Each row: [site of its pair, gas, M³/Cloud, M³ Lost, ISK/Cloud, ISK Lost, TTK, rate while huffing, the site's ISK/hr]
 * as shown (the site's ISK/hr is one cell spanning both rows of its pair).
 */
const tableRows = (page: Page) =>
  page.locator('[data-testid="gas-row"]').evaluateAll((rows) =>
    rows.map((r) => {
      const [gas, rate, ttk, m3, lost, isk, iskLost] = [...r.querySelectorAll('td:not(.site-isk-hour)')].map((td) => td.textContent!.trim())
      const site = r.closest('tbody')!.querySelector('.site-isk-hour')!.textContent!.trim()
      return [r.getAttribute('data-site')!, gas, m3, lost, isk, iskLost, ttk, rate, site]
    }),
  )
const num = (text: string) => Number(text.replace(/,/g, ''))
/** The first entry of every pair, in table order. */
const firstEntries = async (page: Page) => (await tableRows(page)).filter((row, i, all) => i === 0 || all[i - 1][0] !== row[0])

describe('gas calculator (/gas-calc)', () => {
  it("starts from the spec's defaults and shows every site as a pair with its total, sorted by ISK/hr", async () => {
    const { page, errors, context } = await open()
    expect(await page.getByLabel('Ship', { exact: true }).inputValue()).toBe('Prospect')
    expect(await page.getByLabel('Module Type').inputValue()).toBe('Syndicate Gas Cloud Scoop')
    expect(await page.getByLabel('Module Count').inputValue()).toBe('2')
    expect(await page.getByLabel('Ship Count').inputValue()).toBe('1')
    expect(await page.getByLabel('Mining Frigate Level').inputValue()).toBe('5')
    expect(await page.getByLabel('Mining Barge Level').inputValue()).toBe('0')
    expect(await page.getByLabel('Boost Ship', { exact: true }).inputValue()).toBe('None')
    expect(await page.getByLabel('Boost Module').locator('option:checked').textContent()).toBe('Burst I')
    expect(await page.getByLabel('Industrial Core', { exact: true }).locator('option:checked').textContent()).toBe('No')
    // The market API docs open in a new tab.
    const docs = page.getByRole('link', { name: 'market API docs' })
    expect([await docs.getAttribute('href'), await docs.getAttribute('target')]).toEqual(['/api/docs/', '_blank'])
    // and say so to screen readers (its description), the name staying what the link says
    expect(
      await docs.evaluate((a) =>
        a
          .getAttribute('aria-describedby')
          ?.split(' ')
          .map((id) => document.getElementById(id)?.textContent)
          .join(' '),
      ),
    ).toBe('Opens in a new tab.')

    // A slow answer shows the loading state.
    await page.route('**/api/gas-calc', async (route) => {
      await new Promise((r) => setTimeout(r, 400))
      await route.continue()
    })
    await page.getByRole('button', { name: 'Calculate' }).click()
    await expect.poll(() => page.getByRole('button', { name: 'Calculating…' }).getAttribute('aria-disabled')).toBe('true')
    await page.getByTestId('gas-results').waitFor()
    await expect.poll(() => page.getByRole('button', { name: 'Calculate' }).getAttribute('aria-disabled')).toBe('false')

    const rows = await tableRows(page)
    expect(rows).toHaveLength(18)
    expect(await page.getByTestId('fleet-summary').textContent()).toContain('12,800 m³ per hour')
    expect(await page.getByTestId('price-source').textContent()).toMatch(/^Prices: Jita 4-4, buy \(highest order\), for raw gas, from a market snapshot taken/)
    // Pairs: the site total is the pair's ISK per cloud in millions.
    const totals = await page.getByTestId('site-total').allTextContents()
    expect(totals).toHaveLength(9)
    const bySite = new Map<string, string[][]>()
    for (const r of rows) bySite.set(r[0], [...(bySite.get(r[0]) ?? []), r])
    const sites = [...bySite.keys()]
    sites.forEach((site, i) => {
      const pair = bySite.get(site)!
      expect(pair).toHaveLength(2)
      expect(totals[i]).toBe(`${Math.round((num(pair[0][4]) + num(pair[1][4])) / 1e6).toLocaleString('en-US')}M ISK`)
    })
    // Default sort: what each site pays per hour of huffing it (both clouds, bounded by what they hold), high to low.
    const hourly = (await firstEntries(page)).map((r) => num(r[8]))
    expect(hourly).toEqual([...hourly].sort((a, b) => b - a))
    expect(await page.locator('th[aria-sort="descending"]').textContent()).toContain('ISK/hr')
    // Each site is its own row group, so a screen reader gives a row its own site's header and no other.
    const groups = await page
      .locator('.gas-table tbody')
      .evaluateAll((bodies) => bodies.map((b) => [b.querySelectorAll('tr').length, b.querySelectorAll('th[scope="rowgroup"]').length]))
    expect(groups).toEqual(Array.from({ length: 9 }, () => [2, 1]))
    expect(errors).toEqual([])
    await context.close()
  })

  it('changes the module list with the ship, and keeps the fleet in the address', async () => {
    const { page, context } = await open()
    expect(await moduleOptions(page)).toEqual([
      'Gas Cloud Scoop I',
      "'Crop' Gas Cloud Scoop",
      "'Plow' Gas Cloud Scoop",
      'Gas Cloud Scoop II',
      'Syndicate Gas Cloud Scoop',
    ])
    await page.getByLabel('Ship', { exact: true }).selectOption('Hulk')
    expect(await moduleOptions(page)).toEqual(['Gas Cloud Harvester I', 'Gas Cloud Harvester II', 'ORE Gas Cloud Harvester'])
    expect(await page.getByLabel('Module Type').inputValue()).toBe('Gas Cloud Harvester II')
    expect(await page.getByTestId('module-stats').textContent()).toBe('200 m³ per 160 s, residue 34% × 1')
    await page.getByLabel('Module Count').fill('3')
    expect(await page.getByTestId('slot-warning').textContent()).toBe('A Hulk fits at most 2 of these (high slots).')
    await page.getByLabel('Ship', { exact: true }).selectOption('Venture')
    expect(await page.getByLabel('Module Type').inputValue()).toBe('Syndicate Gas Cloud Scoop')
    await page.getByLabel('Ship', { exact: true }).selectOption('Mackinaw')
    await page.getByLabel('Exhumers Level').fill('4')
    // An industrial core only a Porpoise or Orca fits: 'Yes' on another hull changes nothing, and the page says so.
    await page.getByLabel('Industrial Core', { exact: true }).selectOption('yes')
    await expect.poll(() => page.getByTestId('core-note').textContent()).toBe('No effect without a boost ship.')
    await page.getByLabel('Boost Ship', { exact: true }).selectOption('gnosis')
    await expect.poll(() => page.getByTestId('core-note').textContent()).toBe('No effect: only the Porpoise and the Orca fit an industrial core.')
    await page.getByLabel('Boost Ship', { exact: true }).selectOption('Orca')
    await expect.poll(() => page.getByTestId('core-note').count()).toBe(0)
    await page.getByLabel('Industrial Core', { exact: true }).selectOption('no')
    await expect.poll(() => new URL(page.url()).searchParams.get('ship')).toBe('Mackinaw')
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toMatchObject({ module: 'Gas Cloud Harvester II', modules: '3', exhumer: '4', boost: 'Orca' })
    await page.reload()
    await page.getByRole('heading', { name: 'Gas Huffing Calculator' }).waitFor()
    expect(await page.getByLabel('Ship', { exact: true }).inputValue()).toBe('Mackinaw')
    expect(await page.getByLabel('Exhumers Level').inputValue()).toBe('4')
    expect(await page.getByLabel('Boost Ship', { exact: true }).inputValue()).toBe('Orca')
    await context.close()
  })

  it("gives a link's ship its usual module when the link has none or one that ship does not use, so Calculate works", async () => {
    const { page, context } = await open('/gas-calc?ship=Hulk')
    const dialogs: string[] = []
    page.on('dialog', (d) => {
      dialogs.push(d.message())
      void d.accept()
    })
    expect(await page.getByLabel('Module Type').inputValue()).toBe('Gas Cloud Harvester II')
    expect(await page.getByTestId('module-stats').textContent()).toBe('200 m³ per 160 s, residue 34% × 1')
    expect(await page.getByText('Part of this link could not be read').count()).toBe(0)
    await calculate(page)
    expect(await page.getByTestId('fleet-summary').textContent()).toContain('200.0 m³')
    expect(dialogs).toEqual([])

    await page.goto('/gas-calc?ship=Skiff&module=Syndicate+Gas+Cloud+Scoop')
    await page.getByRole('heading', { name: 'Gas Huffing Calculator' }).waitFor()
    expect(await page.getByLabel('Module Type').inputValue()).toBe('Gas Cloud Harvester II')
    expect(await page.getByRole('alert').filter({ hasText: 'could not be read' }).textContent()).toContain('(module)')
    await calculate(page)
    expect(dialogs).toEqual([])
    // Once a module is chosen, no field shows a default in place of the link's value: the warning goes.
    const moduleType = page.getByLabel('Module Type')
    const other = (await moduleType.locator('option').allTextContents()).find((name) => name !== 'Gas Cloud Harvester II')!
    await moduleType.selectOption({ label: other })
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'could not be read' }).count()).toBe(0)
    await context.close()
  })

  it('sorts pairs by each column: a new column ascending, the active one flips; TTK by minutes', async () => {
    const { page, context } = await open('/gas-calc?ship=Hulk&module=Gas+Cloud+Harvester+II&modules=2&barge=5&exhumer=5&frigate=0')
    await calculate(page)
    const columns: Array<[string, number]> = [
      ['M³/Cloud', 2],
      ['M³ Lost', 3],
      ['ISK/Cloud', 4],
      ['ISK Lost', 5],
      ['TTK', 6],
      ['Rate while huffing', 7],
      ['ISK/hr', 8],
    ]
    const value = (label: string, text: string) => (label === 'TTK' ? parseHuffMinutes(text) : num(text))
    for (const [label, index] of columns) {
      const header = page.getByRole('columnheader', { name: label })
      await header.getByRole('button').click()
      expect(await header.getAttribute('aria-sort'), label).toBe('ascending')
      let firsts = (await firstEntries(page)).map((r) => value(label, r[index]))
      expect(firsts, label).toEqual([...firsts].sort((a, b) => a - b))
      await header.getByRole('button').click()
      expect(await header.getAttribute('aria-sort'), label).toBe('descending')
      firsts = (await firstEntries(page)).map((r) => value(label, r[index]))
      expect(firsts, label).toEqual([...firsts].sort((a, b) => b - a))
      // Pairs stay together.
      const rows = await tableRows(page)
      for (let i = 0; i < rows.length; i += 2) expect(rows[i][0]).toBe(rows[i + 1][0])
    }
    await context.close()
  })

  it('filters sites by wormhole class', async () => {
    const { page, context } = await open()
    await calculate(page)
    await page.getByRole('button', { name: 'C1', exact: true }).click()
    const sites = [...new Set((await tableRows(page)).map((r) => r[0]))]
    expect(sites.sort()).toEqual([
      'Barren Perimeter Reservoir',
      'Minor Perimeter Reservoir',
      'Ordinary Perimeter Reservoir',
      'Sizeable Perimeter Reservoir',
      'Token Perimeter Reservoir',
    ])
    await page.getByRole('button', { name: 'C6', exact: true }).click()
    await expect.poll(async () => new Set((await tableRows(page)).map((r) => r[0])).size).toBe(9)
    await expect.poll(() => new URL(page.url()).searchParams.get('class')).toBe('C6')
    await context.close()
  })

  it('collapses and expands Fleet, Skills and Boosts from their headings', async () => {
    const { page, context } = await open()
    const sections: Array<[string, string]> = [
      ['Fleet', 'Ship Count'],
      ['Skills', 'Exhumers Level'],
      ['Boosts', 'Mining Director Level'],
    ]
    for (const [title, field] of sections) {
      const toggle = page.getByRole('button', { name: title, exact: true })
      expect(await toggle.getAttribute('aria-expanded')).toBe('true')
      await toggle.click()
      expect(await toggle.getAttribute('aria-expanded')).toBe('false')
      expect(await page.getByLabel(field).isVisible()).toBe(false)
      await toggle.click()
      expect(await page.getByLabel(field).isVisible()).toBe(true)
    }
    await context.close()
  })

  it('explains M³ Lost and the Boost Implant in tooltips', async () => {
    const { page, context } = await open()
    await page.getByLabel('About Boost Implant').hover()
    await expect
      .poll(() => page.getByRole('tooltip').filter({ visible: true }).textContent())
      .toBe('The Mining Foreman Mindlink and the ORE Mining Director implant give the same mining burst bonus; ORE also adds shield boosts, which are ignored.')
    await calculate(page)
    await page.getByLabel('About M³ Lost').hover()
    // the first tip hides a render after the mouse leaves it: poll until only the second shows
    await expect
      .poll(() => page.getByRole('tooltip').filter({ visible: true }).textContent())
      .toBe("Expected m³ destroyed by residue instead of harvested, based on the module's residue percent times a multiplier.")
    await context.close()
  })

  it("names each column header by its text alone, so a screen reader does not read the '?' mark with every cell", async () => {
    const { page, context } = await open()
    await calculate(page)
    for (const name of ['Site', 'ISK/hr', 'Gas', 'Rate while huffing', 'TTK', 'M³/Cloud', 'M³ Lost', 'ISK/Cloud', 'ISK Lost']) {
      expect(await page.getByRole('columnheader', { name, exact: true }).count(), name).toBe(1)
    }
    // The tips still open from their marks, and the sort buttons keep their names.
    await page.getByLabel('About TTK', { exact: true }).focus()
    await expect.poll(() => page.getByRole('tooltip').filter({ visible: true }).textContent()).toMatch(/^Time to huff/)
    expect(await page.getByRole('button', { name: 'TTK', exact: true }).count()).toBe(1)
    await context.close()
  })

  it('on a phone, shows the gas and its numbers beside the site, and keeps the site in view while the table scrolls sideways', async () => {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true })
    const page = await context.newPage()
    await page.goto('/gas-calc')
    await page.getByRole('heading', { name: 'Gas Huffing Calculator' }).waitFor()
    await calculate(page)
    const box = page.locator('.gas-table').locator('xpath=..')
    const boxRight = await box.evaluate((el) => el.getBoundingClientRect().right)
    // The site cell took the whole box (its name on one line, 12rem wide), so not even the gas name was in view.
    const firstRow = page.getByTestId('gas-row').first()
    const gasCell = firstRow.locator('td').nth(0)
    const m3Cell = firstRow.locator('td').nth(1)
    expect(await gasCell.evaluate((el) => el.getBoundingClientRect().right)).toBeLessThanOrEqual(boxRight)
    expect(await m3Cell.evaluate((el) => el.getBoundingClientRect().left)).toBeLessThan(boxRight)
    // Scrolled to the ISK/hr column, the row still says which site it belongs to.
    await box.evaluate((el) => (el.scrollLeft = el.scrollWidth))
    const site = firstRow.locator('th')
    const boxLeft = await box.evaluate((el) => el.getBoundingClientRect().left)
    await expect.poll(() => site.evaluate((el) => Math.round(el.getBoundingClientRect().left))).toBeGreaterThanOrEqual(Math.floor(boxLeft))
    await context.close()
  })

  it("alerts 'Calculation failed. Check console for details.' on a failure, clears the loading state and keeps the last results", async () => {
    const { page, context, errors } = await open()
    await calculate(page)
    const before = await tableRows(page)
    const dialogs: string[] = []
    page.on('dialog', (d) => {
      dialogs.push(d.message())
      void d.accept()
    })
    await page.route('**/api/gas-calc', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'Static game data is not imported yet; try again in a minute' }),
      }),
    )
    await page.getByRole('button', { name: 'Calculate' }).click()
    await expect.poll(() => dialogs).toEqual(['Calculation failed. Check console for details.'])
    expect(await page.getByRole('button', { name: 'Calculate' }).getAttribute('aria-disabled')).toBe('false')
    expect(await page.getByTestId('calc-error').textContent()).toBe('Static game data is not imported yet; try again in a minute')
    expect(await tableRows(page)).toEqual(before)
    // The failure went to the console, as the spec asks.
    expect(errors.some((e) => e.startsWith('Calculation failed (/api/gas-calc)'))).toBe(true)
    await context.close()
  })

  it('reads each failure out from an alert region that is on the page from the start, a second identical one too', async () => {
    const { page, context } = await open()
    const held = await emptyAlertRegion(page, 'calc-error')
    let hold = Promise.resolve()
    await page.route('**/api/gas-calc', async (route) => {
      await hold
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'Static game data is not imported yet; try again in a minute' }),
      })
    })
    const button = page.getByRole('button', { name: 'Calculate' })
    await button.click()
    await expect.poll(held).toBe('Static game data is not imported yet; try again in a minute')
    // the same sentence again: the region empties while the call runs, so the new failure is a change to read out
    const second = gate()
    hold = second.wait
    await button.click()
    await expect.poll(held).toBe('')
    second.open()
    await expect.poll(held).toBe('Static game data is not imported yet; try again in a minute')
    await context.close()
  })

  it('says which information is missing when a data file fails, still calculates, and loads it again on Try again', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    const modules = gate()
    let failing = true
    await page.route('**/api/data/mining_modules.json', async (route) => {
      await modules.wait
      await (failing ? route.fulfill({ status: 500, body: 'oops' }) : route.continue())
    })
    await page.goto('/gas-calc?ship=Hulk&modules=3')
    await page.getByRole('heading', { name: 'Gas Huffing Calculator' }).waitFor()
    const said = await emptyAlertRegion(page, 'data-error')
    modules.open()
    await expect.poll(said).toBe('Module stats and the slot warning could not be loaded: HTTP 500. Calculate still works.')
    expect(await page.getByTestId('module-stats').count()).toBe(0)
    expect(await page.getByTestId('slot-warning').count()).toBe(0)
    await calculate(page)
    expect((await tableRows(page)).length).toBeGreaterThan(0)

    // Try again loads the file once more: the stats and the slot warning appear, the message goes.
    failing = false
    await page.getByRole('button', { name: 'Try again' }).click()
    await expect.poll(said).toBe('')
    await expect.poll(() => page.getByTestId('module-stats').textContent()).toBe('200 m³ per 160 s, residue 34% × 1')
    expect(await page.getByTestId('slot-warning').textContent()).toBe('A Hulk fits at most 2 of these (high slots).')
    expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0)
    // the button left with the message; the focus went to the page heading, not to the top of the document
    expect(await page.getByRole('heading', { name: 'Gas Huffing Calculator' }).evaluate((el) => el === document.activeElement)).toBe(true)
    await context.close()
  })

  it('says the slot warning is missing when the ship data fails, and reads a second identical failure out again', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    const first = gate()
    let hold = first.wait
    await page.route('**/api/data/mining_ship_bonuses.json', async (route) => {
      await hold
      await route.fulfill({ status: 503, body: 'down' })
    })
    await page.goto('/gas-calc?ship=Hulk&modules=3')
    await page.getByRole('heading', { name: 'Gas Huffing Calculator' }).waitFor()
    const said = await emptyAlertRegion(page, 'data-error')
    const message = 'Ship slot counts (for the slot warning) could not be loaded: HTTP 503. Calculate still works.'
    first.open()
    await expect.poll(said).toBe(message)
    // module stats still come from their own file
    expect(await page.getByTestId('module-stats').textContent()).toBe('200 m³ per 160 s, residue 34% × 1')
    expect(await page.getByTestId('slot-warning').count()).toBe(0)
    const again = gate()
    hold = again.wait
    await page.getByRole('button', { name: 'Try again' }).click()
    await expect.poll(said).toBe('')
    again.open()
    await expect.poll(said).toBe(message)
    await context.close()
  })

  it('keeps a fleet saved in another tab when this tab saves or deletes one', async () => {
    const { page, context } = await open()
    const other = await context.newPage()
    await other.goto('/gas-calc?ship=Venture')
    await other.getByRole('heading', { name: 'Gas Huffing Calculator' }).waitFor()
    const saveAs = async (p: Page, name: string) => {
      await p.getByRole('button', { name: 'Saved fleets' }).click()
      await p.getByLabel('Save this fleet as').fill(name)
      await p.getByRole('button', { name: 'Save', exact: true }).click()
    }
    const savedNames = (p: Page) => p.locator('.saved-name').allTextContents()
    await saveAs(page, 'Prospects')
    await saveAs(other, 'Ventures')
    expect(await savedNames(other)).toEqual(['Prospects', 'Ventures'])
    // The first tab's list follows, and deleting there keeps the other tab's fleet.
    await expect.poll(() => savedNames(page)).toEqual(['Prospects', 'Ventures'])
    await page.getByRole('button', { name: 'Delete Prospects' }).click()
    await page.reload()
    await page.getByRole('button', { name: 'Saved fleets' }).click()
    expect(await savedNames(page)).toEqual(['Ventures'])
    await context.close()
  })

  it('saves fleet compositions in this browser and loads them back', async () => {
    const { page, context } = await open()
    await page.getByLabel('Ship', { exact: true }).selectOption('Skiff')
    await page.getByLabel('Ship Count').fill('4')
    await page.getByRole('button', { name: 'Saved fleets' }).click()
    await page.getByLabel('Save this fleet as').fill('Skiff gang')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.goto('/gas-calc?ship=Prospect')
    await page.getByRole('button', { name: 'Saved fleets' }).click()
    expect(await page.getByLabel('Ship', { exact: true }).inputValue()).toBe('Prospect')
    await page.getByRole('listitem').filter({ hasText: 'Skiff gang' }).getByRole('button', { name: 'Load' }).click()
    expect(await page.getByLabel('Ship', { exact: true }).inputValue()).toBe('Skiff')
    // The number box shows a loaded value one render later (NumberField keeps its text in an effect).
    await expect.poll(() => page.getByLabel('Ship Count').inputValue()).toBe('4')
    expect(await page.getByLabel('Module Type').inputValue()).toBe('Gas Cloud Harvester II')
    await page.getByRole('button', { name: 'Delete Skiff gang' }).click()
    expect(await page.getByRole('listitem').filter({ hasText: 'Skiff gang' }).count()).toBe(0)
    await context.close()
  })

  it('with the keyboard only: saving and deleting a fleet is read out from a status region there from the start, and Delete leaves the focus in the panel', async () => {
    const { page, context } = await open()
    await page.getByRole('button', { name: 'Saved fleets' }).click()
    const status = page.getByTestId('saved-status')
    expect(await status.getAttribute('role')).toBe('status')
    expect(await status.textContent()).toBe('')
    // The same element must receive the message: a status region added together with its text is not read out.
    const region = (await status.elementHandle())!
    const said = () => region.evaluate((el) => (el.isConnected ? el.textContent : null))
    await page.getByLabel('Save this fleet as').fill('Huffers')
    await page.keyboard.press('Enter')
    await expect.poll(said).toBe("Saved 'Huffers' in this browser.")
    // Each Load button names its fleet, as Delete does: a list of bare 'Load' buttons says nothing about which is which.
    await page.getByRole('button', { name: 'Load Huffers', exact: true }).focus()
    await page.keyboard.press('Enter')
    await expect.poll(said).toBe("Loaded 'Huffers'.")
    await page.getByRole('button', { name: 'Delete Huffers' }).focus()
    await page.keyboard.press('Enter')
    await expect.poll(said).toBe("Deleted 'Huffers'.")
    // The Delete button left with its fleet; the focus went to the name box, not to the top of the page.
    await expect.poll(() => page.getByLabel('Save this fleet as').evaluate((el) => el === document.activeElement)).toBe(true)
    await context.close()
  })

  it('reads a repeated save or load message out again (a new line in the status region, not an unchanged one)', async () => {
    const { page, context } = await open()
    await page.getByRole('button', { name: 'Saved fleets' }).click()
    const status = page.getByTestId('saved-status')
    await status.evaluate((el) => {
      const added: string[] = []
      ;(window as unknown as { added: string[] }).added = added
      // each change to the region (a line added or its text changed) is one thing a screen reader reads out
      new MutationObserver(() => el.textContent && added.push(el.textContent)).observe(el, { childList: true, characterData: true, subtree: true })
    })
    const added = () => page.evaluate(() => (window as unknown as { added: string[] }).added)
    await page.getByLabel('Save this fleet as').fill('Huffers')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.getByLabel('Save this fleet as').fill('Huffers')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.getByRole('button', { name: 'Load Huffers', exact: true }).click()
    await page.getByRole('button', { name: 'Load Huffers', exact: true }).click()
    await expect.poll(added).toEqual(["Saved 'Huffers' in this browser.", "Saved 'Huffers' in this browser.", "Loaded 'Huffers'.", "Loaded 'Huffers'."])
    expect(await status.textContent()).toBe("Loaded 'Huffers'.")
    await context.close()
  })

  it('with the keyboard only: the focus moves to the Results heading and the result is read out from a status region there from the start', async () => {
    const { page, context } = await open()
    const status = page.getByTestId('calc-status')
    expect(await status.getAttribute('role')).toBe('status')
    expect(await status.textContent()).toBe('')
    await page.getByRole('button', { name: 'Calculate' }).focus()
    await page.keyboard.press('Enter')
    await page.getByTestId('gas-results').waitFor()
    // the results come into view with the focus on their heading (issue #42), not left on the page's body
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Results')
    await expect.poll(() => status.textContent()).toBe('Results: 9 gas sites; the fleet harvests 12,800 m³ per hour.')
    await context.close()
  })
})

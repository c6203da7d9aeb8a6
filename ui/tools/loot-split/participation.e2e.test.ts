import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Browser, Locator, Page } from 'playwright-core'
import { launchBrowser, openPage } from '../../../platform/testing/browser.js'

const baseUrl = inject('appUrl')
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

async function open(path = '/participation') {
  const { page, context, errors } = await openPage(browser, baseUrl)
  await page.goto(path)
  await page.getByTestId('participation-grid').waitFor()
  return { page, context, errors }
}

const addPlayer = async (page: Page, name: string) => {
  await page.getByLabel('Player name').fill(name)
  await page.getByLabel('Player name').press('Enter')
}
const columns = (page: Page) => page.locator('.participation-grid thead th.site-head').evaluateAll((ths) => ths.map((th) => th.firstChild?.textContent))
const siteValues = (page: Page) => page.locator('.participation-grid .value-row td[data-site]').allTextContents()
const rowNames = (page: Page) => page.locator('.participation-grid tbody tr[data-player]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-player')))
const tier = (page: Page) => page.getByLabel('Site Tier', { exact: true })
/** The text of the elements that describe a box (aria-describedby), as a screen reader gets it. */
const describedBy = (box: Locator) =>
  box.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim(),
  )
const payoutRows = (page: Page) =>
  page.locator('[data-testid="payout-table"] tbody tr').evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent)))

/** The worked example of calc.test.ts: C5, Drifter yes, Dread no, no taxes. */
async function enterWorkedExample(page: Page) {
  await page.getByLabel('No Broker Taxes').check()
  await page.getByLabel('Core Garrison number ran').fill('3')
  await page.getByLabel('Core Garrison runs with a drifter').fill('3')
  await page.getByLabel('Unsecured Frontier Server Bank number ran').fill('2')
  for (const name of ['Ann', 'Ben', 'Cat']) await addPlayer(page, name)
  await page.getByLabel('Ann Core Garrison').fill('3')
  await page.getByLabel('Ann Unsecured Frontier Server Bank').fill('2')
  await page.getByLabel('Ben Core Garrison').fill('1')
  await page.getByLabel('Cat Unsecured Frontier Server Bank').fill('2')
}

describe('participation loot splitter (/participation)', () => {
  it('starts at C5 with no escalated runs, one column per site, and values abbreviated', async () => {
    const { page, errors, context } = await open()
    expect(await tier(page).inputValue()).toBe('C5')
    expect(await page.getByTestId('escalation-note').textContent()).toMatch(/Each is added only to those runs/)
    expect(await page.getByLabel('Accounting Level', { exact: true }).inputValue()).toBe('5')
    expect(await page.getByLabel('Corp Tax %').inputValue()).toBe('0')
    expect(await page.getByLabel('No Broker Taxes').getAttribute('title')).toMatch(/buyback program/)
    expect(await columns(page)).toEqual([
      'Core Garrison',
      'Core Stronghold',
      'Oruze Osobnyk',
      'Quarantine Area',
      'Unsecured Frontier Enclave Relay',
      'Unsecured Frontier Server Bank',
      'Forgotten Core Data Field',
      'Forgotten Core Information Pen',
    ])
    // Each site's blue loot per run; the escalations go only to the runs entered for them
    expect((await siteValues(page))[0]).toBe('253.4M')
    expect(await page.getByTestId('avengerRuns-row').count()).toBe(1)
    expect(errors).toEqual([])
    await context.close()
  })

  it('on a tier change reloads the sites, resets Number Ran, keeps players, and hides Drifter/Dread below C5', async () => {
    const { page, context } = await open()
    const fetched: string[] = []
    page.on('request', (req) => req.url().includes('/api/data/') && fetched.push(new URL(req.url()).pathname))
    await addPlayer(page, 'Ann')
    await page.getByLabel('Core Garrison number ran').fill('2')
    await page.getByLabel('Ann Core Garrison').fill('2')
    await tier(page).selectOption('C3')
    await expect
      .poll(() => columns(page))
      .toEqual([
        'Fortification Frontier Stronghold',
        'Outpost Frontier Stronghold',
        'Solar Cell',
        'The Oruze Construct',
        'Unsecured Frontier Database',
        'Unsecured Frontier Receiver',
        'Forgotten Frontier Quarantine Outpost',
        'Forgotten Frontier Recursive Depot',
      ])
    expect(fetched.sort()).toEqual(['/api/data/c3_combat_sites_clean.json', '/api/data/c3_datarelic_sites_clean.json'])
    expect(await siteValues(page)).toEqual(['41.1M', '45.1M', '43M', '44.5M', '88.4M', '75.1M', '79.4M', '92.5M'])
    expect(await page.getByTestId('avengerRuns-row').count()).toBe(0)
    expect(await page.getByTestId('drifterRuns-row').count()).toBe(0)
    expect(await rowNames(page)).toEqual(['Ann'])
    expect(await page.getByLabel('Ann Solar Cell').inputValue()).toBe('0')
    await tier(page).selectOption('C5')
    await expect.poll(() => page.getByLabel('Core Garrison number ran').inputValue()).toBe('0')
    expect(await page.getByLabel('Ann Core Garrison').inputValue()).toBe('0')
    await context.close()
  })

  it('trims player names, ignores blank ones, and removes rows', async () => {
    const { page, context } = await open()
    await addPlayer(page, '   ')
    expect(await rowNames(page)).toEqual([])
    await addPlayer(page, '  Ann  ')
    await page.getByLabel('Player name').fill('Ben')
    await page.getByRole('button', { name: 'Add Player' }).click()
    expect(await rowNames(page)).toEqual(['Ann', 'Ben'])
    expect(await page.getByLabel('Player name').inputValue()).toBe('')
    await page.getByRole('button', { name: 'Remove Ann' }).click()
    expect(await rowNames(page)).toEqual(['Ben'])
    await context.close()
  })

  it('renames a player in place, keeping their attendance; refuses blank or taken names; the new name survives a reload, a link and the payout text', async () => {
    const { page, errors, context } = await open()
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await enterWorkedExample(page)
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))

    await page.getByRole('button', { name: 'Rename Ben' }).focus()
    await page.keyboard.press('Enter')
    expect(await focused()).toBe('New name for Ben')
    await page.keyboard.type(' ann ')
    await page.keyboard.press('Enter')
    expect(await page.getByRole('alert').filter({ hasText: 'already in the list' }).textContent()).toBe('ann is already in the list.')
    await page.getByLabel('New name for Ben').fill('')
    await page.getByRole('button', { name: 'Save' }).click()
    expect(await page.getByRole('alert').filter({ hasText: 'needs a name' }).textContent()).toBe('A player needs a name.')
    await page.getByRole('button', { name: 'Cancel' }).click()
    expect(await rowNames(page)).toEqual(['Ann', 'Ben', 'Cat'])
    expect(await focused()).toBe('Rename Ben')

    await page.keyboard.press('Enter')
    await page.keyboard.type('Benjamin Sisko')
    await page.keyboard.press('Enter')
    expect(await rowNames(page)).toEqual(['Ann', 'Benjamin Sisko', 'Cat'])
    expect(await focused()).toBe('Rename Benjamin Sisko')
    expect(await page.getByLabel('Benjamin Sisko Core Garrison').inputValue()).toBe('1')
    expect(await page.getByTestId('payout').count()).toBe(0)
    await expect.poll(() => new URL(page.url()).searchParams.getAll('p')).toContain('Benjamin Sisko|Core Garrison*1')

    await page.reload()
    await page.getByTestId('participation-grid').waitFor()
    expect(await rowNames(page)).toEqual(['Ann', 'Benjamin Sisko', 'Cat'])
    expect(await page.getByLabel('Benjamin Sisko Core Garrison').inputValue()).toBe('1')

    const link = new URL(page.url())
    const other = await open(link.pathname + link.search)
    expect(await rowNames(other.page)).toEqual(['Ann', 'Benjamin Sisko', 'Cat'])
    await other.context.close()

    await page.getByRole('button', { name: 'Calculate' }).click()
    await page.getByTestId('payout').waitFor()
    expect((await payoutRows(page))[1]).toEqual(['Benjamin Sisko', '265,050,000 ISK'])
    await page.getByRole('button', { name: 'Copy payout text' }).click()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('\nBenjamin Sisko: 265,050,000 ISK\n')
    expect(errors).toEqual([])
    await context.close()
  })

  it('Remove hands the keyboard focus to the next Remove button, then the previous one, then the name box', async () => {
    const { page, context } = await open()
    for (const name of ['Ann', 'Ben', 'Cat']) await addPlayer(page, name)
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName)
    await page.getByRole('button', { name: 'Remove Ben' }).focus()
    await page.keyboard.press('Enter')
    expect(await rowNames(page)).toEqual(['Ann', 'Cat'])
    expect(await focused()).toBe('Remove Cat')
    await page.keyboard.press('Enter')
    expect(await focused()).toBe('Remove Ann')
    await page.keyboard.press('Enter')
    expect(await rowNames(page)).toEqual([])
    expect(await page.getByLabel('Player name').evaluate((el) => el === document.activeElement)).toBe(true)
    await context.close()
  })

  it('keeps the keyboard focus on Calculate while it runs, then on the breakdown heading, and reads the breakdown out in a status region there from the start', async () => {
    const { page, context } = await open()
    const status = page.getByTestId('calc-status')
    expect(await status.getAttribute('role')).toBe('status')
    expect(await status.textContent()).toBe('')
    await enterWorkedExample(page)
    const calls: string[] = []
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/participation-calc', async (route) => {
      calls.push(route.request().url())
      await held
      await route.continue()
    })
    const button = page.getByRole('button', { name: /Calculat/ })
    await button.focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => button.getAttribute('aria-disabled')).toBe('true')
    expect(await status.textContent()).toBe('Calculating…')
    await page.keyboard.press('Enter')
    release()
    await page.getByTestId('payout').waitFor()
    await expect.poll(() => status.textContent()).toBe('Payout Breakdown: 1,604M ISK, 1,604,400,000 ISK paid out to 3 players.')
    // the answer comes into view with the focus on its heading (issue #42)
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Payout Breakdown: 1,604M ISK')
    expect(calls).toHaveLength(1)
    await context.close()
  })

  it("says 'Add at least one player first.' on Calculate without players, and asks the server nothing", async () => {
    const { page, errors, context } = await open()
    const calls: string[] = []
    page.on('request', (r) => r.url().includes('/api/participation-calc') && calls.push(r.url()))
    const calc = page.getByRole('button', { name: 'Calculate' })
    await expect.poll(() => calc.isEnabled()).toBe(true)
    await calc.click()
    await expect.poll(() => page.getByTestId('calc-error').textContent()).toBe('Add at least one player first.')
    expect(calls).toEqual([])
    expect(errors).toEqual([])
    await context.close()
  })

  it('warns with a red border when a count exceeds Number Ran, and still calculates', async () => {
    const { page, context } = await open()
    await page.getByLabel('Core Garrison number ran').fill('3')
    await addPlayer(page, 'Ann')
    const cell = page.getByLabel('Ann Core Garrison')
    await cell.fill('4')
    expect(await cell.getAttribute('title')).toBe('Player count (4) exceeds Number Ran (3); paid as 3')
    expect(await cell.evaluate((el) => getComputedStyle(el).borderTopColor)).toBe('rgb(255, 93, 108)')
    await page.getByLabel('Core Garrison number ran').fill('4')
    expect(await cell.getAttribute('title')).toBeNull()
    await page.getByLabel('Core Garrison number ran').fill('3')
    // every run had the Avenger wave and a Drifter (a capital on grid, so the Response Battleship)
    await page.getByLabel('Core Garrison runs with avengers').fill('3')
    await page.getByLabel('Core Garrison runs with a drifter').fill('3')
    // Enter in a box calculates, as the Calculate button does
    await page.getByLabel('Core Garrison number ran').press('Enter')
    await page.getByTestId('payout').waitFor()
    // 3 × 703.4 M = 2,110,200,000; broker 5.19 % = 109,519,380 → Ann, paid as 3 runs of 3, gets all 2,000,680,620
    expect(await page.getByTestId('payout-total').textContent()).toBe('2,110M ISK')
    expect(await payoutRows(page)).toEqual([['Ann', '2,000,680,620 ISK']])
    await context.close()
  })

  it('says in a count box which number is used while it shows another, and gives screen readers the Number Ran warning too', async () => {
    const { page, errors, context } = await open()
    await page.getByLabel('Core Garrison number ran').fill('3')
    await addPlayer(page, 'Ann')
    const cell = page.getByLabel('Ann Core Garrison')
    await cell.click()
    await page.keyboard.press('Control+A')
    await page.keyboard.type('2.5')
    expect(await cell.inputValue()).toBe('2.5')
    expect(await describedBy(cell)).toBe('Using 2: whole numbers only.')
    await page.keyboard.press('Control+A')
    await page.keyboard.type('99999')
    // above Number Ran too: both the note and the spec's warning reach a screen reader
    expect(await describedBy(cell)).toBe('Using 10,000: at most 10,000. Player count (10000) exceeds Number Ran (3); paid as 3')
    expect(await cell.getAttribute('title')).toBe('Player count (10000) exceeds Number Ran (3); paid as 3')
    await page.getByLabel('Core Garrison number ran').click()
    expect(await cell.inputValue()).toBe('10000')
    expect(await describedBy(cell)).toBe('Player count (10000) exceeds Number Ran (3); paid as 3')
    expect(errors).toEqual([])
    await context.close()
  })

  it("calculates the spec's breakdown with the payout rule, and empties it with the server's sentence on failure", async () => {
    const { page, errors, context } = await open()
    const calls: unknown[] = []
    page.on('request', (req) => req.url().endsWith('/api/participation-calc') && calls.push(req.postDataJSON()))
    await enterWorkedExample(page)
    await page.getByRole('button', { name: 'Calculate' }).click()
    await page.getByTestId('payout').waitFor()
    expect(calls[0]).toMatchObject({ siteTier: 'C5', drifterRuns: { 'Core Garrison': 3 }, accounting: 5, noTaxes: true, corpTax: 0, allianceTax: 0 })
    expect((calls[0] as { siteTotals: Record<string, number> }).siteTotals).toMatchObject({
      'Core Garrison': 3,
      'Unsecured Frontier Server Bank': 2,
      'Core Stronghold': 0,
    })
    expect(await page.getByTestId('payout-total').textContent()).toBe('1,604M ISK')
    expect(await page.getByTestId('tax-lines').locator('li').allTextContents()).toEqual(['No broker tax applied.', 'Net paid out: 1,604,400,000 ISK'])
    expect(await page.getByTestId('payout-table').locator('thead th').allTextContents()).toEqual(['Player', 'ISK Earned'])
    expect(await payoutRows(page)).toEqual([
      ['Ann', '1,067,250,000 ISK'],
      ['Ben', '265,050,000 ISK'],
      ['Cat', '272,100,000 ISK'],
    ])
    // each site's loot goes to the pilots who ran it, in proportion to their runs of it (issue #42)
    expect(await page.locator('.loot-page').first().textContent()).toContain(
      "Each site's loot goes to the pilots who ran it, in proportion to their runs of it; a count above Number Ran counts as Number Ran.",
    )
    // Core Garrison 3 × (253.4 M + 100 M Recon Drifter) = 1,060.2 M: Ann 3 of 4 runs, Ben 1; the Server Bank 2 × 272.1 M: Ann and Cat 2 each
    const shares = await page.getByTestId('site-shares').textContent()
    for (const part of ['Ann (3: 795.1M)', 'Ben (1: 265.1M)', 'Ann (2: 272.1M)', 'Cat (2: 272.1M)']) expect(shares).toContain(part)
    expect(errors).toEqual([])

    // Nobody attended anything: a 400 with a sentence naming the site whose loot has no one to go to; the payout list is emptied
    for (const [name, site] of [
      ['Ann', 'Core Garrison'],
      ['Ann', 'Unsecured Frontier Server Bank'],
      ['Ben', 'Core Garrison'],
      ['Cat', 'Unsecured Frontier Server Bank'],
    ])
      await page.getByLabel(`${name} ${site}`).fill('0')
    await page.getByRole('button', { name: 'Calculate' }).click()
    await expect
      .poll(() => page.getByTestId('calc-error').textContent())
      .toMatch(/^Nobody is listed in Core Garrison \(Number Ran 3\), so its loot has no one to go to\./)
    expect(await page.getByTestId('payout').count()).toBe(0)
    expect(errors.some((e) => e.includes('HTTP 400'))).toBe(true)
    await context.close()
  })

  it('shares the whole setup as a link and restores the last setup in this browser', async () => {
    const { page, context } = await open()
    await enterWorkedExample(page)
    await page.getByLabel('Corp Tax %').fill('2.5')
    await expect.poll(() => new URL(page.url()).searchParams.get('corp')).toBe('2.5')
    const link = new URL(page.url())

    const other = await open(link.pathname + link.search)
    expect(await rowNames(other.page)).toEqual(['Ann', 'Ben', 'Cat'])
    expect(await other.page.getByLabel('Ann Unsecured Frontier Server Bank').inputValue()).toBe('2')
    expect(await other.page.getByLabel('Core Garrison number ran').inputValue()).toBe('3')
    expect(await other.page.getByLabel('Core Garrison runs with a drifter').inputValue()).toBe('3')
    expect(await other.page.getByLabel('No Broker Taxes').isChecked()).toBe(true)
    expect(await other.page.getByLabel('Corp Tax %').inputValue()).toBe('2.5')
    await other.context.close()

    await page.goto('/participation')
    await page.getByTestId('participation-grid').waitFor()
    expect(await rowNames(page)).toEqual(['Ann', 'Ben', 'Cat'])
    expect(await page.getByLabel('Ben Core Garrison').inputValue()).toBe('1')
    await context.close()
  })

  it('says which sites of a link are not in its tier, instead of dropping their counts silently', async () => {
    const { page, errors, context } = await open(
      '/participation?tier=C5&ran=Core Garrison*2&ran=Core Garisson*3&p=Ann|Core Garisson*1;The Mirror*1;Core Garrison*1&p=ann|Core Garrison*2',
    )
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'not C5 sites' }).textContent())
      .toBe('The link names sites that are not C5 sites, left out: Core Garisson, The Mirror.')
    // a name the link repeats keeps its first row, and the page says so
    expect(await page.getByRole('alert').filter({ hasText: 'more than once' }).textContent()).toBe(
      'The link lists Ann more than once: only the first row is kept.',
    )
    expect(await page.getByLabel('Core Garrison number ran').inputValue()).toBe('2')
    expect(await page.getByLabel('Ann Core Garrison').inputValue()).toBe('1')
    // Start over clears the message with the setup
    await page.getByRole('button', { name: 'Start over' }).click()
    expect(await page.getByRole('alert').filter({ hasText: 'not C5 sites' }).count()).toBe(0)
    expect(errors).toEqual([])
    await context.close()
  })

  it('never shows a site value without the escalations when their values cannot be loaded', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    await page.route('**/api/loot-split/escalations', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'The escalation data set is not loaded' }) }),
    )
    await page.goto('/participation')
    await page.getByTestId('participation-grid').waitFor()
    await page.getByLabel('Core Garrison number ran').fill('1')
    await page.getByLabel('Core Garrison runs with avengers').fill('1')
    // A run with the Avenger wave: the base value and '+ ?', not 253.4M as if it did not happen
    await expect.poll(async () => (await siteValues(page))[0]).toBe('253.4M + ?')
    expect(await page.locator('.value-row td[data-site="Core Garrison"]').getAttribute('title')).toMatch(
      /^253,400,000 ISK blue loot \+ the Upgraded Avenger \/ Drifter value, which could not be loaded/,
    )
    await context.close()
  })

  it('says plainly when a tier cannot be loaded', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    await page.route('**/api/data/c5_*_sites_clean.json', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'Static data is not imported yet; try again in a minute' }),
      }),
    )
    await page.goto('/participation')
    await expect
      .poll(() => page.getByTestId('site-data-error').textContent())
      .toBe('Site values for C5 could not be loaded: Static data is not imported yet; try again in a minute')
    expect(await page.getByRole('button', { name: 'Calculate' }).isDisabled()).toBe(true)
    await context.close()
  })
})

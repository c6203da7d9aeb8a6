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

async function open(path = '/bloot') {
  const { page, context, errors } = await openPage(browser, baseUrl)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.goto(path)
  await page.getByRole('heading', { name: 'Blue loot splitter' }).waitFor()
  return { page, context, errors }
}

async function addPlayer(page: Page, name: string, how: 'enter' | 'button' = 'enter') {
  await page.getByLabel('Player name').fill(name)
  if (how === 'enter') await page.getByLabel('Player name').press('Enter')
  else await page.getByRole('button', { name: 'Add', exact: true }).click()
}
const playerNames = (page: Page) => page.locator('.players-table tbody tr[data-player]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-player')))
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
const resultRows = (page: Page) =>
  page.locator('[data-testid="payout-table"] tbody tr').evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent)))

/** The worked example of calc.test.ts, typed into the page. */
async function enterWorkedExample(page: Page) {
  await page.getByLabel('Core Garrison', { exact: true }).fill('2')
  await page.getByLabel('Forgotten Core Data Field', { exact: true }).fill('1')
  // every run had the Avenger wave (Bob's dread) and both Core Garrison runs a Drifter
  await page.getByLabel('Core Garrison runs with the Avenger wave').fill('2')
  await page.getByLabel('Core Garrison runs with a Drifter').fill('2')
  await page.getByLabel('Forgotten Core Data Field runs with the Avenger wave').fill('1')
  await page.getByLabel('Corp Tax %').fill('10')
  await page.getByLabel('Alliance Tax %').fill('2.5')
  for (const name of ['Alice', 'Bob', 'Carol', 'Dave']) await addPlayer(page, name)
  await page.getByLabel('Alice Marauders').fill('2')
  await page.getByLabel('Alice tackle').check()
  await page.getByLabel('Bob Dreads').fill('3')
  await page.getByLabel('Carol Marauders').fill('4')
  await page.getByLabel('Carol extra shares').fill('-1')
  await page.getByLabel('Dave extra shares').fill('-2')
}

const WORKED_ROWS = [
  ['Alice', '3', '416,538,556 ISK'],
  ['Bob', '5.5', '763,654,018 ISK'],
  ['Carol', '2.5', '347,115,463 ISK'],
  ['Dave', '0', '0 ISK'],
]

describe('blue loot splitter (/bloot)', () => {
  it('is also reached as /blue-loot and lists the C5 sites with their values, then C6 on a tier change', async () => {
    const { page, errors, context } = await open('/blue-loot')
    expect(new URL(page.url()).pathname).toBe('/bloot')
    const labels = () => page.locator('.site-count .field-label').allTextContents()
    expect(await labels()).toEqual([
      'Core Garrison',
      'Core Stronghold',
      'Oruze Osobnyk',
      'Quarantine Area',
      'Unsecured Frontier Enclave Relay',
      'Unsecured Frontier Server Bank',
      'Forgotten Core Data Field',
      'Forgotten Core Information Pen',
    ])
    // Each site shows its blue loot per run; the Avenger wave and the Drifter are entered per site, for the runs that had them
    await expect.poll(() => page.locator('.site-value').first().textContent()).toBe('253.4M per run')
    expect(await page.locator('.site-value').nth(6).textContent()).toBe('279M per run')
    expect(await page.getByLabel('About the Drifter').getAttribute('aria-label')).toBe('About the Drifter')
    expect(await page.getByLabel('Accounting Level', { exact: true }).inputValue()).toBe('5')
    expect(await page.getByTestId('broker-rate').textContent()).toBe('broker tax 5.19%')
    await page.getByLabel('Accounting Level', { exact: true }).selectOption('1')
    expect(await page.getByTestId('broker-rate').textContent()).toBe('broker tax 7.04%')

    // a count above what the server takes is capped in the box, not refused later in server words
    await page.getByLabel('Core Garrison', { exact: true }).fill('99999999')
    await page.getByLabel('Core Garrison', { exact: true }).blur()
    expect(await page.getByLabel('Core Garrison', { exact: true }).inputValue()).toBe('10000')
    await page.getByLabel('Core Garrison', { exact: true }).fill('3')
    await page.getByLabel('Tier', { exact: true }).selectOption('C6')
    expect(await labels()).toEqual([
      'Core Bastion',
      'Core Citadel',
      'Strange Energy Readings',
      'The Mirror',
      'Unsecured Core Backup Array',
      'Unsecured Core Emergence',
      'Forgotten Core Assembly Hall',
      'Forgotten Core Circuitry Disassembler',
    ])
    await expect.poll(() => page.locator('.site-value').nth(3).textContent()).toBe('363.2M per run')
    await page.getByLabel('Tier', { exact: true }).selectOption('C5')
    expect(await page.getByLabel('Core Garrison', { exact: true }).inputValue()).toBe('0')
    expect(errors).toEqual([])
    await context.close()
  })

  it('adds players with Enter or Add, ignores blank names, refuses taken ones, and deletes rows', async () => {
    const { page, context } = await open()
    await addPlayer(page, '  Alice  ')
    await addPlayer(page, 'Bob', 'button')
    expect(await page.getByLabel('Player name').inputValue()).toBe('')
    await addPlayer(page, '   ')
    expect(await playerNames(page)).toEqual(['Alice', 'Bob'])
    await addPlayer(page, 'alice')
    expect(await page.getByRole('alert').filter({ hasText: 'already in the list' }).textContent()).toBe('alice is already in the list.')
    expect(await playerNames(page)).toEqual(['Alice', 'Bob'])
    await page.getByRole('button', { name: 'Remove Alice' }).click()
    expect(await playerNames(page)).toEqual(['Bob'])
    // Enter in the name box adds a player; it does not also calculate
    expect(await page.getByTestId('payout').count()).toBe(0)
    expect(await page.getByTestId('calc-error').count()).toBe(0)
    await context.close()
  })

  it('renames a player in place with the keyboard, keeping their ships and shares, and refuses blank or taken names', async () => {
    const { page, errors, context } = await open()
    await page.getByLabel('Core Garrison', { exact: true }).fill('1')
    await addPlayer(page, 'Alice')
    await addPlayer(page, 'Bob')
    await page.getByLabel('Bob Marauders').fill('2')
    await page.getByLabel('Bob tackle').check()
    await page.getByLabel('Bob extra shares').fill('0.5')
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))

    // Tab-reachable Rename button; Enter opens the box with the name in it, focused
    await page.getByRole('button', { name: 'Rename Bob' }).focus()
    await page.keyboard.press('Enter')
    const box = page.getByLabel('New name for Bob')
    expect(await focused()).toBe('New name for Bob')
    expect(await box.inputValue()).toBe('Bob')
    // the name is selected, so typing replaces it
    await page.keyboard.type('alice')
    await page.keyboard.press('Enter')
    expect(await page.getByRole('alert').filter({ hasText: 'already in the list' }).textContent()).toBe('alice is already in the list.')
    expect(await box.getAttribute('aria-invalid')).toBe('true')
    await box.fill('   ')
    await page.keyboard.press('Enter')
    expect(await page.getByRole('alert').filter({ hasText: 'needs a name' }).textContent()).toBe('A player needs a name.')
    expect(await playerNames(page)).toEqual(['Alice', 'Bob'])
    // Escape drops the edit and gives the focus back to the Rename button
    await page.keyboard.press('Escape')
    expect(await playerNames(page)).toEqual(['Alice', 'Bob'])
    expect(await focused()).toBe('Rename Bob')

    await page.keyboard.press('Enter')
    await page.keyboard.type('  Bobby   Tables ')
    await page.keyboard.press('Enter')
    expect(await playerNames(page)).toEqual(['Alice', 'Bobby Tables'])
    expect(await focused()).toBe('Rename Bobby Tables')
    expect(await page.getByLabel('Bobby Tables Marauders').inputValue()).toBe('2')
    expect(await page.getByLabel('Bobby Tables tackle').isChecked()).toBe(true)
    expect(await page.getByLabel('Bobby Tables extra shares').inputValue()).toBe('0.5')
    // Enter in the rename box renamed; it did not also calculate
    expect(await page.getByTestId('payout').count()).toBe(0)
    // the player's own name in other capitals is not "taken"
    await page.getByRole('button', { name: 'Rename Alice' }).click()
    await page.getByLabel('New name for Alice').fill('ALICE')
    await page.getByRole('button', { name: 'Save' }).click()
    expect(await playerNames(page)).toEqual(['ALICE', 'Bobby Tables'])
    expect(errors).toEqual([])
    await context.close()
  })

  it('keeps a new name in the link, after a reload, and in the payout text', async () => {
    const { page, context } = await open()
    await page.getByLabel('Core Garrison', { exact: true }).fill('1')
    await addPlayer(page, 'Alice')
    await addPlayer(page, 'Bob')
    await page.getByLabel('Bob Marauders').fill('2')
    await page.getByRole('button', { name: 'Rename Bob' }).click()
    await page.getByLabel('New name for Bob').fill('Bobby Tables')
    await page.getByLabel('New name for Bob').press('Enter')
    await expect.poll(() => new URL(page.url()).searchParams.getAll('p')).toEqual(['Alice|0|0|0|0', 'Bobby Tables|2|0|0|0'])

    await page.reload()
    await page.getByRole('heading', { name: 'Blue loot splitter' }).waitFor()
    expect(await playerNames(page)).toEqual(['Alice', 'Bobby Tables'])
    expect(await page.getByLabel('Bobby Tables Marauders').inputValue()).toBe('2')

    const link = new URL(page.url())
    const other = await open(link.pathname + link.search)
    expect(await playerNames(other.page)).toEqual(['Alice', 'Bobby Tables'])
    await other.context.close()

    await page.getByRole('button', { name: 'Calculate' }).click()
    await page.getByTestId('payout').waitFor()
    expect((await resultRows(page)).map((r) => r[0])).toEqual(['Alice', 'Bobby Tables'])
    await page.getByRole('button', { name: 'Copy payout text' }).click()
    const text = await page.evaluate(() => navigator.clipboard.readText())
    expect(text).toMatch(/\nBobby Tables: [\d,]+ ISK \(2\.5 shares\)$/)
    expect(text).not.toMatch(/\nBob:/)
    await context.close()
  })

  it('Remove hands the keyboard focus to the next Remove button, then the previous one, then the name box', async () => {
    const { page, context } = await open()
    for (const name of ['Alice', 'Bob', 'Carol']) await addPlayer(page, name)
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName)
    await page.getByRole('button', { name: 'Remove Bob' }).focus()
    await page.keyboard.press('Enter')
    expect(await playerNames(page)).toEqual(['Alice', 'Carol'])
    expect(await focused()).toBe('Remove Carol')
    await page.keyboard.press('Enter')
    expect(await focused()).toBe('Remove Alice')
    await page.keyboard.press('Enter')
    expect(await playerNames(page)).toEqual([])
    expect(await page.getByLabel('Player name').evaluate((el) => el === document.activeElement)).toBe(true)
    await context.close()
  })

  it('adds one player per line when a list of names is pasted (chat list or fleet window rows)', async () => {
    const { page, context } = await open()
    await addPlayer(page, 'Dave')
    // the fleet window copies tab-separated rows with the name first; a chat list is one name a line
    await page.evaluate(() => navigator.clipboard.writeText('dave\r\nAlice\nBob\tJita\tLoki\tStrategic Cruiser\n\n  Carol  \nalice\n'))
    await page.getByLabel('Player name').focus()
    await page.keyboard.press('Control+V')
    expect(await playerNames(page)).toEqual(['Dave', 'Alice', 'Bob', 'Carol'])
    expect(await page.getByLabel('Player name').inputValue()).toBe('')
    expect(await page.getByRole('alert').filter({ hasText: 'Already in the list' }).textContent()).toBe('Already in the list, not added again: dave.')
    // a single pasted name still lands in the box to be edited
    await page.evaluate(() => navigator.clipboard.writeText('Eve'))
    await page.keyboard.press('Control+V')
    expect(await page.getByLabel('Player name').inputValue()).toBe('Eve')
    await context.close()
  })

  it('switching share mode resets ship counts, keeps tackle and extra shares, and explains the new tiers', async () => {
    const { page, context } = await open()
    await addPlayer(page, 'Alice')
    await page.getByLabel('Alice Marauders').fill('2')
    await page.getByLabel('Alice Dreads').fill('1')
    await page.getByLabel('Alice tackle').check()
    await page.getByLabel('Alice extra shares').fill('0.25')
    // 1.5 + 1.0 + 2.5 + 0.5 + 0.25
    expect(await page.getByTestId('preview-shares').textContent()).toBe('5.75')
    expect(await page.getByTestId('avenger-note').textContent()).toMatch(/how many of its runs had the Upgraded Avenger wave/)
    expect(await page.getByTestId('share-rules').textContent()).toContain('First dread: +2.5 shares')

    await page.getByRole('button', { name: 'DPS/Logi' }).click()
    expect(await page.getByLabel('Alice DPS').inputValue()).toBe('0')
    expect(await page.getByLabel('Alice Logi').inputValue()).toBe('0')
    expect(await page.getByLabel('Alice tackle').isChecked()).toBe(true)
    expect(await page.getByLabel('Alice extra shares').inputValue()).toBe('0.25')
    expect(await page.getByTestId('preview-shares').textContent()).toBe('0.75')
    const rules = await page.getByTestId('share-rules').locator('li').allTextContents()
    expect(rules).toEqual([
      'First 2 DPS ships: +1 share each',
      'Next 3 DPS ships: +0.5 shares each',
      'Each further DPS ship: +0.25 shares',
      'First logi ship: +1.5 shares',
      'Second logi ship: +0.75 shares',
      'Each further logi ship: +0.25 shares',
      'Tackle: +0.5 shares',
      '+ Shares: added by hand, may be negative; a total never goes below 0',
    ])
    expect(await page.getByTestId('avenger-note').textContent()).toMatch(/Each is added only to those runs/)
    await context.close()
  })

  it("keeps typed extra shares within the API's ±1000, so a big number does not end in a refused calculation", async () => {
    const { page, context } = await open()
    await page.getByLabel('Core Garrison', { exact: true }).fill('1')
    await addPlayer(page, 'Alice')
    await addPlayer(page, 'Bob')
    await page.getByLabel('Alice extra shares').fill('5000')
    await page.getByLabel('Bob extra shares').fill('1')
    expect(await page.getByTestId('preview-shares').allTextContents()).toEqual(['1000', '1'])
    await page.getByRole('button', { name: 'Calculate' }).click()
    await page.getByTestId('payout').waitFor()
    expect((await resultRows(page)).map((r) => r.slice(0, 2))).toEqual([
      ['Alice', '1000'],
      ['Bob', '1'],
    ])
    expect(await page.getByTestId('calc-error').count()).toBe(0)
    await context.close()
  })

  it("says in a player's box which number is used while it shows another, and tells screen readers", async () => {
    const { page, errors, context } = await open()
    await addPlayer(page, 'Alice')
    const dreads = page.getByLabel('Alice Dreads')
    const extra = page.getByLabel('Alice extra shares')
    await dreads.click()
    await page.keyboard.press('Control+A')
    await page.keyboard.type('500')
    // the box still shows 500 while typing, but 100 ships is what counts: the cell says so, and the box is described by it
    expect(await dreads.inputValue()).toBe('500')
    expect(await describedBy(dreads)).toBe('Using 100: at most 100.')
    expect(await page.getByTestId('preview-shares').textContent()).toBe('151')
    await extra.click()
    expect(await dreads.inputValue()).toBe('100')
    expect(await describedBy(dreads)).toBe('')
    await page.keyboard.press('Control+A')
    await page.keyboard.type('1e9')
    expect(await describedBy(extra)).toBe('Using 1,000: at most 1,000.')
    await page.keyboard.press('Control+A')
    await page.keyboard.type('1.5')
    expect(await describedBy(extra)).toBe('')
    await page.getByLabel('Alice Marauders').click()
    await page.keyboard.press('Control+A')
    await page.keyboard.type('2.7')
    expect(await describedBy(page.getByLabel('Alice Marauders'))).toBe('Using 2: whole numbers only.')
    // the note is a live region present before it says anything
    expect(await page.locator('.players-table [aria-live="polite"]').count()).toBeGreaterThanOrEqual(3)
    expect(errors).toEqual([])
    await context.close()
  })

  it('calculates the payout breakdown, and copies it as text', async () => {
    const { page, errors, context } = await open()
    const calls: unknown[] = []
    page.on('request', (req) => req.url().endsWith('/api/blue-loot-calc') && calls.push(req.postDataJSON()))
    await enterWorkedExample(page)
    await page.getByRole('button', { name: 'Calculate' }).click()
    await page.getByTestId('payout').waitFor()
    expect(calls[0]).toMatchObject({ accounting: 5, drifterRan: true, noTaxes: false, corpTax: 10, allianceTax: 2.5 })
    expect((calls[0] as { siteRuns: unknown[] }).siteRuns[0]).toEqual({
      siteName: 'Core Garrison',
      count: 2,
      usedDread: true,
      avengerRuns: 2,
      drifterRuns: 2,
      useDpsLogiMode: false,
    })
    expect(await page.getByTestId('payout-total').textContent()).toBe('1.8B ISK')
    expect(await page.getByTestId('tax-lines').locator('li').allTextContents()).toEqual([
      'Applied Broker Tax: 5.19% (−95,278,020 ISK)',
      'Corp Tax: 10% (−174,052,198 ISK)',
      'Alliance Tax: 2.5% (−39,161,745 ISK)',
      'Net paid out: 1,527,308,037 ISK',
    ])
    expect(await page.getByTestId('payout-table').locator('thead th').allTextContents()).toEqual(['Player↕', 'Total Shares↕', 'ISK Earned↕'])
    expect(await resultRows(page)).toEqual(WORKED_ROWS)

    await page.getByRole('button', { name: 'Copy payout text' }).click()
    const text = await page.evaluate(() => navigator.clipboard.readText())
    expect(text.split('\n').slice(0, 7)).toEqual([
      'Blue loot split: C5, Dread/Marauder shares',
      'Total blue loot: 1,835,800,000 ISK',
      'Applied Broker Tax: 5.19% (−95,278,020 ISK)',
      'Corp Tax: 10% (−174,052,198 ISK)',
      'Alliance Tax: 2.5% (−39,161,745 ISK)',
      'Net paid out: 1,527,308,037 ISK',
      '',
    ])
    expect(text).toContain('\nBob: 763,654,018 ISK (5.5 shares)\n')

    // No broker taxes: the line says so
    await page.getByLabel('No Broker taxes').check()
    expect(await page.getByRole('status').filter({ hasText: 'setup changed' }).count()).toBe(1)
    await page.getByRole('button', { name: 'Calculate' }).click()
    await expect.poll(() => page.getByTestId('tax-lines').locator('li').first().textContent()).toBe('No broker tax applied.')
    expect(errors).toEqual([])
    await context.close()
  })

  it('keeps the keyboard focus on Calculate while it runs, then on the breakdown heading, and reads the breakdown out in a status region there from the start', async () => {
    const { page, context } = await open()
    const status = page.getByTestId('calc-status')
    expect(await status.getAttribute('role')).toBe('status')
    expect(await status.textContent()).toBe('')
    await enterWorkedExample(page)
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    const calls: string[] = []
    await page.route('**/api/blue-loot-calc', async (route) => {
      calls.push(route.request().url())
      await held
      await route.continue()
    })
    const button = page.getByRole('button', { name: /Calculat/ })
    await button.focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => button.getAttribute('aria-disabled')).toBe('true')
    expect(await status.textContent()).toBe('Calculating…')
    // a second press while it runs sends nothing more
    await page.keyboard.press('Enter')
    release()
    await page.getByTestId('payout').waitFor()
    await expect.poll(() => status.textContent()).toBe('Payout Breakdown: 1.8B ISK, 1,527,308,037 ISK paid out to 4 players.')
    // the answer comes into view with the focus on its heading (issue #42)
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Payout Breakdown: 1.8B ISK')
    expect(calls).toHaveLength(1)
    await context.close()
  })

  it('shows the server sentence when every player has 0 shares, keeps the last breakdown, and logs HTTP 400', async () => {
    const { page, errors, context } = await open()
    await enterWorkedExample(page)
    await page.getByLabel('Dave extra shares').press('Enter') // Enter in a box calculates, as the button does
    await page.getByTestId('payout').waitFor()
    for (const name of ['Alice', 'Bob', 'Carol']) await page.getByRole('button', { name: `Remove ${name}` }).click()
    await page.getByRole('button', { name: 'Calculate' }).click()
    await expect.poll(() => page.getByTestId('calc-error').textContent()).toMatch(/^Every player has 0 shares, so there is nothing to divide by/)
    expect(await resultRows(page)).toEqual(WORKED_ROWS)
    expect(await page.locator('body').textContent()).not.toMatch(/NaN/)
    expect(errors.some((e) => e.includes('HTTP 400'))).toBe(true)
    await context.close()
  })

  it("says 'Add at least one player first.' on Calculate without players, and asks the server nothing", async () => {
    const { page, errors, context } = await open()
    const calls: string[] = []
    page.on('request', (r) => r.url().includes('/api/blue-loot-calc') && calls.push(r.url()))
    await page.getByRole('button', { name: 'Calculate' }).click()
    await expect.poll(() => page.getByTestId('calc-error').textContent()).toBe('Add at least one player first.')
    expect(calls).toEqual([])
    expect(errors).toEqual([])
    await context.close()
  })

  it('puts the whole setup in the link, and keeps the last setup in this browser', async () => {
    const { page, context } = await open()
    await enterWorkedExample(page)
    await page.getByRole('button', { name: 'DPS/Logi' }).click()
    await page.getByLabel('Alice DPS').fill('6')
    await page.getByLabel('Alice Logi').fill('3')
    await page.getByLabel('Core Garrison runs with a Drifter').fill('1')
    // the address bar follows the setup after React renders, so wait for the last change to reach it
    await expect.poll(() => new URL(page.url()).searchParams.getAll('dr')).toEqual(['Core Garrison*1'])
    const link = page.url()
    expect(link).toContain('mode=dl')

    // Someone else opens the link
    const other = await open(new URL(link).pathname + new URL(link).search)
    expect(await playerNames(other.page)).toEqual(['Alice', 'Bob', 'Carol', 'Dave'])
    expect(await other.page.getByLabel('Alice DPS').inputValue()).toBe('6')
    expect(await other.page.getByLabel('Alice tackle').isChecked()).toBe(true)
    expect(await other.page.getByLabel('Carol extra shares').inputValue()).toBe('-1')
    expect(await other.page.getByLabel('Core Garrison', { exact: true }).inputValue()).toBe('2')
    expect(await other.page.getByLabel('Corp Tax %').inputValue()).toBe('10')
    expect(await other.page.getByLabel('Core Garrison runs with a Drifter').inputValue()).toBe('1')
    expect(await other.page.getByLabel('Core Garrison runs with the Avenger wave').inputValue()).toBe('2')
    expect(await other.page.getByRole('button', { name: 'DPS/Logi' }).getAttribute('aria-pressed')).toBe('true')
    await other.context.close()

    // The same browser coming back to the bare route gets its last setup
    await page.goto('/bloot')
    await page.getByRole('heading', { name: 'Blue loot splitter' }).waitFor()
    expect(await playerNames(page)).toEqual(['Alice', 'Bob', 'Carol', 'Dave'])
    await page.getByRole('button', { name: 'Start over' }).click()
    expect(await playerNames(page)).toEqual([])
    await expect.poll(() => new URL(page.url()).searchParams.getAll('p')).toEqual([])
    await context.close()
  })

  it('never previews a per-run value without the Drifter when the escalation values cannot be loaded', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    await page.route('**/api/loot-split/escalations', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'The escalation data set is not loaded' }) }),
    )
    await page.goto('/bloot')
    await page.getByLabel('Core Garrison', { exact: true }).fill('1')
    await expect.poll(() => page.locator('.site-value').first().textContent()).toBe('253.4M per run')
    // A run with the Drifter: Core Garrison is 253.4 M + an unknown Drifter value, not "253.4M per run"
    await page.getByLabel('Core Garrison runs with a Drifter').fill('1')
    await expect.poll(() => page.locator('.site-value').first().textContent()).toBe('253.4M + ? per run')
    expect(await page.locator('.site-value').first().getAttribute('title')).toMatch(/could not be loaded \(The escalation data set is not loaded\)/)
    await context.close()
  })

  it('says plainly when the site data is missing on the server', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    const missing = {
      error:
        'The sleeper-site data set (sleeper-sites/sites.json) is not loaded on this server, so site values are unknown and loot cannot be split. Try again later.',
    }
    await page.route('**/api/data/*_sites_clean.json', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify(missing) }),
    )
    await page.goto('/bloot')
    await expect.poll(() => page.getByTestId('site-data-error').textContent()).toBe(`Site values could not be loaded: ${missing.error}`)
    await context.close()
  })
})

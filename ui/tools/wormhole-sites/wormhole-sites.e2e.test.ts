import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { launchBrowser, openPage } from '../../../platform/testing/browser.js'

const baseUrl = inject('appUrl')
let browser: Browser
/** The full suite shares two cores: give the page time before calling a wait a failure. */
const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 100 })

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const card = (page: Page, name: string) => page.locator(`article[data-site="${name}"]`)
const names = (page: Page) => page.locator('article.site-card h2').allTextContents()
const blueLoot = (page: Page, name: string) => card(page, name).getByTestId('blue-loot').textContent()

async function open() {
  const t = await openPage(browser, baseUrl)
  await t.page.goto('/wormhole-sites')
  await t.page.getByRole('heading', { name: 'Wormhole Sites' }).waitFor()
  await t.page.locator('article.site-card').first().waitFor()
  return t
}

describe('wormhole sites page', () => {
  it('starts on C5 with every site type, and filters by class buttons, type and name', async () => {
    const { page, context, errors } = await open()
    const classes = page.getByRole('group', { name: 'Class' })
    expect(await classes.getByRole('button', { name: 'C5' }).getAttribute('aria-pressed')).toBe('true')
    expect(await classes.getByRole('button', { name: 'C6' }).getAttribute('aria-pressed')).toBe('false')
    expect((await names(page)).sort()).toEqual(
      [
        'Core Garrison',
        'Core Stronghold',
        'Oruze Osobnyk',
        'Quarantine Area',
        'Forgotten Core Data Field',
        'Forgotten Core Information Pen',
        'Unsecured Frontier Enclave Relay',
        'Unsecured Frontier Server Bank',
      ].sort(),
    )
    expect(await page.getByLabel('Site type').locator('option').allTextContents()).toEqual(['All Types', 'Combat', 'Data', 'Relic', 'Gas', 'Ore'])
    await page.getByLabel('Site type').selectOption('Relic')
    await eventually(() => names(page)).toEqual(['Forgotten Core Data Field', 'Forgotten Core Information Pen'])
    await classes.getByRole('button', { name: 'C6' }).click()
    await eventually(async () => (await names(page)).length).toBe(4)
    await page.getByRole('searchbox', { name: 'Search sites' }).fill('assembly')
    await eventually(() => names(page)).toEqual(['Forgotten Core Assembly Hall'])
    // the count is a status message, so a screen reader hears what a filter left (WCAG 4.1.3)
    const status = page.getByRole('status').filter({ hasText: /^1 site · / })
    expect(await status.count()).toBe(1)
    expect(await status.textContent()).toMatch(/^1 site · [\d,]+ ISK of blue loot in all$/)
    expect(await card(page, 'Forgotten Core Assembly Hall').locator('p.muted').first().textContent()).toBe('C6 • Relic Site')
    expect(errors).toEqual([])
    await context.close()
  })

  it('shows blue loot, peak DPS / alpha / neut and, on demand, each wave with its totals and ship table', async () => {
    const { page, context } = await open()
    const garrison = card(page, 'Core Garrison')
    expect(await blueLoot(page, 'Core Garrison')).toBe('Blue Loot: 253,400,000 ISK')
    expect(await garrison.getByTestId('peak').textContent()).toMatch(/^Peak DPS [\d,]+ · Alpha [\d,]+ · Neut [\d,]+ GJ\/s$/)
    expect(await garrison.locator('section.wave').count()).toBe(0)
    // named for its site: a screen reader's list of buttons would otherwise read 'Show Waves' once per card
    await page.getByRole('button', { name: 'Show Waves of Core Garrison', exact: true }).click()
    expect(await garrison.locator('section.wave h3').allTextContents()).toEqual(['Wave 1', 'Wave 2', 'Wave 3', 'Wave 4'])
    expect(await garrison.locator('.ship-table').first().locator('th').allTextContents()).toEqual([
      'Qty',
      'Name',
      'EHP',
      'DPS',
      'Alpha',
      'Sig',
      'Orbit',
      'Dist',
      'Special',
    ])
    expect(await garrison.locator('.wave-head').first().textContent()).toMatch(/EHP [\d,]+DPS [\d,]+Alpha [\d,]+/)
    // ship-class icons and trigger badges
    expect(await garrison.locator('svg[data-ship-class=sentry]').count()).toBeGreaterThan(0)
    expect(await garrison.locator('svg[data-ship-class=battleship]').count()).toBeGreaterThan(0)
    expect(await garrison.locator('.badge', { hasText: 'Trigger' }).count()).toBeGreaterThan(0)
    expect(await garrison.locator('.badge', { hasText: 'DTR' }).count()).toBe(1)
    await garrison.getByRole('button', { name: 'Hide Waves' }).click()
    expect(await garrison.locator('section.wave').count()).toBe(0)
    await context.close()
  })

  it('keeps every choice in the address: a reload or a shared link shows the same sites', async () => {
    const { page, context } = await open()
    const classes = page.getByRole('group', { name: 'Class' })
    await classes.getByRole('button', { name: 'C5' }).click()
    await classes.getByRole('button', { name: 'C6' }).click()
    await page.getByLabel('Site type').selectOption('Combat')
    await page.getByRole('searchbox', { name: 'Search sites' }).fill('core ')
    await page.getByLabel('Trigger-Only Toggle').check()
    const response = page.getByRole('checkbox', { name: 'Drifter Response Battleship' })
    await eventually(() => response.isEnabled()).toBe(true)
    await response.check()
    await eventually(() => new URL(page.url()).search).toBe('?class=c6&type=combat&q=core+&ref=1&drifter=response')
    await page.reload()
    await eventually(() => names(page)).toEqual(['Core Bastion', 'Core Citadel'])
    expect(await classes.getByRole('button', { name: 'C5' }).getAttribute('aria-pressed')).toBe('false')
    expect(await page.getByLabel('Site type').inputValue()).toBe('Combat')
    expect(await page.getByRole('searchbox', { name: 'Search sites' }).inputValue()).toBe('core ')
    expect(await page.getByLabel('Trigger-Only Toggle').isChecked()).toBe(true)
    await eventually(() => response.isChecked()).toBe(true)
    // C6: 4 Avengers (200 M) and the Response battleship (300 M)
    await eventually(() => blueLoot(page, 'Core Bastion')).toBe('Blue Loot: 945,600,000 ISK (incl. 500,000,000 escalation)')
    // no class at all survives a reload too, rather than falling back to C5
    await classes.getByRole('button', { name: 'C6' }).click()
    await eventually(() => new URL(page.url()).searchParams.get('class')).toBe('')
    await page.reload()
    await page.getByText('No site matches').waitFor()
    await context.close()
  })

  it("names the type and search boxes after their visible labels, so voice control ('click Name') and screen readers agree with the eye", async () => {
    const { page, context } = await open()
    // WCAG 2.5.3: the accessible name contains the visible label
    expect(await page.getByRole('combobox', { name: 'Type' }).count()).toBe(1)
    expect(await page.getByRole('searchbox', { name: 'Name' }).count()).toBe(1)
    await context.close()
  })

  it('says why the Recon toggle adds nothing when only data or relic sites are chosen', async () => {
    const t = await openPage(browser, baseUrl)
    await t.page.goto('/wormhole-sites?type=relic&drifter=Recon')
    await t.page.locator('article.site-card').first().waitFor()
    await eventually(() => t.page.getByRole('checkbox', { name: 'Drifter Recon Battleship' }).isChecked()).toBe(true)
    expect(await t.page.getByText('The Drifter Recon Battleship comes only to C5 and C6 combat sites, and no combat site is chosen.').count()).toBe(1)
    await t.page.getByLabel('Site type').selectOption('Combat')
    await eventually(() => t.page.getByText('comes only to C5 and C6 combat sites').count()).toBe(0)
    await t.context.close()
  })

  it('shows an orbit distance that is not whole kilometres to the hundred metres, not rounded to the next km', async () => {
    const { page, context } = await open()
    await page.getByRole('group', { name: 'Class' }).getByRole('button', { name: 'C3' }).click()
    const solar = card(page, 'Solar Cell')
    await solar.getByRole('button', { name: 'Show Waves of Solar Cell' }).click()
    // Emergent Defenders orbit at 6,500 m (entityFlyRange), which read '7 km'
    const defender = solar.locator('section.wave', { hasText: 'Wave 2' }).locator('tbody tr', { hasText: 'Emergent Defender' })
    expect(await defender.locator('td').nth(7).textContent()).toBe('6.5 km')
    await context.close()
  })

  it("marks a site where nothing scrams with 'No tackle!'", async () => {
    const { page, context } = await open()
    await page.getByRole('group', { name: 'Class' }).getByRole('button', { name: 'C1' }).click()
    const sites = await (await fetch(`${baseUrl}/api/data/c1_combat_sites_clean.json`)).json()
    const calm = (sites as Array<{ site: string; waves: Array<{ ships: Array<{ special: { scram?: number } }> }> }>).find((s) =>
      s.waves.every((w) => w.ships.every((x) => !x.special.scram)),
    )!
    expect(await card(page, calm.site).getByText('No tackle!').count()).toBe(1)
    expect(await card(page, 'Core Garrison').getByText('No tackle!').count()).toBe(0)
    await context.close()
  })

  it('adds the Drifter escalations, one toggle at a time', async () => {
    const { page, context } = await open()
    const recon = page.getByRole('checkbox', { name: 'Drifter Recon Battleship' })
    const response = page.getByRole('checkbox', { name: 'Drifter Response Battleship' })
    await eventually(() => recon.isEnabled()).toBe(true)
    const peak = await card(page, 'Core Garrison').getByTestId('peak').textContent()

    await recon.check()
    await eventually(() => blueLoot(page, 'Core Garrison')).toBe('Blue Loot: 353,400,000 ISK (incl. 100,000,000 escalation)')
    // not on data or relic sites
    expect(await blueLoot(page, 'Forgotten Core Data Field')).toBe('Blue Loot: 279,000,000 ISK')

    await response.check()
    expect(await recon.isChecked()).toBe(false)
    await eventually(() => blueLoot(page, 'Core Garrison')).toBe('Blue Loot: 703,400,000 ISK (incl. 450,000,000 escalation)')
    expect(await blueLoot(page, 'Forgotten Core Data Field')).toBe('Blue Loot: 429,000,000 ISK (incl. 150,000,000 escalation)')
    // peaks ignore the escalation waves
    expect(await card(page, 'Core Garrison').getByTestId('peak').textContent()).toBe(peak)
    const garrison = card(page, 'Core Garrison')
    await garrison.getByRole('button', { name: 'Show Waves' }).click()
    expect(await garrison.locator('section.wave h3').allTextContents()).toEqual([
      'Wave 1',
      'Wave 2',
      'Wave 3',
      'Wave 4',
      'Upgraded Avengers',
      'Drifter Response Battleship',
    ])
    expect(await garrison.locator('section.wave', { hasText: 'Upgraded Avengers' }).locator('tbody td').first().textContent()).toBe('3')

    await response.uncheck()
    await eventually(() => blueLoot(page, 'Core Garrison')).toBe('Blue Loot: 253,400,000 ISK')
    await context.close()
  })

  it('in reference mode keeps only trigger, DTR and escalation waves, and within them only those ships', async () => {
    const { page, context } = await open()
    await page.getByLabel('Trigger-Only Toggle').check()
    const garrison = card(page, 'Core Garrison')
    await eventually(() => garrison.locator('section.wave').count()).toBe(3)
    const badges = await garrison
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('.badge')].map((b) => b.textContent).join(',')))
    expect(badges.every((b) => /Trigger|DTR/.test(b))).toBe(true)
    await page.getByRole('checkbox', { name: 'Drifter Recon Battleship' }).check()
    await eventually(() => garrison.locator('section.wave h3').allTextContents()).toEqual(['Wave 1', 'Wave 2', 'Wave 3', 'Drifter Recon Battleship'])
    await context.close()
  })

  it('shows a site whose blue loot is not in the data as unknown, never 0 ISK, and calls the total partial', async () => {
    const t = await openPage(browser, baseUrl)
    // the C5 combat file as the server builds it from data that lacks Core Garrison's value (0: the spec's 'invalid')
    await t.page.route('**/api/data/c5_combat_sites_clean.json', async (r) => {
      const sites = (await (await r.fetch()).json()) as Array<{ site: string; blue_loot_isk: number }>
      await r.fulfill({ json: sites.map((s) => (s.site === 'Core Garrison' ? { ...s, blue_loot_isk: 0 } : s)) })
    })
    await t.page.goto('/wormhole-sites?class=c5&type=combat')
    await t.page.locator('article.site-card').first().waitFor()
    expect(await blueLoot(t.page, 'Core Garrison')).toBe('Blue Loot: not in the data')
    expect(await blueLoot(t.page, 'Core Stronghold')).toBe('Blue Loot: 234,900,000 ISK')
    // Core Stronghold, Oruze Osobnyk and Quarantine Area only
    expect(await t.page.getByTestId('sites-count').textContent()).toBe(
      '4 sites · 546,500,000 ISK of blue loot in all, partial: 1 site has no value in the data',
    )
    const response = t.page.getByRole('checkbox', { name: 'Drifter Response Battleship' })
    await eventually(() => response.isEnabled()).toBe(true)
    await response.check()
    await eventually(() => blueLoot(t.page, 'Core Garrison')).toBe('Blue Loot: not in the data (escalation adds 450,000,000)')
    await t.page.getByRole('searchbox', { name: 'Search sites' }).fill('garrison')
    await eventually(() => t.page.getByTestId('sites-count').textContent()).toBe('1 site · blue loot not in the data')
    expect(t.errors).toEqual([])
    await t.context.close()
  })

  it('logs and skips a site file that fails to load, and says which', async () => {
    const t = await openPage(browser, baseUrl)
    await t.page.route('**/api/data/c5_combat_sites_clean.json', (r) => r.fulfill({ status: 500, json: { error: 'Internal Server Error' } }))
    await t.page.goto('/wormhole-sites')
    await t.page.getByTestId('failed-files').waitFor()
    expect(await t.page.getByTestId('failed-files').textContent()).toContain('c5_combat_sites_clean.json')
    expect((await names(t.page)).sort()).toEqual([
      'Forgotten Core Data Field',
      'Forgotten Core Information Pen',
      'Unsecured Frontier Enclave Relay',
      'Unsecured Frontier Server Bank',
    ])
    expect(t.errors.some((e) => e.includes('c5_combat_sites_clean.json failed to load'))).toBe(true)
    // With only the failed file chosen, the page says the data is missing rather than that no site matches.
    await t.page.getByLabel('Site type').selectOption('Combat')
    await t.page.getByText(/the site files for this choice did not load/).waitFor()
    expect(await t.page.getByText('No site matches').count()).toBe(0)
    await t.context.close()
  })

  it('skips and names a site file whose records are not PvE site records (only the splitter fields), rather than calling its sites no match', async () => {
    const t = await openPage(browser, baseUrl)
    await t.page.route('**/api/data/c5_combat_sites_clean.json', (r) => r.fulfill({ json: [{ site: 'Core Garrison', blue_loot_isk: 253_400_000 }] }))
    await t.page.goto('/wormhole-sites?type=combat')
    await t.page.getByTestId('failed-files').waitFor()
    expect(await t.page.getByTestId('failed-files').textContent()).toContain('c5_combat_sites_clean.json (not a list of sites)')
    await t.page.getByText(/the site files for this choice did not load/).waitFor()
    expect(t.errors.filter((e) => !e.includes('c5_combat_sites_clean.json failed to load'))).toEqual([])
    await t.context.close()
  })

  it('keeps the page when the Drifter escalations answer 200 with something else (a proxy or captive portal page)', async () => {
    const t = await openPage(browser, baseUrl)
    await t.page.route('**/api/wormhole-sites/drifters', (r) =>
      r.fulfill({ status: 200, contentType: 'text/html', body: '<html><body>Sign in to the Wi-Fi</body></html>' }),
    )
    await t.page.goto('/wormhole-sites')
    await t.page.getByTestId('failed-drifters').waitFor()
    expect(await t.page.getByTestId('failed-drifters').textContent()).toContain("The server's answer was not data (text/html)")
    await eventually(() => names(t.page)).toContain('Core Garrison')
    expect(await t.page.getByRole('checkbox', { name: 'Drifter Recon Battleship' }).isDisabled()).toBe(true)
    await t.context.close()
  })

  it('loads the failed site files and Drifter escalations again on Try again, without a page reload', async () => {
    const t = await openPage(browser, baseUrl)
    await t.page.route('**/api/data/c5_combat_sites_clean.json', (r) => r.fulfill({ status: 503, json: { error: 'Service Unavailable' } }))
    await t.page.route('**/api/wormhole-sites/drifters', (r) => r.abort('internetdisconnected'))
    await t.page.goto('/wormhole-sites')
    await t.page.getByTestId('failed-files').waitFor()
    await t.page.getByTestId('failed-drifters').waitFor()
    await t.page.getByLabel('Site type').selectOption('Combat')
    await t.page.getByText(/the site files for this choice did not load/).waitFor()
    await t.page.unroute('**/api/data/c5_combat_sites_clean.json')
    await t.page.unroute('**/api/wormhole-sites/drifters')
    await t.page.getByRole('button', { name: 'Try again' }).click()
    await eventually(() => names(t.page)).toContain('Core Garrison')
    expect(await t.page.getByTestId('failed-files').count()).toBe(0)
    expect(await t.page.getByTestId('failed-drifters').count()).toBe(0)
    expect(await t.page.getByRole('checkbox', { name: 'Drifter Recon Battleship' }).isEnabled()).toBe(true)
    // the choices made before the retry are kept
    expect(await t.page.getByLabel('Site type').inputValue()).toBe('Combat')
    await t.context.close()
  })

  it('keeps keyboard focus on the page after Try again, whose warning goes away: it moves to the page heading', async () => {
    const t = await openPage(browser, baseUrl)
    await t.page.route('**/api/data/c5_combat_sites_clean.json', (r) => r.fulfill({ status: 503, json: { error: 'Service Unavailable' } }))
    await t.page.goto('/wormhole-sites')
    await t.page.getByTestId('failed-files').waitFor()
    await t.page.unroute('**/api/data/c5_combat_sites_clean.json')
    await t.page.getByRole('button', { name: 'Try again' }).focus()
    await t.page.keyboard.press('Enter')
    await eventually(() => names(t.page)).toContain('Core Garrison')
    // the button went with its warning; focus fell to the document body
    expect(await t.page.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.textContent}`)).toBe('H1 Wormhole Sites')
    await t.context.close()
  })
})

describe('wave landmarks', () => {
  it('names each wave after its site, so no two landmarks or groups read "Wave 1" (issue #43)', async () => {
    const t = await openPage(browser, baseUrl)
    await t.page.goto('/wormhole-sites?ref=1')
    await t.page.locator('section.wave').first().waitFor()
    expect(await t.page.getByRole('region', { name: 'Wave 1', exact: true }).count()).toBe(0)
    const labels = await t.page.locator('section.wave').evaluateAll((els) => els.map((el) => [el.getAttribute('role'), el.getAttribute('aria-label')]))
    expect(labels.length).toBeGreaterThan(5)
    expect(labels.every(([role]) => role === 'group')).toBe(true)
    expect(new Set(labels.map(([, label]) => label)).size).toBe(labels.length)
    expect(labels[0][1]).toMatch(/^.+: .+$/)
    await t.context.close()
  })
})

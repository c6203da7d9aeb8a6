import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { launchBrowser, openPage } from '../../../platform/testing/browser.js'
import type { FakeDiscordWebhook } from '../../../platform/testing/discord-webhook-fake.js'
import { createTestAdmin, freshIp, TEST_ADMIN } from '../../../platform/testing/admin-session.js'
import type { TestApp } from '../../../platform/testing/in-process-app.js'
import { insertContactMessage } from '../../../api/tools/contact/store.js'
import { queryRows } from '../../../platform/clickhouse/client.js'
import { createRoute, deleteRoute, listRoutes, listTracked, saveTracked } from '../../../pipelines/killfeed/store.js'
import { listPlayers, savePlayer } from '../../../api/tools/killfeed/players.js'
import { startKillfeedTestApp, type KillfeedTestApp } from '../../../pipelines/killfeed/testing/app.js'
import { fixtureKill } from '../../../pipelines/killfeed/testing/kills.js'
import { storeNewKillmails } from '../../../pipelines/killmails/store.js'
import { publish } from '../../../platform/stream/typed.js'
import { KillmailsTopic } from '../../../schemas/killmails.js'

let kf: KillfeedTestApp
let app: TestApp
let discord: FakeDiscordWebhook
let browser: Browser

const HOOK_1 = 'https://discord.com/api/webhooks/311111111111111111/first-token-abcdefghijklmnopqrstuvwxyz'
const HOOK_2 = 'https://discord.com/api/webhooks/322222222222222222/second-token-abcdefghijklmnopqrstuvwxyz'
const DEAD_ID = '333333333333333333'
const HOOK_DEAD = `https://discord.com/api/webhooks/${DEAD_ID}/deleted-token-abcdefghijklmnopqrstuvwxyz`
const HOOK_NEW = 'https://discord.com/api/webhooks/344444444444444444/new-token-abcdefghijklmnopqrstuvwxyz'

beforeAll(async () => {
  kf = await startKillfeedTestApp({}, [{ id: 1354830081, name: 'Goonswarm Federation', category: 'alliance' }])
  ;({ app, discord } = kf)
  await createTestAdmin(app.ctx.ch)
  await insertContactMessage(app.ctx.ch, { name: 'Aura Nox', email: 'aura@example.com', topic: 'Bug report', message: 'The gas table is empty.' })
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await kf?.close()
})

/** A fresh browser context on the admin page; dialogs are recorded and answered with `confirmAnswer`. */
async function openAdmin() {
  const { page, context, errors } = await openPage(browser, app.url)
  await context.setExtraHTTPHeaders({ 'X-Forwarded-For': freshIp() })
  const dialogs: string[] = []
  const state = { confirmAnswer: true }
  page.on('dialog', (d) => {
    dialogs.push(d.message())
    void (d.type() === 'confirm' && !state.confirmAnswer ? d.dismiss() : d.accept())
  })
  await page.goto('/killfeed')
  return { page, context, errors, dialogs, state, close: () => context.close() }
}

async function signIn(page: Page, password = TEST_ADMIN.password) {
  await page.getByLabel('Username').fill(TEST_ADMIN.username)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

async function pickEntity(page: Page, type: string, query: string, result: string) {
  const form = page.getByRole('form', { name: 'Add route' })
  await form.getByLabel('Type').selectOption(type)
  await form.getByLabel('Entity search').fill(query)
  await form.getByRole('button', { name: result }).click()
}

describe('killfeed admin page', () => {
  it('shows the login form, and the Login failed alert on a wrong password', async () => {
    const { page, dialogs, errors, close } = await openAdmin()
    await page.getByRole('heading', { name: 'Killfeed admin' }).waitFor()
    // a fresh install has no account: the form says how one is made
    expect(await page.getByTestId('account-hint').textContent()).toContain('npm run admin:create')
    await signIn(page, 'Wrong-Horse-42-battery')
    await expect.poll(() => dialogs).toEqual(['Login failed'])
    expect(await page.getByTestId('login-error').textContent()).toBe('Login failed: wrong username or password')
    expect(await page.getByRole('button', { name: 'Sign in' }).isVisible()).toBe(true)
    expect(errors).toEqual([])
    await close()
  })

  it('is not in the menu or on the landing page', async () => {
    const { page, close } = await openAdmin()
    await page.goto('/')
    await page.locator('.tool-card').first().waitFor()
    expect(await page.locator('.tool-card h2').allTextContents()).not.toContain('Killfeed admin')
    await page.getByRole('button', { name: 'Open menu' }).click()
    expect(await page.locator('.drawer a').allTextContents()).not.toContain('Killfeed admin')
    await close()
  })

  it('signs in, adds, edits and deletes a route, tracks an entity, and logs out', async () => {
    const { page, dialogs, state, errors, close } = await openAdmin()
    await signIn(page)
    await page.getByText(`Signed in as ${TEST_ADMIN.username}`).waitFor()
    await page.getByText('No routes yet').waitFor()

    // search needs 2 characters, and finds a name never seen by its exact name through ESI
    const form = page.getByRole('form', { name: 'Add route' })
    await form.getByLabel('Entity search').fill('g')
    await form.getByText('Type at least 2 characters.').waitFor()
    await pickEntity(page, 'alliance', 'goonswarm federation', 'Goonswarm Federation #1354830081')
    expect(await page.getByTestId('picked-entity').textContent()).toContain('Goonswarm Federation')
    expect(await form.getByLabel('Display name').inputValue()).toBe('Goonswarm Federation')

    // no webhook and not global only: the spec's alert, and nothing is sent
    await form.getByRole('button', { name: 'Add route' }).click()
    await expect.poll(() => dialogs).toEqual(["Provide at least one webhook URL or enable 'Global only'."])
    expect(await listRoutes(app.ctx.ch)).toEqual([])

    // a URL that is not a Discord webhook: the server's sentence, the form keeps what was typed
    await form.getByLabel('Webhook URLs').fill('https://example.com/hook')
    await form.getByRole('button', { name: 'Add route' }).click()
    await form.getByRole('alert').waitFor()
    expect(await form.getByRole('alert').textContent()).toMatch(/'https:\/\/example\.com\/hook' is not a Discord webhook URL/)

    await form.getByLabel('Webhook URLs').fill(`${HOOK_1},\n${HOOK_2}`)
    await form.getByLabel('Mode').selectOption('losses')
    await form.getByRole('button', { name: 'Add route' }).click()
    const row = page.getByTestId('route-row')
    await row.waitFor()
    expect(await row.textContent()).toContain('Goonswarm Federation')
    expect(await row.textContent()).toContain('Losses')
    expect(await row.locator('.mono').allTextContents()).toEqual(['discord.com/api/webhooks/3111…1111/••••', 'discord.com/api/webhooks/3222…2222/••••'])
    expect((await listRoutes(app.ctx.ch))[0]).toMatchObject({ entity_id: 1354830081, mode: 'losses', enabled: true, webhook_url: `${HOOK_1}\n${HOOK_2}` })

    // the row switches to edit and back
    await row.getByRole('button', { name: 'Edit' }).click()
    const editing = page.getByTestId('route-row-editing')
    await editing.getByLabel('Mode').selectOption('kills')
    await editing.getByLabel('Enabled').uncheck()
    await editing.getByRole('button', { name: 'Save' }).click()
    await page.getByTestId('route-row').waitFor()
    expect(await page.getByTestId('route-row').textContent()).toMatch(/Kills.*Off/)
    expect((await listRoutes(app.ctx.ch))[0]).toMatchObject({ mode: 'kills', enabled: false })

    // delete asks first; dismissing keeps the route
    state.confirmAnswer = false
    await page.getByTestId('route-row').getByRole('button', { name: 'Delete' }).click()
    await expect.poll(() => dialogs.at(-1)).toBe('Delete this route?')
    expect(await page.getByTestId('route-row').count()).toBe(1)
    state.confirmAnswer = true
    await page.getByTestId('route-row').getByRole('button', { name: 'Delete' }).click()
    await page.getByText('No routes yet').waitFor()
    expect(await listRoutes(app.ctx.ch)).toEqual([])

    // Global only: the entity feeds the live killfeed, no webhook needed. Enter in the search box picks the one
    // result instead of submitting the form with nothing picked, and never a result of the text typed before.
    await form.getByLabel('Entity search').fill('goonswarm federation')
    await form.getByRole('button', { name: 'Goonswarm Federation #1354830081' }).waitFor()
    await form.getByLabel('Entity search').fill('goonswarm federationx')
    await form.getByLabel('Entity search').press('Enter')
    await form.getByText('No alliance found by that exact name or id.').waitFor()
    expect(await page.getByTestId('picked-entity').textContent()).toBe('No entity picked yet.')
    await form.getByLabel('Type').selectOption('system')
    await form.getByLabel('Entity search').fill('Test System')
    await form.getByRole('button', { name: 'Test System #30001980' }).waitFor()
    await form.getByLabel('Entity search').press('Enter')
    await expect.poll(() => page.getByTestId('picked-entity').textContent()).toContain('Test System #30001980')
    expect(await form.getByRole('alert').count()).toBe(0)
    await form.getByLabel('Global only').check()
    expect(await form.getByLabel('Webhook URLs').isDisabled()).toBe(true)
    await form.getByRole('button', { name: 'Track entity' }).click()
    await page.getByTestId('tracked-item').waitFor()
    expect(await page.getByTestId('tracked-item').textContent()).toContain('Test System')
    expect(await listTracked(app.ctx.ch)).toEqual([{ item_type: 'system', entity_id: 30001980, display_name: 'Test System', mode: 'both' }])
    await page.getByTestId('tracked-item').getByRole('button', { name: 'Remove' }).click()
    await page.getByText('Nothing tracked.').waitFor()

    // logout is a form post; back to the login form, and the session is gone
    await page.getByRole('button', { name: 'Log out' }).click()
    await page.getByRole('button', { name: 'Sign in' }).waitFor()
    expect((await page.request.get('/auth/me')).status()).toBe(401)
    expect(errors).toEqual([])
    await close()
  })

  it('shows recent posts after a matching kill', async () => {
    const { page, close } = await openAdmin()
    await signIn(page)
    await pickEntity(page, 'alliance', 'Victim Alliance', 'Victim Alliance #99003581')
    const form = page.getByRole('form', { name: 'Add route' })
    await form.getByLabel('Webhook URLs').fill(HOOK_1)
    await form.getByRole('button', { name: 'Add route' }).click()
    await page.getByTestId('route-row').waitFor()
    await publish(app.ctx.stream, KillmailsTopic, [{ key: '610001', value: fixtureKill('solo', { killmail_id: 610_001 }) }])
    await expect.poll(() => discord.posts.length).toBeGreaterThan(0)
    await expect
      .poll(async () => {
        await page.getByRole('button', { name: 'Refresh' }).click()
        return page.getByTestId('recent-post').count()
      })
      .toBe(1)
    // a refresh is said to screen readers too, with the time so that each one is news
    const refreshed = page.getByTestId('recent-refreshed')
    expect(await refreshed.getAttribute('role')).toBe('status')
    await expect.poll(() => refreshed.textContent()).toMatch(/^Refreshed at \d\d:\d\d:\d\d EVE time: 1 recent post\.$/)
    const post = page.getByTestId('recent-post')
    expect(await post.textContent()).toMatch(/610001.*Victim Alliance.*posted/)
    expect(await post.getByRole('link', { name: '610001' }).getAttribute('href')).toBe('https://zkillboard.com/kill/610001/')
    await close()
  })

  it('switches off a route whose webhook was deleted in Discord, shows why in its row, until it gets a new URL and is switched on', async () => {
    const route = await createRoute(app.ctx.ch, {
      item_type: 'alliance',
      entity_id: 99003581,
      display_name: 'Dead hook route',
      mode: 'losses',
      webhook_url: `${HOOK_2}\n${HOOK_DEAD}`,
      enabled: true,
    })
    discord.deleted.add(DEAD_ID)
    const { page, errors, close } = await openAdmin()
    await signIn(page)
    const row = page.getByTestId('route-row').filter({ hasText: 'Dead hook route' })
    await row.waitFor()
    const enabledCell = row.locator('td[data-label="Enabled"]')
    expect(await enabledCell.locator('.badge').textContent()).toBe('On')
    expect(await row.getByTestId('disabled-reason').count()).toBe(0)
    expect(await row.getByTestId('webhook-problem').count()).toBe(0)

    // a kill: posted to the first webhook, refused by the deleted one (404), which switches the route off;
    // Refresh reads the routes again with the posts
    await publish(app.ctx.stream, KillmailsTopic, [{ key: '610002', value: fixtureKill('solo', { killmail_id: 610_002 }) }])
    await expect
      .poll(async () => {
        await page.getByRole('button', { name: 'Refresh' }).click()
        return [await row.getByTestId('disabled-reason').count(), await row.getByTestId('webhook-problem').count()]
      })
      .toEqual([1, 1])
    expect(await enabledCell.locator('.badge').textContent()).toBe('Off')
    expect(await row.getByTestId('disabled-reason').textContent()).toMatch(
      /^Switched off: Discord says a webhook of this route no longer exists \(.*Unknown Webhook.*\)\. Change the webhook URL, then switch the route on again\.$/,
    )
    expect((await listRoutes(app.ctx.ch)).find((r) => r.id === route.id)?.enabled).toBe(false)
    // the note sits under the webhook it concerns (the second), and nothing in the row shows a token
    const cell = row.locator('td[data-label="Webhooks"]')
    expect(await cell.locator('.mono, .webhook-problem').allTextContents()).toEqual([
      'discord.com/api/webhooks/3222…2222/••••',
      'discord.com/api/webhooks/3333…3333/••••',
      expect.stringMatching(/^Discord: Unknown Webhook \(since \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\)\. Edit the route with a new webhook URL or delete it\.$/),
    ])
    expect(await row.textContent()).not.toContain('-token-')

    // an edit that keeps the URL and leaves the route off keeps the reason and the note
    await row.getByRole('button', { name: 'Edit' }).click()
    let editing = page.getByTestId('route-row-editing')
    expect(await editing.getByLabel('Enabled').isChecked()).toBe(false)
    await editing.getByLabel('Display name').fill('Dead hook route (edited)')
    await editing.getByRole('button', { name: 'Save' }).click()
    await row.waitFor()
    expect(await enabledCell.locator('.badge').textContent()).toBe('Off')
    expect(await row.getByTestId('disabled-reason').count()).toBe(1)
    expect(await row.getByTestId('webhook-problem').count()).toBe(1)

    // a new URL in its place and the route switched on: reason and note go at once, and stay gone after a refresh
    await row.getByRole('button', { name: 'Edit' }).click()
    editing = page.getByTestId('route-row-editing')
    await editing.getByLabel('Webhook URLs').fill(`${HOOK_2}\n${HOOK_NEW}`)
    await editing.getByLabel('Enabled').check()
    await editing.getByRole('button', { name: 'Save' }).click()
    await row.waitFor()
    expect(await row.locator('.mono').allTextContents()).toEqual(['discord.com/api/webhooks/3222…2222/••••', 'discord.com/api/webhooks/3444…4444/••••'])
    expect(await enabledCell.locator('.badge').textContent()).toBe('On')
    expect(await row.getByTestId('disabled-reason').count()).toBe(0)
    expect(await row.getByTestId('webhook-problem').count()).toBe(0)
    await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === '/api/killfeed/routes' && r.request().method() === 'GET'),
      page.getByRole('button', { name: 'Refresh' }).click(),
    ])
    // the first webhook had the kill before the route went off
    await page.getByTestId('recent-post').filter({ hasText: '610002' }).first().waitFor()
    expect(await enabledCell.locator('.badge').textContent()).toBe('On')
    expect(await row.getByTestId('disabled-reason').count()).toBe(0)
    expect(await row.getByTestId('webhook-problem').count()).toBe(0)
    const stored = (await listRoutes(app.ctx.ch)).find((r) => r.id === route.id)
    expect([stored?.enabled, stored?.disabled_reason]).toEqual([true, ''])
    expect(errors).toEqual([])
    discord.deleted.delete(DEAD_ID)
    await deleteRoute(app.ctx.ch, route.id)
    await close()
  })

  it.each([1280, 390])(
    'sets a minimum value in the add form, previews it and saves it; the routes table shows it; its row edits the filters (%i px)',
    async (width) => {
      // three losses of one alliance in the last week, stored as the killmail store keeps them (once: the store skips
      // ids it has): 100M, 700M and 2B ISK
      const losses = [100e6, 700e6, 2e9].map((value, i) => {
        const k = fixtureKill('solo', { killmail_id: 620_001 + i })
        return { ...k, esi: { ...k.esi, victim: { ...k.esi.victim, alliance_id: 1354830081 } }, zkb: { ...k.zkb, totalValue: value, npc: false } }
      })
      await storeNewKillmails(app.ctx.ch, losses)
      const { page, errors, close } = await openAdmin()
      await page.setViewportSize({ width, height: 900 })
      await signIn(page)
      await pickEntity(page, 'alliance', 'goonswarm federation', 'Goonswarm Federation #1354830081')
      const form = page.getByRole('form', { name: 'Add route' })
      await form.getByLabel('Mode').selectOption('losses')

      // without a filter the preview counts all three
      await form.getByRole('button', { name: 'Preview' }).click()
      const preview = form.getByTestId('route-preview')
      await preview.waitFor()
      expect(await preview.locator('p').textContent()).toMatch(/^This route would have posted 3 of the \d+ stored kills of the last 7 days\.$/)

      // a minimum value: the preview is cleared, and counted again leaves the 100M loss out
      await form.locator('summary').click()
      await form.getByLabel('Minimum value (ISK)').fill('500m')
      expect(await form.locator('summary').textContent()).toBe('Filters and posting (over 500.00m ISK)')
      expect(await preview.count()).toBe(0)
      await form.getByRole('button', { name: 'Preview' }).click()
      await preview.waitFor()
      expect(await preview.locator('p').textContent()).toMatch(/^This route would have posted 2 of the \d+ stored kills of the last 7 days\.$/)
      expect(await preview.locator('li').allTextContents()).toEqual([expect.stringContaining('2.00b ISK'), expect.stringContaining('700.00m ISK')])
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0)

      await form.getByLabel('Webhook URLs').fill(HOOK_1)
      await form.getByRole('button', { name: 'Add route' }).click()
      const row = page.getByTestId('route-row').filter({ hasText: 'Goonswarm Federation' })
      await row.waitFor()
      expect(await row.getByTestId('route-filters').textContent()).toMatch(/^over 500\.00m ISK/)
      const stored = (await listRoutes(app.ctx.ch)).find((r) => r.entity_id === 1354830081)
      expect(stored).toMatchObject({ mode: 'losses', filters: { min_value_isk: 500_000_000 } })
      // after a reload too: the filter is the stored route's, not what the form remembered
      await page.reload()
      await row.waitFor()
      expect(await row.getByTestId('route-filters').textContent()).toMatch(/^over 500\.00m ISK/)
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0)

      // the saved route's filters are edited in its row: a filter that can match nothing is refused with a sentence,
      // and the edit that can is saved and shown
      await row.getByRole('button', { name: 'Edit' }).click()
      const editing = page.getByTestId('route-row-editing')
      await editing.locator('summary').click()
      expect(await editing.locator('summary').textContent()).toBe('Filters and posting (over 500.00m ISK)')
      await editing.getByLabel('Minimum value (ISK)').fill('1b')
      await editing.getByLabel('Solo kills only').check()
      await editing.getByLabel('Attackers at least').fill('3')
      await editing.getByRole('button', { name: 'Save' }).click()
      await expect
        .poll(() => editing.getByRole('alert').textContent())
        .toMatch(/A solo kill has one attacker, so 'solo only' with at least 3 attackers would post nothing\.$/)
      await editing.getByLabel('Attackers at least').fill('')
      await editing.getByRole('button', { name: 'Save' }).click()
      await expect.poll(() => row.getByTestId('route-filters').textContent()).toMatch(/^over 1\.00b ISK · solo/)
      expect((await listRoutes(app.ctx.ch)).find((r) => r.id === stored!.id)).toMatchObject({ mode: 'losses', filters: { min_value_isk: 1e9, solo: true } })
      expect(errors).toEqual([])
      await deleteRoute(app.ctx.ch, stored!.id)
      await close()
    },
  )

  it('manages kill tracker pages and lists contact messages', async () => {
    const { page, close } = await openAdmin()
    await signIn(page)
    const form = page.getByRole('form', { name: 'Add kill tracker' })
    await form.getByLabel('Path').fill('wormholes')
    await form.getByLabel('Display name').fill('Victim Pilot')
    await form.getByLabel('Add a character by name').fill('Victim Pilot')
    await form.getByRole('button', { name: 'Victim Pilot #2122649889' }).click()
    expect(await form.getByLabel('Character ids').inputValue()).toBe('2122649889')
    await form.getByRole('button', { name: 'Add kill tracker' }).click()
    await page.getByText('The page address is taken: /wormholes is already in use by the site; choose another.').waitFor()
    await form.getByLabel('Path').fill('victim-pilot')
    await form.getByRole('button', { name: 'Add kill tracker' }).click()
    await page.getByTestId('player-row').waitFor()
    expect(await page.getByTestId('player-row').textContent()).toMatch(/\/victim-pilot.*Victim Pilot.*2122649889/)

    await page.getByTestId('contact-message').first().waitFor()
    expect(await page.getByTestId('contact-message').first().textContent()).toMatch(/Bug report.*Aura Nox.*aura@example\.com.*The gas table is empty\./)
    await close()
  })

  it('fits a phone-width screen: each route is a card, editable without scrolling sideways', async () => {
    const route = await createRoute(app.ctx.ch, {
      item_type: 'alliance',
      entity_id: 1354830081,
      display_name: 'Goonswarm Federation',
      mode: 'both',
      webhook_url: `${HOOK_1}\n${HOOK_2}`,
      enabled: true,
    })
    const { page, close } = await openAdmin()
    await page.setViewportSize({ width: 390, height: 860 })
    await signIn(page)
    const row = page.getByTestId('route-row').filter({ hasText: 'Goonswarm Federation' })
    await row.waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0)
    const right = async (locator: typeof row) => {
      const box = (await locator.boundingBox())!
      return box.x + box.width
    }
    const edit = row.getByRole('button', { name: 'Edit' })
    expect(await right(edit)).toBeLessThanOrEqual(390)
    await edit.click()
    const editing = page.getByTestId('route-row-editing')
    expect(await right(editing.getByLabel('Webhook URLs'))).toBeLessThanOrEqual(390)
    expect(await right(editing.getByRole('button', { name: 'Save' }))).toBeLessThanOrEqual(390)
    await deleteRoute(app.ctx.ch, route.id)
    await close()
  })

  it('wraps long names without spaces at 360 px: a route, a kill tracker page and a contact message never widen the page', async () => {
    const longName = `Thera${'W'.repeat(95)}`
    const route = await createRoute(app.ctx.ch, {
      item_type: 'system',
      entity_id: 31000005,
      display_name: longName,
      mode: 'both',
      webhook_url: HOOK_1,
      enabled: true,
    })
    await savePlayer(app.ctx.ch, { path: 'long-pilot', display_name: `Pilot${'Q'.repeat(95)}`, character_ids: [2122649889] })
    await insertContactMessage(app.ctx.ch, {
      name: 'N'.repeat(100),
      email: `${'a'.repeat(60)}@${'b'.repeat(60)}.example.com`,
      topic: 'General',
      message: 'A long address.',
    })
    const { page, errors, close } = await openAdmin()
    await page.setViewportSize({ width: 360, height: 740 })
    await signIn(page)
    await page.getByTestId('route-row').filter({ hasText: longName }).waitFor()
    await page.getByTestId('contact-message').filter({ hasText: 'A long address.' }).waitFor()
    await page.getByTestId('player-row').filter({ hasText: 'long-pilot' }).waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0)
    // nothing is cut off at a card's edge either
    const sticksOut = await page.evaluate(() =>
      // (the recent posts table scrolls sideways inside its own box by design)
      [...document.querySelectorAll('.admin-table strong, .admin-table td, .messages strong, .messages a')]
        .filter((e) => e.getBoundingClientRect().right > (e.closest('.panel')?.getBoundingClientRect().right ?? 360) + 0.5)
        .map((e) => (e.textContent ?? '').slice(0, 12)),
    )
    expect(sticksOut).toEqual([])
    expect(errors).toEqual([])
    await deleteRoute(app.ctx.ch, route.id)
    await savePlayer(app.ctx.ch, { path: 'long-pilot', display_name: 'x', character_ids: [2122649889] }, true)
    await close()
  })

  it('goes back to the login form when the session ends mid-use', async () => {
    const { page, context, close } = await openAdmin()
    await signIn(page)
    await page.getByText(`Signed in as ${TEST_ADMIN.username}`).waitFor()
    await context.clearCookies()
    await page.getByRole('button', { name: 'Refresh' }).click()
    await page.getByRole('button', { name: 'Sign in' }).waitFor()
    await close()
  })

  it('keeps what was typed when the session ends mid-edit, and sends it after signing in again', async () => {
    const route = await createRoute(app.ctx.ch, {
      item_type: 'alliance',
      entity_id: 99003581,
      display_name: 'Expiry route',
      mode: 'both',
      webhook_url: HOOK_2,
      enabled: true,
    })
    const { page, context, errors, close } = await openAdmin()
    await signIn(page)
    const row = page.getByTestId('route-row').filter({ hasText: 'Expiry route' })
    await row.getByRole('button', { name: 'Edit' }).click()
    await page.getByTestId('route-row-editing').getByLabel('Display name').fill('Expiry route, renamed')
    await pickEntity(page, 'alliance', 'goonswarm federation', 'Goonswarm Federation #1354830081')
    const form = page.getByRole('form', { name: 'Add route' })
    await form.getByLabel('Webhook URLs').fill(HOOK_NEW)
    await form.getByLabel('Mode').selectOption('kills')

    await context.clearCookies()
    await form.getByRole('button', { name: 'Add route' }).click()
    // the login form says why it is back, and takes the keyboard focus
    await page.getByRole('button', { name: 'Sign in' }).waitFor()
    expect(await page.getByTestId('session-ended').textContent()).toContain('Your session ended')
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('username')
    await signIn(page)

    // nothing typed was lost: the add form and the row being edited come back as they were
    await form.waitFor()
    expect(await page.getByTestId('picked-entity').textContent()).toContain('Goonswarm Federation')
    expect(await form.getByLabel('Webhook URLs').inputValue()).toBe(HOOK_NEW)
    expect(await form.getByLabel('Mode').inputValue()).toBe('kills')
    expect(await page.getByTestId('route-row-editing').getByLabel('Display name').inputValue()).toBe('Expiry route, renamed')
    await form.getByRole('button', { name: 'Add route' }).click()
    await page.getByTestId('route-row').filter({ hasText: 'Goonswarm Federation' }).waitFor()
    const added = (await listRoutes(app.ctx.ch)).find((r) => r.entity_id === 1354830081)
    expect(added).toMatchObject({ mode: 'kills', webhook_url: HOOK_NEW })
    expect(errors).toEqual([])
    await deleteRoute(app.ctx.ch, route.id)
    if (added) await deleteRoute(app.ctx.ch, added.id)
    await close()
  })

  it('keeps the keyboard focus where the admin works: edit, cancel, save, delete and picking a search result', async () => {
    const a = await createRoute(app.ctx.ch, {
      item_type: 'alliance',
      entity_id: 99003581,
      display_name: 'Focus route A',
      mode: 'both',
      webhook_url: HOOK_1,
      enabled: true,
    })
    const b = await createRoute(app.ctx.ch, {
      item_type: 'alliance',
      entity_id: 1354830081,
      display_name: 'Focus route B',
      mode: 'both',
      webhook_url: HOOK_2,
      enabled: true,
    })
    const { page, errors, close } = await openAdmin()
    await signIn(page)
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null
        const row = el?.closest('tr')
        return el
          ? `${el.tagName.toLowerCase()}:${el.textContent?.trim() || (el as HTMLInputElement).value || ''}@${row?.querySelector('strong')?.textContent ?? (row?.querySelector('input') as HTMLInputElement | null)?.value ?? ''}`
          : ''
      })
    const rowA = page.getByTestId('route-row').filter({ hasText: 'Focus route A' })
    await rowA.getByRole('button', { name: 'Edit' }).focus()
    await page.keyboard.press('Enter')
    // Edit puts the caret in the first field of the edit form
    await expect.poll(focused).toBe('input:Focus route A@Focus route A')
    await page.getByTestId('route-row-editing').getByRole('button', { name: 'Cancel' }).focus()
    await page.keyboard.press('Enter')
    // Cancel and Save go back to the row's Edit button, not to the top of the page
    await expect.poll(focused).toBe('button:Edit@Focus route A')
    await page.keyboard.press('Enter')
    await page.keyboard.press('End')
    await page.keyboard.type(' (kb)')
    await page.getByTestId('route-row-editing').getByRole('button', { name: 'Save' }).focus()
    await page.keyboard.press('Enter')
    await expect.poll(focused).toBe('button:Edit@Focus route A (kb)')
    // Enter in the name box saves, as in any form; Escape leaves the row as it was
    await page.keyboard.press('Enter')
    await expect.poll(focused).toBe('input:Focus route A (kb)@Focus route A (kb)')
    await page.keyboard.press('End')
    await page.keyboard.type('!')
    await page.keyboard.press('Enter')
    await expect.poll(focused).toBe('button:Edit@Focus route A (kb)!')
    await page.keyboard.press('Enter')
    await page.keyboard.type('zzz')
    await page.keyboard.press('Escape')
    await expect.poll(focused).toBe('button:Edit@Focus route A (kb)!')
    // Delete moves to the route that took its place
    await page.getByTestId('route-row').filter({ hasText: 'Focus route A' }).getByRole('button', { name: 'Delete' }).focus()
    await page.keyboard.press('Enter')
    await expect.poll(focused).toBe('button:Edit@Focus route B')

    // a search result picked with the keyboard leaves the caret in the search box
    const form = page.getByRole('form', { name: 'Add route' })
    await form.getByLabel('Entity search').fill('Victim Alliance')
    await form.getByRole('button', { name: 'Victim Alliance #99003581' }).focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => page.getByTestId('picked-entity').textContent()).toContain('Victim Alliance')
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('search')
    expect(errors).toEqual([])
    await deleteRoute(app.ctx.ch, a.id)
    await deleteRoute(app.ctx.ch, b.id)
    await close()
  })

  it('keeps the keyboard focus on Sign in and on Save when the server refuses them', async () => {
    const route = await createRoute(app.ctx.ch, {
      item_type: 'alliance',
      entity_id: 99003581,
      display_name: 'Refused save',
      mode: 'both',
      webhook_url: HOOK_2,
      enabled: true,
    })
    const { page, dialogs, errors, close } = await openAdmin()
    const focusedText = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '')
    await page.getByLabel('Username').fill(TEST_ADMIN.username)
    await page.getByLabel('Password').fill('Wrong-Horse-42-battery')
    await page.getByRole('button', { name: 'Sign in' }).focus()
    await page.keyboard.press('Enter')
    await page.getByTestId('login-error').waitFor()
    expect(dialogs).toEqual(['Login failed'])
    // the button was not switched off under the caret, so the focus is still there for the next try
    expect(await focusedText()).toBe('Sign in')

    await signIn(page)
    await page.getByTestId('route-row').filter({ hasText: 'Refused save' }).getByRole('button', { name: 'Edit' }).click()
    const editing = page.getByTestId('route-row-editing')
    await editing.getByLabel('Webhook URLs').fill('https://example.com/hook')
    await editing.getByRole('button', { name: 'Save' }).focus()
    await page.keyboard.press('Enter')
    await editing.getByRole('alert').waitFor()
    expect(await editing.getByRole('alert').textContent()).toMatch(/is not a Discord webhook URL/)
    expect(await focusedText()).toBe('Save')
    expect(await editing.getByLabel('Webhook URLs').inputValue()).toBe('https://example.com/hook')
    expect(errors).toEqual([])
    await deleteRoute(app.ctx.ch, route.id)
    await close()
  })

  it('keeps the keyboard focus on kill tracker pages (edit, cancel, save, delete) and tracked entities (remove)', async () => {
    await savePlayer(app.ctx.ch, { path: 'focus-a', display_name: 'Focus pilot A', character_ids: [2122649889] })
    await savePlayer(app.ctx.ch, { path: 'focus-b', display_name: 'Focus pilot B', character_ids: [2122649889] })
    await saveTracked(app.ctx.ch, { item_type: 'system', entity_id: 30001980, display_name: 'Focus system', mode: 'both' })
    await saveTracked(app.ctx.ch, { item_type: 'alliance', entity_id: 99003581, display_name: 'Focus alliance', mode: 'both' })
    const { page, errors, close } = await openAdmin()
    await signIn(page)
    // tag:text-or-value@the row's first cell (or list item's name)
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null
        const at = el?.closest('tr, li')
        const where = at?.querySelector('td a, td, strong')?.textContent ?? ''
        return el ? `${el.tagName.toLowerCase()}:${(el.textContent?.trim() || (el as HTMLInputElement).value || '').slice(0, 20)}@${where}` : ''
      })
    const rowA = page.getByTestId('player-row').filter({ hasText: 'Focus pilot A' })
    await rowA.getByRole('button', { name: 'Edit' }).focus()
    await page.keyboard.press('Enter')
    await expect.poll(focused).toBe('input:Focus pilot A@/focus-a')
    const editing = page.locator('tr.editing').filter({ hasText: '/focus-a' })
    await editing.getByRole('button', { name: 'Cancel' }).focus()
    await page.keyboard.press('Enter')
    await expect.poll(focused).toBe('button:Edit@/focus-a')
    await page.keyboard.press('Enter')
    await page.keyboard.press('End')
    await page.keyboard.type(' (kb)')
    await editing.getByRole('button', { name: 'Save' }).focus()
    await page.keyboard.press('Enter')
    await expect.poll(focused).toBe('button:Edit@/focus-a')
    expect(await rowA.textContent()).toContain('Focus pilot A (kb)')
    await rowA.getByRole('button', { name: 'Delete' }).focus()
    await page.keyboard.press('Enter')
    await expect.poll(focused).toBe('button:Edit@/focus-b')

    const removeButton = (name: string) => page.getByTestId('tracked-item').filter({ hasText: name }).getByRole('button', { name: 'Remove' })
    await removeButton('Focus system').waitFor()
    const first = (await page.getByTestId('tracked-item').first().locator('strong').textContent())!
    const second = first === 'Focus system' ? 'Focus alliance' : 'Focus system'
    await removeButton(first).focus()
    await page.keyboard.press('Enter')
    await expect.poll(focused).toBe(`button:Remove@${second}`)
    await page.keyboard.press('Enter')
    // none left: the note takes the focus
    await expect.poll(focused).toMatch(/^p:Nothing tracked/)
    expect(errors).toEqual([])
    await savePlayer(app.ctx.ch, { path: 'focus-b', display_name: 'Focus pilot B', character_ids: [2122649889] }, true)
    await close()
  })

  it('announces searches, their results and each add; clear returns to the search box; a double submit adds one route and one kill tracker', async () => {
    const { page, errors, close } = await openAdmin()
    await signIn(page)
    const form = page.getByRole('form', { name: 'Add route' })
    // the live region is on the page before anything is searched, or a screen reader would not read its first change
    const status = form.locator('.entity-search').getByRole('status')
    await status.waitFor({ state: 'attached' })
    expect(await status.textContent()).toBe('')
    await form.getByLabel('Type').selectOption('alliance')
    await form.getByLabel('Entity search').fill('Victim Alliance')
    await expect.poll(() => status.textContent()).toBe('Searching…')
    await expect.poll(() => status.textContent()).toBe('1 result')
    await form.getByLabel('Entity search').fill('No Such Alliance')
    await expect.poll(() => status.textContent()).toBe('No alliance found by that exact name or id.')
    await form.getByLabel('Entity search').fill('Victim Alliance')
    await form.getByRole('button', { name: 'Victim Alliance #99003581' }).click()

    // clear goes with the picked entity: the caret goes to the search box
    await page.getByTestId('picked-entity').getByRole('button', { name: 'clear' }).focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => page.getByTestId('picked-entity').textContent()).toBe('No entity picked yet.')
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('search')

    // a successful add empties the form and says so
    await form.getByLabel('Entity search').fill('Victim Alliance')
    await form.getByRole('button', { name: 'Victim Alliance #99003581' }).click()
    // HOOK_2: the route to HOOK_1 that 'shows recent posts' added is still there, and a copy of it would be refused
    await form.getByLabel('Webhook URLs').fill(HOOK_2)
    // two quick presses from the keyboard: one route, and the focus stays on the button while it is sent
    const before = new Set((await listRoutes(app.ctx.ch)).map((r) => r.id))
    await form.getByRole('button', { name: 'Add route' }).focus()
    await page.keyboard.press('Enter')
    await page.keyboard.press('Enter')
    await expect.poll(() => form.getByTestId('add-route-status').textContent()).toBe('Route added')
    expect(await form.getByTestId('add-route-status').getAttribute('role')).toBe('status')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Add route')
    const added = (await listRoutes(app.ctx.ch)).filter((r) => !before.has(r.id))
    for (const r of added) await deleteRoute(app.ctx.ch, r.id)
    expect(added.map((r) => r.display_name)).toEqual(['Victim Alliance'])

    // two quick presses of Add kill tracker: one page, no 'already exists' error, and the focus stays on the button
    const players = page.getByRole('form', { name: 'Add kill tracker' })
    await players.getByLabel('Path').fill('double-add')
    await players.getByLabel('Display name').fill('Double Add')
    await players.getByLabel('Character ids').fill('2122649889')
    await players.getByRole('button', { name: 'Add kill tracker' }).focus()
    await page.keyboard.press('Enter')
    await page.keyboard.press('Enter')
    await expect.poll(() => players.getByTestId('add-player-status').textContent()).toBe('Kill tracker added')
    expect(await page.getByRole('alert').count()).toBe(0)
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Add kill tracker')
    expect((await listPlayers(app.ctx.ch)).filter((p) => p.path === 'double-add')).toHaveLength(1)
    await savePlayer(app.ctx.ch, { path: 'double-add', display_name: 'Double Add', character_ids: [2122649889] }, true)
    expect(errors).toEqual([])
    await close()
  })

  it('pages through contact messages without repeating or losing one that arrives meanwhile', async () => {
    const dayAgo = Date.now() - 86_400_000
    for (let i = 0; i < 20; i++) {
      await insertContactMessage(
        app.ctx.ch,
        { name: `Older ${i}`, email: 'old@example.com', topic: 'General', message: `Older message ${i}` },
        new Date(dayAgo - i * 60_000),
      )
    }
    const { page, close } = await openAdmin()
    await signIn(page)
    const shown = page.getByTestId('contact-message')
    await expect.poll(() => shown.count()).toBe(20)
    const [{ n: total }] = await queryRows<{ n: string }>(app.ctx.ch, 'SELECT count() AS n FROM contact_messages')
    // A message arrives while the admin reads: every older one moves down a place.
    await insertContactMessage(app.ctx.ch, { name: 'Newcomer', email: 'new@example.com', topic: 'Bug report', message: 'Sent while you were reading.' })
    await page.getByRole('button', { name: /^Show older/ }).click()
    await expect.poll(() => shown.count()).toBe(Math.min(Number(total) + 1, 41))
    const texts = await page.locator('.message-body').allTextContents()
    expect(new Set(texts).size).toBe(texts.length)
    expect(texts[0]).toBe('Sent while you were reading.')
    expect(texts).toContain('Older message 19')
    await close()
  })
})

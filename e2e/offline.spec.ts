/**
 * Offline on the kitchen floor (issue #11, ADR 052/053): a shared tablet with a PIN loses the network,
 * keeps recording, shows what waits, keeps it across a reload, and sends it all when the network
 * returns — every record on the server exactly once, with the device's time kept — also when the
 * network drops in the middle of the sync; a PIN entered while offline (ADR 054). JavaScript only (the
 * no-js project ignores this file): without it nothing changes (e2e/offline-nojs.spec.ts).
 */
import type { Browser, BrowserContext, Page, Route } from '@playwright/test'
import { expect, expectAccessible, test, expectToast } from './support/fixtures'
import { kitchen, ok, onServer, TABLET } from './support/kitchen'

/** The network gone: for the page and for the service worker's own requests. */
async function goOffline(context: BrowserContext) {
  await context.setOffline(true)
  await context.route('**', abortWorker)
}
async function goOnline(context: BrowserContext) {
  await context.unroute('**', abortWorker)
  await context.setOffline(false)
}
function abortWorker(route: Route) {
  return route.request().serviceWorker() ? route.abort('internetdisconnected') : route.fallback()
}

/** The tablet opens its link, gets its service worker, takes the cook's PIN and visits today's pages. */
async function tabletReady(context: BrowserContext, k: Awaited<ReturnType<typeof kitchen>>, opts: { clockOffsetMs?: number } = {}): Promise<Page> {
  const page = await context.newPage()
  // The tablet's own clock, as far from the server's as asked (the page's timers under the test's control).
  if (opts.clockOffsetMs !== undefined) await page.clock.install({ time: new Date(Date.now() + opts.clockOffsetMs) })
  await page.goto(k.loginUrl.pathname + k.loginUrl.search)
  await page.getByRole('button', { name: 'Sign in this tablet' }).click()
  await expect(page.getByRole('heading', { level: 1, name: `Quay ${k.tag}` })).toBeVisible()
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true)
  await page.goto('/pin')
  await typePin(page, k.pin)
  await expectToast(page, 'Hello, Pablo Pin.')
  // Today's pages, each opened once online: the service worker keeps a copy.
  for (const path of ['/', '/checklists', `/checklists/${k.checklistId}`, '/temperatures', `/temperatures/${k.temperatureId}`]) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  }
  return page
}

test('a tablet with a PIN records offline, keeps it across a reload, and syncs every record exactly once with the device time', async ({ browser, baseURL }) => {
  test.setTimeout(180_000)
  const k = await kitchen(baseURL!)
  const context = await browser.newContext({ viewport: TABLET })
  const page = await tabletReady(context, k)

  await page.goto(`/checklists/${k.checklistId}`)
  await goOffline(context)
  const banner = page.getByRole('status').filter({ hasText: /^Offline — / })
  await expect(banner).toHaveText('Offline — 0 records waiting')
  const before = Date.now()
  for (const label of ['Walk-in door shut', 'Floor mopped', 'Bins out']) {
    const item = page.getByRole('listitem', { name: label })
    await item.getByRole('button', { name: 'Done' }).click()
    await expect(item.getByRole('list', { name: 'Made offline' }).getByText('Waiting to sync')).toBeVisible()
    await expect(item.getByText(/^By Pablo Pin at .* on this device$/)).toBeVisible()
  }
  await expect(banner).toHaveText('Offline — 3 records waiting')
  await expectAccessible(page)

  // Another of today's pages, from the copy: two readings.
  const fromCopy = await page.goto(`/temperatures/${k.temperatureId}`)
  expect(fromCopy?.headers()['x-mise-stored']).toBeTruthy()
  await expect(page.getByRole('heading', { level: 1, name: `Fridges ${k.tag}` })).toBeVisible()
  await page.getByRole('textbox', { name: /^Reading \(°C\) — Walk-in/ }).fill('3.5')
  await page.getByRole('button', { name: /^Save reading\s*: Walk-in/ }).click()
  await page.getByRole('textbox', { name: /^Reading \(°C\) — Reach-in/ }).fill('4')
  await page.getByRole('button', { name: /^Save reading\s*: Reach-in/ }).click()
  await expect(page.getByText('3.5 °C', { exact: true })).toBeVisible()
  await expect(page.getByText('4 °C', { exact: true })).toBeVisible()
  await expect(banner).toHaveText('Offline — 5 records waiting')

  // A reload without a network: the page from the copy, the records still waiting.
  const copy = await page.reload()
  expect(copy?.headers()['x-mise-stored'], 'the page came from the service worker’s copy').toBeTruthy()
  await expect(page.getByRole('heading', { level: 1, name: `Fridges ${k.tag}` })).toBeVisible()
  await expect(banner).toHaveText('Offline — 5 records waiting')
  await expect(page.getByText('Waiting to sync')).toHaveCount(2)
  expect((await onServer(k)).checklist.flat()).toHaveLength(0)

  // The network returns: everything is sent (within the 15-second round at worst), and the page shows it.
  await goOnline(context)
  await expect(page.getByText(/^By Pablo Pin on Cellar tablet .* at/)).toHaveCount(2, { timeout: 30_000 })
  await expect(page.getByText('Waiting to sync')).toHaveCount(0)
  await expect(page.getByRole('status').filter({ hasText: /records? waiting/ })).toHaveCount(0)
  const server = await onServer(k)
  expect(server.checklist.map((records) => records.length)).toEqual([1, 1, 1])
  expect(server.readings.map((records) => records.length)).toEqual([1, 1])
  expect(server.readings.map((records) => records[0].value)).toEqual(['3.5', '4'])
  for (const record of [...server.checklist.flat(), ...server.readings.flat()]) {
    expect(record.recordedBy.name).toBe('Pablo Pin')
    expect(record.recordedBy.device.name).toBe(`Cellar tablet ${k.tag}`)
    // The device's time is kept: when it was made (offline), before the server received it.
    expect(Date.parse(record.deviceRecordedAt)).toBeGreaterThanOrEqual(before - 1000)
    expect(Date.parse(record.deviceRecordedAt)).toBeLessThanOrEqual(Date.parse(record.recordedAt))
  }
  await context.close()
})

test('the network drops in the middle of the sync: nothing lost, nothing doubled', async ({ browser, baseURL }) => {
  test.setTimeout(180_000)
  const k = await kitchen(baseURL!)
  const context = await browser.newContext({ viewport: TABLET })
  const page = await tabletReady(context, k)
  await page.goto(`/checklists/${k.checklistId}`)
  await goOffline(context)
  for (const label of ['Walk-in door shut', 'Floor mopped', 'Bins out']) {
    await page.getByRole('listitem', { name: label }).getByRole('button', { name: 'Done' }).click()
  }
  await expect(page.getByText('Waiting to sync')).toHaveCount(3)

  // The second record reaches the server, but its answer is lost as the network drops again.
  let calls = 0
  let dropped = false
  await context.route('**/v1/orgs/*/checklist-entries/*/items/*/complete', async (route) => {
    calls++
    if (calls === 2 && !dropped) {
      dropped = true
      await route.fetch()
      await route.abort('internetdisconnected')
      await context.setOffline(true)
      return
    }
    await route.fallback()
  })
  await goOnline(context)
  await expect.poll(() => dropped, { timeout: 75_000 }).toBe(true)
  await expect(page.getByText('Waiting to sync')).toHaveCount(2)
  expect((await onServer(k)).checklist.map((records) => records.length)).toEqual([1, 1, 0])

  // Back again: the rest is sent; the one whose answer was lost is sent again and answered from its key.
  await context.setOffline(false)
  await expect(page.getByText(/^By Pablo Pin on Cellar tablet .* at/)).toHaveCount(3, { timeout: 75_000 })
  await expect(page.getByText('Waiting to sync')).toHaveCount(0)
  const server = await onServer(k)
  expect(server.checklist.map((records) => records.length)).toEqual([1, 1, 1])
  expect(calls).toBeGreaterThanOrEqual(4)
  await context.close()
})

test('a device clock far off: the record stays on the tablet, marked for review, until a person sends it again', async ({ browser, baseURL }) => {
  test.setTimeout(180_000)
  const k = await kitchen(baseURL!)
  const context = await browser.newContext({ viewport: TABLET })
  const page = await tabletReady(context, k)
  // The tablet's clock is 13 hours behind.
  await page.clock.install({ time: new Date(Date.now() - 13 * 60 * 60 * 1000) })
  await page.goto(`/checklists/${k.checklistId}`)
  await goOffline(context)
  const item = page.getByRole('listitem', { name: 'Floor mopped' })
  await item.getByRole('button', { name: 'Done' }).click()
  await expect(item.getByText('Waiting to sync')).toBeVisible()

  await goOnline(context)
  const pending = item.getByRole('list', { name: 'Made offline' })
  await expect(pending.getByText('Not sent')).toBeVisible({ timeout: 30_000 })
  await expect(pending.getByText(/more than 12 hours before now/)).toBeVisible()
  // The banner (not a toast: it stays while the record waits for review).
  await expect(page.getByRole('status').filter({ hasText: '1 record was not accepted: review it below' })).toBeVisible()
  await expectAccessible(page)
  expect((await onServer(k)).checklist.flat()).toHaveLength(0)

  // A person reviews it and sends it with the time now: it lands once, without a device time.
  await pending.getByRole('button', { name: 'Send again with the time now' }).click()
  await expect(pending).toHaveCount(0, { timeout: 30_000 })
  const server = await onServer(k)
  expect(server.checklist.map((records) => records.length)).toEqual([0, 1, 0])
  expect(server.checklist[1]![0].deviceRecordedAt).toBeNull()
  await context.close()
})

test('a record made under one PIN is never sent under another: it waits for its maker’s PIN', async ({ browser, baseURL }) => {
  test.setTimeout(180_000)
  const k = await kitchen(baseURL!)
  const anaPin = String(1000 + ((Number(k.pin) + 4321) % 9000))
  await ok(await k.owner.api.post(`/v1/orgs/${k.orgId}/staff`, { data: { name: 'Ana Pin', role: 'BASIC', pin: anaPin } }))
  const context = await browser.newContext({ viewport: TABLET })
  const page = await tabletReady(context, k)
  await page.goto(`/checklists/${k.checklistId}`)
  await goOffline(context)
  await page.getByRole('listitem', { name: 'Bins out' }).getByRole('button', { name: 'Done' }).click()
  await expect(page.getByText('Waiting to sync', { exact: true })).toHaveCount(1)

  // Back online, but the records cannot reach the server while Ana takes the tablet.
  await context.route('**/v1/orgs/*/checklist-entries/*/items/*/complete', (route) => route.abort('internetdisconnected'))
  await goOnline(context)
  await page.goto('/pin')
  await typePin(page, anaPin, 'Ana Pin')
  await expectToast(page, 'Hello, Ana Pin.')
  await context.unroute('**/v1/orgs/*/checklist-entries/*/items/*/complete')
  await page.goto(`/checklists/${k.checklistId}`)
  await expect(page.getByText('Waiting to sync', { exact: true })).toHaveCount(1)
  await page.evaluate(() => window.dispatchEvent(new Event('online')))

  // Pablo enters his PIN again: his record goes, as his.
  await page.goto('/pin')
  await typePin(page, k.pin)
  await expectToast(page, 'Hello, Pablo Pin.')
  await page.goto(`/checklists/${k.checklistId}`)
  await expect(page.getByText(/^By Pablo Pin on Cellar tablet .* at/)).toHaveCount(1, { timeout: 30_000 })
  const server = await onServer(k)
  expect(server.checklist.map((records) => records.length)).toEqual([0, 0, 1])
  expect(server.checklist[2]![0].recordedBy.name).toBe('Pablo Pin')
  await context.close()
})

/** The PIN pad: tap your name (ADR 080 "Per person"), then type the PIN on the keypad and press OK. */
async function typePin(page: Page, pin: string, name = 'Pablo Pin') {
  await page.getByRole('list', { name: 'People who can enter a PIN on this tablet' }).getByRole('link', { name, exact: true }).click()
  await expect(page.getByRole('heading', { level: 2, name: `PIN for ${name}` })).toBeVisible()
  const pad = page.getByRole('group', { name: 'Keypad' })
  for (const digit of pin) await pad.getByRole('button', { name: digit, exact: true }).click()
  await pad.getByRole('button', { name: 'OK', exact: true }).click()
}

/** Pablo taps Done on the checklist; today's copies of the pad and the checklist then say that nobody holds the PIN. */
async function nobodyHoldsThePin(page: Page, checklistId: string) {
  const header = page.getByRole('banner')
  await page.goto(`/checklists/${checklistId}`)
  await header.getByRole('button', { name: /^Done, Pablo Pin/ }).click()
  await expect(header.getByRole('link', { name: 'Enter PIN' })).toBeVisible()
  for (const path of ['/pin', `/checklists/${checklistId}`]) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  }
  await expect(header.getByRole('link', { name: 'Enter PIN' })).toBeVisible()
}

/** Offline (ADR 080): pick the name, type the PIN; it is sealed for the server, nothing is checked until the sync. */
async function pinOffline(page: Page, pin: string, name = 'Pablo Pin') {
  await typePin(page, pin, name)
}

test('nobody holds the PIN when the network goes: a PIN entered offline is sealed for the server, its records sync as that member, and the idle rule forgets it', async ({ browser, baseURL }) => {
  test.setTimeout(240_000)
  const k = await kitchen(baseURL!)
  const context = await browser.newContext({ viewport: TABLET })
  // Pablo entered his PIN on this tablet online (tabletReady): he may pick his name on it offline. The
  // tablet's clock is 20 minutes slow: its records show both times.
  const slow = 20 * 60_000
  const page = await tabletReady(context, k, { clockOffsetMs: -slow })
  const header = page.getByRole('banner')
  await nobodyHoldsThePin(page, k.checklistId)

  await goOffline(context)
  // Recording asks for a PIN first: the pad, from the tablet's copy.
  await page.getByRole('listitem', { name: 'Walk-in door shut' }).getByRole('button', { name: 'Done' }).click()
  await expect(page).toHaveURL(/\/pin\?redirectTo=/)
  await expect(page.getByRole('heading', { level: 1, name: 'Enter your PIN' })).toBeVisible()
  // The name, then the PIN (a mis-tap on a name goes back to the list); the tablet cannot tell a wrong one.
  await page.getByRole('link', { name: 'Pablo Pin', exact: true }).click()
  await expect(page.getByRole('heading', { level: 2, name: 'PIN for Pablo Pin' })).toBeVisible()
  await expectAccessible(page)
  await page.getByRole('link', { name: 'Not you? Choose another name' }).click()
  await expect(page.getByRole('heading', { level: 2, name: 'Who are you? Tap your name.' })).toBeVisible()
  expect(new URL(page.url()).searchParams.get('redirectTo')).toBe(`/checklists/${k.checklistId}`)
  await pinOffline(page, k.pin)
  await expect(page).toHaveURL(new RegExp(`/checklists/${k.checklistId}$`), { timeout: 20_000 })
  await expect(header.getByTestId('pin-holder')).toHaveText(/Pablo Pin/)

  const before = Date.now() - slow
  for (const label of ['Walk-in door shut', 'Floor mopped', 'Bins out']) {
    const item = page.getByRole('listitem', { name: label })
    await item.getByRole('button', { name: 'Done' }).click()
    await expect(item.getByText(/^By Pablo Pin at .* on this device$/)).toBeVisible()
  }
  await expect(page.getByText('Waiting to sync')).toHaveCount(3)

  // Back online: the records go as Pablo's, with nobody holding the PIN on the server.
  await goOnline(context)
  // Each card: who, and both times (the device's 20 minutes before the server received it).
  const cards = page.getByText(new RegExp(`^By Pablo Pin on Cellar tablet ${k.tag}: recorded \\d{2}:\\d{2} on the device, received \\d{2}:\\d{2}$`))
  await expect(cards).toHaveCount(3, { timeout: 30_000 })
  await expect(page.getByText('Waiting to sync')).toHaveCount(0)
  const server = await onServer(k)
  expect(server.checklist.map((records) => records.length)).toEqual([1, 1, 1])
  for (const record of server.checklist.flat()) {
    expect(record.recordedBy.name).toBe('Pablo Pin')
    expect(record.recordedBy.device.name).toBe(`Cellar tablet ${k.tag}`)
    expect(Date.parse(record.deviceRecordedAt)).toBeGreaterThanOrEqual(before - 1000)
    expect(Date.parse(record.recordedAt) - Date.parse(record.deviceRecordedAt)).toBeGreaterThan(19 * 60_000)
  }
  const [shownDevice, shownReceived] = await cards.first().locator('time').evaluateAll((times) => times.map((t) => t.getAttribute('datetime')))
  expect(shownDevice).toBe(server.checklist[0]![0].deviceRecordedAt)
  expect(shownReceived).toBe(server.checklist[0]![0].recordedAt)
  // Online again, the PIN checked offline no longer holds: recording goes through the server's pad.
  await expect(header.getByRole('link', { name: 'Enter PIN' })).toBeVisible()

  // Offline again, the PIN entered there: five minutes with nobody at the tablet forget it.
  await goOffline(context)
  await page.goto(`/pin?redirectTo=${encodeURIComponent(`/checklists/${k.checklistId}`)}`)
  await pinOffline(page, k.pin)
  await expect(header.getByTestId('pin-holder')).toHaveText(/Pablo Pin/, { timeout: 20_000 })
  // Five minutes with nobody at the tablet (again, should the page's idle timer have started after the jump).
  await expect
    .poll(async () => {
      await page.clock.fastForward('05:05')
      return page.url()
    })
    .toMatch(/\/pin\?.*reason=idle/)
  await expect(page.getByText('Nobody used this tablet for 5 minutes, so the PIN was forgotten.')).toBeVisible()
  await expect(header.getByTestId('pin-holder')).toHaveCount(0)
  await context.close()
})

test('a wrong PIN entered offline confirms nothing on the tablet: its record is refused on sync and waits there for review', async ({ browser, baseURL }) => {
  test.setTimeout(180_000)
  const k = await kitchen(baseURL!)
  const context = await browser.newContext({ viewport: TABLET })
  const page = await tabletReady(context, k)
  const header = page.getByRole('banner')
  await nobodyHoldsThePin(page, k.checklistId)
  await goOffline(context)
  await page.getByRole('listitem', { name: 'Walk-in door shut' }).getByRole('button', { name: 'Done' }).click()
  await expect(page).toHaveURL(/\/pin\?redirectTo=/)
  await pinOffline(page, String(1000 + ((Number(k.pin) - 1000 + 1) % 9000)))
  await expect(page).toHaveURL(new RegExp(`/checklists/${k.checklistId}$`), { timeout: 20_000 })
  await expect(header.getByTestId('pin-holder')).toHaveText(/Pablo Pin/)
  const item = page.getByRole('listitem', { name: 'Walk-in door shut' })
  await item.getByRole('button', { name: 'Done' }).click()
  await expect(page.getByText('Waiting to sync')).toHaveCount(1)
  await goOnline(context)
  await expect(page.getByText('The PIN entered offline for this record was not right. Enter the PIN and send it again.')).toBeVisible({ timeout: 30_000 })
  expect((await onServer(k)).checklist.flat()).toHaveLength(0)
  await context.close()
})

// ─── lie-fi: the Wi-Fi is up, the server out of reach (issue #39, ADR 083) ─────────────────────────

/** A tablet ready (tabletReady) on one of today's pages, hydrated and nothing loading: what a tap finds on the floor. */
async function tabletOn(browser: Browser, baseURL: string, path: (k: Awaited<ReturnType<typeof kitchen>>) => string) {
  const k = await kitchen(baseURL)
  const context = await browser.newContext({ viewport: TABLET })
  const page = await tabletReady(context, k)
  await page.goto(path(k))
  await page.waitForLoadState('networkidle')
  return { k, context, page }
}

test('lie-fi: the server refuses connections while the browser says online — Done is kept, not an error screen, and arrives once', async ({ browser, baseURL }) => {
  test.setTimeout(120_000)
  const { k, context, page } = await tabletOn(browser, baseURL!, (k) => `/checklists/${k.checklistId}`)
  // Every request of the page and of its service worker is refused; the browser is never told it is offline.
  const refuse = (route: Route) => route.abort('connectionrefused')
  await context.route('**', refuse)
  const item = page.getByRole('listitem', { name: 'Floor mopped' })
  await item.getByRole('button', { name: 'Done' }).click()
  await expect(item.getByRole('list', { name: 'Made offline' }).getByText('Waiting to sync')).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: '1 record waiting to sync' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: `Closing ${k.tag}` })).toBeVisible()
  await expect(page.getByText(/Application Error|Failed to fetch/)).toHaveCount(0)
  expect(await page.evaluate(() => navigator.onLine)).toBe(true)
  // Tapped again while it waits: the same record, not a second one.
  await item.getByRole('button', { name: 'Done' }).click()
  await expect(page.getByRole('status').filter({ hasText: '1 record waiting to sync' })).toBeVisible()
  await expect(page.getByText('Waiting to sync', { exact: true })).toHaveCount(1)
  expect((await onServer(k)).checklist.flat()).toHaveLength(0)

  // The server is back: the queue's next round sends it, and the page shows the server's record.
  await context.unroute('**', refuse)
  await expect(item.getByText(/^By Pablo Pin on Cellar tablet .* at/)).toBeVisible({ timeout: 30_000 })
  await expect(page.getByText('Waiting to sync')).toHaveCount(0)
  expect((await onServer(k)).checklist.map((records) => records.length)).toEqual([0, 1, 0])
  await context.close()
})

test('lie-fi: a reading whose request hangs is kept after 8 seconds; the late answer and the queue make one record', async ({ browser, baseURL }) => {
  test.setTimeout(120_000)
  const { k, context, page } = await tabletOn(browser, baseURL!, (k) => `/temperatures/${k.temperatureId}`)
  // The reading's request reaches nothing that answers; everything else too, once it is sent.
  const hung: Route[] = []
  const hang = (route: Route) => void hung.push(route)
  await context.route('**', hang)
  await page.getByRole('textbox', { name: /^Reading \(°C\) — Walk-in/ }).fill('3.5')
  await page.getByRole('button', { name: /^Save reading\s*: Walk-in/ }).click()
  await expect(page.getByRole('list', { name: 'Made offline' }).getByText('Waiting to sync')).toBeVisible({ timeout: 20_000 })
  await expect(page.getByText('3.5 °C', { exact: true })).toBeVisible()
  await expect(page.getByRole('textbox', { name: /^Reading \(°C\) — Walk-in/ })).toHaveValue('')
  await expect(page.getByRole('heading', { level: 1, name: `Fridges ${k.tag}` })).toBeVisible()
  expect((await onServer(k)).readings.flat()).toHaveLength(0)

  // The network comes back: the hung request goes through late (the record is made), and the queue,
  // which held the record while that request was open, sends nothing more.
  await context.unroute('**', hang)
  for (const route of hung.splice(0)) await route.fallback().catch(() => {})
  await expect(page.getByText('Waiting to sync')).toHaveCount(0, { timeout: 30_000 })
  await page.reload()
  await expect(page.getByText(/^By Pablo Pin on Cellar tablet .* at/)).toHaveCount(1)
  const server = await onServer(k)
  expect(server.readings.map((records) => records.length)).toEqual([1, 0])
  expect(server.readings[0]![0].value).toBe('3.5')
  await context.close()
})

test('offline, a double tap on Done keeps one record, and one reaches the server', async ({ browser, baseURL }) => {
  test.setTimeout(120_000)
  const { k, context, page } = await tabletOn(browser, baseURL!, (k) => `/checklists/${k.checklistId}`)
  await goOffline(context)
  const banner = page.getByRole('status').filter({ hasText: /^Offline — / })
  await expect(banner).toHaveText('Offline — 0 records waiting')
  const done = page.getByRole('listitem', { name: 'Bins out' }).getByRole('button', { name: 'Done' })
  await done.dblclick()
  await done.click()
  await expect(banner).toHaveText('Offline — 1 record waiting')
  await expect(page.getByText('Waiting to sync')).toHaveCount(1)
  await goOnline(context)
  await expect(page.getByText(/^By Pablo Pin on Cellar tablet .* at/)).toHaveCount(1, { timeout: 30_000 })
  expect((await onServer(k)).checklist.map((records) => records.length)).toEqual([0, 0, 1])
  await context.close()
})

test('an error while the network is gone shows the error screen with the header, not a blank page', async ({ browser, baseURL }) => {
  const k = await kitchen(baseURL!)
  // No service worker: the page's own requests are the ones cut.
  const context = await browser.newContext({ viewport: TABLET, serviceWorkers: 'block' })
  const url = new URL(baseURL!)
  await context.addCookies([
    ...(await k.admin.api.storageState()).cookies,
    { name: 'mise_org_id', value: k.orgId, domain: url.hostname, path: '/' },
    { name: 'mise_venue_id', value: k.venueId, domain: url.hostname, path: '/' },
  ])
  const page = await context.newPage()
  await page.goto(`/checklists/${k.checklistId}`)
  await expect(page.getByRole('heading', { level: 1, name: `Closing ${k.tag}` })).toBeVisible()
  await page.waitForLoadState('networkidle')
  // Nothing more can be fetched: no code the page has not loaded yet, no data.
  await context.route('**', (route) => route.abort('connectionrefused'))
  await page.getByRole('link', { name: /^Previous day/ }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible()
  await expect(page.getByRole('banner')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Back to home' })).toBeVisible()
  await expect(page.getByText(/Application Error|Failed to fetch dynamically imported module/)).toHaveCount(0)
  await context.close()
})

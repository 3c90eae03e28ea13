/**
 * Shared kitchen devices (issue #10): an admin sets a tablet up from Settings → Devices, the tablet
 * opens its link, staff identify with their PIN before recording, the PIN is forgotten when the
 * tablet is left alone, five wrong PINs lock the pad, and "Sign out everywhere" ends the tablet's
 * session. JavaScript on and off; a 1024×768 tablet and a 390 px phone.
 */
import type { APIRequestContext, Browser, Page, ViewportSize } from '@playwright/test'
import { expect, expectAccessible, test, expectToast } from './support/fixtures'
import { organisationWithMembers, type Person } from './support/setup'

const TABLET: ViewportSize = { width: 1024, height: 768 }
const PHONE: ViewportSize = { width: 390, height: 844 }
const js = () => test.info().project.use.javaScriptEnabled !== false

async function ok(res: Awaited<ReturnType<APIRequestContext['get']>>) {
  if (!res.ok()) throw new Error(`${res.url()} → ${res.status()} ${await res.text()}`)
  return (res.status() === 204 ? null : await res.json()) as any
}

/** An organisation with an admin, a PIN-only cook ("Pablo Pin") and a checklist with one tick item. */
async function kitchen(baseURL: string) {
  const tag = Math.random().toString(36).slice(2, 7)
  const org = await organisationWithMembers(baseURL, [{ name: 'Ana Admin', role: 'ADMIN' }], `Bistro ${tag}`, `Harbour ${tag}`)
  const admin = org.people[0]!
  const pin = String(1000 + Math.floor(Math.random() * 9000))
  await ok(await org.owner.api.post(`/v1/orgs/${org.orgId}/staff`, { data: { name: 'Pablo Pin', role: 'BASIC', pin } }))
  const { checklist } = await ok(await org.owner.api.post(`/v1/orgs/${org.orgId}/checklists`, { data: { name: `Opening ${tag}` } }))
  await ok(await org.owner.api.post(`/v1/orgs/${org.orgId}/checklists/${checklist.id}/items`, { data: { label: 'Fridge seals wiped', type: 'check' } }))
  return { ...org, admin, pin, tag, venueName: `Harbour ${tag}`, checklistName: `Opening ${tag}` }
}

/** A browser signed in as a person, by the cookies of their API session (no typing into /login). */
async function signedInPage(browser: Browser, person: Person, viewport: ViewportSize): Promise<Page> {
  const context = await browser.newContext({ storageState: await person.api.storageState(), viewport, javaScriptEnabled: js() })
  return context.newPage()
}

/** A fresh browser: the tablet on the kitchen wall. */
async function tabletPage(browser: Browser, viewport: ViewportSize, clock = false): Promise<Page> {
  const context = await browser.newContext({ viewport, javaScriptEnabled: js() })
  const page = await context.newPage()
  if (clock) await page.clock.install()
  return page
}

/** A device made and its link generated through the API (for the tests that are not about settings). */
async function pairedTablet(browser: Browser, k: Awaited<ReturnType<typeof kitchen>>, viewport: ViewportSize, clock = false) {
  const { device } = await ok(await k.admin.api.post(`/v1/orgs/${k.orgId}/devices`, { data: { name: `Wall tablet ${k.tag}`, venueId: k.venueId } }))
  const { url } = await ok(await k.admin.api.post(`/v1/orgs/${k.orgId}/devices/${device.id}/login/generate`))
  const page = await tabletPage(browser, viewport, clock)
  await page.goto(new URL(url).pathname + new URL(url).search)
  // Opening the link changes nothing; the tablet signs in with a tap (ADR 082).
  await page.getByRole('button', { name: 'Sign in this tablet' }).click()
  await expect(page.getByRole('heading', { level: 1, name: k.venueName })).toBeVisible()
  return { page, device: device as { id: string; name: string } }
}

/** Below 1280 px the header's items are in its menu: open it. */
async function openMenu(page: Page) {
  const toggle = page.getByRole('banner').locator('summary')
  if (await toggle.isVisible()) await toggle.click()
}

/** Tap your name on the pad's list (ADR 080 "Per person"), unless the pad is already for you. */
async function pickName(page: Page, name = 'Pablo Pin') {
  const pinFor = page.getByRole('heading', { level: 2, name: `PIN for ${name}` })
  await expect(pinFor.or(page.getByRole('heading', { level: 2, name: 'Who are you? Tap your name.' }))).toBeVisible()
  if (!(await pinFor.isVisible())) await page.getByRole('list', { name: 'People who can enter a PIN on this tablet' }).getByRole('link', { name, exact: true }).click()
  await expect(pinFor).toBeVisible()
}

/** Type a PIN as a person would: the name first, then taps on the pad with JavaScript, the numeric field without. */
async function enterPin(page: Page, pin: string, submit = true) {
  await pickName(page)
  if (js()) {
    const pad = page.getByRole('group', { name: 'Keypad' })
    for (const digit of pin) await pad.getByRole('button', { name: digit, exact: true }).click()
    if (submit) await pad.getByRole('button', { name: 'OK', exact: true }).click()
  } else {
    await page.getByRole('textbox', { name: 'PIN' }).fill(pin)
    if (submit) await page.getByRole('button', { name: 'OK', exact: true }).click()
  }
}

const header = (page: Page) => page.getByRole('navigation', { name: 'Main' })

/** A confirm dialog's trigger: a button with JavaScript, the <summary> of a disclosure without. */
const confirmTrigger = (page: Page, name: string) => (js() ? page.getByRole('button', { name, exact: true }) : page.locator('summary', { hasText: name }))
/** The confirm dialog (with JavaScript) or the opened disclosure (without). */
const confirmPanel = (page: Page, title: string) => page.getByRole(js() ? 'dialog' : 'group', { name: title })

for (const [label, viewport] of [
  ['tablet', TABLET],
  ['phone', PHONE],
] as const) {
  test(`an admin pairs a ${label}; a cook records with their PIN; signing out everywhere ends it`, async ({ browser, baseURL }) => {
    test.setTimeout(180_000)
    const k = await kitchen(baseURL!)
    const deviceName = `Kitchen tablet ${k.tag}`

    // The admin adds the device and generates its link.
    const admin = await signedInPage(browser, k.admin, viewport)
    await admin.goto('/settings')
    await admin.getByRole('link', { name: /^Devices/ }).first().click()
    await expect(admin).toHaveURL(/\/settings\/devices$/)
    await expect(admin.getByText('No shared devices yet.')).toBeVisible()
    await expectAccessible(admin)
    await admin.getByRole('link', { name: 'Add your first device' }).click()
    await expectAccessible(admin)
    await admin.getByRole('textbox', { name: 'Device name' }).fill(deviceName)
    await admin.getByRole('combobox', { name: 'Venue' }).selectOption({ label: k.venueName })
    await admin.getByRole('button', { name: 'Add device' }).click()
    await expect(admin).toHaveURL(/\/settings\/devices\/[0-9a-f-]{36}$/)
    await expect(admin.getByRole('heading', { level: 1, name: deviceName })).toBeVisible()
    await expect(admin.getByText('Not signed in')).toBeVisible()
    await admin.getByRole('button', { name: 'Generate login link' }).click()
    await expect(admin.getByText(/^New sign-in link, valid until /)).toBeVisible()
    await expect(admin.getByRole('img', { name: `QR code of the sign-in link for ${deviceName}` }).locator('svg')).toBeVisible()
    await expectAccessible(admin)
    const first = new URL((await admin.getByTestId('device-login-link').textContent())!.trim())
    expect(first.pathname).toBe('/device-login')

    // Generating again voids the first link.
    await admin.getByRole('button', { name: 'Generate a new login link' }).click()
    await expect(admin.getByTestId('device-login-link')).not.toHaveText(first.href)
    const link = new URL((await admin.getByTestId('device-login-link').textContent())!.trim())
    const tablet = await tabletPage(browser, viewport)
    await tablet.goto(first.pathname + first.search)
    await expect(tablet.getByRole('heading', { name: 'This sign-in link cannot be used' })).toBeVisible()
    await expect(tablet.getByText('This link was replaced by a newer one')).toBeVisible()
    await expect(tablet.getByText(/Ask a manager for a new link/)).toBeVisible()
    await expectAccessible(tablet)

    // The tablet opens the new link, is told what it signs in, and with one tap lands on its venue,
    // as the device, with no people's pages (opening the link alone changes nothing: ADR 082).
    await tablet.goto(link.pathname + link.search)
    await expect(tablet.getByText(`This browser will be signed in as ${deviceName} at ${k.venueName}`)).toBeVisible()
    await expectAccessible(tablet)
    await tablet.getByRole('button', { name: 'Sign in this tablet' }).click()
    await expect(tablet).toHaveURL(/\/$/)
    await expect(tablet.getByRole('heading', { level: 1, name: k.venueName })).toBeVisible()
    await expectToast(tablet, `This tablet is signed in: ${deviceName} at ${k.venueName}.`)
    await expect(header(tablet).getByRole('link', { name: 'Enter PIN' })).toBeVisible()
    for (const name of ['Settings', 'Profile', /Change organisation/, /Change venue/]) {
      await expect(header(tablet).getByRole('link', { name, exact: true })).toHaveCount(0)
    }
    await expect(header(tablet).getByRole('button', { name: 'Log out' })).toHaveCount(0)
    await expect(tablet.getByRole('link', { name: 'Set up your PIN' })).toHaveCount(0)
    await expectAccessible(tablet)
    // The link is used up.
    const again = await tabletPage(browser, viewport)
    await again.goto(link.pathname + link.search)
    await expect(again.getByText('This link was already used')).toBeVisible()
    await again.context().close()
    // A device is sent away from people's pages.
    await tablet.goto('/settings/devices')
    await expect(tablet).toHaveURL(/\/$/)

    // Recording asks for a PIN first, then comes back.
    await tablet.getByRole('link', { name: 'Checklists' }).first().click()
    await tablet.getByRole('link', { name: k.checklistName }).click()
    const item = tablet.getByRole('listitem', { name: 'Fridge seals wiped' })
    await item.getByRole('button', { name: 'Done' }).click()
    await expect(tablet).toHaveURL(/\/pin\?/)
    await expect(tablet.getByRole('heading', { level: 1, name: 'Enter your PIN' })).toBeVisible()
    await expect(tablet.getByText('Enter your PIN to record this.')).toBeVisible()
    // The names first (large links), then the keypad for the one picked: both axe-clean.
    await expectAccessible(tablet)
    await pickName(tablet)
    await expect(tablet.getByText('Enter your PIN to record this.')).toBeVisible()
    await expectAccessible(tablet)
    await enterPin(tablet, k.pin)
    await expect(tablet).toHaveURL(/\/checklists\/[0-9a-f-]{36}/)
    await expectToast(tablet, 'Hello, Pablo Pin.')
    await expect(header(tablet).getByText('Pablo Pin')).toBeVisible()
    await item.getByRole('button', { name: 'Done' }).click()
    await expectToast(tablet, 'Saved: Fridge seals wiped')
    await expect(item.getByText(`By Pablo Pin on ${deviceName} at`)).toBeVisible()
    await expectAccessible(tablet)

    // "Done" forgets the PIN.
    await header(tablet).getByRole('button', { name: /^Done, Pablo Pin/ }).click()
    await expectToast(tablet, 'Pablo Pin’s PIN is forgotten')
    await expect(header(tablet).getByRole('link', { name: 'Enter PIN' })).toBeVisible()

    // The settings list shows the device signed in and seen.
    await admin.goto('/settings/devices')
    const row = admin.getByRole('listitem', { name: deviceName })
    await expect(row.getByText('Signed in', { exact: true })).toBeVisible()
    await expect(row.getByText(k.venueName)).toBeVisible()
    await expect(row.getByText('Never')).toHaveCount(0)
    await expectAccessible(admin)

    // "Sign out everywhere" ends the tablet's session.
    await row.getByRole('link', { name: deviceName }).click()
    await confirmTrigger(admin, 'Sign out everywhere').click()
    await confirmPanel(admin, `Sign out ${deviceName} everywhere?`).getByRole('button', { name: 'Sign out everywhere' }).click()
    await expectToast(admin, 'Signed out everywhere. Sessions ended: 1.')
    await expect(admin.getByText('Not signed in')).toBeVisible()
    await tablet.goto('/checklists')
    await expect(tablet).toHaveURL(/\/login/)

    await admin.context().close()
    await tablet.context().close()
  })
}

test('a wrong PIN keeps the way back: the right one then returns to the page that asked for it', async ({ browser, baseURL }) => {
  test.setTimeout(120_000)
  const k = await kitchen(baseURL!)
  const { page } = await pairedTablet(browser, k, TABLET)
  await page.goto(`/pin?redirectTo=${encodeURIComponent('/checklists')}`)
  await enterPin(page, k.pin === '9999' ? '8888' : '9999')
  await expect(page.getByRole('alert').filter({ hasText: 'Wrong PIN' })).toBeVisible()
  expect(new URL(page.url()).searchParams.get('redirectTo')).toBe('/checklists')
  // Still the pad for the person picked, with a way to change person that keeps the way back.
  await expect(page.getByRole('heading', { level: 2, name: 'PIN for Pablo Pin' })).toBeVisible()
  await page.getByRole('link', { name: 'Not you? Choose another name' }).click()
  await expect(page.getByRole('heading', { level: 2, name: 'Who are you? Tap your name.' })).toBeVisible()
  expect(new URL(page.url()).searchParams.get('redirectTo')).toBe('/checklists')
  await enterPin(page, k.pin)
  await expect(page).toHaveURL(/\/checklists$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.context().close()
})

test('five wrong PINs lock the pad, with the time left', async ({ browser, baseURL }) => {
  test.setTimeout(120_000)
  const k = await kitchen(baseURL!)
  const { page } = await pairedTablet(browser, k, TABLET)
  await page.goto('/pin')
  const wrong = k.pin === '9999' ? '8888' : '9999'
  for (let i = 1; i <= 4; i++) {
    await enterPin(page, wrong)
    await expect(page.getByRole('alert').filter({ hasText: 'Wrong PIN' })).toBeVisible()
    await expect(page.getByRole('textbox', { name: 'PIN' })).toHaveAttribute('aria-invalid', 'true')
  }
  await expectAccessible(page)
  await enterPin(page, wrong)
  const lock = page.getByRole('alert').filter({ hasText: 'Too many wrong PINs.' })
  await expect(lock).toBeVisible()
  await expect(lock).toContainText(/Try again in [45]:\d\d/)
  await expectAccessible(page)
  if (js()) {
    // The pad is shut while locked, and the countdown runs.
    await expect(page.getByRole('group', { name: 'Keypad' }).getByRole('button', { name: '1', exact: true })).toBeDisabled()
    const before = await lock.textContent()
    await expect(lock).not.toHaveText(before!, { timeout: 5000 })
  } else {
    // Even the right PIN is refused until the lock ends.
    await enterPin(page, k.pin)
    await expect(page.getByRole('alert').filter({ hasText: 'Too many wrong PINs.' })).toBeVisible()
  }
  await page.context().close()
})

test('five idle minutes forget the PIN in the browser (JavaScript); without JavaScript it stays until Done', async ({ browser, baseURL }) => {
  test.setTimeout(120_000)
  const k = await kitchen(baseURL!)
  const { page } = await pairedTablet(browser, k, TABLET, js())
  // This tablet sends the PIN by itself after four digits (with JavaScript; without, OK sends it).
  await openMenu(page)
  await page.getByRole('link', { name: 'Tablet settings' }).click()
  await page.getByRole('combobox', { name: 'Send the PIN by itself' }).selectOption('4')
  await page.getByRole('button', { name: 'Save' }).click()
  await expectToast(page, 'Saved for this tablet.')
  await page.getByRole('link', { name: 'Enter PIN' }).click()
  await pickName(page)
  await expect(page.getByText('Your PIN is sent after 4 digits.')).toBeVisible()
  await enterPin(page, k.pin, !js())
  await expect(header(page).getByText('Pablo Pin')).toBeVisible()

  if (!js()) {
    // No timer runs in the page: the PIN is there until "Done" (the server forgets it after 5 idle minutes).
    await page.reload()
    await expect(header(page).getByText('Pablo Pin')).toBeVisible()
    await header(page).getByRole('button', { name: /^Done, Pablo Pin/ }).click()
    await expect(header(page).getByText('Pablo Pin')).toHaveCount(0)
    await expect(header(page).getByRole('link', { name: 'Enter PIN' })).toBeVisible()
    await page.context().close()
    return
  }

  // Activity keeps it: 4 minutes, a tap, 4 more minutes.
  await page.clock.fastForward('04:00')
  await page.mouse.click(5, 400)
  await page.clock.fastForward(600)
  await page.clock.fastForward('04:00')
  await expect(header(page).getByText('Pablo Pin')).toBeVisible()
  await expect(page).not.toHaveURL(/\/pin/)

  // Five minutes with nobody there: back to the pad, and the server has forgotten it too.
  await page.clock.fastForward('01:05')
  await expect(page).toHaveURL(/\/pin\?.*reason=idle/)
  await expect(page.getByText('Nobody used this tablet for 5 minutes, so the PIN was forgotten.')).toBeVisible()
  await expect(header(page).getByText('Pablo Pin')).toHaveCount(0)
  await expectAccessible(page)
  await page.reload()
  await expect(header(page).getByText('Pablo Pin')).toHaveCount(0)
  await page.context().close()
})

test('the device’s own settings: what it is, its language, and signing this tablet out', async ({ browser, baseURL }) => {
  test.setTimeout(120_000)
  const k = await kitchen(baseURL!)
  const { page, device } = await pairedTablet(browser, k, PHONE)
  await openMenu(page)
  await page.getByRole('link', { name: 'Tablet settings' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'This tablet' })).toBeVisible()
  const about = page.getByRole('region', { name: 'About this tablet' })
  await expect(about.getByText(device.name)).toBeVisible()
  await expect(about.getByText(k.venueName)).toBeVisible()
  await expect(about.getByText(`Bistro ${k.tag}`)).toBeVisible()
  await expectAccessible(page)

  await page.getByRole('region', { name: 'Language and theme' }).getByRole('combobox', { name: 'Language' }).selectOption('es')
  await page.getByRole('region', { name: 'Language and theme' }).getByRole('button', { name: 'Change language' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Esta tableta' })).toBeVisible()
  await expectAccessible(page)

  // A person is sent away from a device's page.
  const admin = await signedInPage(browser, k.admin, PHONE)
  await admin.goto('/device-settings')
  await expect(admin).toHaveURL(/\/$/)
  await admin.context().close()

  await confirmTrigger(page, 'Cerrar la sesión de este dispositivo').click()
  await confirmPanel(page, '¿Cerrar la sesión de esta tableta?').getByRole('button', { name: 'Cerrar la sesión de este dispositivo' }).click()
  await expect(page).toHaveURL(/\/device-login$/)
  await expectToast(page, 'Esta tableta ha cerrado la sesión.')
  await page.goto('/')
  await expect(page).toHaveURL(/\/login/)
  await page.context().close()
})

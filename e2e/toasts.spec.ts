/**
 * Toasts (issue #16, fault 6): with JavaScript a success toast floats and leaves after its 2 s; without
 * JavaScript it is a banner in the page's flow that covers nothing.
 */
import { expect, expectAccessible, expectToast, test } from './support/fixtures'
import { organisationWithMembers } from './support/setup'

const js = () => test.info().project.use.javaScriptEnabled !== false

test('a success toast leaves after its time with JavaScript, and sits in the page flow without it', async ({ browser, baseURL }) => {
  const tag = Math.random().toString(36).slice(2, 7)
  const org = await organisationWithMembers(baseURL!, [], `Bistro ${tag}`, `Harbour ${tag}`)
  const context = await browser.newContext({ storageState: await org.owner.api.storageState(), viewport: { width: 390, height: 844 }, javaScriptEnabled: js() })
  const page = await context.newPage()
  test.slow()
  // The browser's clock stands still until the test moves it: the 2 s are the test's, not the machine's.
  if (js()) await page.clock.install()
  await page.goto(`/settings/venues/${org.venueId}`)
  if (js()) await page.clock.pauseAt(Date.now() + 60_000)
  await page.getByRole('textbox', { name: 'Venue name' }).fill(`Quay ${tag}`)
  await page.getByRole('button', { name: 'Save' }).click()
  const toast = page.getByRole('status').getByText(`Quay ${tag} has been saved.`)
  await expect(toast).toBeVisible()
  const position = await page.getByTestId('toaster').evaluate((el) => getComputedStyle(el).position)
  if (js()) {
    expect(position).toBe('fixed')
    await page.clock.runFor(1_500)
    await expect(toast).toBeVisible()
    await page.clock.runFor(1_000)
    await expect(toast).toBeHidden()
    await page.clock.resume() // axe needs its timers
  } else {
    // In the flow, above the page's heading: nothing under it is covered, so it stays.
    expect(position).toBe('static')
    const banner = (await toast.boundingBox())!
    const heading = (await page.getByRole('heading', { level: 1 }).boundingBox())!
    expect(banner.y + banner.height).toBeLessThanOrEqual(heading.y)
  }
  await expectAccessible(page)
  await context.close()
})

test('a slow save shows the progress bar after a second, inside the page landmarks; without JavaScript the browser shows its own', async ({ browser, baseURL }) => {
  const tag = Math.random().toString(36).slice(2, 7)
  const org = await organisationWithMembers(baseURL!, [], `Bistro ${tag}`, `Harbour ${tag}`)
  const context = await browser.newContext({ storageState: await org.owner.api.storageState(), viewport: { width: 320, height: 640 }, javaScriptEnabled: js() })
  const page = await context.newPage()
  test.slow()
  await page.goto(`/settings/venues/${org.venueId}`)
  // The save's request waits until the test has checked the page while it is pending.
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route((url) => url.pathname.startsWith(`/settings/venues/${org.venueId}`), async (route) => {
    if (route.request().method() === 'POST') await held
    await route.continue()
  })
  await page.getByRole('textbox', { name: 'Venue name' }).fill(`Quay ${tag}`)
  const saving = page.getByRole('button', { name: 'Save' }).click({ noWaitAfter: true })
  if (js()) {
    await expect(page.getByRole('progressbar', { name: 'Loading page' })).toBeVisible()
    // While it shows, nothing on the page sits outside a landmark (axe's "region" rule).
    await expectAccessible(page)
  }
  release()
  await saving
  await expectToast(page, `Quay ${tag} has been saved.`)
  await expect(page.getByRole('progressbar')).toHaveCount(0)
  await context.close()
})

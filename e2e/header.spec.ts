/**
 * The app's bar on a phone (issue #16, fault 3): one row of at most 56 px with the venue and the
 * current page, a menu that opens without JavaScript and holds the switchers, language, theme,
 * profile and sign-out, every control at least 44×44 px, and a one-tap language change.
 */
import type { Locator, Page } from '@playwright/test'
import { expect, expectAccessible, test } from './support/fixtures'
import { organisationWithMembers } from './support/setup'

const PHONE = { width: 390, height: 844 }
const js = () => test.info().project.use.javaScriptEnabled !== false

/** Every visible link, button and menu toggle inside `scope`, with its box. */
async function controls(scope: Locator) {
  const all = scope.locator('a, button, summary')
  const out: Array<{ name: string; width: number; height: number }> = []
  for (let i = 0; i < (await all.count()); i++) {
    const control = all.nth(i)
    if (!(await control.isVisible())) continue
    const box = (await control.boundingBox())!
    out.push({ name: (await control.innerText()).trim(), width: Math.round(box.width), height: Math.round(box.height) })
  }
  return out
}

async function signedInPhone(browser: import('@playwright/test').Browser, baseURL: string) {
  const tag = Math.random().toString(36).slice(2, 7)
  const org = await organisationWithMembers(baseURL, [], `Bistro ${tag}`, `Harbour ${tag}`)
  const context = await browser.newContext({ storageState: await org.owner.api.storageState(), viewport: PHONE, javaScriptEnabled: js() })
  const page = await context.newPage()
  return { page, venueName: `Harbour ${tag}`, orgName: `Bistro ${tag}` }
}

const bar = (page: Page) => page.getByRole('banner')
const menuToggle = (page: Page) => bar(page).locator('summary')

test('on a phone the bar is one row of at most 56 px; the menu holds everything else, in 44 px targets', async ({ browser, baseURL }) => {
  test.slow() // an organisation made through the API, two menus measured, axe, three navigations
  const { page, venueName, orgName } = await signedInPhone(browser, baseURL!)
  await page.goto('/checklists')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()

  const header = (await bar(page).boundingBox())!
  await test.info().attach('phone header', { body: await bar(page).screenshot(), contentType: 'image/png' })
  expect(header.height).toBeLessThanOrEqual(56)
  await expect(page.getByTestId('header-context')).toHaveText(`${venueName} · Checklists`)
  // Closed, the menu shows nothing but its toggle.
  await expect(bar(page).getByRole('link', { name: 'Profile' })).toBeHidden()
  for (const c of await controls(bar(page))) {
    expect.soft(c.height, `${c.name} height`).toBeGreaterThanOrEqual(44)
    expect.soft(c.width, `${c.name} width`).toBeGreaterThanOrEqual(44)
  }

  await menuToggle(page).click()
  const menu = page.getByTestId('header-menu')
  await expect(menu.getByRole('link', { name: `Venue: ${venueName}. Change venue` })).toBeVisible()
  await expect(menu.getByRole('link', { name: `Organisation: ${orgName}. Change organisation` })).toBeVisible()
  await expect(menu.getByRole('link', { name: 'Settings' })).toBeVisible()
  await expect(menu.getByRole('link', { name: 'Profile' })).toBeVisible()
  await expect(menu.getByRole('button', { name: 'Log out' })).toBeVisible()
  await expect(menu.getByRole('group', { name: 'Theme' })).toBeVisible()
  const opened = await controls(bar(page))
  expect(opened.length).toBeGreaterThan(8)
  for (const c of opened) {
    expect.soft(c.height, `${c.name} height`).toBeGreaterThanOrEqual(44)
    expect.soft(c.width, `${c.name} width`).toBeGreaterThanOrEqual(44)
  }
  // The open menu fits the screen.
  const panel = (await menu.locator('div').first().boundingBox())!
  expect(panel.x).toBeGreaterThanOrEqual(0)
  expect(panel.x + panel.width).toBeLessThanOrEqual(PHONE.width)
  await expectAccessible(page)

  // One tap changes the language, and the page comes back in it.
  await menu.getByRole('button', { name: 'Español', exact: true }).click()
  await expect(page.locator('html')).toHaveAttribute('lang', 'es')
  await expect(page.getByTestId('header-context')).toHaveText(`${venueName} · Listas de control`)
  await menuToggle(page).click()
  await expect(page.getByTestId('header-menu').getByRole('button', { name: 'Español', exact: true })).toHaveAttribute('aria-pressed', 'true')
  await page.getByTestId('header-menu').getByRole('button', { name: 'English', exact: true }).click()
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')

  // Signing out from the menu.
  await menuToggle(page).click()
  await page.getByTestId('header-menu').getByRole('button', { name: 'Log out' }).click()
  await expect(page).toHaveURL(/\/login/)
  await page.context().close()
})

test('at 320 px nothing in the bar spills off the screen', async ({ browser, baseURL }) => {
  const { page } = await signedInPhone(browser, baseURL!)
  await page.setViewportSize({ width: 320, height: 640 })
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  expect((await bar(page).boundingBox())!.height).toBeLessThanOrEqual(56)
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  expect(overflow).toBeLessThanOrEqual(0)
  await page.context().close()
})

test('the not-allowed and not-found screens keep the header and a way back', async ({ browser, baseURL }) => {
  const tag = Math.random().toString(36).slice(2, 7)
  const org = await organisationWithMembers(baseURL!, [{ name: 'Bea Basic', role: 'BASIC' }], `Bistro ${tag}`, `Harbour ${tag}`)
  const context = await browser.newContext({ storageState: await org.people[0]!.api.storageState(), viewport: PHONE, javaScriptEnabled: js() })
  const page = await context.newPage()
  await page.goto('/settings/venues')
  await expect(page.getByRole('heading', { level: 1, name: 'Not allowed' })).toBeVisible()
  await expect(bar(page)).toBeVisible()
  await expect(page.getByTestId('header-context')).toHaveText(`Harbour ${tag} · Settings`)
  await expectAccessible(page)
  await page.getByRole('link', { name: 'Back to home' }).click()
  await expect(page.getByRole('heading', { level: 1, name: `Harbour ${tag}` })).toBeVisible()

  await page.goto('/no-such-page')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(bar(page)).toBeVisible()
  await expect(page.getByRole('link', { name: 'Back to home' })).toBeVisible()
  await context.close()
})

test('an address the API refuses (a search of 101 characters) shows its message, the header and a way back, never JSON', async ({ browser, baseURL }) => {
  const { page } = await signedInPhone(browser, baseURL!)
  await page.goto(`/settings/checklists?search=${'x'.repeat(101)}`)
  await expect(page.getByRole('heading', { level: 1, name: 'That could not be shown' })).toBeVisible()
  await expect(bar(page)).toBeVisible()
  await expect(page.getByRole('main')).not.toContainText('{')
  await expect(page.getByRole('main')).not.toContainText('ValidationError')
  await expectAccessible(page)
  await page.getByRole('link', { name: 'Back to the page' }).click()
  await expect(page).toHaveURL(/\/settings\/checklists$/)
  await page.context().close()
})

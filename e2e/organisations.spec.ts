import type { Browser, Page } from '@playwright/test'
import { expect, expectAccessible, linkIn, test, uniqueEmail, waitForMail, expectToast } from './support/fixtures'

async function register(page: Page, name: string, email: string, password: string) {
  await page.goto('/register')
  await page.getByLabel('Your name').fill(name)
  await page.getByLabel('E-mail address').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page).toHaveURL(/\/organisations$/)
}

async function newPage(browser: Browser) {
  const context = await browser.newContext({ javaScriptEnabled: test.info().project.use.javaScriptEnabled !== false })
  return context.newPage()
}

/**
 * The multi-venue frame: an owner builds an organisation with two venues, invites an admin and a
 * basic member through real e-mails, and each of them sees what their role allows.
 */
test('owner, admin and basic member work in one organisation', async ({ page, browser }) => {
  test.setTimeout(360_000)
  const tag = Math.random().toString(36).slice(2, 7)
  const orgName = `Casa ${tag}`
  const ownerEmail = uniqueEmail('owner')
  const started = Date.now()

  // The owner registers and verifies the address (inviting needs it).
  await register(page, 'Olga Owner', ownerEmail, 'owner-password-1')
  await page.goto(linkIn(await waitForMail(ownerEmail, /Verify/, started - 1000), '/verify-email'))
  await page.getByRole('button', { name: 'Verify my e-mail address' }).click()
  await expect(page).toHaveURL(/status=success/)

  // An organisation and two venues.
  await page.goto('/organisations')
  await page.getByRole('link', { name: 'Create an organisation' }).click()
  await expectAccessible(page)
  await page.getByLabel('Organisation name').fill(orgName)
  await page.getByLabel('Time zone').selectOption('Europe/Madrid')
  await page.getByRole('button', { name: 'Create organisation' }).click()
  await expect(page).toHaveURL(/\/venues\/create$/)
  await expectAccessible(page)
  await page.getByLabel('Venue name').fill('North')
  await page.getByLabel('Address').fill('1 North Road')
  await page.getByRole('button', { name: 'Add venue' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('heading', { level: 1, name: 'North' })).toBeVisible()
  await expect(page).toHaveTitle(`Mise · North · ${orgName}`)
  await expect(page.getByRole('heading', { name: 'Get started' })).toBeVisible()
  await expectAccessible(page)
  // Two venues are more than the Free plan allows: the owner switches to Pro (self-hosted, ADR 031).
  await page.goto('/settings/billing')
  await page.getByRole('button', { name: 'Switch to Pro' }).click()
  await expect(page.getByTestId('current-plan')).toHaveText('Pro plan')
  await page.goto('/venues/create')
  await page.getByLabel('Venue name').fill('South')
  await page.getByRole('button', { name: 'Add venue' }).click()
  await expect(page).toHaveTitle(`Mise · South · ${orgName}`)

  // Settings lists both venues.
  await page.goto('/settings/venues')
  await expect(page.getByRole('main').getByText('North', { exact: true })).toBeVisible()
  await expect(page.getByRole('main').getByText('South', { exact: true })).toBeVisible()
  await expectAccessible(page)

  // Invite an admin (all venues) and a basic member (North only).
  const adminEmail = uniqueEmail('admin')
  const basicEmail = uniqueEmail('basic')
  const invitedAt = Date.now()
  for (const [name, email, role, venue] of [
    ['Ada Admin', adminEmail, 'ADMIN', null],
    ['Bo Basic', basicEmail, 'BASIC', 'North'],
  ] as const) {
    await page.goto('/settings/staff/invite')
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name)
    await page.getByLabel('E-mail address').fill(email)
    await page.getByLabel('Role').selectOption(role)
    if (venue) await page.getByRole('checkbox', { name: venue }).check()
    await expectAccessible(page)
    await page.getByRole('button', { name: 'Add member' }).click()
    await expectToast(page, `An invitation has been sent to ${email}`)
  }
  await expect(page.getByText('Ada Admin')).toBeVisible()
  await expect(page.getByText('Bo Basic')).toBeVisible()
  await expectAccessible(page)

  // Both accept through the links in their e-mails.
  const adminPage = await newPage(browser)
  await adminPage.goto(linkIn(await waitForMail(adminEmail, new RegExp(orgName), invitedAt - 1000), '/invite'))
  await expect(adminPage.getByText(`You have been invited to join ${orgName}`)).toBeVisible()
  await expectAccessible(adminPage)
  await adminPage.getByLabel('Your name').fill('Ada Admin')
  await adminPage.getByLabel('Password').fill('admin-password-1')
  await adminPage.getByRole('button', { name: `Create account and join ${orgName}` }).click()
  // Two venues: the admin chooses one.
  await expect(adminPage).toHaveURL(/\/venues$/)
  await adminPage.getByRole('button', { name: 'Work at South' }).click()
  await expect(adminPage.getByRole('heading', { level: 1, name: 'South' })).toBeVisible()

  const basicPage = await newPage(browser)
  await basicPage.goto(linkIn(await waitForMail(basicEmail, new RegExp(orgName), invitedAt - 1000), '/invite'))
  await basicPage.getByLabel('Your name').fill('Bo Basic')
  await basicPage.getByLabel('Password').fill('basic-password-1')
  await basicPage.getByRole('button', { name: `Create account and join ${orgName}` }).click()
  // One venue: chosen automatically.
  await expect(basicPage.getByRole('heading', { level: 1, name: 'North' })).toBeVisible()
  await expect(basicPage).toHaveTitle(`Mise · North · ${orgName}`)
  await expectAccessible(basicPage)

  // The basic member sees only their venue and cannot open settings.
  await basicPage.goto('/venues')
  await expect(basicPage.getByRole('button', { name: 'Work at North' })).toBeVisible()
  await expect(basicPage.getByRole('button', { name: 'Work at South' })).toHaveCount(0)
  await expect(basicPage.getByRole('link', { name: 'Settings' })).toHaveCount(0)
  const forbidden = await basicPage.goto('/settings')
  expect(forbidden?.status()).toBe(403)
  await expect(basicPage.getByRole('heading', { name: 'Not allowed' })).toBeVisible()
  await expectAccessible(basicPage)

  // The admin manages staff but cannot demote the owner.
  await adminPage.goto('/settings/staff')
  await expectAccessible(adminPage)
  await adminPage.getByRole('link', { name: /Olga Owner/ }).click()
  await expect(adminPage.getByText('Only an owner can change an owner.')).toBeVisible()
  await adminPage.getByRole('combobox', { name: 'Role' }).selectOption('ADMIN')
  await adminPage.getByRole('button', { name: 'Save' }).click()
  await expect(adminPage.getByRole('alert').filter({ hasText: 'Only an owner can manage owners.' })).toBeVisible()
  await expectAccessible(adminPage)
  await adminPage.goto('/settings/staff')
  await expect(adminPage.getByRole('link', { name: /Olga Owner/ })).toBeVisible()

  // The owner creates a second organisation, switches back: the venue choice is cleared.
  await page.goto('/organisations/create')
  await page.getByLabel('Organisation name').fill(`Second ${tag}`)
  await page.getByRole('button', { name: 'Create organisation' }).click()
  await expect(page).toHaveURL(/\/venues\/create$/)
  await expect(page).toHaveTitle(`Mise · Second ${tag}`)
  await page.goto('/organisations')
  await expectAccessible(page)
  await page.getByRole('button', { name: `Work in ${orgName}` }).click()
  await expect(page).toHaveURL(/\/venues$/)
  await expect(page).toHaveTitle(`Mise · ${orgName}`)
  if (test.info().project.use.javaScriptEnabled !== false) {
    expect(await page.evaluate(() => localStorage.getItem('mise_venue_id'))).toBeNull()
    expect(await page.evaluate(() => localStorage.getItem('mise_org_id'))).toBeTruthy()
  }
  await page.getByRole('button', { name: 'Work at North' }).click()
  await expect(page).toHaveTitle(`Mise · North · ${orgName}`)

  // Language follows the choice; the title keeps the venue and organisation.
  await page.getByRole('button', { name: 'Español', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Este local' })).toBeVisible()
  await expect(page).toHaveTitle(`Mise · North · ${orgName}`)
  await expectAccessible(page)
  await page.getByRole('button', { name: 'English', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'This venue' })).toBeVisible()

  await adminPage.context().close()
  await basicPage.context().close()
})

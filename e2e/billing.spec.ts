/**
 * Billing in self-hosted mode (issue #15, docs/decisions/031): a Free owner sees the venue limit before
 * trying, is refused with a message naming it, switches to Pro on /settings/billing and adds the venue.
 * JavaScript on and off (the two projects), 390 px wide, axe on every page.
 */
import { request, type APIRequestContext } from '@playwright/test'
import { expect, expectAccessible, test, uniqueEmail } from './support/fixtures'
import { organisationWithMembers } from './support/setup'

async function ok(res: Awaited<ReturnType<APIRequestContext['post']>>) {
  if (!res.ok()) throw new Error(`${res.url()} → ${res.status()} ${await res.text()}`)
  return (await res.json()) as Record<string, { id: string }>
}

test.use({ viewport: { width: 390, height: 844 } })

test('a Free owner hits the venue limit, switches to Pro without payment (self-hosted) and adds the venue', async ({ page, baseURL }) => {
  test.setTimeout(360_000)
  const owner = await request.newContext({ baseURL })
  await ok(await owner.post('/v1/auth/register', { data: { name: 'Fran Free', email: uniqueEmail('free'), password: 'free-owner-pass-1' } }))
  const { organisation } = await ok(await owner.post('/v1/orgs', { data: { name: 'Free Bistro' } }))
  const orgId = organisation!.id
  await ok(await owner.post(`/v1/orgs/${orgId}/venues`, { data: { name: 'Harbour' } }))
  const { cookies } = await owner.storageState()
  await page.context().addCookies([...cookies, { name: 'mise_org_id', value: orgId, domain: new URL(baseURL!).hostname, path: '/' }])
  await owner.dispose()

  // The limit is shown before trying, with the way to billing.
  await page.goto('/settings/venues/new')
  const notice = page.getByRole('status').filter({ hasText: 'Free plan: 1 of 1 venues in use.' })
  await expect(notice).toBeVisible()
  await expect(notice).toContainText('You have reached the limit')
  await expectAccessible(page)

  // Trying anyway: refused with the limit and the plan named; what was typed is kept.
  await page.getByLabel('Venue name').fill('Market')
  await page.getByRole('button', { name: 'Add venue' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'The Free plan allows 1 venue. Upgrade to Pro in Billing to add more.' })).toBeVisible()
  await expect(page.getByLabel('Venue name')).toHaveValue('Market')
  await expectAccessible(page)

  // Billing: the plan, the usage, and why there is nothing to pay.
  await notice.getByRole('link', { name: 'See plans in Billing' }).click()
  await expect(page).toHaveURL(/\/settings\/billing$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible()
  await expect(page.getByTestId('current-plan')).toHaveText('Free plan')
  await expect(page.getByRole('row', { name: /Venues 1 1/ })).toBeVisible()
  await expect(page.getByText('This server is self-hosted and has no payment set up')).toBeVisible()
  await expect(page.getByText('No invoices yet.')).toBeVisible()
  await expectAccessible(page)

  await page.getByRole('button', { name: 'Switch to Pro' }).click()
  // (The success toast lasts 2 seconds: the page itself is what is checked.)
  await expect(page.getByTestId('current-plan')).toHaveText('Pro plan')
  await expect(page.getByRole('button', { name: 'Switch to Free' })).toBeVisible()
  await expect(page.getByRole('row', { name: /Venues 1 No limit/ })).toBeVisible()
  await expectAccessible(page)

  // Now the venue can be added, and no limit is shown.
  await page.goto('/settings/venues/new')
  await expect(page.getByRole('status').filter({ hasText: 'venues in use' })).toHaveCount(0)
  await page.getByLabel('Venue name').fill('Market')
  await page.getByRole('button', { name: 'Add venue' }).click()
  await expect(page).toHaveURL(/\/settings\/venues$/)
  await expect(page.getByRole('main').getByText('Market', { exact: true })).toBeVisible()
})

test('billing is the owners’: an admin sees no Billing link and gets the 403 screen', async ({ browser, baseURL }) => {
  test.setTimeout(120_000)
  const { people, orgId } = await organisationWithMembers(baseURL!, [{ name: 'Ana Admin', role: 'ADMIN' }], `Owners ${Date.now()}`, 'Harbour')
  const context = await browser.newContext({ storageState: await people[0]!.api.storageState(), viewport: { width: 390, height: 844 } })
  await context.addCookies([{ name: 'mise_org_id', value: orgId, domain: new URL(baseURL!).hostname, path: '/' }])
  const page = await context.newPage()
  await page.goto('/settings')
  await expect(page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Devices' })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Billing' })).toHaveCount(0)
  const res = await page.goto('/settings/billing')
  expect(res?.status()).toBe(403)
  await expect(page.getByRole('button', { name: 'Switch to Pro' })).toHaveCount(0)
  await context.close()
})

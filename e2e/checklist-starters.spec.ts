/**
 * Issue #16, the starter library (ADR 049), on a 390 px phone, JavaScript on and off: the onboarding
 * panel's "Create a checklist" leads to /settings/checklists/new, where an admin picks "Weekly pest
 * check" and lands on the new checklist's settings page with its items.
 */
import { expect, expectAccessible, test, expectToast } from './support/fixtures'
import { organisationWithMembers } from './support/setup'

const PHONE = { width: 390, height: 844 }
const js = () => test.info().project.use.javaScriptEnabled !== false

test('an admin copies the weekly pest check from the starter library', async ({ browser, baseURL }) => {
  test.setTimeout(120_000)
  const tag = Math.random().toString(36).slice(2, 7)
  const org = await organisationWithMembers(baseURL!, [{ name: 'Ana Admin', role: 'ADMIN' }], `Bistro ${tag}`, `Harbour ${tag}`)
  const context = await browser.newContext({ javaScriptEnabled: js(), viewport: PHONE })
  const url = new URL(baseURL!)
  await context.addCookies([
    ...(await org.people[0]!.api.storageState()).cookies,
    { name: 'mise_org_id', value: org.orgId, domain: url.hostname, path: '/' },
    { name: 'mise_venue_id', value: org.venueId, domain: url.hostname, path: '/' },
  ])
  const page = await context.newPage()

  // The onboarding panel's checklist step leads to the page that offers the library.
  await page.goto('/')
  await page.getByRole('region', { name: 'Get started' }).getByRole('link', { name: 'Create a checklist' }).click()
  await expect(page).toHaveURL(/\/settings\/checklists\/new$/)
  const library = page.getByRole('region', { name: 'Start from a template' })
  await expect(library.getByRole('listitem')).toHaveCount(6)
  const pest = library.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Weekly pest check' }) })
  await expect(pest.getByText('Once a week, on Monday')).toBeVisible()
  await expect(pest.getByText('5 items')).toBeVisible()
  // The blank form is still there.
  await expect(page.getByRole('button', { name: 'Create checklist' })).toBeVisible()
  await expectAccessible(page)

  await pest.getByRole('button', { name: 'Use this template' }).click()
  await expect(page).toHaveURL(/\/settings\/checklists\/[0-9a-f-]{36}$/)
  await expectToast(page, 'Checklist Weekly pest check created from the template.')
  await expect(page.getByRole('heading', { level: 1, name: 'Weekly pest check' })).toBeVisible()
  const items = page.getByRole('list', { name: 'Items, in order' })
  await expect(items.getByText('Any signs of pests?', { exact: true })).toBeVisible()
  await expect(items.getByText('Notes for the pest contractor', { exact: true })).toBeVisible()
  await expectAccessible(page)

  // It is an ordinary checklist of the organisation, with its items in order.
  const { checklists } = await (await org.owner.api.get(`/v1/orgs/${org.orgId}/checklists`)).json()
  const copy = checklists.find((c: { name: string }) => c.name === 'Weekly pest check')
  expect(copy).toMatchObject({ days: [1], dueTime: '10:00', itemCount: 5 })
  await context.close()
})

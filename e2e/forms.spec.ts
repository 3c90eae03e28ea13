/**
 * Forms keep what was typed after a failed submission, put focus on the first invalid field and
 * expose its message (aria-invalid, aria-describedby, role=alert), with JavaScript on and off
 * (docs/decisions/019-forms-with-conform.md).
 */
import { request, type APIRequestContext, type Page } from '@playwright/test'
import { expect, expectAccessible, test, uniqueEmail, expectToast } from './support/fixtures'

async function ok(res: Awaited<ReturnType<APIRequestContext['post']>>) {
  if (!res.ok()) throw new Error(`${res.url()} → ${res.status()} ${await res.text()}`)
  return (await res.json()) as Record<string, { id: string }>
}

/** The field's message: it is what the field is described by, and it is an alert. */
async function expectAnnounced(page: Page, field: ReturnType<Page['getByLabel']>, message: string) {
  await expect(field).toHaveAttribute('aria-invalid', 'true')
  await expect(field).toHaveAccessibleDescription(new RegExp(message))
  const describedBy = (await field.getAttribute('aria-describedby'))!.split(' ')
  const alert = page.getByRole('alert').filter({ hasText: message })
  await expect(alert).toBeVisible()
  expect(describedBy).toContain(await alert.getAttribute('id'))
}

test('a failed registration keeps the name and e-mail address and focuses the field at fault', async ({ page, baseURL }) => {
  const email = uniqueEmail('taken')
  const api = await request.newContext({ baseURL })
  await ok(await api.post('/v1/auth/register', { data: { name: 'First Owner', email, password: 'first-password-1' } }))
  await api.dispose()

  await page.goto('/register')
  await page.getByLabel('Your name').fill('Rita Repeat')
  await page.getByLabel('E-mail address').fill(email)
  await page.getByLabel('Password').fill('long-enough-pass')
  await page.getByRole('button', { name: 'Create account' }).click()

  const field = page.getByLabel('E-mail address')
  await expectAnnounced(page, field, 'An account with this e-mail address already exists')
  await expect(page).toHaveURL(/\/register$/)
  await expect(page.getByLabel('Your name')).toHaveValue('Rita Repeat')
  await expect(field).toHaveValue(email)
  await expect(field).toBeFocused()
  await expectAccessible(page)

  // A name of only spaces passes the browser's `required` and is refused by the server, with a message.
  await page.getByLabel('Your name').fill('   ')
  await page.getByLabel('E-mail address').fill(uniqueEmail('spaces'))
  await page.getByLabel('Password').fill('long-enough-pass')
  await page.getByRole('button', { name: 'Create account' }).click()
  await expectAnnounced(page, page.getByLabel('Your name'), 'Enter more than spaces')
  await expect(page.getByLabel('Your name')).toBeFocused()
})

test('a corrective action of only spaces is refused, kept, focused and announced', async ({ page, baseURL }) => {
  const owner = await request.newContext({ baseURL })
  await ok(await owner.post('/v1/auth/register', { data: { name: 'Cora Cook', email: uniqueEmail('cook'), password: 'cook-password-1' } }))
  const { organisation } = await ok(await owner.post('/v1/orgs', { data: { name: 'Forms Bistro' } }))
  const orgId = organisation!.id
  const { venue } = await ok(await owner.post(`/v1/orgs/${orgId}/venues`, { data: { name: 'Quay' } }))
  const { checklist } = await ok(await owner.post(`/v1/orgs/${orgId}/checklists`, { data: { name: 'Opening' } }))
  const { item } = await ok(await owner.post(`/v1/orgs/${orgId}/checklists/${checklist!.id}/items`, { data: { label: 'Fridge door sealed?', type: 'yes_no' } }))
  await ok(await owner.post(`/v1/orgs/${orgId}/checklist-entries/${checklist!.id}/items/${item!.id}/complete`, { data: { venueId: venue!.id, value: 'no' } }))

  // Signed in by the API's session cookie, at the venue (as the pickers leave it).
  const { cookies } = await owner.storageState()
  const host = new URL(baseURL!).hostname
  await page.context().addCookies([
    ...cookies,
    { name: 'mise_org_id', value: orgId, domain: host, path: '/' },
    { name: 'mise_venue_id', value: venue!.id, domain: host, path: '/' },
  ])
  await owner.dispose()

  await page.goto(`/checklists/${checklist!.id}`)
  const entry = page.getByRole('listitem', { name: 'Fridge door sealed?' })
  const action = entry.getByLabel('Corrective action')
  await action.fill('   ')
  await entry.getByRole('button', { name: 'Save corrective action' }).click()

  await expectAnnounced(page, action, 'Enter more than spaces')
  await expect(action).toHaveValue('   ')
  await expect(action).toBeFocused()
  await expectAccessible(page)

  // Then a real one is saved.
  await action.fill('Replaced the seal, re-checked at 09:40')
  await entry.getByRole('button', { name: 'Save corrective action' }).click()
  await expectToast(page, 'Corrective action saved')
  await expect(entry.getByText('Replaced the seal, re-checked at 09:40')).toBeVisible()
})

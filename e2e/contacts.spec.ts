/**
 * Contacts (issue #13): an admin adds a supplier in Settings → Contacts with a national phone number;
 * a member opens the venue's Contacts page on a 390 px phone, searches, and taps the one-tap phone link
 * (a `tel:` link with the E.164 number, shown in the venue's national format). JavaScript on and off.
 */
import type { APIRequestContext } from '@playwright/test'
import { expect, expectAccessible, test } from './support/fixtures'
import { organisationWithMembers } from './support/setup'

const PHONE = { width: 390, height: 844 }
const js = () => test.info().project.use.javaScriptEnabled !== false

async function ok(res: Awaited<ReturnType<APIRequestContext['get']>>) {
  if (!res.ok()) throw new Error(`${res.url()} → ${res.status()} ${await res.text()}`)
  return (res.status() === 204 ? null : await res.json()) as any
}

test('an admin adds a contact; a member finds it and taps its phone link', async ({ browser, baseURL }) => {
  test.setTimeout(120_000)
  const tag = Math.random().toString(36).slice(2, 7)
  const org = await organisationWithMembers(baseURL!, [{ name: 'Ana Admin', role: 'ADMIN' }, { name: 'Bea Basic', role: 'BASIC' }], `Bistro ${tag}`, `Harbour ${tag}`)
  const [admin, basic] = org.people
  // The venue is in London: national numbers are British.
  await ok(await org.owner.api.put(`/v1/orgs/${org.orgId}/venues/${org.venueId}`, { data: { timeZone: 'Europe/London' } }))

  const adminContext = await browser.newContext({ storageState: await admin!.api.storageState(), viewport: PHONE, javaScriptEnabled: js() })
  const page = await adminContext.newPage()
  await page.goto('/settings/contacts/new')
  await expect(page.getByRole('heading', { level: 1, name: 'New contact' })).toBeVisible()
  await page.getByRole('textbox', { name: 'Name' }).fill(`Pete Plumber ${tag}`)
  await page.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Maintenance' })
  await page.getByRole('textbox', { name: 'Phone' }).fill('call him')
  await page.getByRole('button', { name: 'Add contact' }).click()
  // Refused, with what was typed kept and the error announced on the field.
  const phone = page.getByRole('textbox', { name: 'Phone' })
  await expect(phone).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue(`Pete Plumber ${tag}`)
  await expectAccessible(page)
  await phone.fill('020 7946 0018')
  await page.getByRole('button', { name: 'Add contact' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible()
  await expect(page.getByRole('link', { name: `Pete Plumber ${tag}` })).toBeVisible()
  await expectAccessible(page)

  const memberContext = await browser.newContext({ storageState: await basic!.api.storageState(), viewport: PHONE, javaScriptEnabled: js() })
  const member = await memberContext.newPage()
  await member.goto('/')
  await member.getByRole('link', { name: 'Contacts' }).first().click()
  await expect(member.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible()
  await member.getByRole('searchbox', { name: 'Search contacts' }).fill('plumber')
  await member.getByRole('button', { name: 'Search' }).click()
  await expect(member).toHaveURL(/search=plumber/)
  const call = member.getByRole('link', { name: `Call Pete Plumber ${tag}` })
  await expect(call).toHaveAttribute('href', 'tel:+442079460018')
  await expect(call).toContainText('020 7946 0018')
  await expectAccessible(member)
  // Tapping it hands the number to the phone (the browser has no dialler: the page stays).
  await call.click()
  await expect(member.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible()
  const vcard = member.getByRole('link', { name: `Save contact (Pete Plumber ${tag}, vCard)` })
  const res = await member.request.get((await vcard.getAttribute('href'))!)
  expect(res.status()).toBe(200)
  expect(await res.text()).toContain('TEL;TYPE=WORK,VOICE:+442079460018')
  await adminContext.close()
  await memberContext.close()
})

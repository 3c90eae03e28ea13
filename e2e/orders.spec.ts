/**
 * Supplier orders (issue #13), at 390 px, JavaScript on and off: a chef builds an order from par levels
 * and sends it; the supplier opens the link from the e-mail in another browser, changes one quantity
 * and confirms; the chef sees the change, receives the delivery with one short line and sends the
 * credit request.
 */
import type { APIRequestContext } from '@playwright/test'
import { expect as baseExpect, expectAccessible, linkIn, test, uniqueEmail, waitForMail } from './support/fixtures'
import { organisationWithMembers } from './support/setup'

const PHONE = { width: 390, height: 844 }
/** Each page of this journey waits on the API and the mail server: a loaded machine needs longer than the default. */
const expect = baseExpect.configure({ timeout: 45_000 })
const js = () => test.info().project.use.javaScriptEnabled !== false

async function ok(res: Awaited<ReturnType<APIRequestContext['get']>>) {
  if (!res.ok()) throw new Error(`${res.url()} → ${res.status()} ${await res.text()}`)
  return (res.status() === 204 ? null : await res.json()) as any
}


test('a chef orders from par levels; the supplier changes and confirms; the delivery comes short and a credit is requested', async ({ browser, baseURL }) => {
  test.setTimeout(420_000)
  const tag = Math.random().toString(36).slice(2, 7)
  const org = await organisationWithMembers(baseURL!, [{ name: 'Chef Carla', role: 'BASIC' }], `Bistro ${tag}`, `Harbour ${tag}`)
  const chef = org.people[0]!
  const supplierEmail = uniqueEmail('supplier')
  const { categories } = await ok(await org.owner.api.get(`/v1/orgs/${org.orgId}/contact-categories`))
  const { contact } = await ok(
    await org.owner.api.post(`/v1/orgs/${org.orgId}/contacts`, { data: { name: `Green Valley ${tag}`, email: supplierEmail, categoryId: categories.find((c: any) => c.supplier).id } }),
  )
  await ok(
    await org.owner.api.put(`/v1/orgs/${org.orgId}/contacts/${contact.id}/products`, {
      data: {
        products: [
          { name: 'Tomatoes', unit: 'kg', code: 'TOM-1', parLevels: [{ venueId: org.venueId, par: 10 }] },
          { name: 'Lemons', unit: 'each', code: 'LEM-1', parLevels: [{ venueId: org.venueId, par: 40 }] },
        ],
      },
    }),
  )

  const context = await browser.newContext({ storageState: await chef.api.storageState(), viewport: PHONE, javaScriptEnabled: js() })
  const page = await context.newPage()
  await page.goto('/orders')
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible()
  await page.getByRole('link', { name: 'New order' }).click()
  await page.getByRole('combobox', { name: 'Supplier' }).selectOption({ label: `Green Valley ${tag}` })
  await page.getByRole('button', { name: 'Choose' }).click()
  await expect(page.getByRole('heading', { level: 2, name: 'Products' })).toBeVisible()
  await page.getByRole('textbox', { name: 'Tomatoes: On hand' }).fill('4')
  await page.getByRole('textbox', { name: 'Lemons: On hand' }).fill('10')
  await expectAccessible(page)
  await page.getByRole('button', { name: 'Create draft' }).click()
  await expect(page.getByRole('heading', { level: 1, name: `Green Valley ${tag}` })).toBeVisible()
  // Par 10 − 4 = 6 kg of tomatoes; 40 − 10 = 30 lemons.
  await expect(page.getByRole('textbox', { name: 'Line 1: Order' })).toHaveValue('6')
  await expect(page.getByRole('textbox', { name: 'Line 2: Order' })).toHaveValue('30')
  const sentAt = Date.now()
  await page.getByRole('button', { name: `Send to Green Valley ${tag}` }).click()
  await expect(page.getByText('Sent', { exact: true }).first()).toBeVisible()

  // The supplier, in another browser, without an account.
  const mail = await waitForMail(supplierEmail, /Order from/, sentAt - 1000)
  expect(mail.text).toContain('- 6 kg Tomatoes [TOM-1]')
  const orderId = page.url().split('/orders/')[1]!.split(/[?#]/)[0]!
  const supplierContext = await browser.newContext({ viewport: PHONE, javaScriptEnabled: js() })
  const supplier = await supplierContext.newPage()
  await supplier.goto(linkIn(mail, `/supplier/orders/${orderId}`))
  await expect(supplier.getByRole('heading', { level: 1, name: `Order from Bistro ${tag}` })).toBeVisible()
  await expectAccessible(supplier)
  await supplier.getByRole('textbox', { name: /Quantity \(each\) — Lemons/ }).fill('24')
  await supplier.getByRole('button', { name: 'Confirm order' }).click()
  await expect(supplier.getByText('Thank you: the order is confirmed.')).toBeVisible()
  await supplierContext.close()

  // The chef sees the change.
  await page.reload()
  await expect(page.getByText('Confirmed', { exact: true }).first()).toBeVisible()
  await expect(page.getByText('Lemons: 30 → 24')).toBeVisible()
  await expectAccessible(page)
  // The delivery: tomatoes one kilo short.
  await page.getByRole('textbox', { name: 'Received (kg)' }).fill('5')
  await page.getByRole('button', { name: 'Record delivery' }).click()
  await expect(page.getByRole('heading', { level: 2, name: 'Shortfalls' })).toBeVisible()
  await expect(page.getByText('Tomatoes: 5 / 6 kg — Short')).toBeVisible()
  const creditAt = Date.now()
  await page.getByRole('button', { name: 'E-mail a credit request' }).click()
  await expect(page.getByText(/Credit requested/).first()).toBeVisible()
  const credit = await waitForMail(supplierEmail, /Credit request/, creditAt - 1000)
  expect(credit.text).toContain('- Tomatoes: ordered 6 kg, received 5 kg (short)')
  await expectAccessible(page)
  await context.close()
})

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

  // The venue keeps a delivery temperature log: the temperature taken on receipt goes into it.
  const { temperature: deliveries } = await ok(await org.owner.api.post(`/v1/orgs/${org.orgId}/temperatures`, { data: { name: `Deliveries ${tag}` } }))
  await ok(await org.owner.api.post(`/v1/orgs/${org.orgId}/temperatures/${deliveries.id}/items`, { data: { label: 'Delivery probe', kind: 'delivery' } }))

  const context = await browser.newContext({ storageState: await chef.api.storageState(), viewport: PHONE, javaScriptEnabled: js() })
  const page = await context.newPage()
  await page.goto('/orders')
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible()
  await page.getByRole('link', { name: 'New order' }).click()
  await page.getByRole('combobox', { name: 'Supplier' }).selectOption({ label: `Green Valley ${tag}` })
  await page.getByRole('button', { name: 'Choose' }).click()
  await expect(page.getByRole('heading', { level: 2, name: 'Products' })).toBeVisible()
  // The delivery date is asked once (issue #39), carried from /orders.
  await expect(page.getByLabel('Delivery date')).toHaveCount(1)
  await expect(page.getByLabel('Delivery date')).not.toHaveValue('')
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
  // Back on the link: when it was confirmed, in the venue's time zone, named (the supplier may be elsewhere).
  const { venue } = await (await org.owner.api.get(`/v1/orgs/${org.orgId}/venues/${org.venueId}`)).json()
  await supplier.goto(linkIn(mail, `/supplier/orders/${orderId}`))
  await expect(supplier.getByText(new RegExp(`^You confirmed this order .*\\d{1,2}:\\d\\d.* \\(${venue.timeZone.replace(/_/g, ' ')}\\)\\.`))).toBeVisible()
  // A confirmation is final (ADR 081): the order is shown read-only.
  await expect(supplier.getByText('24 each Lemons')).toBeVisible()
  await expect(supplier.getByRole('button', { name: 'Confirm order' })).toHaveCount(0)
  // A tampered link is not found: a 404 with the whole not-found page; no cache keeps a page whose URL holds a secret.
  const tampered = linkIn(mail, `/supplier/orders/${orderId}`).replace(/token=([\w-]+)/, (_, token: string) => `token=${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)
  const answer = await supplier.goto(tampered)
  expect(answer?.status()).toBe(404)
  expect(answer?.headers()['cache-control']).toBe('no-store')
  await expect(supplier.getByRole('heading', { level: 1, name: 'Not Found' })).toBeVisible()
  await expect(supplier.getByRole('link', { name: 'Back to home' })).toBeVisible()
  await supplierContext.close()

  // The chef sees the change; the order waits among the open orders, whatever the day shown.
  await page.goto(`/orders?date=2020-01-01`)
  await page.getByRole('region', { name: 'Open orders' }).getByRole('link', { name: `Green Valley ${tag}` }).click()
  await expect(page.getByText('Confirmed', { exact: true }).first()).toBeVisible()
  await expect(page.getByText('Lemons: 30 → 24')).toBeVisible()
  await expectAccessible(page)
  // The delivery: tomatoes one kilo short.
  await page.getByRole('textbox', { name: 'Received (kg)' }).fill('5')
  await page.getByRole('textbox', { name: 'Delivery temperature (°C)' }).fill('3.5')
  await page.getByRole('button', { name: 'Record delivery' }).click()
  await expect(page.getByText('Delivery temperature: 3.5 °C.')).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'Shortfalls' })).toBeVisible()
  await expect(page.getByText('Tomatoes: 5 / 6 kg — Short')).toBeVisible()
  const creditAt = Date.now()
  await page.getByRole('button', { name: 'E-mail a credit request' }).click()
  await expect(page.getByText(/Credit requested/).first()).toBeVisible()
  const credit = await waitForMail(supplierEmail, /Credit request/, creditAt - 1000)
  expect(credit.text).toContain('- Tomatoes: ordered 6 kg, received 5 kg (short)')
  await expectAccessible(page)
  // The reading is in the delivery log, by the chef, with the supplier named.
  await page.getByRole('link', { name: `Recorded in the temperature log “Deliveries ${tag}”.` }).click()
  await expect(page.getByRole('heading', { level: 1, name: `Deliveries ${tag}` })).toBeVisible()
  await expect(page.getByText(`Delivery from Green Valley ${tag} (order received)`)).toBeVisible()
  await expect(page.getByText('3.5', { exact: false }).first()).toBeVisible()
  await context.close()
})

test('refused tables keep what was typed in every row: a new order, a delivery, a supplier’s products', async ({ browser, baseURL }) => {
  test.setTimeout(240_000)
  const tag = Math.random().toString(36).slice(2, 7)
  const org = await organisationWithMembers(baseURL!, [], `Deli ${tag}`, `Market ${tag}`)
  const { categories } = await ok(await org.owner.api.get(`/v1/orgs/${org.orgId}/contact-categories`))
  const { contact } = await ok(
    await org.owner.api.post(`/v1/orgs/${org.orgId}/contacts`, { data: { name: `Olive Co ${tag}`, email: uniqueEmail('olive'), categoryId: categories.find((c: any) => c.supplier).id } }),
  )
  await ok(
    await org.owner.api.put(`/v1/orgs/${org.orgId}/contacts/${contact.id}/products`, {
      data: {
        products: [
          // No par level: its on-hand field is disabled, and must not shift the others.
          { name: 'Capers', unit: 'jar' },
          { name: 'Olives', unit: 'kg', parLevels: [{ venueId: org.venueId, par: 8 }] },
        ],
      },
    }),
  )
  const context = await browser.newContext({ storageState: await org.owner.api.storageState(), viewport: PHONE, javaScriptEnabled: js() })
  const page = await context.newPage()

  // A new order with one quantity that is not a number.
  // As the orders page's "New order" button and the supplier picker leave it: a supplier and a delivery day.
  const deliveryDay = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10)
  await page.goto(`/orders/new?supplierId=${contact.id}&date=${deliveryDay}`)
  await page.getByRole('textbox', { name: 'Olives: On hand' }).fill('3')
  await page.getByRole('textbox', { name: 'Capers: Order' }).fill('two')
  await page.getByRole('textbox', { name: 'Line 1: Item' }).fill('Anchovies')
  await page.getByRole('textbox', { name: 'Line 1: Order' }).fill('4')
  await page.getByRole('button', { name: 'Create draft' }).click()
  await expect(page.getByText('This value is not valid')).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Olives: On hand' })).toHaveValue('3')
  await expect(page.getByRole('textbox', { name: 'Capers: Order' })).toHaveValue('two')
  await expect(page.getByRole('textbox', { name: 'Line 1: Item' })).toHaveValue('Anchovies')
  await expect(page.getByRole('textbox', { name: 'Line 1: Order' })).toHaveValue('4')
  // Corrected, it is created with the right product for each count: olives 8 − 3 = 5.
  await page.getByRole('textbox', { name: 'Capers: Order' }).fill('2')
  await page.getByRole('button', { name: 'Create draft' }).click()
  await expect(page.getByRole('heading', { level: 1, name: `Olive Co ${tag}` })).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Line 1: Item' })).toHaveValue('Capers')
  await expect(page.getByRole('textbox', { name: 'Line 1: Order' })).toHaveValue('2')
  await expect(page.getByRole('textbox', { name: 'Line 2: Item' })).toHaveValue('Olives')
  await expect(page.getByRole('textbox', { name: 'Line 2: Order' })).toHaveValue('5')

  // The draft's lines, refused: what was typed stays.
  await page.getByRole('textbox', { name: 'Line 2: Order' }).fill('lots')
  await page.getByRole('textbox', { name: 'Line 3: Item' }).fill('Lemons')
  await page.getByRole('button', { name: 'Save draft' }).click()
  await expect(page.getByRole('textbox', { name: 'Line 2: Order' })).toHaveValue('lots')
  await expect(page.getByRole('textbox', { name: 'Line 3: Item' })).toHaveValue('Lemons')

  // Corrected and sent; the delivery, refused on a received quantity: every line keeps what was typed.
  await page.getByRole('textbox', { name: 'Line 2: Order' }).fill('5')
  await page.getByRole('textbox', { name: 'Line 3: Item' }).fill('')
  await page.getByRole('button', { name: 'Save draft' }).click()
  await expect(page.getByRole('textbox', { name: 'Line 2: Order' })).toHaveValue('5')
  await page.getByRole('button', { name: `Send to Olive Co ${tag}` }).click()
  await expect(page.getByText('Sent', { exact: true }).first()).toBeVisible()
  await page.getByRole('textbox', { name: 'Received (jar)' }).fill('1')
  await page.getByRole('textbox', { name: 'Received (kg)' }).fill('some')
  await page.getByRole('combobox', { name: 'Problem' }).first().selectOption({ label: 'Damaged' })
  await page.getByRole('textbox', { name: 'Note' }).first().fill('One jar cracked')
  await page.getByRole('textbox', { name: 'Delivery temperature (°C)' }).fill('4')
  await page.getByRole('button', { name: 'Record delivery' }).click()
  await expect(page.getByRole('textbox', { name: 'Received (kg)' })).toHaveValue('some')
  await expect(page.getByRole('textbox', { name: 'Received (jar)' })).toHaveValue('1')
  await expect(page.getByRole('combobox', { name: 'Problem' }).first()).toHaveValue('damaged')
  await expect(page.getByRole('textbox', { name: 'Note' }).first()).toHaveValue('One jar cracked')
  await expect(page.getByRole('textbox', { name: 'Delivery temperature (°C)' })).toHaveValue('4')
  await expect(page.getByRole('heading', { level: 2, name: 'Shortfalls' })).toHaveCount(0)

  // The supplier's products table, refused on a price: every row keeps what was typed.
  await page.goto(`/settings/contacts/${contact.id}`)
  await page.getByRole('textbox', { name: 'Product 1: Price' }).fill('cheap')
  await page.getByRole('textbox', { name: 'Product 3: Product' }).fill('Anchovies')
  await page.getByRole('button', { name: 'Save products' }).click()
  await expect(page.getByRole('textbox', { name: 'Product 1: Price' })).toHaveValue('cheap')
  await expect(page.getByRole('textbox', { name: 'Product 3: Product' })).toHaveValue('Anchovies')
  await expect(page.getByRole('textbox', { name: 'Product 2: Product' })).toHaveValue('Olives')
  await expectAccessible(page)
  await context.close()
})

test('a tablet needs a PIN for a new order as for the list; cancelling reads Keep order / Cancel order', async ({ browser, baseURL }) => {
  test.setTimeout(240_000)
  const tag = Math.random().toString(36).slice(2, 7)
  const org = await organisationWithMembers(baseURL!, [], `Tapas ${tag}`, `Pier ${tag}`)
  const { categories } = await ok(await org.owner.api.get(`/v1/orgs/${org.orgId}/contact-categories`))
  const { contact } = await ok(
    await org.owner.api.post(`/v1/orgs/${org.orgId}/contacts`, { data: { name: `Sea Co ${tag}`, email: uniqueEmail('sea'), categoryId: categories.find((c: any) => c.supplier).id } }),
  )
  const deliveryDate = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10)
  const { order } = await ok(await org.owner.api.post(`/v1/orgs/${org.orgId}/venues/${org.venueId}/orders`, { data: { supplierId: contact.id, deliveryDate, lines: [{ name: 'Squid', quantity: 3, unit: 'kg' }] } }))
  await ok(await org.owner.api.post(`/v1/orgs/${org.orgId}/orders/${order.id}/send`))

  // The shared tablet, no PIN entered: neither the list nor a new order.
  const { device } = await ok(await org.owner.api.post(`/v1/orgs/${org.orgId}/devices`, { data: { name: `Bar tablet ${tag}`, venueId: org.venueId } }))
  const { url } = await ok(await org.owner.api.post(`/v1/orgs/${org.orgId}/devices/${device.id}/login/generate`))
  const tabletContext = await browser.newContext({ viewport: { width: 1024, height: 768 }, javaScriptEnabled: js() })
  const tablet = await tabletContext.newPage()
  await tablet.goto(new URL(url).pathname + new URL(url).search)
  await tablet.getByRole('button', { name: 'Sign in this tablet' }).click()
  await expect(tablet.getByRole('heading', { level: 1, name: `Pier ${tag}` })).toBeVisible()
  for (const path of ['/orders', '/orders/new']) {
    await tablet.goto(path)
    await expect(tablet).toHaveURL(/\/pin\?/)
  }
  await tabletContext.close()

  const context = await browser.newContext({ storageState: await org.owner.api.storageState(), viewport: PHONE, javaScriptEnabled: js() })
  const page = await context.newPage()
  await page.goto(`/orders/${order.id}`)
  await page.getByRole('region', { name: 'Cancel order' }).locator(js() ? 'button' : 'summary').filter({ hasText: 'Cancel order' }).click()
  const dialog = page.getByRole(js() ? 'dialog' : 'group', { name: 'Cancel this order?' })
  await expect(dialog.getByRole(js() ? 'button' : 'link', { name: 'Keep order' })).toBeVisible()
  await expectAccessible(page)
  await dialog.getByRole('button', { name: 'Cancel order' }).click()
  await expect(page.getByText('Cancelled', { exact: true }).first()).toBeVisible()
  await context.close()
})

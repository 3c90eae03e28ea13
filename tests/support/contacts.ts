/** Contacts fixtures for API tests: categories, contacts and a supplier with products, made through the API. */
import { expect } from 'vitest'
import type { Client } from './orgs.ts'

export async function categories(client: Client, orgId: string): Promise<Array<{ id: string; name: string; supplier: boolean; position: number }>> {
  const res = await client.get(`/v1/orgs/${orgId}/contact-categories`)
  expect(res.status, res.text).toBe(200)
  return res.json.categories
}

export async function createContact(client: Client, orgId: string, body: Record<string, unknown>): Promise<{ id: string; [k: string]: any }> {
  const res = await client.post(`/v1/orgs/${orgId}/contacts`, body)
  expect(res.status, res.text).toBe(201)
  return res.json.contact
}

/** A supplier (in the first supplier category) with products and par levels at the given venue. */
export async function createSupplier(
  client: Client,
  orgId: string,
  opts: { name?: string; email?: string; venueId?: string; venueIds?: string[]; products?: Array<{ name: string; unit?: string; par?: number; code?: string; price?: number }> } = {},
) {
  const supplierCategory = (await categories(client, orgId)).find((c) => c.supplier)!
  const contact = await createContact(client, orgId, {
    name: opts.name ?? 'Fresh Farm Produce',
    company: 'Fresh Farm Ltd',
    email: opts.email ?? 'orders@freshfarm.example',
    phone: '+34 911 23 45 67',
    categoryId: supplierCategory.id,
    venueIds: opts.venueIds ?? [],
  })
  const products = opts.products ?? [
    { name: 'Tomatoes', unit: 'kg', par: 10, code: 'TOM-1', price: 2.5 },
    { name: 'Onions', unit: 'kg', par: 5, code: 'ONI-1', price: 1.2 },
  ]
  const res = await client.put(`/v1/orgs/${orgId}/contacts/${contact.id}/products`, {
    products: products.map((p) => ({
      name: p.name,
      unit: p.unit ?? 'kg',
      code: p.code ?? '',
      price: p.price ?? null,
      parLevels: opts.venueId && p.par !== undefined ? [{ venueId: opts.venueId, par: p.par }] : [],
    })),
  })
  expect(res.status, res.text).toBe(200)
  return { contact, products: res.json.products as Array<{ id: string; name: string; unit: string; parLevels: Array<{ venueId: string; par: number }> }> }
}

import { asc, eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { contactCategories } from '../../server/db/schema.ts'
import type { TestApp } from '../support/app.ts'
import type { OrgWithActors } from '../support/orgs.ts'
import { adminUp, memberOrDevice, venueMember, venueRecord, type MatrixRow } from './types.ts'

const org = (f: OrgWithActors) => `/v1/orgs/${f.orgId}`

/** A supplier shown only at venue A (with one product) and a contact shown everywhere, made once per organisation. */
const fixtures = new Map<string, Promise<{ supplierA: string; everywhere: string; categoryId: string }>>()
function fixture(f: OrgWithActors) {
  let made = fixtures.get(f.orgId)
  if (!made) {
    made = (async () => {
      const cats = await f.owner.client.get(`${org(f)}/contact-categories`)
      const supplierCategory = cats.json.categories.find((c: { supplier: boolean }) => c.supplier)
      const a = await f.owner.client.post(`${org(f)}/contacts`, { name: 'Matrix supplier', email: 'supplier@example.com', categoryId: supplierCategory.id, venueIds: [f.venueA] })
      await f.owner.client.put(`${org(f)}/contacts/${a.json.contact.id}/products`, { products: [{ name: 'Matrix flour', unit: 'kg', parLevels: [{ venueId: f.venueA, par: 3 }] }] })
      const all = await f.owner.client.post(`${org(f)}/contacts`, { name: 'Matrix everywhere' })
      return { supplierA: a.json.contact.id as string, everywhere: all.json.contact.id as string, categoryId: supplierCategory.id as string }
    })()
    fixtures.set(f.orgId, made)
  }
  return made
}

async function throwawayContact(f: OrgWithActors, name: string) {
  const res = await f.owner.client.post(`${org(f)}/contacts`, { name, venueIds: [f.venueA] })
  return res.json.contact.id as string
}

async function throwawayCategory(f: OrgWithActors, name: string) {
  const res = await f.owner.client.post(`${org(f)}/contact-categories`, { name })
  return res.json.category.id as string
}

let categoryOrder: string[] = []
async function currentCategories(t: TestApp, f: OrgWithActors) {
  const rows = await t.db.select({ id: contactCategories.id }).from(contactCategories).where(eq(contactCategories.orgId, f.orgId)).orderBy(asc(contactCategories.position))
  return rows.map((r) => r.id).reverse()
}

/** Contacts and contact categories (issue #13). */
export const contactRows: MatrixRow[] = [
  {
    name: 'list contacts (settings)',
    method: 'GET',
    route: '/v1/orgs/{orgId}/contacts',
    path: async (f) => {
      await fixture(f)
      return `${org(f)}/contacts?search=Matrix`
    },
    expect: adminUp,
  },
  { name: 'add a contact', method: 'POST', route: '/v1/orgs/{orgId}/contacts', path: (f) => `${org(f)}/contacts`, body: (f) => ({ name: 'New contact', phone: '+34 911 234 567', venueIds: [f.venueA] }), expect: adminUp },
  {
    name: 'read a contact shown only at venue A',
    method: 'GET',
    route: '/v1/orgs/{orgId}/contacts/{contactId}',
    path: async (f) => `${org(f)}/contacts/${(await fixture(f)).supplierA}`,
    expect: venueRecord,
    check: (res) => expect(res.json.contact.name).toBe('Matrix supplier'),
  },
  { name: 'read a contact shown everywhere', method: 'GET', route: '/v1/orgs/{orgId}/contacts/{contactId}', path: async (f) => `${org(f)}/contacts/${(await fixture(f)).everywhere}`, expect: memberOrDevice },
  {
    name: 'change a contact',
    method: 'PUT',
    route: '/v1/orgs/{orgId}/contacts/{contactId}',
    path: async (f, _t, a) => `${org(f)}/contacts/${await throwawayContact(f, `Change ${a}`)}`,
    body: () => ({ role: 'Owner' }),
    expect: adminUp,
  },
  { name: 'delete a contact', method: 'DELETE', route: '/v1/orgs/{orgId}/contacts/{contactId}', path: async (f, _t, a) => `${org(f)}/contacts/${await throwawayContact(f, `Delete ${a}`)}`, expect: adminUp },
  { name: 'a vCard of a contact at venue A', method: 'GET', route: '/v1/orgs/{orgId}/contacts/{contactId}/vcard', path: async (f) => `${org(f)}/contacts/${(await fixture(f)).supplierA}/vcard`, expect: venueRecord },
  { name: "a supplier's products (venue A)", method: 'GET', route: '/v1/orgs/{orgId}/contacts/{contactId}/products', path: async (f) => `${org(f)}/contacts/${(await fixture(f)).supplierA}/products`, expect: venueRecord },
  {
    name: "replace a supplier's catalogue",
    method: 'PUT',
    route: '/v1/orgs/{orgId}/contacts/{contactId}/products',
    path: async (f) => `${org(f)}/contacts/${(await fixture(f)).supplierA}/products`,
    body: (f) => ({ products: [{ name: 'Matrix flour', unit: 'kg', parLevels: [{ venueId: f.venueA, par: 3 }] }] }),
    expect: adminUp,
  },
  { name: 'list contact categories', method: 'GET', route: '/v1/orgs/{orgId}/contact-categories', path: (f) => `${org(f)}/contact-categories`, expect: memberOrDevice },
  { name: 'add a contact category', method: 'POST', route: '/v1/orgs/{orgId}/contact-categories', path: (f) => `${org(f)}/contact-categories`, body: () => ({ name: 'Matrix category' }), expect: adminUp },
  {
    name: 'reorder contact categories',
    method: 'POST',
    route: '/v1/orgs/{orgId}/contact-categories/reorder',
    path: async (f, t) => {
      categoryOrder = await currentCategories(t, f)
      return `${org(f)}/contact-categories/reorder`
    },
    body: () => ({ ids: categoryOrder }),
    expect: adminUp,
  },
  { name: 'read a contact category', method: 'GET', route: '/v1/orgs/{orgId}/contact-categories/{categoryId}', path: async (f) => `${org(f)}/contact-categories/${(await fixture(f)).categoryId}`, expect: memberOrDevice },
  {
    name: 'rename a contact category',
    method: 'PUT',
    route: '/v1/orgs/{orgId}/contact-categories/{categoryId}',
    path: async (f, _t, a) => `${org(f)}/contact-categories/${await throwawayCategory(f, `Rename ${a}`)}`,
    body: () => ({ name: 'Renamed' }),
    expect: adminUp,
  },
  {
    name: 'delete a contact category',
    method: 'DELETE',
    route: '/v1/orgs/{orgId}/contact-categories/{categoryId}',
    path: async (f, _t, a) => `${org(f)}/contact-categories/${await throwawayCategory(f, `Delete ${a}`)}`,
    expect: adminUp,
  },
  {
    name: "venue A's contacts",
    method: 'GET',
    route: '/v1/orgs/{orgId}/venues/{venueId}/contacts',
    path: async (f) => {
      await fixture(f)
      return `${org(f)}/venues/${f.venueA}/contacts`
    },
    expect: venueMember,
    check: (res) => expect(res.json.contacts.map((c: { name: string }) => c.name)).toContain('Matrix supplier'),
  },
]

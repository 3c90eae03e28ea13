/**
 * Contacts (issue #13): categories seeded in the organisation's language, CRUD, reorder, deleting a
 * category, phone numbers normalised and shown in the venue's national format, the venue page's list
 * with search and category, vCards, suppliers' catalogues with par levels, venue limits.
 */
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { seedDemo } from '../../server/db/seed.ts'
import { todayIn } from '../../server/records/service.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { categories, createContact, createSupplier } from '../support/contacts.ts'
import { createDevice, pairDevice } from '../support/devices.ts'
import { addMember, createOrg, createOrgWithActors, createVenue, type OrgWithActors } from '../support/orgs.ts'
import { expectError, login, registerUser } from './_helpers.ts'

let t: TestApp
let o: OrgWithActors
beforeAll(async () => {
  t = await createTestApp()
  o = await createOrgWithActors(t)
})
afterAll(() => t.close())

const org = () => `/v1/orgs/${o.orgId}`

describe('categories', () => {
  test('a new organisation starts with Suppliers, Maintenance and Emergency in its creator’s language', async () => {
    expect((await categories(o.basic.client, o.orgId)).map((c) => [c.name, c.supplier])).toEqual([
      ['Suppliers', true],
      ['Maintenance', false],
      ['Emergency', false],
    ])
    const spanish = await registerUser(t, { name: 'Sofía', locale: 'es' })
    const orgId = await createOrg(spanish, { name: 'Casa Sofía', timeZone: 'Europe/Madrid' })
    expect((await categories(spanish.client, orgId)).map((c) => c.name)).toEqual(['Proveedores', 'Mantenimiento', 'Emergencias'])
  })

  test('add, rename, reorder, delete; contacts of a deleted category stay, uncategorised', async () => {
    const added = await o.admin.client.post(`${org()}/contact-categories`, { name: 'Cleaning' })
    expect(added.status, added.text).toBe(201)
    expect(added.json.category).toMatchObject({ name: 'Cleaning', supplier: false, position: 3, contactCount: 0 })
    const id = added.json.category.id
    const renamed = await o.admin.client.put(`${org()}/contact-categories/${id}`, { name: 'Cleaners', supplier: true })
    expect(renamed.json.category).toMatchObject({ name: 'Cleaners', supplier: true })
    const all = await categories(o.admin.client, o.orgId)
    const reordered = await o.admin.client.post(`${org()}/contact-categories/reorder`, { ids: [id, ...all.filter((c) => c.id !== id).map((c) => c.id)] })
    expect(reordered.status, reordered.text).toBe(200)
    expect(reordered.json.categories[0].name).toBe('Cleaners')
    expectError(await o.admin.client.post(`${org()}/contact-categories/reorder`, { ids: [id] }), 'ValidationError', { data: ['ids'] })
    const contact = await createContact(o.admin.client, o.orgId, { name: 'Sparkle Co', categoryId: id })
    expect((await o.admin.client.get(`${org()}/contact-categories/${id}`)).json.category.contactCount).toBe(1)
    expect((await o.admin.client.del(`${org()}/contact-categories/${id}`)).status).toBe(204)
    expectError(await o.admin.client.get(`${org()}/contact-categories/${id}`), 'NotFoundError')
    expect((await o.admin.client.get(`${org()}/contacts/${contact.id}`)).json.contact.category).toBeNull()
  })

  test('BASIC reads categories but may not change them; another organisation’s category is 404', async () => {
    expectError(await o.basic.client.post(`${org()}/contact-categories`, { name: 'X' }), 'ForbiddenError')
    const [first] = await categories(o.owner.client, o.orgId)
    expectError(await o.outsider.client.get(`/v1/orgs/${o.outsider.orgId}/contact-categories/${first!.id}`), 'NotFoundError')
    expectError(await o.outsider.client.put(`/v1/orgs/${o.outsider.orgId}/contact-categories/${first!.id}`, { name: 'Mine' }), 'NotFoundError')
  })
})

describe('contacts', () => {
  test('create with every field; phone normalised to E.164 and shown nationally', async () => {
    const suppliers = (await categories(o.admin.client, o.orgId)).find((c) => c.name === 'Suppliers')
    const contact = await createContact(o.admin.client, o.orgId, {
      name: '  Marisol Vega ',
      company: 'Pescados Vega',
      role: 'Sales',
      email: 'marisol@vega.example',
      phone: '911 23 45 67',
      address: 'Calle Mayor 1\nMadrid',
      website: 'vega.example',
      notes: 'Calls before 7',
      categoryId: suppliers!.id,
      venueIds: [o.venueA],
    })
    expect(contact).toMatchObject({
      name: 'Marisol Vega',
      phone: '+34911234567',
      phoneDisplay: '911 23 45 67',
      website: 'https://vega.example/',
      category: { id: suppliers!.id, name: 'Suppliers', supplier: true },
      venueIds: [o.venueA],
    })
    const changed = await o.admin.client.put(`${org()}/contacts/${contact.id}`, { phone: '+44 20 7946 0018', categoryId: null })
    expect(changed.status, changed.text).toBe(200)
    // A UK number seen from a Spanish organisation: international.
    expect(changed.json.contact).toMatchObject({ phone: '+442079460018', phoneDisplay: '+44 20 7946 0018', category: null })
  })

  test('validation: name, phone, e-mail, website, category, venues, unknown fields', async () => {
    const post = (body: unknown) => o.admin.client.post(`${org()}/contacts`, body)
    expectError(await post({ name: '' }), 'ValidationError', { data: ['name'] })
    expect(expectError(await post({ name: 'X', phone: 'call me' }), 'ValidationError', { data: ['phone'] })!.phone).toMatch(/phone number/)
    expectError(await post({ name: 'X', phone: '12' }), 'ValidationError', { data: ['phone'] })
    expectError(await post({ name: 'X', email: 'not-mail' }), 'ValidationError', { data: ['email'] })
    expectError(await post({ name: 'X', website: 'no host' }), 'ValidationError', { data: ['website'] })
    expectError(await post({ name: 'X', categoryId: o.venueA }), 'ValidationError', { data: ['categoryId'] })
    expectError(await post({ name: 'X', venueIds: [o.outsider.venueId] }), 'ValidationError', { data: ['venueIds'] })
    expectError(await post({ name: 'X', extra: 1 }), 'ValidationError', { data: ['extra'] })
    const ok = await post({ name: 'No details', email: '' })
    expect(ok.status, ok.text).toBe(201)
    expect(ok.json.contact).toMatchObject({ email: '', phone: '', phoneDisplay: '', venueIds: [] })
  })

  test('the venue list: grouped data, search, category filter, phone in the venue’s national format', async () => {
    const london = await createVenue(o.owner, o.orgId, { name: 'London Bar', timeZone: 'Europe/London' })
    const plumber = await createContact(o.admin.client, o.orgId, { name: 'Pete Plumber', phone: '020 7946 0018', venueIds: [london] })
    expect(plumber.phone).toBe('+442079460018')
    const res = await o.owner.client.get(`${org()}/venues/${london}/contacts`)
    expect(res.status, res.text).toBe(200)
    expect(res.json.venue).toEqual({ id: london, name: 'London Bar', country: 'GB' })
    expect(res.json.categories.length).toBeGreaterThanOrEqual(3)
    const pete = res.json.contacts.find((c: { id: string }) => c.id === plumber.id)
    expect(pete.phoneDisplay).toBe('020 7946 0018')
    // Seen from Venue A (Spain), the same number is international; a contact only at London is not listed there.
    const fromA = await o.owner.client.get(`${org()}/venues/${o.venueA}/contacts`)
    expect(fromA.json.contacts.map((c: { id: string }) => c.id)).not.toContain(plumber.id)
    const search = await o.owner.client.get(`${org()}/venues/${london}/contacts?search=PLUMB`)
    expect(search.json.contacts.map((c: { name: string }) => c.name)).toEqual(['Pete Plumber'])
    const maintenance = (await categories(o.owner.client, o.orgId)).find((c) => c.name === 'Maintenance')
    const filtered = await o.owner.client.get(`${org()}/venues/${london}/contacts?category=${maintenance!.id}`)
    expect(filtered.json.contacts.every((c: { category: { id: string } | null }) => c.category?.id === maintenance!.id)).toBe(true)
    expectError(await o.owner.client.get(`${org()}/venues/${london}/contacts?category=nope`), 'ValidationError', { data: ['category'] })
    expectError(await o.owner.client.get(`${org()}/venues/${london}/contacts?date=x`), 'ValidationError')
  })

  test('venue limits: a member of venue B sees contacts for B or every venue; another is 404; a device sees its venue’s', async () => {
    const onlyA = await createContact(o.admin.client, o.orgId, { name: 'Only A', venueIds: [o.venueA] })
    const everywhere = await createContact(o.admin.client, o.orgId, { name: 'Everywhere' })
    expectError(await o.basicLimited.client.get(`${org()}/contacts/${onlyA.id}`), 'NotFoundError')
    expect((await o.basicLimited.client.get(`${org()}/contacts/${everywhere.id}`)).status).toBe(200)
    expectError(await o.basicLimited.client.get(`${org()}/venues/${o.venueA}/contacts`), 'ForbiddenError')
    const listB = await o.basicLimited.client.get(`${org()}/venues/${o.venueB}/contacts`)
    const ids = listB.json.contacts.map((c: { id: string }) => c.id)
    expect(ids).toContain(everywhere.id)
    expect(ids).not.toContain(onlyA.id)
    const limitedAdmin = await addMember(t, o.orgId, 'ADMIN', { venueIds: [o.venueB] })
    expectError(await limitedAdmin.client.put(`${org()}/contacts/${onlyA.id}`, { name: 'Mine now' }), 'NotFoundError')
    expectError(await limitedAdmin.client.post(`${org()}/contacts`, { name: 'For all', venueIds: [] }), 'ForbiddenError')
    expectError(await limitedAdmin.client.post(`${org()}/contacts`, { name: 'For A', venueIds: [o.venueA] }), 'ForbiddenError')
    expect((await limitedAdmin.client.post(`${org()}/contacts`, { name: 'For B', venueIds: [o.venueB] })).status).toBe(201)
    const tablet = await pairDevice(t, o.admin, o.orgId, (await createDevice(o.admin, o.orgId, o.venueA)).id)
    expect((await tablet.get(`${org()}/contacts/${onlyA.id}`)).status).toBe(200)
    expectError(await tablet.get(`${org()}/contacts`), 'ForbiddenError', { message: null })
    expect((await tablet.get(`${org()}/contacts/${onlyA.id}/vcard`)).status).toBe(200)
  })

  test('vCard: escaped, folded, with a download name', async () => {
    const contact = await createContact(o.admin.client, o.orgId, { name: 'Ana; Pérez, chef', phone: '+34 911 234 567', email: 'ana@example.com', notes: 'Line one\nline two' })
    const res = await o.basic.client.get(`${org()}/contacts/${contact.id}/vcard`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/vcard; charset=utf-8')
    expect(res.headers.get('content-disposition')).toContain("filename*=UTF-8''Ana%20P%C3%A9rez%20chef.vcf")
    expect(res.text).toContain('BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ana\\; Pérez\\, chef\r\n')
    expect(res.text).toContain('TEL;TYPE=WORK,VOICE:+34911234567\r\n')
    expect(res.text).toContain('NOTE:Line one\\nline two\r\n')
    expect(res.text.endsWith('END:VCARD\r\n')).toBe(true)
  })

  test('delete: 204, then 404; BASIC may not; another organisation 404', async () => {
    const contact = await createContact(o.admin.client, o.orgId, { name: 'Temp' })
    expectError(await o.basic.client.del(`${org()}/contacts/${contact.id}`), 'ForbiddenError')
    expectError(await o.outsider.client.del(`/v1/orgs/${o.outsider.orgId}/contacts/${contact.id}`), 'NotFoundError')
    expect((await o.admin.client.del(`${org()}/contacts/${contact.id}`)).status).toBe(204)
    expectError(await o.admin.client.get(`${org()}/contacts/${contact.id}`), 'NotFoundError')
  })
})

describe('supplier catalogue', () => {
  test('products with par levels; replaced, changed and removed; only suppliers have products', async () => {
    const { contact, products } = await createSupplier(o.admin.client, o.orgId, { venueId: o.venueA })
    expect(products.map((p) => [p.name, p.parLevels])).toEqual([
      ['Tomatoes', [{ venueId: o.venueA, par: 10 }]],
      ['Onions', [{ venueId: o.venueA, par: 5 }]],
    ])
    const url = `${org()}/contacts/${contact.id}/products`
    const res = await o.admin.client.put(url, {
      products: [
        { id: products[1]!.id, name: 'Red onions', unit: 'kg', packSize: '10 kg sack', price: 9.5, code: 'ONI-2', parLevels: [{ venueId: o.venueB, par: 2 }] },
        { name: 'Leeks', unit: 'bunch' },
      ],
    })
    expect(res.status, res.text).toBe(200)
    expect(res.json.products).toEqual([
      { id: products[1]!.id, name: 'Red onions', unit: 'kg', packSize: '10 kg sack', price: 9.5, code: 'ONI-2', parLevels: [{ venueId: o.venueB, par: 2 }] },
      { id: expect.any(String), name: 'Leeks', unit: 'bunch', packSize: '', price: null, code: '', parLevels: [] },
    ])
    // The limited member sees only venue B's par levels.
    expect((await o.basicLimited.client.get(url)).json.products[0].parLevels).toEqual([{ venueId: o.venueB, par: 2 }])
    expectError(await o.admin.client.put(url, { products: [{ id: o.venueA, name: 'X' }] }), 'ValidationError', { data: ['products.0.id'] })
    expectError(await o.admin.client.put(url, { products: [{ name: 'X', parLevels: [{ venueId: o.outsider.venueId, par: 1 }] }] }), 'ValidationError', {
      data: ['products.0.parLevels.0.venueId'],
    })
    expectError(await o.basic.client.put(url, { products: [] }), 'ForbiddenError')
    const plain = await createContact(o.admin.client, o.orgId, { name: 'Not a supplier' })
    expectError(await o.admin.client.put(`${org()}/contacts/${plain.id}/products`, { products: [] }), 'ValidationError', { data: ['products'] })
  })
})

describe('demo data', () => {
  test('the demo organisation has contacts in three categories, two suppliers with ten products each and par levels, a sent and a received order', async () => {
    const fresh = await createTestApp()
    try {
      const demo = await seedDemo({ db: fresh.db, logger: pino({ level: 'silent' }) }, () => {})
      const owner = await login(fresh, 'owner@demo.mise.localhost', demo!.people.find((p) => p.role === 'OWNER')!.password!)
      const list = await owner.client.get(`/v1/orgs/${demo!.orgId}/contacts`)
      const byCategory = new Set(list.json.contacts.map((c: { category: { name: string } }) => c.category.name))
      expect([...byCategory]).toEqual(['Suppliers', 'Maintenance', 'Emergency'])
      const suppliers = list.json.contacts.filter((c: { category: { supplier: boolean } }) => c.category.supplier)
      expect(suppliers).toHaveLength(2)
      for (const s of suppliers) {
        const products = (await owner.client.get(`/v1/orgs/${demo!.orgId}/contacts/${s.id}/products`)).json.products
        expect(products).toHaveLength(10)
        expect(products.every((p: { parLevels: unknown[] }) => p.parLevels.length === 2)).toBe(true)
      }
      // Orders: one sent (expected tomorrow), one received last week with a short line.
      const venueId = (await owner.client.get(`/v1/orgs/${demo!.orgId}/venues`)).json.venues.find((v: { name: string }) => v.name === 'Harbour Street').id
      const tomorrow = todayIn('Europe/London', new Date(Date.now() + 86_400_000))
      const expected = (await owner.client.get(`/v1/orgs/${demo!.orgId}/venues/${venueId}/orders?date=${tomorrow}`)).json.expected
      expect(expected.map((o: { status: string; supplier: { name: string } }) => [o.status, o.supplier.name])).toEqual([['sent', 'Green Valley Produce']])
      const lastWeek = todayIn('Europe/London', new Date(Date.now() - 6 * 86_400_000))
      const [received] = (await owner.client.get(`/v1/orgs/${demo!.orgId}/venues/${venueId}/orders?date=${lastWeek}`)).json.expected
      expect(received.status).toBe('received')
      expect(received.lines.filter((l: { shortfall: boolean }) => l.shortfall).map((l: { name: string }) => l.name)).toEqual(['Free-range eggs'])
    } finally {
      await fresh.close()
    }
  })
})

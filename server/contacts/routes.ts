import { Hono, type Context } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '../api/context.ts'
import { email, line, text, uuid } from '../api/contract.ts'
import { notFound, validationError } from '../api/errors.ts'
import { isUuid, requirePermission, requireVenueAccess, type OrgScope } from '../api/middleware/org-scope.ts'
import { readJson, readQuery } from '../api/validate.ts'
import { t } from '../i18n.ts'
import { findVenue } from '../venues/service.ts'
import {
  createCategory,
  createContact,
  deleteCategory,
  deleteContact,
  findCategory,
  findContact,
  isSupplier,
  listCategories,
  listContacts,
  listProducts,
  reorderCategories,
  replaceProducts,
  updateCategory,
  updateContact,
  vcard,
  venueContacts,
  type ContactContext,
} from './service.ts'

const name = line().trim().min(1).max(100)
const short = line().trim().max(200)

const contactFields = {
  name,
  company: short.optional(),
  role: short.optional(),
  email: z.union([email({ trim: true }), line().trim().max(0)]).optional(),
  phone: line().trim().max(40).optional(),
  address: text().trim().max(500).optional(),
  website: line().trim().max(300).optional(),
  notes: text().trim().max(2000).optional(),
  categoryId: uuid().nullable().optional(),
  venueIds: z.array(uuid('validation.venues')).max(200).optional(),
}
export const createContactBody = z.strictObject(contactFields)
export const updateContactBody = z.strictObject({ ...contactFields, name: name.optional() })
export const contactListQuery = z.strictObject({ category: line().max(64).optional(), search: line().max(100).optional() })

export const createCategoryBody = z.strictObject({ name, supplier: z.boolean().optional() })
export const updateCategoryBody = z.strictObject({ name: name.optional(), supplier: z.boolean().optional() })
export const reorderCategoriesBody = z.strictObject({ ids: z.array(uuid()).max(500) })

const quantity = z.number().min(0).max(1_000_000)
export const productsBody = z.strictObject({
  products: z
    .array(
      z.strictObject({
        id: uuid().optional(),
        name,
        unit: line().trim().max(40).optional(),
        packSize: line().trim().max(100).optional(),
        price: z.number().min(0).max(1_000_000).nullable().optional(),
        code: line().trim().max(100).optional(),
        parLevels: z.array(z.strictObject({ venueId: uuid('validation.venue'), par: quantity })).max(200).optional(),
      }),
    )
    .max(500),
})

const ctx = (c: Context<AppEnv>, scope: OrgScope): ContactContext => ({ db: c.get('deps').db, scope, locale: c.get('locale') })

/** The `category` filter: empty for every category, else a category id of this organisation (400 otherwise). */
function categoryFilter(c: Context<AppEnv>, category: string | undefined): string | undefined {
  if (!category) return undefined
  if (!isUuid(category)) throw validationError({ category: t(c.get('locale'), 'contacts.category') })
  return category
}

/** /v1/orgs/:orgId/contacts — settings (ADMIN and up), plus reading one contact, its vCard and products (venue staff, devices). */
export function contactRoutes() {
  const app = new Hono<AppEnv>()

  app.get('/', async (c) => {
    const scope = requirePermission(c, 'contacts.manage')
    const query = readQuery(c, contactListQuery)
    return c.json({ contacts: await listContacts(ctx(c, scope), { categoryId: categoryFilter(c, query.category), search: query.search }) })
  })

  app.post('/', async (c) => {
    const scope = requirePermission(c, 'contacts.manage')
    const body = await readJson(c, createContactBody)
    return c.json({ contact: await createContact(ctx(c, scope), { ...body, email: body.email || '' }) }, 201)
  })

  app.get('/:contactId', async (c) => {
    const scope = requirePermission(c, 'venue.work')
    const contact = await findContact(ctx(c, scope), c.req.param('contactId'))
    if (!contact) throw notFound()
    return c.json({ contact })
  })

  app.put('/:contactId', async (c) => {
    const scope = requirePermission(c, 'contacts.manage')
    const context = ctx(c, scope)
    if (!(await findContact(context, c.req.param('contactId')))) throw notFound()
    const body = await readJson(c, updateContactBody)
    const contact = await updateContact(context, c.req.param('contactId'), body)
    if (!contact) throw notFound()
    return c.json({ contact })
  })

  app.delete('/:contactId', async (c) => {
    const scope = requirePermission(c, 'contacts.manage')
    if (!(await deleteContact(ctx(c, scope), c.req.param('contactId')))) throw notFound()
    return c.body(null, 204)
  })

  app.get('/:contactId/vcard', async (c) => {
    const scope = requirePermission(c, 'venue.work')
    const contact = await findContact(ctx(c, scope), c.req.param('contactId'))
    if (!contact) throw notFound()
    const file = `${contact.name.replace(/[^\p{L}\p{N} ._-]+/gu, '').trim() || 'contact'}.vcf`
    return c.body(vcard(contact), 200, {
      'Content-Type': 'text/vcard; charset=utf-8',
      'Content-Disposition': `attachment; filename="contact.vcf"; filename*=UTF-8''${encodeURIComponent(file)}`,
    })
  })

  app.get('/:contactId/products', async (c) => {
    const scope = requirePermission(c, 'venue.work')
    const context = ctx(c, scope)
    const contact = await findContact(context, c.req.param('contactId'))
    if (!contact) throw notFound()
    return c.json({ products: await listProducts(context, contact.id) })
  })

  app.put('/:contactId/products', async (c) => {
    const scope = requirePermission(c, 'contacts.manage')
    const context = ctx(c, scope)
    const contact = await findContact(context, c.req.param('contactId'))
    if (!contact) throw notFound()
    const body = await readJson(c, productsBody)
    if (!isSupplier(contact)) throw validationError({ products: t(c.get('locale'), 'contacts.notSupplier') })
    return c.json({ products: await replaceProducts(context, contact.id, body.products) })
  })

  return app
}

/** /v1/orgs/:orgId/contact-categories */
export function contactCategoryRoutes() {
  const app = new Hono<AppEnv>()

  app.get('/', async (c) => {
    const scope = requirePermission(c, 'venue.work')
    return c.json({ categories: await listCategories(ctx(c, scope)) })
  })

  app.post('/', async (c) => {
    const scope = requirePermission(c, 'contacts.manage')
    const body = await readJson(c, createCategoryBody)
    return c.json({ category: await createCategory(ctx(c, scope), body) }, 201)
  })

  app.post('/reorder', async (c) => {
    const scope = requirePermission(c, 'contacts.manage')
    const body = await readJson(c, reorderCategoriesBody)
    return c.json({ categories: await reorderCategories(ctx(c, scope), body.ids) })
  })

  app.get('/:categoryId', async (c) => {
    const scope = requirePermission(c, 'venue.work')
    const category = await findCategory(ctx(c, scope), c.req.param('categoryId'))
    if (!category) throw notFound()
    return c.json({ category })
  })

  app.put('/:categoryId', async (c) => {
    const scope = requirePermission(c, 'contacts.manage')
    const context = ctx(c, scope)
    if (!(await findCategory(context, c.req.param('categoryId')))) throw notFound()
    const body = await readJson(c, updateCategoryBody)
    const category = await updateCategory(context, c.req.param('categoryId'), body)
    if (!category) throw notFound()
    return c.json({ category })
  })

  app.delete('/:categoryId', async (c) => {
    const scope = requirePermission(c, 'contacts.manage')
    if (!(await deleteCategory(ctx(c, scope), c.req.param('categoryId')))) throw notFound()
    return c.body(null, 204)
  })

  return app
}

/** /v1/orgs/:orgId/venues/:venueId/contacts — the venue page's contacts, phone numbers in the venue's national format. */
export function venueContactRoutes() {
  const app = new Hono<AppEnv>()
  app.get('/', async (c) => {
    const scope = requirePermission(c, 'venue.work')
    const venueId = c.req.param('venueId')
    if (!isUuid(venueId)) throw notFound()
    const venue = await findVenue(c.get('deps').db, scope, venueId)
    if (!venue) throw notFound()
    requireVenueAccess(scope, venue.id)
    const query = readQuery(c, contactListQuery)
    const context = ctx(c, scope)
    const result = await venueContacts(context, venue, { categoryId: categoryFilter(c, query.category), search: query.search })
    return c.json({ venue: { id: venue.id, name: venue.name, country: result.country }, categories: await listCategories(context), contacts: result.contacts })
  })
  return app
}

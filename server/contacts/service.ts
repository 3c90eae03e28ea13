/**
 * Contacts, contact categories and suppliers' catalogues (docs/decisions/028-contacts.md). Every
 * query carries `org_id = scope.orgId`; a member limited to some venues sees the contacts shown at
 * one of their venues or at every venue, and nothing else (another contact → 404).
 */
import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm'
import { forbidden, validationError } from '../api/errors.ts'
import { isUuid, type OrgScope } from '../api/middleware/org-scope.ts'
import type { Db } from '../db/client.ts'
import { t, type Locale } from '../i18n.ts'
import { hasRow, registerOnboardingStep } from '../onboarding/steps.ts'
import { orgCreatedHooks } from '../orgs/service.ts'
import { organisations, venues } from '../orgs/schema.ts'
import { contactCategories, contacts, parLevels, supplierProducts } from './schema.ts'
import { countryOfTimeZone, displayPhone, normalisePhone } from './phone.ts'

export interface ContactContext {
  db: Db
  scope: OrgScope
  locale: Locale
}

const asDb = (tx: unknown) => tx as Db

// ─── categories ─────────────────────────────────────────────────────────────────────────────────

/** The categories a new organisation starts with, in its language (product.md). */
export function defaultCategories(locale: string): Array<{ name: string; supplier: boolean }> {
  const lng: Locale = locale === 'es' ? 'es' : 'en'
  return [
    { name: t(lng, 'contacts.defaultCategories.suppliers'), supplier: true },
    { name: t(lng, 'contacts.defaultCategories.maintenance'), supplier: false },
    { name: t(lng, 'contacts.defaultCategories.emergency'), supplier: false },
  ]
}

export async function seedCategories(db: Db, orgId: string, locale: string): Promise<string[]> {
  const rows = await db
    .insert(contactCategories)
    .values(defaultCategories(locale).map((c, position) => ({ orgId, name: c.name, supplier: c.supplier, position })))
    .returning({ id: contactCategories.id })
  return rows.map((r) => r.id)
}

orgCreatedHooks.push((tx, org) => seedCategories(tx, org.id, org.locale).then(() => undefined))

type CategoryRow = typeof contactCategories.$inferSelect

function publicCategory(row: CategoryRow, contactCount?: number) {
  return {
    id: row.id,
    name: row.name,
    position: row.position,
    supplier: row.supplier,
    ...(contactCount === undefined ? {} : { contactCount }),
  }
}
export type PublicCategory = ReturnType<typeof publicCategory>

export async function listCategories(ctx: ContactContext) {
  const rows = await ctx.db
    .select({
      row: contactCategories,
      // Qualified by hand: a one-table select leaves column names bare, which the subquery would misread.
      count: sql<number>`(select count(*) from "contacts" where "contacts"."org_id" = "contact_categories"."org_id" and "contacts"."category_id" = "contact_categories"."id" and ${contactVisible(ctx.scope.venueIds)})`.mapWith(Number),
    })
    .from(contactCategories)
    .where(eq(contactCategories.orgId, ctx.scope.orgId))
    .orderBy(asc(contactCategories.position), asc(contactCategories.name), asc(contactCategories.id))
  return rows.map((r) => publicCategory(r.row, r.count))
}

export async function findCategory(ctx: ContactContext, categoryId: string) {
  if (!isUuid(categoryId)) return undefined
  return (await listCategories(ctx)).find((c) => c.id === categoryId)
}

export async function createCategory(ctx: ContactContext, input: { name: string; supplier?: boolean }) {
  const [row] = await ctx.db
    .insert(contactCategories)
    .values({
      orgId: ctx.scope.orgId,
      name: input.name,
      supplier: input.supplier ?? false,
      position: sql`(select coalesce(max(${contactCategories.position}), -1) + 1 from ${contactCategories} where ${contactCategories.orgId} = ${ctx.scope.orgId})`,
    })
    .returning()
  return publicCategory(row!, 0)
}

export async function updateCategory(ctx: ContactContext, categoryId: string, patch: { name?: string; supplier?: boolean }) {
  if (!isUuid(categoryId)) return undefined
  const [row] = await ctx.db
    .update(contactCategories)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(contactCategories.orgId, ctx.scope.orgId), eq(contactCategories.id, categoryId)))
    .returning({ id: contactCategories.id })
  return row && findCategory(ctx, categoryId)
}

/** Delete a category: its contacts stay, uncategorised (ON DELETE SET NULL, ADR 028). */
export async function deleteCategory(ctx: ContactContext, categoryId: string): Promise<boolean> {
  if (!isUuid(categoryId)) return false
  const rows = await ctx.db
    .delete(contactCategories)
    .where(and(eq(contactCategories.orgId, ctx.scope.orgId), eq(contactCategories.id, categoryId)))
    .returning({ id: contactCategories.id })
  return rows.length > 0
}

/** Put the categories in the order of `ids`: exactly the organisation's categories, each once. */
export async function reorderCategories(ctx: ContactContext, ids: string[]) {
  const current = await ctx.db.select({ id: contactCategories.id }).from(contactCategories).where(eq(contactCategories.orgId, ctx.scope.orgId))
  const given = new Set(ids)
  const same = given.size === ids.length && ids.length === current.length && current.every((c) => given.has(c.id))
  if (!same) throw validationError({ ids: t(ctx.locale, 'validation.reorderIds') })
  await ctx.db.transaction(async (tx) => {
    for (const [position, id] of ids.entries()) {
      await tx
        .update(contactCategories)
        .set({ position })
        .where(and(eq(contactCategories.orgId, ctx.scope.orgId), eq(contactCategories.id, id)))
    }
  })
  return listCategories(ctx)
}

// ─── contacts ───────────────────────────────────────────────────────────────────────────────────

/** SQL: the contact is shown at one of these venues or at every venue (nothing to add for all venues). */
export function contactVisible(venueIds: readonly string[] | null | undefined): SQL {
  if (!venueIds) return sql`true`
  if (!venueIds.length) return sql`false`
  const list = sql.join(
    venueIds.map((id) => sql`${id}`),
    sql`, `,
  )
  return sql`(cardinality(${contacts.venueIds}) = 0 or ${contacts.venueIds} && array[${list}]::uuid[])`
}

/** SQL: the contact is shown at this venue. */
function shownAt(venueId: string): SQL {
  return sql`(cardinality(${contacts.venueIds}) = 0 or ${venueId}::uuid = any(${contacts.venueIds}))`
}

type ContactRow = typeof contacts.$inferSelect

function publicContact(row: ContactRow, category: CategoryRow | null, country: string | undefined) {
  return {
    id: row.id,
    name: row.name,
    company: row.company,
    role: row.role,
    email: row.email,
    phone: row.phone,
    phoneDisplay: displayPhone(row.phone, country as never),
    address: row.address,
    website: row.website,
    notes: row.notes,
    category: category ? { id: category.id, name: category.name, supplier: category.supplier } : null,
    venueIds: row.venueIds,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}
export type PublicContact = ReturnType<typeof publicContact>

async function orgCountry(db: Db, orgId: string) {
  const [org] = await db.select({ timeZone: organisations.timeZone }).from(organisations).where(eq(organisations.id, orgId))
  return countryOfTimeZone(org?.timeZone ?? 'Europe/London')
}

async function selectContacts(ctx: ContactContext, where: SQL | undefined, country: string | undefined) {
  const rows = await ctx.db
    .select({ contact: contacts, category: contactCategories })
    .from(contacts)
    .leftJoin(contactCategories, and(eq(contactCategories.orgId, contacts.orgId), eq(contactCategories.id, contacts.categoryId)))
    .where(and(eq(contacts.orgId, ctx.scope.orgId), contactVisible(ctx.scope.venueIds), where))
    .orderBy(sql`${contactCategories.position} nulls last`, sql`lower(${contacts.name})`, asc(contacts.id))
  return rows.map((r) => publicContact(r.contact, r.category, country))
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (ch) => `\\${ch}`)
}

function searchWhere(search: string | undefined): SQL | undefined {
  const q = search?.trim()
  if (!q) return undefined
  const like = `%${escapeLike(q)}%`
  return sql`(${contacts.name} ilike ${like} or ${contacts.company} ilike ${like} or ${contacts.role} ilike ${like} or ${contacts.email} ilike ${like} or ${contacts.phone} ilike ${like} or ${contacts.notes} ilike ${like})`
}

export async function listContacts(ctx: ContactContext, filter: { categoryId?: string; search?: string } = {}) {
  const country = await orgCountry(ctx.db, ctx.scope.orgId)
  return selectContacts(ctx, and(filter.categoryId ? eq(contacts.categoryId, filter.categoryId) : undefined, searchWhere(filter.search)), country)
}

/** The contacts shown at a venue (its phone numbers in that venue's national format). */
export async function venueContacts(ctx: ContactContext, venue: { id: string; timeZone: string }, filter: { categoryId?: string; search?: string }) {
  const country = countryOfTimeZone(venue.timeZone)
  const list = await selectContacts(
    ctx,
    and(shownAt(venue.id), filter.categoryId ? eq(contacts.categoryId, filter.categoryId) : undefined, searchWhere(filter.search)),
    country,
  )
  return { country: country ?? null, contacts: list }
}

export async function findContact(ctx: ContactContext, contactId: string, venue?: { id: string; timeZone: string }) {
  if (!isUuid(contactId)) return undefined
  const country = venue ? countryOfTimeZone(venue.timeZone) : await orgCountry(ctx.db, ctx.scope.orgId)
  const [contact] = await selectContacts(ctx, and(eq(contacts.id, contactId), venue ? shownAt(venue.id) : undefined), country)
  return contact
}

export interface ContactInput {
  name: string
  company?: string
  role?: string
  email?: string
  phone?: string
  address?: string
  website?: string
  notes?: string
  categoryId?: string | null
  venueIds?: string[]
}

/** Venue ids of this organisation (data.venueIds); a member limited to some venues may only name theirs, and may not choose "all". */
async function checkVenueIds(ctx: ContactContext, ids: string[]): Promise<string[]> {
  const unique = [...new Set(ids)]
  if (!unique.length) {
    if (ctx.scope.venueIds) throw forbidden()
    return []
  }
  const bad = () => validationError({ venueIds: t(ctx.locale, 'validation.venues') })
  if (!unique.every((id) => isUuid(id))) throw bad()
  const found = await ctx.db
    .select({ id: venues.id })
    .from(venues)
    .where(and(eq(venues.orgId, ctx.scope.orgId), inArray(venues.id, unique)))
  if (found.length !== unique.length) throw bad()
  if (ctx.scope.venueIds && !unique.every((id) => ctx.scope.venueIds!.includes(id))) throw forbidden()
  return unique
}

async function checkCategory(ctx: ContactContext, categoryId: string | null | undefined): Promise<string | null | undefined> {
  if (categoryId === undefined || categoryId === null) return categoryId
  const bad = () => validationError({ categoryId: t(ctx.locale, 'contacts.category') })
  if (!isUuid(categoryId)) throw bad()
  const [row] = await ctx.db
    .select({ id: contactCategories.id })
    .from(contactCategories)
    .where(and(eq(contactCategories.orgId, ctx.scope.orgId), eq(contactCategories.id, categoryId)))
  if (!row) throw bad()
  return categoryId
}

/** The country a national number is read in: the first venue the contact is for, else the organisation's. */
async function phoneCountry(ctx: ContactContext, venueIds: string[]) {
  if (venueIds.length) {
    const [venue] = await ctx.db
      .select({ timeZone: venues.timeZone })
      .from(venues)
      .where(and(eq(venues.orgId, ctx.scope.orgId), eq(venues.id, venueIds[0]!)))
    if (venue) return countryOfTimeZone(venue.timeZone)
  }
  return orgCountry(ctx.db, ctx.scope.orgId)
}

function checkWebsite(ctx: ContactContext, website: string | undefined): string | undefined {
  if (website === undefined || website === '') return website
  const withScheme = /^https?:\/\//i.test(website) ? website : `https://${website}`
  try {
    const url = new URL(withScheme)
    if (!url.hostname.includes('.')) throw new Error('no host')
    return url.toString()
  } catch {
    throw validationError({ website: t(ctx.locale, 'contacts.website') })
  }
}

async function prepare(ctx: ContactContext, input: Partial<ContactInput>, currentVenueIds: string[]) {
  const venueIds = input.venueIds === undefined ? undefined : await checkVenueIds(ctx, input.venueIds)
  const categoryId = await checkCategory(ctx, input.categoryId)
  let phone: string | undefined
  if (input.phone !== undefined) {
    const normalised = normalisePhone(input.phone, await phoneCountry(ctx, venueIds ?? currentVenueIds))
    if (normalised === null) throw validationError({ phone: t(ctx.locale, 'contacts.phone') })
    phone = normalised
  }
  const website = checkWebsite(ctx, input.website)
  const values: Partial<typeof contacts.$inferInsert> = {}
  for (const key of ['name', 'company', 'role', 'email', 'address', 'notes'] as const) if (input[key] !== undefined) values[key] = input[key]
  if (venueIds !== undefined) values.venueIds = venueIds
  if (categoryId !== undefined) values.categoryId = categoryId
  if (phone !== undefined) values.phone = phone
  if (website !== undefined) values.website = website
  return values
}

export async function createContact(ctx: ContactContext, input: ContactInput) {
  const values = await prepare(ctx, { ...input, venueIds: input.venueIds ?? [] }, [])
  const [row] = await ctx.db
    .insert(contacts)
    .values({ ...values, orgId: ctx.scope.orgId, name: input.name })
    .returning({ id: contacts.id })
  return (await findContact(ctx, row!.id))!
}

export async function updateContact(ctx: ContactContext, contactId: string, patch: Partial<ContactInput>) {
  const current = await findContact(ctx, contactId)
  if (!current) return undefined
  const values = await prepare(ctx, patch, current.venueIds)
  await ctx.db
    .update(contacts)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(contacts.orgId, ctx.scope.orgId), eq(contacts.id, contactId), contactVisible(ctx.scope.venueIds)))
  return findContact(ctx, contactId)
}

export async function deleteContact(ctx: ContactContext, contactId: string): Promise<boolean> {
  if (!(await findContact(ctx, contactId))) return false
  const rows = await ctx.db
    .delete(contacts)
    .where(and(eq(contacts.orgId, ctx.scope.orgId), eq(contacts.id, contactId), contactVisible(ctx.scope.venueIds)))
    .returning({ id: contacts.id })
  return rows.length > 0
}

// ─── vCard ──────────────────────────────────────────────────────────────────────────────────────

function vcardEscape(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/\r?\n/g, '\\n').replace(/([,;])/g, '\\$1')
}

/** A vCard 3.0 of a contact (RFC 2426), lines folded at 75 octets. */
export function vcard(contact: PublicContact): string {
  const lines = ['BEGIN:VCARD', 'VERSION:3.0', `FN:${vcardEscape(contact.name)}`, `N:${vcardEscape(contact.name)};;;;`]
  if (contact.company) lines.push(`ORG:${vcardEscape(contact.company)}`)
  if (contact.role) lines.push(`TITLE:${vcardEscape(contact.role)}`)
  if (contact.phone) lines.push(`TEL;TYPE=WORK,VOICE:${contact.phone}`)
  if (contact.email) lines.push(`EMAIL;TYPE=INTERNET:${vcardEscape(contact.email)}`)
  if (contact.address) lines.push(`ADR;TYPE=WORK:;;${vcardEscape(contact.address)};;;;`)
  if (contact.website) lines.push(`URL:${vcardEscape(contact.website)}`)
  if (contact.category) lines.push(`CATEGORIES:${vcardEscape(contact.category.name)}`)
  if (contact.notes) lines.push(`NOTE:${vcardEscape(contact.notes)}`)
  lines.push('END:VCARD')
  return lines.map(fold).join('\r\n') + '\r\n'
}

function fold(line: string): string {
  const bytes = Buffer.from(line, 'utf8')
  if (bytes.length <= 75) return line
  const parts: string[] = []
  let current = ''
  for (const ch of line) {
    if (Buffer.byteLength(current + ch) > (parts.length ? 74 : 75)) {
      parts.push(current)
      current = ''
    }
    current += ch
  }
  parts.push(current)
  return parts.join('\r\n ')
}

// ─── supplier catalogue ─────────────────────────────────────────────────────────────────────────

export interface ProductInput {
  id?: string
  name: string
  unit?: string
  packSize?: string
  price?: number | null
  code?: string
  /** Par levels by venue; venues not listed keep none (a limited member's other venues are left as they were). */
  parLevels?: Array<{ venueId: string; par: number }>
}

export async function listProducts(ctx: ContactContext, contactId: string) {
  const rows = await ctx.db
    .select()
    .from(supplierProducts)
    .where(and(eq(supplierProducts.orgId, ctx.scope.orgId), eq(supplierProducts.contactId, contactId)))
    .orderBy(asc(supplierProducts.position), asc(supplierProducts.id))
  const pars = rows.length
    ? await ctx.db
        .select()
        .from(parLevels)
        .where(
          and(
            eq(parLevels.orgId, ctx.scope.orgId),
            inArray(
              parLevels.productId,
              rows.map((r) => r.id),
            ),
            ctx.scope.venueIds ? inArray(parLevels.venueId, ctx.scope.venueIds) : undefined,
          ),
        )
    : []
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    unit: r.unit,
    packSize: r.packSize,
    price: r.price,
    code: r.code,
    parLevels: pars.filter((p) => p.productId === r.id).map((p) => ({ venueId: p.venueId, par: p.par })),
  }))
}
export type PublicProduct = Awaited<ReturnType<typeof listProducts>>[number]

/** Is the contact a supplier (in a category marked supplier)? */
export function isSupplier(contact: PublicContact): boolean {
  return contact.category?.supplier === true
}

/**
 * Replace the supplier's catalogue: products with an id are changed, without one added, missing ones
 * deleted (order lines keep their text). Par levels are replaced for the venues the member may use.
 */
export async function replaceProducts(ctx: ContactContext, contactId: string, products: ProductInput[]) {
  const existing = await ctx.db
    .select({ id: supplierProducts.id })
    .from(supplierProducts)
    .where(and(eq(supplierProducts.orgId, ctx.scope.orgId), eq(supplierProducts.contactId, contactId)))
  const known = new Set(existing.map((e) => e.id))
  for (const [i, p] of products.entries()) {
    if (p.id !== undefined && !known.has(p.id)) throw validationError({ [`products.${i}.id`]: t(ctx.locale, 'validation.invalid') })
  }
  const venueRows = await ctx.db
    .select({ id: venues.id })
    .from(venues)
    .where(and(eq(venues.orgId, ctx.scope.orgId), isNull(venues.archivedAt)))
  const allowed = new Set(venueRows.map((v) => v.id).filter((id) => !ctx.scope.venueIds || ctx.scope.venueIds.includes(id)))
  for (const [i, p] of products.entries()) {
    for (const [j, par] of (p.parLevels ?? []).entries()) {
      if (!allowed.has(par.venueId)) throw validationError({ [`products.${i}.parLevels.${j}.venueId`]: t(ctx.locale, 'validation.venue') })
    }
  }
  await ctx.db.transaction(async (txRaw) => {
    const tx = asDb(txRaw)
    const keep = products.map((p) => p.id).filter((id): id is string => !!id)
    const gone = existing.map((e) => e.id).filter((id) => !keep.includes(id))
    if (gone.length) await tx.delete(supplierProducts).where(and(eq(supplierProducts.orgId, ctx.scope.orgId), inArray(supplierProducts.id, gone)))
    for (const [position, p] of products.entries()) {
      const values = { name: p.name, unit: p.unit ?? '', packSize: p.packSize ?? '', price: p.price ?? null, code: p.code ?? '', position }
      let id = p.id
      if (id) {
        await tx
          .update(supplierProducts)
          .set(values)
          .where(and(eq(supplierProducts.orgId, ctx.scope.orgId), eq(supplierProducts.id, id)))
      } else {
        const [row] = await tx
          .insert(supplierProducts)
          .values({ ...values, orgId: ctx.scope.orgId, contactId })
          .returning({ id: supplierProducts.id })
        id = row!.id
      }
      if (p.parLevels === undefined) continue
      await tx.delete(parLevels).where(and(eq(parLevels.orgId, ctx.scope.orgId), eq(parLevels.productId, id), inArray(parLevels.venueId, [...allowed])))
      const pars = new Map(p.parLevels.map((x) => [x.venueId, x.par]))
      if (pars.size) await tx.insert(parLevels).values([...pars].map(([venueId, par]) => ({ orgId: ctx.scope.orgId, productId: id!, venueId, par })))
    }
  })
  return listProducts(ctx, contactId)
}

// ─── onboarding ─────────────────────────────────────────────────────────────────────────────────

/** Done once a contact is in a supplier category (one orders can be sent to). */
registerOnboardingStep({
  key: 'supplier',
  href: '/settings/contacts/new',
  position: 70,
  done: (db, orgId) =>
    hasRow(
      db
        .select({ one: sql`1` })
        .from(contacts)
        .innerJoin(contactCategories, and(eq(contactCategories.orgId, contacts.orgId), eq(contactCategories.id, contacts.categoryId)))
        .where(and(eq(contacts.orgId, orgId), eq(contactCategories.supplier, true))),
    ),
})

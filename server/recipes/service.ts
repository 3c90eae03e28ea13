/**
 * Recipes and recipe categories (docs/decisions/025-recipes.md). Every function takes the org scope
 * and puts `org_id = scope.orgId` into every select, update and delete; a member limited to some
 * venues sees only the recipes used at one of them or at every venue (others are 404 by id).
 */
import { and, asc, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm'
import { notFound, validationError } from '../api/errors.ts'
import { isUuid, requireVenueAccess, type OrgScope } from '../api/middleware/org-scope.ts'
import type { Db } from '../db/client.ts'
import { memberships, uploads, venues } from '../db/schema.ts'
import { t, type Locale } from '../i18n.ts'
import { hasRow, registerOnboardingStep } from '../onboarding/steps.ts'
import { isImageType, uploadUrl } from '../uploads/service.ts'
import { allergenMarks, detectAllergens } from './allergens.ts'
import { recipeCategories, recipes, type AllergenMap, type IngredientLine } from './schema.ts'

export interface RecipeContext {
  db: Db
  scope: OrgScope
  locale: Locale
}

const asDb = (tx: unknown) => tx as Db

/**
 * SQL: a recipe whose `venue_ids` is used at one of these venues or at every venue; nothing to add
 * when the member may use every venue.
 */
export function recipeUsedAtAnyOf(column: SQL | typeof recipes.venueIds, venueIds: readonly string[] | null | undefined): SQL | undefined {
  if (!venueIds) return undefined
  const list = sql.join(
    venueIds.map((id) => sql`${id}`),
    sql`, `,
  )
  return sql`(cardinality(${column}) = 0 or ${column} && array[${list}]::uuid[])`
}

/** SQL: the recipes of the organisation the member may see. */
export function recipesInScope(scope: Pick<OrgScope, 'orgId' | 'venueIds'>): SQL {
  return and(eq(recipes.orgId, scope.orgId), recipeUsedAtAnyOf(recipes.venueIds, scope.venueIds))!
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (ch) => `\\${ch}`)
}

// ─── categories ─────────────────────────────────────────────────────────────────────────────────

const categoryColumns = {
  id: recipeCategories.id,
  name: recipeCategories.name,
  position: recipeCategories.position,
}

export interface PublicCategory {
  id: string
  name: string
  position: number
  /** Recipes in it that the member sees. */
  recipeCount: number
}

export async function listCategories(ctx: RecipeContext): Promise<PublicCategory[]> {
  const { db, scope } = ctx
  const counted = recipeUsedAtAnyOf(sql.raw('r.venue_ids'), scope.venueIds)
  const rows = await db
    .select({
      ...categoryColumns,
      recipeCount: sql<number>`(select count(*)::int from ${recipes} r where r.org_id = recipe_categories.org_id and r.category_id = recipe_categories.id${counted ? sql` and ${counted}` : sql``})`.mapWith(Number),
    })
    .from(recipeCategories)
    .where(eq(recipeCategories.orgId, scope.orgId))
    .orderBy(asc(recipeCategories.position), asc(recipeCategories.name), asc(recipeCategories.id))
  return rows
}

export async function getCategory(ctx: RecipeContext, id: string): Promise<PublicCategory | undefined> {
  return (await listCategories(ctx)).find((c) => c.id === id)
}

export async function createCategory(ctx: RecipeContext, input: { name: string }): Promise<PublicCategory> {
  const { db, scope } = ctx
  const [row] = await db
    .insert(recipeCategories)
    .values({
      orgId: scope.orgId,
      name: input.name,
      position: sql<number>`(select coalesce(max(position), -1) + 1 from ${recipeCategories} where org_id = ${scope.orgId})`,
    })
    .returning(categoryColumns)
  return { ...row!, recipeCount: 0 }
}

export async function updateCategory(ctx: RecipeContext, id: string, patch: { name?: string }): Promise<PublicCategory | undefined> {
  const { db, scope } = ctx
  const [row] = await db
    .update(recipeCategories)
    .set({ ...(patch.name !== undefined ? { name: patch.name } : {}), updatedAt: new Date() })
    .where(and(eq(recipeCategories.orgId, scope.orgId), eq(recipeCategories.id, id)))
    .returning({ id: recipeCategories.id })
  return row && getCategory(ctx, row.id)
}

/** Delete a category: its recipes become uncategorised (the foreign key sets them null). */
export async function deleteCategory(ctx: RecipeContext, id: string): Promise<boolean> {
  const rows = await ctx.db
    .delete(recipeCategories)
    .where(and(eq(recipeCategories.orgId, ctx.scope.orgId), eq(recipeCategories.id, id)))
    .returning({ id: recipeCategories.id })
  return rows.length > 0
}

/** Put the categories in a new order: `ids` must be exactly the organisation's categories. */
export async function reorderCategories(ctx: RecipeContext, ids: string[]): Promise<void> {
  const { db, scope } = ctx
  const current = await db.select({ id: recipeCategories.id }).from(recipeCategories).where(eq(recipeCategories.orgId, scope.orgId))
  const given = new Set(ids)
  const same = given.size === ids.length && ids.length === current.length && current.every((c) => given.has(c.id))
  if (!same) throw validationError({ ids: t(ctx.locale, 'validation.reorderIds') })
  if (!ids.length) return
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )
  await db.execute(
    sql`update ${recipeCategories} set position = o.ord - 1, updated_at = now()
        from unnest(array[${list}]::uuid[]) with ordinality as o(id, ord)
        where ${recipeCategories}.id = o.id and ${recipeCategories}.org_id = ${scope.orgId}`,
  )
}

// ─── recipes ────────────────────────────────────────────────────────────────────────────────────

type RecipeRow = typeof recipes.$inferSelect

const summaryColumns = {
  id: recipes.id,
  orgId: recipes.orgId,
  name: recipes.name,
  categoryId: recipes.categoryId,
  description: recipes.description,
  yieldQuantity: recipes.yieldQuantity,
  yieldUnit: recipes.yieldUnit,
  portions: recipes.portions,
  prepMinutes: recipes.prepMinutes,
  cookMinutes: recipes.cookMinutes,
  allergens: recipes.allergens,
  allergensConfirmedAt: recipes.allergensConfirmedAt,
  detectedAllergens: recipes.detectedAllergens,
  /** The ingredients only of a recipe saved before detection was stored: its detection is made on reading. */
  unsavedIngredients: sql<IngredientLine[] | null>`case when ${recipes.detectedAllergens} is null then ${recipes.ingredients} end`.mapWith((v: unknown) =>
    typeof v === 'string' ? (JSON.parse(v) as IngredientLine[]) : (v as IngredientLine[] | null),
  ),
  imageUploadId: recipes.imageUploadId,
  venueIds: recipes.venueIds,
  updatedAt: recipes.updatedAt,
}
type SummaryRow = { [K in Exclude<keyof typeof summaryColumns, 'unsavedIngredients'>]: RecipeRow[K] } & { unsavedIngredients?: IngredientLine[] | null }

/** What the ingredient names suggested at the last save (or now, for a recipe not saved since). */
function storedDetection(row: Pick<RecipeRow, 'detectedAllergens'> & { unsavedIngredients?: IngredientLine[] | null }): AllergenMap {
  return row.detectedAllergens ?? detectAllergens(ingredientNames(row.unsavedIngredients ?? []))
}

/** `RecipeSummary`: what lists show. */
export function publicSummary(row: SummaryRow) {
  const detectedAllergens = storedDetection(row)
  const allergensConfirmed = row.allergensConfirmedAt !== null
  return {
    id: row.id,
    name: row.name,
    categoryId: row.categoryId,
    description: row.description,
    yieldQuantity: row.yieldQuantity === null ? null : Number(row.yieldQuantity),
    yieldUnit: row.yieldUnit,
    portions: row.portions,
    prepMinutes: row.prepMinutes,
    cookMinutes: row.cookMinutes,
    allergens: row.allergens,
    allergensConfirmed,
    /** What the ingredient names suggested when the recipe was last saved. */
    detectedAllergens,
    /** What every view shows: the listed allergens and, while unconfirmed, the detected ones as "check". */
    allergenMarks: allergenMarks(row.allergens, detectedAllergens, allergensConfirmed),
    imageUploadId: row.imageUploadId,
    imageUrl: row.imageUploadId ? uploadUrl(row.orgId, row.imageUploadId) : null,
    venueIds: row.venueIds,
    updatedAt: row.updatedAt.toISOString(),
  }
}
export type RecipeSummary = ReturnType<typeof publicSummary>

/** `Recipe`: everything. */
export function publicRecipe(row: RecipeRow) {
  return {
    ...publicSummary({ ...row, unsavedIngredients: row.ingredients }),
    ingredients: row.ingredients,
    steps: row.steps,
    allergensConfirmedAt: row.allergensConfirmedAt ? row.allergensConfirmedAt.toISOString() : null,
    allergensConfirmedBy: row.allergensConfirmedBy,
    createdAt: row.createdAt.toISOString(),
  }
}
export type PublicRecipe = ReturnType<typeof publicRecipe>

/** The names (with notes) of the ingredient lines, for allergen detection. */
export function ingredientNames(lines: readonly IngredientLine[]): string[] {
  return lines.filter((l) => l.type === 'ingredient').map((l) => (l.note ? `${l.name} ${l.note}` : l.name))
}

export interface RecipeFilter {
  search?: string
  categoryId?: string
  venueId?: string
}

/** The recipes the member sees, by name; `categoryId` "none" keeps the uncategorised ones. */
export async function listRecipes(ctx: RecipeContext, filter: RecipeFilter): Promise<RecipeSummary[]> {
  const { db, scope } = ctx
  if (filter.venueId !== undefined) await checkVenue(ctx, filter.venueId)
  const rows = await db
    .select(summaryColumns)
    .from(recipes)
    .where(
      and(
        recipesInScope(scope),
        filter.search ? ilike(recipes.name, `%${escapeLike(filter.search)}%`) : undefined,
        filter.categoryId === 'none' ? isNull(recipes.categoryId) : filter.categoryId ? eq(recipes.categoryId, filter.categoryId) : undefined,
        filter.venueId ? recipeUsedAtAnyOf(recipes.venueIds, [filter.venueId]) : undefined,
      ),
    )
    .orderBy(sql`lower(${recipes.name})`, asc(recipes.id))
  return rows.map(publicSummary)
}

/**
 * 400 unless a venue of the organisation (404 when the venue is the path's: an unknown record); 403
 * unless the member may use it.
 */
export async function checkVenue(ctx: RecipeContext, venueId: string, opts: { inPath?: boolean } = {}): Promise<{ id: string; name: string }> {
  const bad = () => (opts.inPath ? notFound() : validationError({ venueId: t(ctx.locale, 'validation.venue') }))
  if (!isUuid(venueId)) throw bad()
  const [venue] = await ctx.db
    .select({ id: venues.id, name: venues.name })
    .from(venues)
    .where(and(eq(venues.orgId, ctx.scope.orgId), eq(venues.id, venueId)))
  if (!venue) throw bad()
  requireVenueAccess(ctx.scope, venue.id)
  return venue
}

export async function getRecipe(ctx: RecipeContext, id: string): Promise<PublicRecipe | undefined> {
  const [row] = await ctx.db
    .select()
    .from(recipes)
    .where(and(recipesInScope(ctx.scope), eq(recipes.id, id)))
  return row && publicRecipe(row)
}

export interface RecipeInput {
  name: string
  categoryId?: string | null
  description?: string
  yieldQuantity?: number | null
  yieldUnit?: string
  portions?: number | null
  prepMinutes?: number | null
  cookMinutes?: number | null
  ingredients?: IngredientLine[]
  steps?: string[]
  allergens?: AllergenMap
  /** A person has checked the allergen list: stamp who and when. */
  confirmAllergens?: boolean
  imageUploadId?: string | null
  venueIds?: string[]
}

async function checkReferences(ctx: RecipeContext, input: Partial<RecipeInput>): Promise<{ venueIds?: string[] }> {
  const { db, scope, locale } = ctx
  const errors: Record<string, string> = {}
  if (input.categoryId) {
    const [found] = await db
      .select({ id: recipeCategories.id })
      .from(recipeCategories)
      .where(and(eq(recipeCategories.orgId, scope.orgId), eq(recipeCategories.id, input.categoryId)))
    if (!found) errors.categoryId = t(locale, 'validation.invalidChoice')
  }
  if (input.imageUploadId) {
    const [found] = await db
      .select({ contentType: uploads.contentType })
      .from(uploads)
      .where(and(eq(uploads.orgId, scope.orgId), eq(uploads.id, input.imageUploadId)))
    if (!found || !isImageType(found.contentType)) errors.imageUploadId = t(locale, 'recipes.imageType')
  }
  let venueIds: string[] | undefined
  if (input.venueIds) {
    venueIds = [...new Set(input.venueIds)]
    if (venueIds.length) {
      const found = await db
        .select({ id: venues.id })
        .from(venues)
        .where(and(eq(venues.orgId, scope.orgId), inArray(venues.id, venueIds)))
      if (found.length !== venueIds.length) errors.venueIds = t(locale, 'validation.venues')
    }
  }
  if (Object.keys(errors).length) throw validationError(errors)
  return { venueIds }
}

/** The name of the member acting, for "allergens confirmed by". */
async function actorName(ctx: RecipeContext): Promise<string | null> {
  if (!ctx.scope.membershipId) return ctx.scope.device?.deviceName ?? null
  const [row] = await ctx.db
    .select({ name: memberships.name })
    .from(memberships)
    .where(and(eq(memberships.orgId, ctx.scope.orgId), eq(memberships.id, ctx.scope.membershipId)))
  return row?.name ?? null
}

function values(input: Partial<RecipeInput>) {
  return {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.categoryId !== undefined ? { categoryId: input.categoryId } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.yieldQuantity !== undefined ? { yieldQuantity: input.yieldQuantity } : {}),
    ...(input.yieldUnit !== undefined ? { yieldUnit: input.yieldUnit } : {}),
    ...(input.portions !== undefined ? { portions: input.portions } : {}),
    ...(input.prepMinutes !== undefined ? { prepMinutes: input.prepMinutes } : {}),
    ...(input.cookMinutes !== undefined ? { cookMinutes: input.cookMinutes } : {}),
    ...(input.ingredients !== undefined ? { ingredients: input.ingredients } : {}),
    ...(input.steps !== undefined ? { steps: input.steps } : {}),
    ...(input.allergens !== undefined ? { allergens: input.allergens } : {}),
    ...(input.imageUploadId !== undefined ? { imageUploadId: input.imageUploadId } : {}),
  }
}

export async function createRecipe(ctx: RecipeContext, input: RecipeInput): Promise<PublicRecipe> {
  const { venueIds } = await checkReferences(ctx, input)
  const confirmed = input.confirmAllergens ? { allergensConfirmedAt: new Date(), allergensConfirmedBy: await actorName(ctx) } : {}
  const [row] = await ctx.db
    .insert(recipes)
    .values({ orgId: ctx.scope.orgId, ...values(input), name: input.name, venueIds: venueIds ?? [], detectedAllergens: detectAllergens(ingredientNames(input.ingredients ?? [])), ...confirmed })
    .returning()
  return publicRecipe(row!)
}

/**
 * Change some fields. Confirming stamps who and when; changing the allergens or the ingredients
 * without confirming clears the stamp (the list has not been checked since).
 */
export async function updateRecipe(ctx: RecipeContext, id: string, patch: Partial<RecipeInput>): Promise<PublicRecipe | undefined> {
  const { venueIds } = await checkReferences(ctx, patch)
  return ctx.db.transaction(async (txRaw) => {
    const tx = asDb(txRaw)
    const [current] = await tx
      .select({ allergens: recipes.allergens, ingredients: recipes.ingredients })
      .from(recipes)
      .where(and(recipesInScope(ctx.scope), eq(recipes.id, id)))
      .for('update')
    if (!current) return undefined
    const changed =
      (patch.allergens !== undefined && JSON.stringify(sortKeys(patch.allergens)) !== JSON.stringify(sortKeys(current.allergens))) ||
      (patch.ingredients !== undefined && JSON.stringify(patch.ingredients) !== JSON.stringify(current.ingredients))
    const stamp = patch.confirmAllergens
      ? { allergensConfirmedAt: new Date(), allergensConfirmedBy: await actorName({ ...ctx, db: tx }) }
      : changed
        ? { allergensConfirmedAt: null, allergensConfirmedBy: null }
        : {}
    const [row] = await tx
      .update(recipes)
      .set({
        ...values(patch),
        ...(venueIds !== undefined ? { venueIds } : {}),
        // Detection runs on every save, on the ingredients the recipe now has (ADR 084).
        detectedAllergens: detectAllergens(ingredientNames(patch.ingredients ?? current.ingredients)),
        ...stamp,
        updatedAt: new Date(),
      })
      .where(and(recipesInScope(ctx.scope), eq(recipes.id, id)))
      .returning()
    return row && publicRecipe(row)
  })
}

function sortKeys(map: AllergenMap): AllergenMap {
  return Object.fromEntries(Object.entries(map).sort(([a], [b]) => a.localeCompare(b)))
}

export async function deleteRecipe(ctx: RecipeContext, id: string): Promise<boolean> {
  const rows = await ctx.db
    .delete(recipes)
    .where(and(recipesInScope(ctx.scope), eq(recipes.id, id)))
    .returning({ id: recipes.id })
  return rows.length > 0
}

/** A venue's recipe book: the venue, its categories (with counts at the venue) and its recipes. */
export async function venueRecipeBook(ctx: RecipeContext, venueId: string, filter: { categoryId?: string; search?: string }) {
  const venue = await checkVenue(ctx, venueId, { inPath: true })
  const all = await listRecipes(ctx, { venueId, search: filter.search })
  const categories = (await listCategories(ctx)).map((c) => ({ ...c, recipeCount: all.filter((r) => r.categoryId === c.id).length }))
  const uncategorised = all.filter((r) => r.categoryId === null).length
  const shown = filter.categoryId === 'none' ? all.filter((r) => r.categoryId === null) : filter.categoryId ? all.filter((r) => r.categoryId === filter.categoryId) : all
  return { venue, categories, uncategorisedCount: uncategorised, recipes: shown }
}

// ─── onboarding ─────────────────────────────────────────────────────────────────────────────────

registerOnboardingStep({
  key: 'recipe',
  href: '/settings/recipes/new',
  position: 60,
  done: (db, orgId) => hasRow(db.select({ one: sql`1` }).from(recipes).where(eq(recipes.orgId, orgId))),
})

import { Hono, type Context } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '../api/context.ts'
import { line, text, uuid } from '../api/contract.ts'
import { notFound, validationError } from '../api/errors.ts'
import { t } from '../i18n.ts'
import { PageFetchError } from './fetch-page.ts'
import { draftFromText, draftFromUrl } from './import.ts'
import { isUuid, requirePermission, type OrgScope } from '../api/middleware/org-scope.ts'
import { readJson, readQuery } from '../api/validate.ts'
import { eq } from 'drizzle-orm'
import { organisations } from '../db/schema.ts'
import { allergenSheetPdf } from './allergen-sheet.ts'
import { ALLERGEN_LEVELS, ALLERGENS, type Allergen, type IngredientLine } from './schema.ts'
import {
  createCategory,
  createRecipe,
  deleteCategory,
  deleteRecipe,
  getCategory,
  getRecipe,
  listCategories,
  listRecipes,
  reorderCategories,
  updateCategory,
  updateRecipe,
  venueRecipeBook,
  type RecipeContext,
} from './service.ts'

const name = line().trim().min(1).max(120)
const quantity = z.number().min(0).max(1_000_000)
const unit = line().trim().max(30)

/**
 * One line of the ingredient list: an ingredient (the default) or a section heading ("For the
 * sauce"), which keeps only its name.
 */
export const ingredientLine = z
  .strictObject({
    type: z.enum(['ingredient', 'section']).default('ingredient'),
    quantity: quantity.nullable().default(null),
    /** The top of a range ("2-3 cloves"); null for one quantity. */
    quantityMax: quantity.nullable().default(null),
    unit: unit.default(''),
    name: line().trim().min(1).max(200),
    note: line().trim().max(200).default(''),
  })
  .transform((l): IngredientLine => (l.type === 'section' ? { type: 'section', name: l.name } : { ...l, type: 'ingredient' }))

/** Each of the 14 allergens: "contains", "mayContain", or absent (not in it). */
export const allergenMap = z.strictObject(
  Object.fromEntries(ALLERGENS.map((a) => [a, z.enum(ALLERGEN_LEVELS).optional()])) as Record<Allergen, z.ZodOptional<z.ZodEnum<{ contains: 'contains'; mayContain: 'mayContain' }>>>,
)

const recipeFields = {
  categoryId: uuid('validation.invalidChoice').nullable(),
  description: text().trim().max(4000),
  yieldQuantity: z.number().gt(0).max(1_000_000).nullable(),
  yieldUnit: unit,
  portions: z.int().min(1).max(100_000).nullable(),
  prepMinutes: z.int().min(0).max(100_000).nullable(),
  cookMinutes: z.int().min(0).max(100_000).nullable(),
  ingredients: z.array(ingredientLine).max(300),
  steps: z.array(text().trim().min(1).max(4000)).max(200),
  allergens: allergenMap,
  confirmAllergens: z.boolean(),
  imageUploadId: uuid('validation.invalid').nullable(),
  venueIds: z.array(uuid('validation.venues')).max(200),
}

export const createRecipeBody = z.strictObject({
  name,
  ...Object.fromEntries(Object.entries(recipeFields).map(([k, v]) => [k, v.optional()])),
} as { name: typeof name } & { [K in keyof typeof recipeFields]: z.ZodOptional<(typeof recipeFields)[K]> })

export const updateRecipeBody = z.strictObject({
  name: name.optional(),
  ...Object.fromEntries(Object.entries(recipeFields).map(([k, v]) => [k, v.optional()])),
} as { name: z.ZodOptional<typeof name> } & { [K in keyof typeof recipeFields]: z.ZodOptional<(typeof recipeFields)[K]> })

export const listRecipesQuery = z.object({
  search: line().trim().max(100).optional(),
  /** A category id, or "none" for the uncategorised ones. */
  categoryId: line().trim().max(64).optional(),
  venueId: line().optional(),
})

export const venueRecipesQuery = z.object({
  /** A category id, or "none" for the uncategorised ones; empty for all. */
  category: line().trim().max(64).optional(),
  search: line().trim().max(100).optional(),
})

/** POST /recipes/generate: pasted text, or a web page's address (one of them). */
export const generateBody = z
  .strictObject({
    text: text().max(50_000).optional(),
    url: line().trim().max(2000).optional(),
  })
  .refine((b) => Boolean(b.text?.trim()) !== Boolean(b.url), { message: 'validation.recipeSource', path: ['text'] })

export const categoryBody = z.strictObject({ name: line().trim().min(1).max(80) })
export const updateCategoryBody = categoryBody.partial()
export const reorderCategoriesBody = z.strictObject({
  ids: z.array(line({ error: 'validation.reorderIds' }).max(64, 'validation.reorderIds'), { error: 'validation.reorderIds' }).max(500),
})

export function recipeContext(c: Context<AppEnv>, scope: OrgScope): RecipeContext {
  return { db: c.get('deps').db, scope, locale: c.get('locale') }
}

function param(c: Context<AppEnv>, key: string): string {
  const id = c.req.param(key)
  if (!isUuid(id)) throw notFound()
  return id
}

/** A category filter: an id, "none", or nothing; an unknown value filters to nothing rather than failing. */
function categoryFilter(value: string | undefined): string | undefined {
  if (!value) return undefined
  return value === 'none' || isUuid(value) ? value : '00000000-0000-0000-0000-000000000000'
}

/** /v1/orgs/:orgId/recipes */
export function recipeRoutes() {
  const app = new Hono<AppEnv>()

  app.get('/', async (c) => {
    const scope = requirePermission(c, 'venue.read')
    const query = readQuery(c, listRecipesQuery)
    const recipes = await listRecipes(recipeContext(c, scope), {
      search: query.search || undefined,
      categoryId: categoryFilter(query.categoryId),
      venueId: query.venueId || undefined,
    })
    return c.json({ recipes })
  })

  app.post('/', async (c) => {
    const scope = requirePermission(c, 'recipes.manage')
    const body = await readJson(c, createRecipeBody)
    return c.json({ recipe: await createRecipe(recipeContext(c, scope), body) }, 201)
  })

  app.post('/generate', async (c) => {
    requirePermission(c, 'recipes.manage')
    const body = await readJson(c, generateBody)
    const { config } = c.get('deps')
    const log = c.get('log')()
    const onLlmError = (error: unknown) => log.warn({ err: error }, 'recipe LLM endpoint failed; used the built-in parser')
    try {
      const result = body.url ? await draftFromUrl(body.url, config, { onLlmError }) : await draftFromText(body.text!, config, onLlmError)
      return c.json(result)
    } catch (error) {
      if (error instanceof PageFetchError) throw validationError({ url: t(c.get('locale'), `recipes.url.${error.reason}`) })
      throw error
    }
  })

  app.get('/:recipeId', async (c) => {
    const scope = requirePermission(c, 'venue.read')
    const recipe = await getRecipe(recipeContext(c, scope), param(c, 'recipeId'))
    if (!recipe) throw notFound()
    return c.json({ recipe })
  })

  app.put('/:recipeId', async (c) => {
    const scope = requirePermission(c, 'recipes.manage')
    const id = param(c, 'recipeId')
    const body = await readJson(c, updateRecipeBody)
    const recipe = await updateRecipe(recipeContext(c, scope), id, body)
    if (!recipe) throw notFound()
    return c.json({ recipe })
  })

  app.delete('/:recipeId', async (c) => {
    const scope = requirePermission(c, 'recipes.manage')
    if (!(await deleteRecipe(recipeContext(c, scope), param(c, 'recipeId')))) throw notFound()
    return c.body(null, 204)
  })

  return app
}

/** /v1/orgs/:orgId/venues/:venueId/recipes — the venue's recipe book. */
export function venueRecipeRoutes() {
  const app = new Hono<AppEnv>()
  app.get('/', async (c) => {
    const scope = requirePermission(c, 'venue.read')
    const venueId = c.req.param('venueId')
    if (!isUuid(venueId)) throw notFound()
    const query = readQuery(c, venueRecipesQuery)
    const book = await venueRecipeBook(recipeContext(c, scope), venueId, { categoryId: categoryFilter(query.category), search: query.search || undefined })
    return c.json(book)
  })
  app.get('/allergen-sheet', async (c) => {
    const scope = requirePermission(c, 'venue.read')
    const venueId = c.req.param('venueId')
    if (!isUuid(venueId)) throw notFound()
    const ctx = recipeContext(c, scope)
    const book = await venueRecipeBook(ctx, venueId, {})
    const [org] = await ctx.db.select({ name: organisations.name }).from(organisations).where(eq(organisations.id, scope.orgId))
    const pdf = await allergenSheetPdf({ locale: ctx.locale, venueName: book.venue.name, orgName: org?.name ?? '', recipes: book.recipes, printedAt: new Date().toISOString().slice(0, 10) })
    c.header('Content-Type', 'application/pdf')
    c.header('Content-Disposition', `attachment; filename="allergens-${book.venue.name.replace(/[^\w-]+/g, '-').toLowerCase()}.pdf"`)
    return c.body(new Uint8Array(pdf))
  })
  return app
}

/** /v1/orgs/:orgId/recipe-categories */
export function recipeCategoryRoutes() {
  const app = new Hono<AppEnv>()

  app.get('/', async (c) => {
    const scope = requirePermission(c, 'venue.read')
    return c.json({ categories: await listCategories(recipeContext(c, scope)) })
  })

  app.post('/', async (c) => {
    const scope = requirePermission(c, 'recipes.manage')
    const body = await readJson(c, categoryBody)
    return c.json({ category: await createCategory(recipeContext(c, scope), body) }, 201)
  })

  app.post('/reorder', async (c) => {
    const scope = requirePermission(c, 'recipes.manage')
    const { ids } = await readJson(c, reorderCategoriesBody)
    await reorderCategories(recipeContext(c, scope), ids)
    return c.body(null, 204)
  })

  app.get('/:categoryId', async (c) => {
    const scope = requirePermission(c, 'venue.read')
    const category = await getCategory(recipeContext(c, scope), param(c, 'categoryId'))
    if (!category) throw notFound()
    return c.json({ category })
  })

  app.put('/:categoryId', async (c) => {
    const scope = requirePermission(c, 'recipes.manage')
    const id = param(c, 'categoryId')
    const body = await readJson(c, updateCategoryBody)
    const category = await updateCategory(recipeContext(c, scope), id, body)
    if (!category) throw notFound()
    return c.json({ category })
  })

  app.delete('/:categoryId', async (c) => {
    const scope = requirePermission(c, 'recipes.manage')
    if (!(await deleteCategory(recipeContext(c, scope), param(c, 'categoryId')))) throw notFound()
    return c.body(null, 204)
  })

  return app
}

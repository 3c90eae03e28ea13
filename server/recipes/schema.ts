import { sql } from 'drizzle-orm'
import { index, integer, jsonb, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { orgRef } from '../orgs/schema.ts'
import { uploads } from '../uploads/schema.ts'

export { ALLERGEN_LEVELS, ALLERGENS, type Allergen, type AllergenLevel, type AllergenMap, type IngredientLine } from './constants.ts'
import type { AllergenMap, IngredientLine } from './constants.ts'

/** A recipe book category (Starters, Sauces…), ordered by position. */
export const recipeCategories = pgTable(
  'recipe_categories',
  {
    id: uuid().primaryKey().defaultRandom(),
    orgId: orgRef(),
    name: text().notNull(),
    position: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('recipe_categories_org_position_idx').on(t.orgId, t.position)],
)

/**
 * A recipe (docs/decisions/025-recipes.md). Ingredients and steps are ordered lists kept with the
 * recipe (they are only ever read and written whole). Deleting its category leaves it uncategorised.
 */
export const recipes = pgTable(
  'recipes',
  {
    id: uuid().primaryKey().defaultRandom(),
    orgId: orgRef(),
    categoryId: uuid().references(() => recipeCategories.id, { onDelete: 'set null' }),
    name: text().notNull(),
    description: text().notNull().default(''),
    yieldQuantity: numeric({ mode: 'number' }),
    yieldUnit: text().notNull().default(''),
    portions: integer(),
    prepMinutes: integer(),
    cookMinutes: integer(),
    ingredients: jsonb().$type<IngredientLine[]>().notNull().default(sql`'[]'::jsonb`),
    steps: jsonb().$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    allergens: jsonb().$type<AllergenMap>().notNull().default(sql`'{}'::jsonb`),
    /**
     * What the ingredient names suggested when the recipe was last saved (docs/decisions/
     * 084-allergens-detected-on-every-save.md); null for a recipe not saved since detection was stored.
     */
    detectedAllergens: jsonb().$type<AllergenMap>(),
    /** When a person last confirmed the allergen list, and who (their name then). */
    allergensConfirmedAt: timestamp({ withTimezone: true }),
    allergensConfirmedBy: text(),
    imageUploadId: uuid().references(() => uploads.id, { onDelete: 'set null' }),
    /** Venues it is used at; empty means every venue. */
    venueIds: uuid().array().notNull().default(sql`'{}'::uuid[]`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('recipes_org_name_idx').on(t.orgId, t.name), index('recipes_org_category_idx').on(t.orgId, t.categoryId)],
)

/** The recipe module's plain data, safe to bundle for the browser (no database imports). */

/** The 14 allergens of EU Regulation 1169/2011 Annex II, in the order kitchens list them. */
export const ALLERGENS = [
  'celery',
  'gluten',
  'crustaceans',
  'eggs',
  'fish',
  'lupin',
  'milk',
  'molluscs',
  'mustard',
  'treeNuts',
  'peanuts',
  'sesame',
  'soya',
  'sulphites',
] as const
export type Allergen = (typeof ALLERGENS)[number]
/** How a recipe holds an allergen; an allergen not listed is not in it. */
export const ALLERGEN_LEVELS = ['contains', 'mayContain'] as const
export type AllergenLevel = (typeof ALLERGEN_LEVELS)[number]
export type AllergenMap = Partial<Record<Allergen, AllergenLevel>>

/** One line of the ingredient list: a heading ("For the sauce") or an ingredient. */
export type IngredientLine =
  | { type: 'section'; name: string }
  | { type: 'ingredient'; quantity: number | null; quantityMax: number | null; unit: string; name: string; note: string }


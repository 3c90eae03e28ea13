import type { Allergen, AllergenLevel, IngredientLine } from '../../../server/recipes/constants'
import type { AllergenMarks } from '../../../server/recipes/allergens'

export type AllergenMap = Partial<Record<Allergen, AllergenLevel>>

export interface RecipeCategory {
  id: string
  name: string
  position: number
  recipeCount: number
}

export interface RecipeSummary {
  id: string
  name: string
  categoryId: string | null
  description: string
  yieldQuantity: number | null
  yieldUnit: string
  portions: number | null
  prepMinutes: number | null
  cookMinutes: number | null
  allergens: AllergenMap
  allergensConfirmed: boolean
  /** What the ingredient names suggested when the recipe was last saved. */
  detectedAllergens: AllergenMap
  /** What to show: listed allergens, and unconfirmed suggestions as "check" (ADR 084). */
  allergenMarks: AllergenMarks
  imageUploadId: string | null
  imageUrl: string | null
  venueIds: string[]
}

export interface Recipe extends RecipeSummary {
  ingredients: IngredientLine[]
  steps: string[]
  allergensConfirmedAt: string | null
  allergensConfirmedBy: string | null
}

export type { AllergenMark, AllergenMarks } from '../../../server/recipes/allergens'

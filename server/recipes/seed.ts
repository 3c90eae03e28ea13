import type { DemoSeeder } from '../db/seed.ts'
import { detectAllergens } from './allergens.ts'
import { recipeCategories, recipes, type AllergenMap, type IngredientLine } from './schema.ts'
import { ingredientNames } from './service.ts'

const i = (quantity: number | null, unit: string, name: string, note = '', quantityMax: number | null = null): IngredientLine => ({
  type: 'ingredient',
  quantity,
  quantityMax,
  unit,
  name,
  note,
})
const section = (name: string): IngredientLine => ({ type: 'section', name })

interface DemoRecipe {
  category: number
  name: string
  description: string
  yieldQuantity: number | null
  yieldUnit: string
  portions: number
  prepMinutes: number
  cookMinutes: number
  ingredients: IngredientLine[]
  steps: string[]
  allergens: AllergenMap
  /** Used only at the first venue. */
  firstVenueOnly?: boolean
}

const CATEGORIES = ['Starters', 'Mains', 'Desserts']

const DEMO: DemoRecipe[] = [
  {
    category: 0,
    name: 'Leek and potato soup',
    description: 'A smooth winter soup, finished with cream.',
    yieldQuantity: 3,
    yieldUnit: 'l',
    portions: 10,
    prepMinutes: 20,
    cookMinutes: 35,
    ingredients: [i(50, 'g', 'Butter'), i(800, 'g', 'Leeks', 'washed, sliced'), i(600, 'g', 'Floury potatoes', 'peeled, diced'), i(2, 'l', 'Vegetable stock'), i(150, 'ml', 'Double cream'), i(1, 'tsp', 'Salt')],
    steps: ['Sweat the leeks in the butter for 10 minutes without colour.', 'Add the potatoes and stock; simmer 25 minutes until soft.', 'Blend until smooth, stir in the cream and season.'],
    allergens: { milk: 'contains', celery: 'mayContain' },
  },
  {
    category: 0,
    name: 'Croquetas de jamón',
    description: 'Croquetas cremosas de jamón ibérico.',
    yieldQuantity: null,
    yieldUnit: '',
    portions: 8,
    prepMinutes: 40,
    cookMinutes: 15,
    ingredients: [
      section('Para la bechamel'),
      i(100, 'g', 'Mantequilla'),
      i(100, 'g', 'Harina de trigo'),
      i(1, 'l', 'Leche entera'),
      i(150, 'g', 'Jamón ibérico', 'picado fino'),
      i(1, 'pizca', 'Nuez moscada'),
      section('Para el rebozado'),
      i(2, '', 'Huevos'),
      i(200, 'g', 'Pan rallado'),
    ],
    steps: ['Derrite la mantequilla, añade la harina y cocina 2 minutos.', 'Añade la leche poco a poco sin dejar de remover; incorpora el jamón.', 'Enfría la masa, forma las croquetas, pásalas por huevo y pan rallado y fríe a 180 °C.'],
    allergens: { gluten: 'contains', milk: 'contains', eggs: 'contains' },
  },
  {
    category: 1,
    name: 'Beer-battered fish',
    description: 'Haddock in a crisp beer batter.',
    yieldQuantity: null,
    yieldUnit: '',
    portions: 4,
    prepMinutes: 15,
    cookMinutes: 10,
    ingredients: [i(4, '', 'Haddock fillets', '180 g each'), i(200, 'g', 'Plain flour'), i(300, 'ml', 'Cold lager'), i(1, 'tsp', 'Baking powder'), i(null, '', 'Sunflower oil', 'for frying')],
    steps: ['Whisk the flour, baking powder and lager into a thick batter.', 'Dust the fish with flour, dip in the batter and fry at 180 °C for 6–8 minutes.'],
    allergens: { fish: 'contains', gluten: 'contains' },
    firstVenueOnly: true,
  },
  {
    category: 1,
    name: 'Chicken satay',
    description: 'Skewers with a peanut and soy sauce.',
    yieldQuantity: null,
    yieldUnit: '',
    portions: 6,
    prepMinutes: 30,
    cookMinutes: 12,
    ingredients: [
      i(1.2, 'kg', 'Chicken thighs', 'diced'),
      section('For the sauce'),
      i(200, 'g', 'Peanut butter'),
      i(3, 'tbsp', 'Soy sauce'),
      i(400, 'ml', 'Coconut milk'),
      i(1, 'tbsp', 'Sesame oil'),
    ],
    steps: ['Marinate the chicken in half the soy sauce for 1 hour.', 'Thread onto skewers and grill for 10–12 minutes.', 'Warm the peanut butter, coconut milk and the rest of the soy sauce into a sauce.'],
    allergens: { peanuts: 'contains', soya: 'contains', sesame: 'contains', gluten: 'contains' },
  },
  {
    category: 2,
    name: 'Sticky toffee pudding',
    description: 'Date sponge with toffee sauce.',
    yieldQuantity: null,
    yieldUnit: '',
    portions: 12,
    prepMinutes: 25,
    cookMinutes: 40,
    ingredients: [i(250, 'g', 'Dates', 'chopped'), i(175, 'g', 'Self-raising flour'), i(2, '', 'Eggs'), i(85, 'g', 'Butter'), i(140, 'g', 'Dark brown sugar'), section('For the sauce'), i(300, 'ml', 'Double cream'), i(175, 'g', 'Muscovado sugar')],
    steps: ['Soak the dates in boiling water.', 'Cream the butter and sugar, beat in the eggs, fold in the flour and dates; bake at 180 °C for 35–40 minutes.', 'Boil the cream and sugar for the sauce and pour over.'],
    allergens: { gluten: 'contains', eggs: 'contains', milk: 'contains', treeNuts: 'mayContain' },
  },
  {
    category: 2,
    name: 'Lemon posset',
    description: 'Set lemon cream with shortbread.',
    yieldQuantity: 1.2,
    yieldUnit: 'l',
    portions: 8,
    prepMinutes: 10,
    cookMinutes: 5,
    ingredients: [i(900, 'ml', 'Double cream'), i(250, 'g', 'Caster sugar'), i(3, '', 'Lemons', 'juice and zest')],
    steps: ['Boil the cream and sugar for 3 minutes.', 'Stir in the lemon juice and zest, pour into glasses and chill for 3 hours.'],
    allergens: { milk: 'contains' },
  },
]

/** The demo's recipe book: 6 recipes in 3 categories, one in Spanish, allergens confirmed by the owner. */
export const seedRecipesDemo: DemoSeeder = async ({ db }, { orgId, venueIds }) => {
  const categories = await db
    .insert(recipeCategories)
    .values(CATEGORIES.map((name, position) => ({ orgId, name, position })))
    .returning({ id: recipeCategories.id })
  const now = new Date()
  await db.insert(recipes).values(
    DEMO.map(({ category, firstVenueOnly, ...r }) => ({
      orgId,
      categoryId: categories[category]!.id,
      ...r,
      venueIds: firstVenueOnly && venueIds[0] ? [venueIds[0]] : [],
      detectedAllergens: detectAllergens(ingredientNames(r.ingredients)),
      allergensConfirmedAt: now,
      allergensConfirmedBy: 'Olivia Owner',
    })),
  )
}

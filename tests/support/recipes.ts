/** Recipe fixtures for API tests: recipes and categories made through the API as the owner. */
import { expect } from 'vitest'
import type { Client } from './orgs.ts'

export const SAMPLE_RECIPE = {
  name: 'Tomato sauce',
  description: 'The base of the pizzas.',
  yieldQuantity: 2,
  yieldUnit: 'kg',
  portions: 10,
  prepMinutes: 15,
  cookMinutes: 45,
  ingredients: [
    { type: 'section', name: 'For the sauce' },
    { type: 'ingredient', quantity: 1500, quantityMax: null, unit: 'g', name: 'Tinned tomatoes', note: 'chopped' },
    { type: 'ingredient', quantity: 2, quantityMax: 3, unit: '', name: 'Garlic cloves', note: '' },
    { type: 'ingredient', quantity: 1.5, quantityMax: null, unit: 'tbsp', name: 'Olive oil', note: '' },
    { type: 'ingredient', quantity: 100, quantityMax: null, unit: 'ml', name: 'Red wine', note: '' },
    { type: 'ingredient', quantity: null, quantityMax: null, unit: '', name: 'Salt', note: 'to taste' },
  ],
  steps: ['Fry the garlic in the oil.', 'Add the tomatoes and wine; simmer 45 minutes.'],
  allergens: { sulphites: 'contains' },
} as const

export async function createCategory(client: Client, orgId: string, name: string): Promise<string> {
  const res = await client.post(`/v1/orgs/${orgId}/recipe-categories`, { name })
  expect(res.status, res.text).toBe(201)
  return res.json.category.id as string
}

export async function createRecipe(client: Client, orgId: string, body: Record<string, unknown> = {}): Promise<any> {
  const res = await client.post(`/v1/orgs/${orgId}/recipes`, { ...SAMPLE_RECIPE, ...body })
  expect(res.status, res.text).toBe(201)
  return res.json.recipe
}

import { expect } from 'vitest'
import type { OrgWithActors } from '../support/orgs.ts'
import { createCategory, createRecipe } from '../support/recipes.ts'
import { adminUp, member, memberOrDevice, venueMember, venueRecord, type MatrixRow } from './types.ts'

const org = (f: OrgWithActors) => `/v1/orgs/${f.orgId}`

/** A category, a recipe at every venue and one used only at venue A, made once per organisation. */
const fixtures = new Map<string, Promise<{ categoryId: string; everywhere: string; onlyA: string }>>()
function fixture(f: OrgWithActors) {
  let made = fixtures.get(f.orgId)
  if (!made) {
    made = (async () => {
      const categoryId = await createCategory(f.owner.client, f.orgId, 'Matrix sauces')
      const everywhere = (await createRecipe(f.owner.client, f.orgId, { name: 'Matrix everywhere', categoryId })).id as string
      const onlyA = (await createRecipe(f.owner.client, f.orgId, { name: 'Matrix A only', categoryId, venueIds: [f.venueA] })).id as string
      return { categoryId, everywhere, onlyA }
    })()
    fixtures.set(f.orgId, made)
  }
  return made
}

const throwawayRecipe = async (f: OrgWithActors, name: string) => (await createRecipe(f.owner.client, f.orgId, { name })).id as string
const throwawayCategory = (f: OrgWithActors, name: string) => createCategory(f.owner.client, f.orgId, name)

let categoryOrder: string[] = []

/** Recipes and recipe categories (the recipes issue). */
export const recipeRows: MatrixRow[] = [
  {
    name: 'list recipes (a member limited to B does not see the A-only one)',
    method: 'GET',
    route: '/v1/orgs/{orgId}/recipes',
    path: async (f) => {
      await fixture(f)
      return `${org(f)}/recipes`
    },
    expect: memberOrDevice,
    check: async (res, f, a) => {
      const ids = (res.json.recipes as { id: string }[]).map((r) => r.id)
      const { everywhere, onlyA } = await fixture(f)
      expect(ids).toContain(everywhere)
      if (a === 'basicLimited') expect(ids).not.toContain(onlyA)
      else expect(ids).toContain(onlyA)
    },
  },
  { name: 'list recipes at venue A', method: 'GET', route: '/v1/orgs/{orgId}/recipes', path: (f) => `${org(f)}/recipes?venueId=${f.venueA}&search=matrix`, expect: venueMember },
  { name: 'create recipe', method: 'POST', route: '/v1/orgs/{orgId}/recipes', path: (f) => `${org(f)}/recipes`, body: () => ({ name: 'Matrix new recipe' }), expect: adminUp },
  {
    name: 'a draft from pasted text (nothing saved)',
    method: 'POST',
    route: '/v1/orgs/{orgId}/recipes/generate',
    path: (f) => `${org(f)}/recipes/generate`,
    body: () => ({ text: 'Matrix soup\n\nIngredients\n- 1 l stock\n- 2 carrots\n\nMethod\n1. Simmer.' }),
    expect: adminUp,
    check: (res) => expect(res.json).toMatchObject({ source: 'parser', draft: { name: 'Matrix soup' } }),
  },
  { name: 'read recipe', method: 'GET', route: '/v1/orgs/{orgId}/recipes/{recipeId}', path: async (f) => `${org(f)}/recipes/${(await fixture(f)).everywhere}`, expect: memberOrDevice },
  { name: 'read an A-only recipe', method: 'GET', route: '/v1/orgs/{orgId}/recipes/{recipeId}', path: async (f) => `${org(f)}/recipes/${(await fixture(f)).onlyA}`, expect: venueRecord },
  {
    name: 'update recipe',
    method: 'PUT',
    route: '/v1/orgs/{orgId}/recipes/{recipeId}',
    path: async (f) => `${org(f)}/recipes/${(await fixture(f)).everywhere}`,
    body: () => ({ description: 'Matrix', confirmAllergens: true }),
    expect: adminUp,
  },
  {
    name: 'delete recipe',
    method: 'DELETE',
    route: '/v1/orgs/{orgId}/recipes/{recipeId}',
    path: async (f, _t, a) => `${org(f)}/recipes/${await throwawayRecipe(f, `Gone ${a}`)}`,
    expect: adminUp,
  },
  {
    name: "venue A's recipe book",
    method: 'GET',
    route: '/v1/orgs/{orgId}/venues/{venueId}/recipes',
    path: async (f) => {
      await fixture(f)
      return `${org(f)}/venues/${f.venueA}/recipes`
    },
    expect: venueMember,
    check: async (res, f) => expect((res.json.recipes as { id: string }[]).map((r) => r.id)).toContain((await fixture(f)).onlyA),
  },
  {
    name: "venue B's recipe book (no A-only recipe; the device at A: 403)",
    method: 'GET',
    route: '/v1/orgs/{orgId}/venues/{venueId}/recipes',
    path: async (f) => `${org(f)}/venues/${f.venueB}/recipes?category=${(await fixture(f)).categoryId}`,
    expect: member,
    check: async (res, f) => {
      const ids = (res.json.recipes as { id: string }[]).map((r) => r.id)
      expect(ids).toContain((await fixture(f)).everywhere)
      expect(ids).not.toContain((await fixture(f)).onlyA)
    },
  },
  {
    name: 'list recipe categories',
    method: 'GET',
    route: '/v1/orgs/{orgId}/recipe-categories',
    path: async (f) => {
      await fixture(f)
      return `${org(f)}/recipe-categories`
    },
    expect: memberOrDevice,
  },
  { name: 'create recipe category', method: 'POST', route: '/v1/orgs/{orgId}/recipe-categories', path: (f) => `${org(f)}/recipe-categories`, body: () => ({ name: 'Matrix new category' }), expect: adminUp },
  {
    name: 'reorder recipe categories',
    method: 'POST',
    route: '/v1/orgs/{orgId}/recipe-categories/reorder',
    path: async (f) => {
      await fixture(f)
      const res = await f.owner.client.get(`${org(f)}/recipe-categories`)
      categoryOrder = (res.json.categories as { id: string }[]).map((c) => c.id).reverse()
      return `${org(f)}/recipe-categories/reorder`
    },
    body: () => ({ ids: categoryOrder }),
    expect: adminUp,
  },
  { name: 'read recipe category', method: 'GET', route: '/v1/orgs/{orgId}/recipe-categories/{categoryId}', path: async (f) => `${org(f)}/recipe-categories/${(await fixture(f)).categoryId}`, expect: memberOrDevice },
  {
    name: 'rename recipe category',
    method: 'PUT',
    route: '/v1/orgs/{orgId}/recipe-categories/{categoryId}',
    path: async (f) => `${org(f)}/recipe-categories/${(await fixture(f)).categoryId}`,
    body: () => ({ name: 'Matrix sauces' }),
    expect: adminUp,
  },
  {
    name: 'delete recipe category',
    method: 'DELETE',
    route: '/v1/orgs/{orgId}/recipe-categories/{categoryId}',
    path: async (f, _t, a) => `${org(f)}/recipe-categories/${await throwawayCategory(f, `Gone ${a}`)}`,
    expect: adminUp,
  },
]

recipeRows.push(
  {
    name: "venue A's allergen sheet (PDF)",
    method: 'GET',
    route: '/v1/orgs/{orgId}/venues/{venueId}/recipes/allergen-sheet',
    path: (f) => `${org(f)}/venues/${f.venueA}/recipes/allergen-sheet`,
    expect: venueMember,
    check: (res) => expect(res.text.startsWith('%PDF-')).toBe(true),
  },
  {
    name: "venue B's allergen sheet (the device at A: 403)",
    method: 'GET',
    route: '/v1/orgs/{orgId}/venues/{venueId}/recipes/allergen-sheet',
    path: (f) => `${org(f)}/venues/${f.venueB}/recipes/allergen-sheet`,
    expect: member,
  },
)

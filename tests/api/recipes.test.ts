/**
 * Recipes and recipe categories (issue #12): every call, venue limits, allergen confirmation,
 * categories deleted with recipes in them, images through uploads. Run once on PostgreSQL too.
 */
import pino from 'pino'
import { extractText, getDocumentProxy } from 'unpdf'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { eq } from 'drizzle-orm'
import { seedDemo } from '../../server/db/seed.ts'
import { recipes } from '../../server/recipes/schema.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { FILES, uploadFile } from '../support/checklists.ts'
import { createOrgWithActors, type OrgWithActors } from '../support/orgs.ts'
import { createCategory, createRecipe, SAMPLE_RECIPE } from '../support/recipes.ts'
import { expectError, inSpanish, login } from './_helpers.ts'

let t: TestApp
let o: OrgWithActors
const org = () => `/v1/orgs/${o.orgId}`

beforeAll(async () => {
  t = await createTestApp()
  o = await createOrgWithActors(t)
})
afterAll(() => t.close())

describe('recipes', () => {
  test('create, read, update and delete; the answer has every field', async () => {
    const categoryId = await createCategory(o.admin.client, o.orgId, 'Sauces')
    const recipe = await createRecipe(o.admin.client, o.orgId, { categoryId })
    expect(recipe).toMatchObject({
      name: 'Tomato sauce',
      categoryId,
      yieldQuantity: 2,
      yieldUnit: 'kg',
      portions: 10,
      prepMinutes: 15,
      cookMinutes: 45,
      steps: SAMPLE_RECIPE.steps,
      allergens: { sulphites: 'contains' },
      allergensConfirmed: false,
      allergensConfirmedAt: null,
      venueIds: [],
      imageUrl: null,
    })
    expect(recipe.ingredients).toEqual(SAMPLE_RECIPE.ingredients)
    // Red wine → sulphites; nothing else in a tomato sauce.
    expect(recipe.detectedAllergens).toEqual({ sulphites: 'contains' })

    const read = await o.basic.client.get(`${org()}/recipes/${recipe.id}`)
    expect(read.status, read.text).toBe(200)
    expect(read.json.recipe).toEqual(recipe)

    const put = await o.admin.client.put(`${org()}/recipes/${recipe.id}`, { name: 'Salsa de tomate', portions: 20, steps: ['Todo junto.'] })
    expect(put.status, put.text).toBe(200)
    expect(put.json.recipe).toMatchObject({ name: 'Salsa de tomate', portions: 20, steps: ['Todo junto.'], yieldUnit: 'kg' })

    const list = await o.basic.client.get(`${org()}/recipes?search=salsa`)
    expect(list.json.recipes.map((r: { id: string }) => r.id)).toEqual([recipe.id])
    expect(list.json.recipes[0]).not.toHaveProperty('ingredients')

    const del = await o.admin.client.del(`${org()}/recipes/${recipe.id}`)
    expect(del.status).toBe(204)
    expect((await o.admin.client.get(`${org()}/recipes/${recipe.id}`)).status).toBe(404)
    expect((await o.admin.client.del(`${org()}/recipes/${recipe.id}`)).status).toBe(404)
  })

  test('validation: names, quantities, units, ingredient lines and allergens are checked field by field', async () => {
    const res = await o.admin.client.post(`${org()}/recipes`, {
      name: ' ',
      portions: 0,
      yieldQuantity: -1,
      ingredients: [{ type: 'ingredient', name: '' }, { type: 'nope' }],
      allergens: { gluten: 'lots', chocolate: 'contains' },
    })
    const data = expectError(res, 'ValidationError')!
    expect(Object.keys(data)).toEqual(expect.arrayContaining(['name', 'portions', 'yieldQuantity', 'ingredients.0.name', 'allergens.gluten']))
    expect(data['allergens.chocolate'] ?? data.allergens).toBeDefined()
  })

  test("another organisation's category, venue or upload is refused; a PDF is not an image", async () => {
    const pdf = await uploadFile(t, o.admin.client, o.orgId, { bytes: FILES.pdf(), name: 'x.pdf' })
    const foreignCategory = await createCategory(o.outsider.client, o.outsider.orgId, 'Theirs')
    const res = await o.admin.client.post(`${org()}/recipes`, {
      name: 'Odd',
      categoryId: foreignCategory,
      venueIds: [o.outsider.venueId],
      imageUploadId: pdf.json.id,
    })
    const data = expectError(res, 'ValidationError')!
    expect(Object.keys(data).sort()).toEqual(['categoryId', 'imageUploadId', 'venueIds'])
    const es = await inSpanish(o.admin.client, () => o.admin.client.post(`${org()}/recipes`, { name: 'Odd', imageUploadId: pdf.json.id }))
    expect(expectError(es, 'ValidationError')!.imageUploadId).toMatch(/imagen/)
  })

  test('an image is an upload of the organisation, shown to members who see the recipe (venue limits included)', async () => {
    const png = await uploadFile(t, o.admin.client, o.orgId, { bytes: FILES.png(), name: 'dish.png' })
    const onlyB = await createRecipe(o.admin.client, o.orgId, { name: 'B dish', imageUploadId: png.json.id, venueIds: [o.venueB] })
    expect(onlyB.imageUrl).toBe(`/v1/orgs/${o.orgId}/uploads/${png.json.id}`)
    // Limited to venue B, not the uploader: sees the image because the recipe is used at B.
    const img = await o.basicLimited.client.get(onlyB.imageUrl)
    expect(img.status).toBe(200)
    expect(img.headers.get('content-type')).toBe('image/png')

    const png2 = await uploadFile(t, o.admin.client, o.orgId, { bytes: FILES.png(), name: 'a.png' })
    await createRecipe(o.admin.client, o.orgId, { name: 'A dish', imageUploadId: png2.json.id, venueIds: [o.venueA] })
    expect((await o.basicLimited.client.get(`${org()}/uploads/${png2.json.id}`)).status).toBe(404)
  })

  test('venue limits: a recipe used only at venue A is 404 for a member limited to B, and absent from their lists', async () => {
    const onlyA = await createRecipe(o.admin.client, o.orgId, { name: 'Only at A', venueIds: [o.venueA] })
    expect((await o.basicLimited.client.get(`${org()}/recipes/${onlyA.id}`)).status).toBe(404)
    const list = await o.basicLimited.client.get(`${org()}/recipes`)
    expect(list.json.recipes.map((r: { id: string }) => r.id)).not.toContain(onlyA.id)
    expect((await o.basicLimited.client.get(`${org()}/venues/${o.venueA}/recipes`)).status).toBe(403)
    const bookB = await o.basicLimited.client.get(`${org()}/venues/${o.venueB}/recipes`)
    expect(bookB.status).toBe(200)
    expect(bookB.json.recipes.map((r: { id: string }) => r.id)).not.toContain(onlyA.id)
    const bookA = await o.basic.client.get(`${org()}/venues/${o.venueA}/recipes`)
    expect(bookA.json.recipes.map((r: { id: string }) => r.id)).toContain(onlyA.id)
    // A venue of another organisation in the path: 404, for the book and the allergen sheet.
    expect((await o.basic.client.get(`${org()}/venues/${o.outsider.venueId}/recipes`)).status).toBe(404)
    expect((await o.basic.client.get(`${org()}/venues/${o.outsider.venueId}/recipes/allergen-sheet`)).status).toBe(404)
    // Another organisation's recipe: 404.
    expect((await o.outsider.client.get(`${org()}/recipes/${onlyA.id}`)).status).toBe(404)
    expect((await o.outsider.client.get(`/v1/orgs/${o.outsider.orgId}/recipes/${onlyA.id}`)).status).toBe(404)
  })

  test('allergens: confirming stamps who and when; changing them or the ingredients without confirming clears it', async () => {
    const recipe = await createRecipe(o.admin.client, o.orgId, { name: 'Croquetas', confirmAllergens: true, allergens: { gluten: 'contains', milk: 'contains' } })
    expect(recipe.allergensConfirmed).toBe(true)
    expect(recipe.allergensConfirmedBy).toBe('Adam Admin')
    expect(Date.parse(recipe.allergensConfirmedAt)).toBeGreaterThan(Date.now() - 60_000)

    // The same list, in another key order, and other fields: still confirmed.
    const same = await o.owner.client.put(`${org()}/recipes/${recipe.id}`, { allergens: { milk: 'contains', gluten: 'contains' }, description: 'Ham' })
    expect(same.json.recipe).toMatchObject({ allergensConfirmed: true, allergensConfirmedBy: 'Adam Admin' })

    const changed = await o.owner.client.put(`${org()}/recipes/${recipe.id}`, { allergens: { milk: 'contains', gluten: 'contains', eggs: 'mayContain' } })
    expect(changed.json.recipe).toMatchObject({ allergensConfirmed: false, allergensConfirmedAt: null, allergensConfirmedBy: null, allergens: { eggs: 'mayContain' } })

    const confirmed = await o.owner.client.put(`${org()}/recipes/${recipe.id}`, { confirmAllergens: true })
    expect(confirmed.json.recipe).toMatchObject({ allergensConfirmed: true, allergensConfirmedBy: 'Olivia Owner' })

    const ingredients = await o.owner.client.put(`${org()}/recipes/${recipe.id}`, {
      ingredients: [{ type: 'ingredient', quantity: 1, unit: 'l', name: 'leche entera' }, { type: 'ingredient', quantity: 100, unit: 'g', name: 'harina de trigo' }],
    })
    expect(ingredients.json.recipe).toMatchObject({ allergensConfirmed: false, detectedAllergens: { milk: 'contains', gluten: 'contains' } })
    // Defaults filled in for the optional parts of a line.
    expect(ingredients.json.recipe.ingredients[0]).toEqual({ type: 'ingredient', quantity: 1, quantityMax: null, unit: 'l', name: 'leche entera', note: '' })
  })

  test('a BASIC member and a device read; only ADMIN and up write', async () => {
    expectError(await o.basic.client.post(`${org()}/recipes`, { name: 'Nope' }), 'ForbiddenError')
    expectError(await o.basic.client.post(`${org()}/recipe-categories`, { name: 'Nope' }), 'ForbiddenError')
  })
})

describe('recipe categories', () => {
  test('list, add, rename, reorder; deleting one leaves its recipes uncategorised', async () => {
    const fresh = await createOrgWithActors(t)
    const base = `/v1/orgs/${fresh.orgId}`
    const c = fresh.admin.client
    const mains = await createCategory(c, fresh.orgId, 'Mains')
    const desserts = await createCategory(c, fresh.orgId, 'Desserts')
    const recipe = await createRecipe(c, fresh.orgId, { categoryId: desserts })
    let list = await c.get(`${base}/recipe-categories`)
    expect(list.json.categories).toEqual([
      { id: mains, name: 'Mains', position: 0, recipeCount: 0 },
      { id: desserts, name: 'Desserts', position: 1, recipeCount: 1 },
    ])
    expect((await c.put(`${base}/recipe-categories/${mains}`, { name: 'Main courses' })).json.category).toMatchObject({ name: 'Main courses' })
    expect((await c.post(`${base}/recipe-categories/reorder`, { ids: [desserts, mains] })).status).toBe(204)
    list = await c.get(`${base}/recipe-categories`)
    expect(list.json.categories.map((x: { name: string }) => x.name)).toEqual(['Desserts', 'Main courses'])
    expectError(await c.post(`${base}/recipe-categories/reorder`, { ids: [desserts] }), 'ValidationError')

    expect((await c.del(`${base}/recipe-categories/${desserts}`)).status).toBe(204)
    const after = await c.get(`${base}/recipes/${recipe.id}`)
    expect(after.json.recipe.categoryId).toBeNull()
    const book = await c.get(`${base}/venues/${fresh.venueA}/recipes?category=none`)
    expect(book.json).toMatchObject({ uncategorisedCount: 1, venue: { id: fresh.venueA, name: 'Venue A' } })
    expect(book.json.recipes.map((r: { id: string }) => r.id)).toEqual([recipe.id])
    expect((await c.get(`${base}/recipe-categories/${desserts}`)).status).toBe(404)
  })

  test("the venue book filters by category and by search, with counts per category", async () => {
    const fresh = await createOrgWithActors(t)
    const c = fresh.admin.client
    const soups = await createCategory(c, fresh.orgId, 'Soups')
    const a = await createRecipe(c, fresh.orgId, { name: 'Gazpacho', categoryId: soups })
    await createRecipe(c, fresh.orgId, { name: 'Salmorejo', categoryId: soups, venueIds: [fresh.venueB] })
    await createRecipe(c, fresh.orgId, { name: 'Flan' })
    const book = await c.get(`/v1/orgs/${fresh.orgId}/venues/${fresh.venueA}/recipes?category=${soups}`)
    expect(book.json.recipes.map((r: { name: string }) => r.name)).toEqual(['Gazpacho'])
    expect(book.json.categories).toEqual([{ id: soups, name: 'Soups', position: 0, recipeCount: 1 }])
    expect(book.json.uncategorisedCount).toBe(1)
    const search = await c.get(`/v1/orgs/${fresh.orgId}/venues/${fresh.venueA}/recipes?search=GAZ`)
    expect(search.json.recipes.map((r: { id: string }) => r.id)).toEqual([a.id])
  })
})

describe('allergen sheet', () => {
  test("a PDF of the venue's recipes × the 14 allergens, in the reader's language", async () => {
    const fresh = await createOrgWithActors(t)
    await createRecipe(fresh.admin.client, fresh.orgId, { name: 'Gambas al ajillo', allergens: { crustaceans: 'contains', sulphites: 'mayContain' } })
    await createRecipe(fresh.admin.client, fresh.orgId, { name: 'Only at B', venueIds: [fresh.venueB] })
    const res = await inSpanish(fresh.basic.client, async () =>
      t.app.request(`/v1/orgs/${fresh.orgId}/venues/${fresh.venueA}/recipes/allergen-sheet`, {
        headers: { cookie: [...fresh.basic.client.jar].map(([k, v]) => `${k}=${v}`).join('; ') },
      }),
    )
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="allergens-venue-a.pdf"')
    const pdf = await getDocumentProxy(new Uint8Array(await res.arrayBuffer()))
    const { text } = await extractText(pdf, { mergePages: true })
    expect(text).toContain('Gambas al ajillo')
    expect(text).not.toContain('Only at B')
    expect(text).toContain('Crustáceos')
    expect(text).toContain('X = contiene')
    expect((await fresh.basicLimited.client.get(`/v1/orgs/${fresh.orgId}/venues/${fresh.venueA}/recipes/allergen-sheet`)).status).toBe(403)
  })
})

describe('allergens detected on every save (ADR 084)', () => {
  test('"3 eggs" typed by hand and saved without confirming: the sheet marks eggs "may contain — check" and the recipe not confirmed, in its data and its PDF', async () => {
    const fresh = await createOrgWithActors(t)
    const base = `/v1/orgs/${fresh.orgId}`
    const sheet = async () => {
      const book = await fresh.basic.client.get(`${base}/venues/${fresh.venueA}/recipes`)
      expect(book.status, book.text).toBe(200)
      return book.json.recipes.find((r: { name: string }) => r.name === 'Lemon posset')
    }
    const posset = await createRecipe(fresh.admin.client, fresh.orgId, {
      name: 'Lemon posset',
      ingredients: [
        { type: 'ingredient', quantity: 3, unit: '', name: 'eggs' },
        { type: 'ingredient', quantity: 2, unit: '', name: 'lemons' },
      ],
      allergens: {},
    })
    // Detection ran on the save and is stored with the recipe.
    const [stored] = await t.db.select({ detected: recipes.detectedAllergens }).from(recipes).where(eq(recipes.id, posset.id))
    expect(stored!.detected).toEqual({ eggs: 'contains' })
    expect(await sheet()).toMatchObject({ allergens: {}, allergensConfirmed: false, detectedAllergens: { eggs: 'contains' }, allergenMarks: { eggs: 'check' } })

    // The PDF says it too: the "!" mark, the flag and what both mean.
    const res = await t.app.request(`${base}/venues/${fresh.venueA}/recipes/allergen-sheet`, { headers: { cookie: [...fresh.basic.client.jar].map(([k, v]) => `${k}=${v}`).join('; ') } })
    expect(res.status).toBe(200)
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(await res.arrayBuffer())), { mergePages: true })
    const folded = (text as string).replace(/\s+/g, ' ')
    expect(folded).toMatch(/Lemon posset\s*NOT CONFIRMED/)
    expect(folded).toContain('! = may contain — check')
    expect(folded).toContain('NOT CONFIRMED = nobody has checked')

    // A person confirms: their list is what shows.
    const confirmed = await fresh.admin.client.put(`${base}/recipes/${posset.id}`, { allergens: { eggs: 'contains', milk: 'contains' }, confirmAllergens: true })
    expect(confirmed.json.recipe).toMatchObject({ allergensConfirmed: true, allergenMarks: { eggs: 'contains', milk: 'contains' } })
    expect((await sheet()).allergenMarks).toEqual({ eggs: 'contains', milk: 'contains' })

    // Ingredients edited after confirming: detection runs again, the recipe is unconfirmed, the new suggestion is to check.
    const edited = await fresh.admin.client.put(`${base}/recipes/${posset.id}`, {
      ingredients: [...posset.ingredients, { type: 'ingredient', quantity: 30, unit: 'g', name: 'toasted almonds' }],
    })
    expect(edited.json.recipe).toMatchObject({ allergensConfirmed: false, detectedAllergens: { eggs: 'contains', treeNuts: 'contains' } })
    expect((await sheet()).allergenMarks).toEqual({ eggs: 'contains', milk: 'contains', treeNuts: 'check' })

    // A recipe saved before detection was stored: detected on reading until its next save.
    await t.db.update(recipes).set({ detectedAllergens: null }).where(eq(recipes.id, posset.id))
    expect((await sheet()).allergenMarks).toEqual({ eggs: 'contains', milk: 'contains', treeNuts: 'check' })
    await fresh.admin.client.put(`${base}/recipes/${posset.id}`, { description: 'Set overnight.' })
    const [again] = await t.db.select({ detected: recipes.detectedAllergens }).from(recipes).where(eq(recipes.id, posset.id))
    expect(again!.detected).toEqual({ eggs: 'contains', treeNuts: 'contains' })
  })
})

describe('first run', () => {
  test('the demo organisation has 6 recipes in 3 categories, one in Spanish, with confirmed allergens', { timeout: 180_000 }, async () => {
    const fresh = await createTestApp()
    try {
      const demo = await seedDemo({ db: fresh.db, logger: pino({ level: 'silent' }) }, () => {})
      const owner = await login(fresh, 'owner@demo.mise.localhost', demo!.people.find((p) => p.role === 'OWNER')!.password!)
      const categories = await owner.client.get(`/v1/orgs/${demo!.orgId}/recipe-categories`)
      expect(categories.json.categories.map((c: { name: string; recipeCount: number }) => [c.name, c.recipeCount])).toEqual([
        ['Starters', 2],
        ['Mains', 2],
        ['Desserts', 2],
      ])
      const list = await owner.client.get(`/v1/orgs/${demo!.orgId}/recipes`)
      expect(list.json.recipes).toHaveLength(6)
      expect(list.json.recipes.every((r: { allergensConfirmed: boolean; allergens: object }) => r.allergensConfirmed && Object.keys(r.allergens).length > 0)).toBe(true)
      const croquetas = list.json.recipes.find((r: { name: string }) => r.name === 'Croquetas de jamón')
      const full = await owner.client.get(`/v1/orgs/${demo!.orgId}/recipes/${croquetas.id}`)
      // What the Spanish names suggest is what the owner confirmed.
      expect(full.json.recipe.detectedAllergens).toEqual(full.json.recipe.allergens)
      // The demo venue's allergen sheet, read back: one A4 page with all six recipes.
      const venues = await owner.client.get(`/v1/orgs/${demo!.orgId}/venues`)
      const venueId = venues.json.venues[0].id as string
      const sheet = await fresh.app.request(`/v1/orgs/${demo!.orgId}/venues/${venueId}/recipes/allergen-sheet`, {
        headers: { cookie: [...owner.client.jar].map(([k, v]) => `${k}=${v}`).join('; ') },
      })
      expect(sheet.status).toBe(200)
      const pdf = await getDocumentProxy(new Uint8Array(await sheet.arrayBuffer()))
      expect(pdf.numPages).toBe(1)
      const { text } = await extractText(pdf, { mergePages: true })
      for (const r of list.json.recipes as { name: string; venueIds: string[] }[]) if (!r.venueIds.length || r.venueIds.includes(venueId)) expect(text).toContain(r.name)
    } finally {
      await fresh.close()
    }
  })
})

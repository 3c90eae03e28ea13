/**
 * Recipes (issue #12): an admin writes a recipe in Settings → Recipes, lets the ingredients suggest
 * its allergens, fixes one and confirms them; a basic member on a 390 px phone opens it in the venue's
 * recipe book and scales it to 3× and by what there is of one ingredient; the allergen sheet PDF is
 * read. JavaScript on and off; axe on every page.
 */
import type { APIRequestContext, Browser, Page, ViewportSize } from '@playwright/test'
import sharp from 'sharp'
import { extractText, getDocumentProxy } from 'unpdf'
import { expect as baseExpect, expectAccessible, test } from './support/fixtures'
import { organisationWithMembers, type Person } from './support/setup'
import { pdfText } from './support/pdf'

const PHONE: ViewportSize = { width: 390, height: 844 }
const DESKTOP: ViewportSize = { width: 1280, height: 900 }
test.describe.configure({ timeout: 300_000 })
// The machine running these is shared: pages may take a while to come.
const expect = baseExpect.configure({ timeout: 30_000 })

const js = () => test.info().project.use.javaScriptEnabled !== false

async function ok(res: Awaited<ReturnType<APIRequestContext['get']>>) {
  if (!res.ok()) throw new Error(`${res.url()} → ${res.status()} ${await res.text()}`)
  return (res.status() === 204 ? null : await res.json()) as any
}

async function kitchen(baseURL: string) {
  const tag = Math.random().toString(36).slice(2, 7)
  const org = await organisationWithMembers(
    baseURL,
    [
      { name: 'Ana Admin', role: 'ADMIN' },
      { name: 'Bea Basic', role: 'BASIC' },
    ],
    `Bistro ${tag}`,
    `Harbour ${tag}`,
  )
  return { ...org, admin: org.people[0]!, basic: org.people[1]!, tag }
}

async function signedInPage(browser: Browser, person: Person, viewport: ViewportSize): Promise<Page> {
  const context = await browser.newContext({ storageState: await person.api.storageState(), viewport, javaScriptEnabled: js() })
  return context.newPage()
}

test('an admin writes a recipe, lets the ingredients suggest allergens, fixes one and confirms them', async ({ browser, baseURL }) => {
  const k = await kitchen(baseURL!)
  const { category } = await ok(await k.owner.api.post(`/v1/orgs/${k.orgId}/recipe-categories`, { data: { name: 'Postres' } }))
  const page = await signedInPage(browser, k.admin, DESKTOP)
  await page.goto('/settings/recipes')
  await expect(page.getByRole('heading', { level: 1, name: 'Recipes' })).toBeVisible()
  await expectAccessible(page)
  await page.getByRole('link', { name: 'New recipe' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'New recipe' })).toBeVisible()

  // Paste a recipe: a draft to review, nothing saved yet.
  await page.getByLabel('Paste the recipe').fill(
    ['Flan de huevo', '', 'Para 6 personas', '', 'Ingredientes:', '- 500 ml de nata', '- 4 huevos', '- 120 g de azúcar', '', 'Elaboración:', '1. Mezcla la nata, los huevos y el azúcar.', '2. Hornea al baño maría 45 minutos a 160 °C.'].join('\n'),
  )
  await page.getByRole('button', { name: 'Make a draft' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Draft made' })).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Flan de huevo')
  await expect(page.getByLabel('Portions')).toHaveValue('6')
  await expect(page.getByLabel('Quantity 1', { exact: true })).toHaveValue('500')
  await expect(page.getByLabel('Unit 1', { exact: true })).toHaveValue('ml')
  await expect(page.getByLabel('Ingredient 1', { exact: true })).toHaveValue('nata')
  await expect(page.getByLabel('Ingredient 3', { exact: true })).toHaveValue('azúcar')
  await expect(page.getByLabel('Step 2', { exact: true })).toHaveValue('Hornea al baño maría 45 minutos a 160 °C.')
  // The ingredients suggested milk (nata) and eggs (huevos); nothing is confirmed yet.
  const milk = page.getByRole('group', { name: /^Milk/ })
  const eggs = page.getByRole('group', { name: /^Eggs/ })
  await expect(milk.getByLabel('Contains')).toBeChecked()
  await expect(eggs.getByLabel('Contains')).toBeChecked()
  await expect(page.getByRole('group', { name: /^Gluten/ }).getByLabel('No')).toBeChecked()
  await expect(page.getByLabel('I have checked the allergens of this recipe')).not.toBeChecked()
  expect((await ok(await k.owner.api.get(`/v1/orgs/${k.orgId}/recipes`))).recipes).toEqual([])

  await page.getByLabel('Category').selectOption(category.id)
  // One more line, then move it up (plain buttons that post, keeping what was typed).
  await page.getByRole('button', { name: 'Add ingredient' }).click()
  await expect(page.getByLabel('Ingredient 4', { exact: true })).toBeVisible()
  await expect(page.getByLabel('Ingredient 1', { exact: true })).toHaveValue('nata')
  await page.getByLabel('Ingredient 4', { exact: true }).fill('caramelo líquido')
  await page.getByRole('button', { name: 'Move line 4 up' }).click()
  await expect(page.getByLabel('Ingredient 3', { exact: true })).toHaveValue('caramelo líquido')
  await expect(page.getByLabel('Ingredient 4', { exact: true })).toHaveValue('azúcar')
  await expect(page.getByLabel('Category')).toHaveValue(category.id)

  // The person knows the caramel is made where nuts are used: may contain tree nuts.
  await page.getByRole('group', { name: /^Tree nuts/ }).getByLabel('May contain').check()
  await page.getByLabel('I have checked the allergens of this recipe').check()
  await expectAccessible(page)
  await page.getByRole('button', { name: 'Create recipe' }).click()

  await expect(page.getByRole('heading', { level: 1, name: 'Flan de huevo' })).toBeVisible()
  await expect(page.getByTestId('allergens-confirmed')).toContainText('by Ana Admin')
  await expect(page.getByRole('group', { name: /^Tree nuts/ }).getByLabel('May contain')).toBeChecked()
  await expect(page.getByLabel('Ingredient 3', { exact: true })).toHaveValue('caramelo líquido')

  // Fixing an allergen without confirming again clears the confirmation.
  await page.getByRole('group', { name: /^Tree nuts/ }).getByLabel('No').check()
  await page.getByRole('button', { name: 'Save recipe' }).click()
  await expect(page.getByTestId('allergens-confirmed')).toContainText('not confirmed')
  await page.getByLabel('I have checked the allergens of this recipe').check()
  await page.getByRole('button', { name: 'Save recipe' }).click()
  await expect(page.getByTestId('allergens-confirmed')).toContainText('by Ana Admin')

  // A mistake is announced on its field and what was typed is kept.
  await page.getByLabel('Portions').fill('0')
  await page.getByRole('button', { name: 'Save recipe' }).click()
  await expect(page.getByLabel('Portions')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByRole('alert').filter({ hasText: 'at least 1' })).toBeVisible()
  await expect(page.getByLabel('Portions')).toHaveValue('0')

  await page.goto('/settings/recipes')
  await expect(page.getByRole('link', { name: 'Flan de huevo' })).toBeVisible()
  await page.context().close()
})

test('a basic member on a phone scales a recipe to 3× and by what there is of one ingredient; the allergen sheet PDF', async ({ browser, baseURL }) => {
  const k = await kitchen(baseURL!)
  await ok(
    await k.owner.api.post(`/v1/orgs/${k.orgId}/recipes`, {
      data: {
        name: 'Pasta fresca',
        portions: 4,
        ingredients: [
          { type: 'ingredient', quantity: 500, unit: 'g', name: 'Flour' },
          { type: 'ingredient', quantity: 300, unit: 'ml', name: 'Water' },
          { type: 'ingredient', quantity: 1.5, unit: 'tsp', name: 'Salt' },
          { type: 'ingredient', quantity: 2, unit: '', name: 'Eggs' },
        ],
        steps: ['Knead for 10 minutes.', 'Rest for 30 minutes.'],
        allergens: { gluten: 'contains', eggs: 'contains' },
        confirmAllergens: true,
      },
    }),
  )
  const page = await signedInPage(browser, k.basic, PHONE)
  await page.goto('/recipes')
  await expect(page.getByRole('heading', { level: 1, name: 'Recipes' })).toBeVisible()
  await expectAccessible(page)
  await page.getByRole('link', { name: 'Pasta fresca' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Pasta fresca' })).toBeVisible()
  const ingredients = page.getByTestId('ingredients')
  await expect(ingredients).toContainText('500 g Flour')
  await expect(page.getByRole('region', { name: 'Allergens' }).or(page.locator('section[aria-labelledby="allergens"]'))).toContainText('Gluten')
  await expectAccessible(page)

  await page.getByLabel('Multiply by').fill('3')
  if (js()) await expect(ingredients).toContainText('1.5 kg Flour') // live, before submitting
  await page.getByRole('button', { name: 'Scale' }).first().click()
  await expect(page).toHaveURL(/by=factor&factor=3/)
  await expect(ingredients).toContainText('1.5 kg Flour')
  await expect(ingredients).toContainText('900 ml Water')
  await expect(ingredients).toContainText('4½ tsp Salt')
  await expect(ingredients).toContainText('6 Eggs')
  await expect(page.getByTestId('portions')).toHaveText('12')

  // "I have 1.2 kg of flour": ×2.4.
  const byIngredient = page.locator('form').filter({ has: page.getByLabel('I have') })
  await byIngredient.getByLabel('I have').fill('1.2')
  await byIngredient.getByLabel('Unit').fill('kg')
  await byIngredient.getByLabel('of').selectOption({ label: 'Flour' })
  await byIngredient.getByRole('button', { name: 'Scale' }).click()
  await expect(page).toHaveURL(/by=ingredient/)
  await expect(ingredients).toContainText('1.2 kg Flour')
  await expect(ingredients).toContainText('720 ml Water')
  await expect(ingredients).toContainText('3½ tsp Salt')
  await expect(ingredients).toContainText('4¾ Eggs')
  await expectAccessible(page)

  // The allergen sheet, on screen and as a PDF.
  await page.goto('/recipes/allergens')
  await expect(page.getByTestId('allergen-cards')).toContainText('Pasta fresca')
  await expectAccessible(page)
  const pdf = await page.request.get('/recipes/allergens.pdf')
  expect(pdf.status()).toBe(200)
  expect(pdf.headers()['content-type']).toBe('application/pdf')
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(await pdf.body())), { mergePages: true })
  expect(text).toContain('Pasta fresca')
  expect(text).toContain('Gluten')
  expect(text).toContain('X = contains')
  await page.context().close()
})

/** A kitchen's everyday recipe: a photo, sections, a dozen ingredients, seven steps. */
async function lasagne(k: Awaited<ReturnType<typeof kitchen>>) {
  // A phone photo: 2400 × 1800, noisy enough to weigh what a real one does.
  const noise = Buffer.alloc(2400 * 1800 * 3)
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919 + (i >> 11) * 31) % 251
  const photo = await sharp(noise, { raw: { width: 2400, height: 1800, channels: 3 } }).jpeg({ quality: 85 }).toBuffer()
  const upload = await ok(await k.owner.api.post(`/v1/orgs/${k.orgId}/uploads`, { multipart: { file: { name: 'lasagne.jpg', mimeType: 'image/jpeg', buffer: photo } } }))
  const ingredient = (quantity: number | null, unit: string, name: string, note = '') => ({ type: 'ingredient', quantity, unit, name, note })
  const { recipe } = await ok(
    await k.owner.api.post(`/v1/orgs/${k.orgId}/recipes`, {
      data: {
        name: 'Lasagne al forno',
        description: 'The house lasagne: a slow ragù, a thick béchamel and fresh sheets, baked until the top is crisp at the edges.',
        portions: 8,
        yieldQuantity: 2.4,
        yieldUnit: 'kg',
        prepMinutes: 45,
        cookMinutes: 180,
        ingredients: [
          { type: 'section', name: 'For the ragù' },
          ingredient(500, 'g', 'Beef mince'),
          ingredient(250, 'g', 'Pork mince'),
          ingredient(1, '', 'Onion', 'finely chopped'),
          ingredient(2, '', 'Carrots', 'finely chopped'),
          ingredient(2, '', 'Celery sticks', 'finely chopped'),
          ingredient(800, 'g', 'Chopped tomatoes'),
          ingredient(150, 'ml', 'Red wine'),
          { type: 'section', name: 'For the béchamel' },
          ingredient(60, 'g', 'Butter'),
          ingredient(60, 'g', 'Plain flour'),
          ingredient(750, 'ml', 'Whole milk'),
          ingredient(1, 'pinch', 'Nutmeg'),
          { type: 'section', name: 'To finish' },
          ingredient(300, 'g', 'Fresh lasagne sheets'),
          ingredient(100, 'g', 'Parmesan', 'grated'),
        ],
        steps: [
          'Soften the onion, carrot and celery in a little oil over a low heat for 15 minutes.',
          'Brown the beef and pork in batches, then add the wine and let it bubble away.',
          'Add the tomatoes and simmer, half covered, for 2 hours, stirring now and then. Season.',
          'Melt the butter, stir in the flour and cook for 2 minutes; whisk in the milk a little at a time and simmer until thick. Season with nutmeg.',
          'Layer ragù, pasta and béchamel three times in a deep tray, finishing with béchamel and parmesan.',
          'Bake at 180 °C for 40 minutes, until bubbling and brown on top.',
          'Rest for 15 minutes before cutting into 8 portions. Label and date what goes into the fridge.',
        ],
        allergens: { gluten: 'contains', milk: 'contains', celery: 'contains', sulphites: 'contains', eggs: 'mayContain' },
        confirmAllergens: true,
        imageUploadId: upload.id,
      },
    }),
  )
  return { recipe, photoBytes: photo.byteLength }
}

test('the recipe card prints on one A4 page; the photo comes resized from the server', async ({ browser, baseURL }) => {
  const k = await kitchen(baseURL!)
  const { recipe, photoBytes } = await lasagne(k)
  const page = await signedInPage(browser, k.basic, PHONE)
  const images: { url: string; bytes: number; type: string }[] = []
  page.on('response', async (res) => {
    if (res.url().includes('/uploads/')) images.push({ url: res.url(), bytes: (await res.body()).byteLength, type: res.headers()['content-type'] ?? '' })
  })

  // The list shows a thumbnail, the page a phone-sized copy: neither is the 2400 px original.
  await page.goto('/recipes')
  const thumbnail = page.locator('li', { hasText: 'Lasagne al forno' }).locator('img')
  await expect(thumbnail).toHaveAttribute('srcset', /\?width=160 160w, .*\?width=320 320w/)
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0)
  expect(await thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeLessThanOrEqual(320)
  await page.goto(`/recipes/${recipe.id}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Lasagne al forno' })).toBeVisible()
  const photo = page.locator('article img')
  await expect(photo).toHaveAttribute('sizes', /100vw/)
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0)
  // 390 px at the phone's density: the 640, 960 or 1200 copy, never the original.
  expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeLessThanOrEqual(1200)
  await expect.poll(() => images.length).toBeGreaterThanOrEqual(2)
  for (const image of images) {
    expect(image.url).toMatch(/\?width=\d+$/)
    expect(image.type).toBe('image/webp')
    expect(image.bytes).toBeLessThan(photoBytes / 4)
  }
  await expectAccessible(page)

  // Printed (Chromium's print-to-PDF, @media print, A4): one page with the whole card on it.
  const pdf = await getDocumentProxy(new Uint8Array(await page.pdf({ format: 'A4', printBackground: true })))
  expect(pdf.numPages).toBe(1)
  const text = await pdfText(pdf)
  for (const expected of ['Lasagne al forno', 'Allergens', 'Gluten', 'Parmesan', 'Label and date what goes into the fridge']) expect(text).toContain(expected)
  // The scaler and the navigation are for the screen only.
  expect(text).not.toContain('Multiply by')

  // The allergen sheet prints on one A4 page too, landscape, every column on it.
  await page.goto('/recipes/allergens')
  await expect(page.getByTestId('allergen-cards')).toContainText('Lasagne al forno')
  const sheet = await getDocumentProxy(new Uint8Array(await page.pdf({ format: 'A4', preferCSSPageSize: true })))
  expect(sheet.numPages).toBe(1)
  const [, , sheetWidth, sheetHeight] = (await sheet.getPage(1)).view as number[]
  expect(sheetWidth).toBeGreaterThan(sheetHeight!)
  // Laid out for print on the page's printable width (297 mm less 2 × 10 mm at 96 px/in), the table fits it.
  await page.setViewportSize({ width: 1047, height: 700 })
  await page.emulateMedia({ media: 'print' })
  const overflow = await page.getByRole('table').evaluate((table) => table.getBoundingClientRect().right - document.documentElement.clientWidth)
  expect(overflow).toBeLessThanOrEqual(0)
  const sheetText = await pdfText(sheet)
  for (const expected of ['Lasagne al forno', 'Celery', 'Sulphites', 'Lupin', 'Molluscs']) expect(sheetText).toContain(expected)
  await page.context().close()
})

/** Sideways scroll the page needs, in px (0: none). */
const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

test('the allergen sheet on a 390 px and a 320 px phone: every allergen of every dish readable without scrolling sideways; an unconfirmed dish says so', async ({ browser, baseURL }) => {
  const k = await kitchen(baseURL!)
  // Confirmed: milk is the 7th of the 14 allergens, past what a phone showed of the table.
  await ok(
    await k.owner.api.post(`/v1/orgs/${k.orgId}/recipes`, {
      data: { name: 'Lemon posset', ingredients: [{ type: 'ingredient', quantity: 600, unit: 'ml', name: 'double cream' }], allergens: { milk: 'contains', sulphites: 'mayContain' }, confirmAllergens: true },
    }),
  )
  // Typed by hand and saved without confirming: its eggs are to check, and it says it is not confirmed.
  const { recipe: tortilla } = await ok(
    await k.owner.api.post(`/v1/orgs/${k.orgId}/recipes`, { data: { name: 'Tortilla', ingredients: [{ type: 'ingredient', quantity: 3, unit: '', name: 'eggs' }, { type: 'ingredient', quantity: 2, unit: '', name: 'potatoes' }] } }),
  )
  const page = await signedInPage(browser, k.basic, PHONE)
  for (const width of [390, 320]) {
    await page.setViewportSize({ width, height: 800 })
    await page.goto('/recipes/allergens')
    await expect(page.getByRole('heading', { level: 1, name: /^Allergens/ })).toBeVisible()
    expect(await sidewaysScroll(page)).toBe(0)
    const posset = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Lemon posset' }) })
    const contains = posset.locator('[data-mark="contains"]')
    await expect(contains).toHaveText(/Contains:\s*Milk/)
    await expect(posset.locator('[data-mark="mayContain"]')).toHaveText(/May contain:\s*Sulphites/)
    await expect(posset.locator('[data-mark="free"]')).toContainText('Celery')
    await expect(posset.locator('[data-mark="free"]')).toContainText('Eggs')
    await expect(posset).not.toContainText('Not confirmed')
    const box = (await contains.boundingBox())!
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width).toBeLessThanOrEqual(width)
    const dish = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /^Tortilla/ }) })
    await expect(dish.getByRole('heading')).toContainText('Not confirmed')
    await expect(dish.locator('[data-mark="check"]')).toHaveText(/May contain — check:\s*Eggs/)
    await expect(dish.locator('[data-mark="free"]')).not.toContainText('Eggs')
    // What "!" and "Not confirmed" mean, in words.
    await expect(page.getByTestId('allergen-legend')).toContainText('May contain — check: the ingredients suggest it')
    await expectAccessible(page)
  }
  // Wide, the table: the same marks, the dish column kept in view.
  await page.setViewportSize(DESKTOP)
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /^Tortilla/ }) })
  await expect(row.getByRole('rowheader')).toContainText('Not confirmed')
  await expect(row.getByRole('cell').nth(3)).toHaveText('!May contain — check')
  await expect(row.locator('[data-mark]')).toHaveCount(1)
  await expectAccessible(page)
  if (js()) await expect(page.getByRole('button', { name: 'Print the allergen sheet' })).toBeVisible()
  else await expect(page.getByText("Use your browser's Print to print the allergen sheet.")).toBeVisible()
  await expect(page.getByText('Print recipe card')).toHaveCount(0)

  // The dish's own page (its print card) says the same.
  await page.goto(`/recipes/${tortilla.id}`)
  const allergens = page.locator('section[aria-labelledby="allergens"]')
  await expect(allergens.getByTestId('allergens-unconfirmed')).toHaveText('Not confirmed')
  await expect(allergens.locator('[data-mark="check"]')).toHaveText('! May contain Eggs — check')
  expect(await sidewaysScroll(page)).toBe(0)
  await expectAccessible(page)
  await page.context().close()
})

test("the recipe editor's allergen choices are 44 px targets and its photo field is named by its label", async ({ browser, baseURL }) => {
  const k = await kitchen(baseURL!)
  const page = await signedInPage(browser, k.admin, PHONE)
  await page.goto('/settings/recipes/new')
  await expect(page.getByRole('heading', { level: 1, name: 'New recipe' })).toBeVisible()
  const choices = page.getByRole('group', { name: /^Eggs/ }).getByRole('radio')
  await expect(choices).toHaveCount(3)
  for (const choice of await choices.all()) {
    // The target is the choice with its words: the whole of it selects.
    const label = choice.locator('xpath=ancestor::label[1]')
    const box = (await label.boundingBox())!
    expect(box.height).toBeGreaterThanOrEqual(44)
    expect(box.width).toBeGreaterThanOrEqual(44)
  }
  await page.getByRole('group', { name: /^Eggs/ }).getByText('May contain').click()
  await expect(page.getByRole('group', { name: /^Eggs/ }).getByLabel('May contain')).toBeChecked()
  // Its label names it (the section heading once took the field's id, leaving it "Choose File").
  await expect(page.locator('input[type="file"][name="image"]')).toHaveAccessibleName('Choose a photo')
  expect(await sidewaysScroll(page)).toBe(0)
  await expectAccessible(page)
  await page.context().close()
})

test('an admin adds, renames, reorders and deletes recipe categories; a deleted category keeps its recipes', async ({ browser, baseURL }) => {
  const k = await kitchen(baseURL!)
  const page = await signedInPage(browser, k.admin, DESKTOP)
  await page.goto('/settings/recipes')
  const add = async (name: string) => {
    await page.getByLabel('New category').fill(name)
    await page.getByRole('button', { name: 'Add category' }).click()
    await expect(page.locator(`input[value="${name}"]`)).toBeVisible()
  }
  await add('Starters')
  await add('Mains')
  const { categories } = await ok(await k.admin.api.get(`/v1/orgs/${k.orgId}/recipe-categories`))
  const starters = categories.find((c: { name: string }) => c.name === 'Starters')
  await ok(await k.admin.api.post(`/v1/orgs/${k.orgId}/recipes`, { data: { name: 'Croquetas', categoryId: starters.id } }))
  await page.reload()

  await page.getByLabel('Category 2').fill('Main courses')
  await page.locator('li', { has: page.locator('input[value="Mains"]') }).getByRole('button', { name: 'Rename' }).click()
  await expect(page.locator('input[value="Main courses"]')).toBeVisible()
  await page.getByRole('button', { name: 'Move Main courses up' }).click()
  await expect(page.getByLabel('Category 1')).toHaveValue('Main courses')
  await expect(page.getByLabel('Category 2')).toHaveValue('Starters')

  const row = page.locator('li', { has: page.locator('input[value="Starters"]') })
  await (js() ? row.getByRole('button', { name: 'Delete Starters' }) : row.locator('summary', { hasText: 'Delete' })).click()
  const panel = page.getByRole(js() ? 'dialog' : 'group', { name: 'Delete the category Starters?' })
  await expect(panel).toContainText('Its 1 recipe is kept and becomes uncategorised.')
  await expectAccessible(page)
  await panel.getByRole('button', { name: 'Delete' }).click()
  await expect(page.locator('input[value="Starters"]')).toHaveCount(0)
  await expect(page.getByRole('heading', { level: 3, name: 'Uncategorised' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Croquetas' })).toBeVisible()
  await page.context().close()
})

/**
 * The allergen sheet PDF (issue #12: "to pin on the wall", one A4 page where it fits): read back, its
 * pages counted and measured, its rows found on them.
 */
import { extractText, getDocumentProxy } from 'unpdf'
import { describe, expect, test } from 'vitest'
import { t, type Locale } from '../../server/i18n.ts'
import { allergenSheetPdf } from '../../server/recipes/allergen-sheet.ts'
import { allergenMarks, detectAllergens } from '../../server/recipes/allergens.ts'
import { ALLERGENS, type AllergenMap } from '../../server/recipes/schema.ts'
import type { RecipeSummary } from '../../server/recipes/service.ts'

/** A recipe as the API gives it: its marks worked out from its list, its detection and confirmation. */
function summary(name: string, allergens: AllergenMap, detectedAllergens: AllergenMap, allergensConfirmed: boolean): RecipeSummary {
  return {
    id: '00000000-0000-0000-0000-00000000abcd',
    name,
    categoryId: null,
    description: '',
    yieldQuantity: null,
    yieldUnit: '',
    portions: 4,
    prepMinutes: null,
    cookMinutes: null,
    allergens,
    allergensConfirmed,
    detectedAllergens,
    allergenMarks: allergenMarks(allergens, detectedAllergens, allergensConfirmed),
    imageUploadId: null,
    imageUrl: null,
    venueIds: [],
    updatedAt: '2026-11-26T08:00:00.000Z',
  }
}

function recipes(count: number): RecipeSummary[] {
  return Array.from({ length: count }, (_, i) => ({
    ...summary(
      `Recipe number ${i + 1} with a fairly long name to see it is cut rather than wrapped onto another line`,
      // Every allergen marked somewhere, both levels.
      { [ALLERGENS[i % ALLERGENS.length]!]: 'contains' as const, [ALLERGENS[(i + 5) % ALLERGENS.length]!]: 'mayContain' as const },
      {},
      true,
    ),
    id: `00000000-0000-0000-0000-${String(i).padStart(12, '0')}`,
  }))
}

async function read(count: number) {
  const pdf = await getDocumentProxy(new Uint8Array(await allergenSheetPdf({ locale: 'en', venueName: 'Harbour Street', orgName: 'Demo Kitchens', recipes: recipes(count), printedAt: '2026-11-26' })))
  const page = await pdf.getPage(1)
  const [, , width, height] = page.view
  const { text } = await extractText(pdf, { mergePages: false })
  return { pages: pdf.numPages, width: Math.round(width!), height: Math.round(height!), text: text as string[] }
}

describe('allergen sheet PDF', () => {
  test.each([0, 1, 6, 20, 35])('%i recipes: one A4 landscape page with every recipe on it', async (count) => {
    const sheet = await read(count)
    expect(sheet.pages).toBe(1)
    expect([sheet.width, sheet.height]).toEqual([842, 595])
    for (let i = 1; i <= count; i++) expect(sheet.text[0]).toContain(`Recipe number ${i} `)
    if (!count) expect(sheet.text[0]).toContain('No recipes')
  })

  test('more than one page holds: the table goes on with its header repeated, no recipe lost', async () => {
    const sheet = await read(60)
    expect(sheet.pages).toBe(2)
    for (const page of sheet.text) expect(page).toContain('Celery')
    for (let i = 1; i <= 60; i++) expect(sheet.text.join('\n')).toContain(`Recipe number ${i} `)
  })
})

/** The page's text items with where they start (x, y) and their slant. */
async function items(locale: Locale, list: RecipeSummary[]) {
  const pdf = await getDocumentProxy(new Uint8Array(await allergenSheetPdf({ locale, venueName: 'Harbour Street', orgName: 'Demo Kitchens', recipes: list, printedAt: '2026-11-26' })))
  const page = await pdf.getPage(1)
  const content = await page.getTextContent()
  const text = ((await extractText(pdf, { mergePages: true })).text as string).replace(/\s+/g, ' ')
  const found = content.items.flatMap((item) => ('str' in item && item.str.trim() ? [{ str: item.str, x: item.transform[4] as number, y: item.transform[5] as number, slanted: item.transform[1] !== 0, width: item.width }] : []))
  return { text, found, height: page.view[3]! }
}

describe('allergen sheet PDF: nothing shown as free of what it may hold (ADR 084)', () => {
  test.each(['en', 'es'] as const)('%s: "3 eggs" saved without confirming: "!" under Eggs, the recipe flagged not confirmed, both explained', async (locale) => {
    const posset = summary('Lemon posset', { milk: 'contains' }, detectAllergens(['3 eggs', 'double cream', 'lemons']), false)
    const confirmed = summary('Green salad', {}, {}, true)
    const { text, found } = await items(locale, [posset, confirmed])
    const flag = t(locale, 'recipes.sheet.unconfirmed')
    expect(text).toContain(t(locale, 'recipes.sheet.legend'))
    expect(text).toContain(t(locale, 'recipes.sheet.legendUnconfirmed'))
    const row = (name: string) => found.find((i) => i.str.startsWith(name))!.y
    const onRow = (name: string) => found.filter((i) => Math.abs(i.y - row(name)) < 4)
    const column = (allergen: string) => found.find((i) => i.slanted && i.str === t(locale, `allergens.${allergen}`))!.x
    const markUnder = (name: string, allergen: string) => onRow(name).find((i) => i.str.length === 1 && Math.abs(i.x + i.width / 2 - column(allergen)) < 6)?.str
    expect(markUnder('Lemon posset', 'eggs')).toBe('!')
    expect(markUnder('Lemon posset', 'milk')).toBe('X')
    expect(onRow('Lemon posset').map((i) => i.str)).toContain(flag)
    expect(onRow('Green salad').map((i) => i.str)).not.toContain(flag)
    expect(onRow('Green salad').filter((i) => i.str.length === 1)).toEqual([])
  })

  test.each(['en', 'es'] as const)('%s: every column header is written whole, on one slanted line inside the header', async (locale) => {
    const { found } = await items(locale, recipes(3))
    const headers = found.filter((i) => i.slanted)
    expect(headers.map((h) => h.str)).toEqual(ALLERGENS.map((a) => t(locale, `allergens.${a}`)))
  })
})

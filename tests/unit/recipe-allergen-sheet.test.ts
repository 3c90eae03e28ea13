/**
 * The allergen sheet PDF (issue #12: "to pin on the wall", one A4 page where it fits): read back, its
 * pages counted and measured, its rows found on them.
 */
import { extractText, getDocumentProxy } from 'unpdf'
import { describe, expect, test } from 'vitest'
import { allergenSheetPdf } from '../../server/recipes/allergen-sheet.ts'
import { ALLERGENS } from '../../server/recipes/schema.ts'
import type { RecipeSummary } from '../../server/recipes/service.ts'

function recipes(count: number): RecipeSummary[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `00000000-0000-0000-0000-${String(i).padStart(12, '0')}`,
    name: `Recipe number ${i + 1} with a fairly long name to see it is cut rather than wrapped onto another line`,
    categoryId: null,
    description: '',
    yieldQuantity: null,
    yieldUnit: '',
    portions: 4,
    prepMinutes: null,
    cookMinutes: null,
    // Every allergen marked somewhere, both levels.
    allergens: { [ALLERGENS[i % ALLERGENS.length]!]: 'contains' as const, [ALLERGENS[(i + 5) % ALLERGENS.length]!]: 'mayContain' as const },
    allergensConfirmed: true,
    imageUploadId: null,
    imageUrl: null,
    venueIds: [],
    updatedAt: '2026-11-26T08:00:00.000Z',
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

/**
 * The built-in recipe parser against a corpus of 30 recipes in English and Spanish
 * (tests/support/recipe-corpus.ts). Prints the accuracy per field; each must stay above its floor.
 */
import { expect, test } from 'vitest'
import { parseIngredient, parseMinutes, parseNumber, parseRecipeText } from '../../server/recipes/parse.ts'
import { CORPUS } from '../support/recipe-corpus.ts'

function lineKey(l: ReturnType<typeof parseIngredient>): string {
  if (l.type !== 'ingredient') return `section ${l.name}`
  return `${l.quantity ?? ''}|${l.quantityMax ?? ''}|${l.unit}|${l.name}`
}

test('the corpus: 30 recipes, accuracy per field', () => {
  expect(CORPUS.length).toBeGreaterThanOrEqual(30)
  const score: Record<string, [number, number]> = {}
  const mark = (field: string, ok: boolean) => {
    const s = (score[field] ??= [0, 0])
    s[1]++
    if (ok) s[0]++
  }
  const misses: string[] = []
  for (const r of CORPUS) {
    const d = parseRecipeText(r.text)
    mark('name', d.name === r.name)
    mark('portions', d.portions === r.portions)
    if (r.yield) mark('yield', d.yieldQuantity === r.yield[0] && d.yieldUnit === r.yield[1])
    if (r.prep !== undefined) mark('prepMinutes', d.prepMinutes === r.prep)
    if (r.cook !== undefined) mark('cookMinutes', d.cookMinutes === r.cook)
    const lines = d.ingredients.filter((l) => l.type === 'ingredient').map(lineKey)
    mark('ingredient count', lines.length === r.ingredients.length)
    r.ingredients.forEach((want, i) => {
      const [q, qMax, unit, name] = want.split('|')
      const got = (lines[i] ?? '|||').split('|')
      const okQ = got[0] === q && got[1] === qMax
      mark('quantity', okQ)
      mark('unit', got[2] === unit)
      mark('ingredient name', got[3] === name)
      if (!okQ || got[2] !== unit || got[3] !== name) misses.push(`${r.name}: want ${want}, got ${lines[i]}`)
    })
    if (r.sections) mark('sections', JSON.stringify(d.ingredients.filter((l) => l.type === 'section').map((l) => l.name)) === JSON.stringify(r.sections))
    mark('steps', d.steps.length === r.steps)
    if (d.steps.length !== r.steps) misses.push(`${r.name}: ${d.steps.length} steps, want ${r.steps}`)
    if (d.name !== r.name || d.portions !== r.portions) misses.push(`${r.name}: name ${d.name}, portions ${d.portions}`)
  }
  const report = Object.entries(score).map(([field, [ok, total]]) => `${field.padEnd(18)} ${((100 * ok) / total).toFixed(1).padStart(5)} %  (${ok}/${total})`)
  console.log(`Recipe parser accuracy on ${CORPUS.length} recipes:\n  ${report.join('\n  ')}${misses.length ? `\nMisses:\n  ${misses.join('\n  ')}` : ''}`)
  const floors: Record<string, number> = { name: 0.9, portions: 0.9, 'ingredient count': 0.9, quantity: 0.95, unit: 0.95, 'ingredient name': 0.9, steps: 0.85 }
  for (const [field, floor] of Object.entries(floors)) expect(score[field]![0] / score[field]![1], field).toBeGreaterThanOrEqual(floor)
})

test.each([
  ['1 1/2', 1.5],
  ['1,5', 1.5],
  ['1.25', 1.25],
  ['½', 0.5],
  ['1½', 1.5],
  ['¾', 0.75],
  ['3/4', 0.75],
])('the number %s is %d', (text, want) => expect(parseNumber(text)).toBe(want))

test.each([
  ['2-3 dientes de ajo', { quantity: 2, quantityMax: 3, unit: 'dientes', name: 'ajo' }],
  ['1 1/2 cups flour, sifted', { quantity: 1.5, unit: 'cup', name: 'flour', note: 'sifted' }],
  ['200g butter', { quantity: 200, unit: 'g', name: 'butter' }],
  ['1,5 kg de patatas', { quantity: 1.5, unit: 'kg', name: 'patatas' }],
  ['½ cdta de sal', { quantity: 0.5, unit: 'cdta', name: 'sal' }],
  ['3 cucharadas de aceite', { quantity: 3, unit: 'cda', name: 'aceite' }],
  ['1 taza de leche', { quantity: 1, unit: 'taza', name: 'leche' }],
  ['4 oz cheddar (grated)', { quantity: 4, unit: 'oz', name: 'cheddar', note: 'grated' }],
  ['1 lb ground beef', { quantity: 1, unit: 'lb', name: 'ground beef' }],
  ['2 cl de ron', { quantity: 2, unit: 'cl', name: 'ron' }],
  ['a pinch of salt', { quantity: 1, unit: 'pinch', name: 'salt' }],
  ['una pizca de sal', { quantity: 1, unit: 'pizca', name: 'sal' }],
  ['Salt, to taste', { quantity: null, unit: '', name: 'Salt', note: 'to taste' }],
  ['2 to 3 tbsp water', { quantity: 2, quantityMax: 3, unit: 'tbsp', name: 'water' }],
])('the line %s', (text, want) => expect(parseIngredient(text)).toMatchObject(want))

test('times', () => {
  expect(parseMinutes('1 hour 15 minutes')).toBe(75)
  expect(parseMinutes('1½ horas')).toBe(90)
  expect(parseMinutes('45 min')).toBe(45)
  expect(parseMinutes('soon')).toBeNull()
})

test('allergens are suggested from the parsed ingredients', () => {
  expect(parseRecipeText('Croquetas\n\nIngredientes\n- 100 g de harina de trigo\n- 500 ml de leche\n- 2 huevos\n\nElaboración\n1. Todo junto.').allergens).toEqual({ gluten: 'contains', milk: 'contains', eggs: 'contains' })
})

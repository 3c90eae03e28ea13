import { describe, expect, test } from 'vitest'
import { allergenMarks, detectAllergens, detectInName } from '../../server/recipes/allergens.ts'

test.each([
  ['harina de trigo', { gluten: 'contains' }],
  ['nata para montar', { milk: 'contains' }],
  ['anacardos tostados', { treeNuts: 'contains' }],
  ['Plain flour', { gluten: 'contains' }],
  ['unsalted butter', { milk: 'contains' }],
  ['2 free-range eggs', { eggs: 'contains' }],
  ['huevos camperos', { eggs: 'contains' }],
  ['gambas peladas', { crustaceans: 'contains' }],
  ['King prawns', { crustaceans: 'contains' }],
  ['mejillones', { molluscs: 'contains' }],
  ['squid rings', { molluscs: 'contains' }],
  ['salmón fresco', { fish: 'contains' }],
  ['anchovy fillets', { fish: 'contains' }],
  ['Dijon mustard', { mustard: 'contains' }],
  ['mostaza antigua', { mustard: 'contains' }],
  ['tahini', { sesame: 'contains' }],
  ['semillas de sésamo', { sesame: 'contains' }],
  ['salsa de soja', { soya: 'contains', gluten: 'contains' }],
  ['tofu firme', { soya: 'contains' }],
  ['cacahuetes', { peanuts: 'contains' }],
  ['apio', { celery: 'contains' }],
  ['celery sticks', { celery: 'contains' }],
  ['vino blanco', { sulphites: 'contains' }],
  ['sherry vinegar', { sulphites: 'contains' }],
  ['altramuces', { lupin: 'contains' }],
  ['queso manchego', { milk: 'contains' }],
  ['chocolate (may contain traces of hazelnuts)', { treeNuts: 'mayContain' }],
])('%s', (name, want) => {
  expect(detectInName(name)).toEqual(want)
})

test.each(['coconut milk', 'leche de coco', 'nuez moscada', 'nutmeg', 'harina de maíz', 'cornflour', 'aubergine', 'eggplant', 'aceite de oliva', 'sal', 'azúcar', 'cocoa butter', 'buckwheat flour'])(
  'nothing in %s',
  (name) => expect(detectInName(name)).toEqual({}),
)

test('a recipe: "contains" wins over "may contain"', () => {
  expect(detectAllergens(['almendras', 'chocolate, may contain almonds', 'leche'])).toEqual({ treeNuts: 'contains', milk: 'contains' })
})

describe('what a recipe shows (ADR 084)', () => {
  test('unconfirmed: what the ingredients suggest and the list leaves out is "check"; the listed level wins', () => {
    expect(allergenMarks({}, { eggs: 'contains' }, false)).toEqual({ eggs: 'check' })
    expect(allergenMarks({ milk: 'mayContain' }, { milk: 'contains', gluten: 'mayContain' }, false)).toEqual({ milk: 'mayContain', gluten: 'check' })
    expect(allergenMarks({ sesame: 'contains' }, {}, false)).toEqual({ sesame: 'contains' })
  })

  test('confirmed: the list a person checked against these very ingredients, suggestions they left out stay out', () => {
    expect(allergenMarks({ milk: 'contains' }, { milk: 'contains', eggs: 'contains' }, true)).toEqual({ milk: 'contains' })
  })

  test('"3 eggs" typed by hand and never confirmed: eggs to check', () => {
    expect(allergenMarks({}, detectAllergens(['3 eggs', 'sugar']), false)).toEqual({ eggs: 'check' })
  })
})

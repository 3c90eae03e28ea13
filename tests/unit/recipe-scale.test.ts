import { describe, expect, test } from 'vitest'
import { formatQuantity, scaleFactor, scaleLine, tidy } from '../../server/recipes/scale.ts'

const line = (quantity: number | null, unit: string, quantityMax: number | null = null) => ({ quantity, quantityMax, unit })

describe('rounding and units', () => {
  test.each([
    [1500, 'g', 1.5, 'kg'],
    [999.6, 'g', 1, 'kg'],
    [333.333, 'g', 333, 'g'],
    [7.25, 'g', 7.3, 'g'],
    [0.25, 'kg', 250, 'g'],
    [1.23456, 'kg', 1.235, 'kg'],
    [1200, 'ml', 1.2, 'l'],
    [0.3, 'l', 300, 'ml'],
    [1.3, 'tbsp', 1.25, 'tbsp'],
    [2.9, 'cdta', 3, 'cdta'],
    [0.6, 'cup', 0.5, 'cup'],
    [0.1, 'pizca', 0.1, 'pizca'],
    [2.6, '', 2.5, ''],
    [3.3333, 'oz', 3.33, 'oz'],
    [1500, 'gramos', 1.5, 'kg'],
  ])('%d %s → %d %s', (quantity, unit, wantQuantity, wantUnit) => {
    expect(tidy(quantity, unit)).toEqual({ quantity: wantQuantity, unit: wantUnit })
  })

  test('lines scale, ranges keep one unit, lines without a quantity stay', () => {
    expect(scaleLine(line(500, 'g'), 3)).toEqual(line(1.5, 'kg'))
    expect(scaleLine(line(2, '', 3), 1.5)).toEqual(line(3, '', 4.5))
    expect(scaleLine(line(400, 'g', 700), 2)).toEqual(line(800, 'g', 1400))
    expect(scaleLine(line(null, ''), 5)).toEqual(line(null, ''))
    expect(scaleLine(line(1.5, 'tbsp'), 3)).toEqual(line(4.5, 'tbsp'))
  })
})

describe('the factor', () => {
  const recipe = {
    portions: 10,
    yieldQuantity: 2,
    yieldUnit: 'kg',
    ingredients: [{ type: 'section', quantity: null, unit: '' }, { type: 'ingredient', ...line(1500, 'g') }, { type: 'ingredient', ...line(2, '') }],
  }
  test('by portions, yield (unit converted) and an ingredient (unit converted)', () => {
    expect(scaleFactor(recipe, { by: 'factor', factor: 3 })).toBe(3)
    expect(scaleFactor(recipe, { by: 'portions', portions: 25 })).toBe(2.5)
    expect(scaleFactor(recipe, { by: 'yield', quantity: 500, unit: 'g' })).toBe(0.25)
    expect(scaleFactor(recipe, { by: 'ingredient', index: 1, quantity: 1.2, unit: 'kg' })).toBeCloseTo(0.8)
    expect(scaleFactor(recipe, { by: 'ingredient', index: 2, quantity: 5, unit: '' })).toBe(2.5)
  })
  test('impossible requests give no factor', () => {
    expect(scaleFactor(recipe, { by: 'factor', factor: 0 })).toBeNull()
    expect(scaleFactor(recipe, { by: 'yield', quantity: 1, unit: 'l' })).toBeNull()
    expect(scaleFactor(recipe, { by: 'ingredient', index: 0, quantity: 1, unit: '' })).toBeNull()
    expect(scaleFactor(recipe, { by: 'ingredient', index: 9, quantity: 1, unit: '' })).toBeNull()
    expect(scaleFactor({ ...recipe, portions: null }, { by: 'portions', portions: 4 })).toBeNull()
  })
})

test('quantities read as a cook reads them, in each language', () => {
  expect(formatQuantity(1.5, 'tbsp', 'en')).toBe('1½')
  expect(formatQuantity(0.25, 'cup', 'en')).toBe('¼')
  expect(formatQuantity(2.75, '', 'es')).toBe('2¾')
  expect(formatQuantity(1.5, 'kg', 'es')).toBe('1,5')
  expect(formatQuantity(1.235, 'kg', 'en')).toBe('1.235')
  expect(formatQuantity(1250, 'g', 'en')).toBe('1,250')
})

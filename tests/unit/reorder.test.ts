import fc from 'fast-check'
import { expect, test } from 'vitest'
import { formIds, mergeOrder, moveId, moveTo, sameOrder } from '../../app/components/templates/reorder.ts'

test('move up and down swap with the neighbour and stop at the ends', () => {
  expect(moveId(['a', 'b', 'c'], 'b', 'up')).toEqual(['b', 'a', 'c'])
  expect(moveId(['a', 'b', 'c'], 'b', 'down')).toEqual(['a', 'c', 'b'])
  expect(moveId(['a', 'b', 'c'], 'a', 'up')).toEqual(['a', 'b', 'c'])
  expect(moveId(['a', 'b', 'c'], 'c', 'down')).toEqual(['a', 'b', 'c'])
})

test('moveTo places an id at an index, clamped', () => {
  expect(moveTo(['a', 'b', 'c'], 'c', 0)).toEqual(['c', 'a', 'b'])
  expect(moveTo(['a', 'b', 'c'], 'a', 99)).toEqual(['b', 'c', 'a'])
})

test('a filtered reorder keeps hidden ids in their places', () => {
  // Visible b and d swap; a, c and e stay where they were.
  expect(mergeOrder(['a', 'b', 'c', 'd', 'e'], ['d', 'b'])).toEqual(['a', 'd', 'c', 'b', 'e'])
  // Unknown ids are ignored.
  expect(mergeOrder(['a', 'b'], ['x', 'b', 'a'])).toEqual(['b', 'a'])
})

test('reordering never loses or invents ids', () => {
  fc.assert(
    fc.property(fc.uniqueArray(fc.string({ minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 12 }), fc.nat(), fc.boolean(), (ids, pick, up) => {
      const id = ids[pick % ids.length]!
      const moved = moveId(ids, id, up ? 'up' : 'down')
      expect([...moved].sort()).toEqual([...ids].sort())
      const subset = ids.filter((_, i) => i % 2 === 0).reverse()
      expect([...mergeOrder(ids, subset)].sort()).toEqual([...ids].sort())
    }),
  )
})

test('sameOrder and formIds', () => {
  expect(sameOrder(['a', 'b'], ['a', 'b'])).toBe(true)
  expect(sameOrder(['a', 'b'], ['b', 'a'])).toBe(false)
  const form = new FormData()
  form.append('ids', 'a')
  form.append('ids', 'b,c')
  expect(formIds(form)).toEqual(['a', 'b', 'c'])
})

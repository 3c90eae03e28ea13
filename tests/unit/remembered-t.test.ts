/**
 * The server's remembered `t` (app/lib/use-translation.ts, ADR 063) answers what i18next's `t` answers
 * for every key of every namespace in both languages, asked twice (the second answer is the remembered
 * one), and asks i18next again only for calls it cannot key: values that are objects, or more arguments.
 */
import i18next, { type TFunction } from 'i18next'
import { describe, expect, test, vi } from 'vitest'
import { getClientResources } from '../../app/lib/i18n.server.ts'
import { i18nextOptions, namespaces, supportedLocales } from '../../app/lib/i18n.ts'
import { rememberedT } from '../../app/lib/use-translation.ts'

type Call = (...args: unknown[]) => unknown

function keysOf(tree: unknown, prefix = ''): string[] {
  if (!tree || typeof tree !== 'object') return []
  return Object.entries(tree).flatMap(([k, v]) => (v && typeof v === 'object' ? keysOf(v, prefix ? `${prefix}.${k}` : k) : [(prefix ? `${prefix}.${k}` : k).replace(/_(zero|one|two|few|many|other)$/, '')]))
}

describe('the remembered t', () => {
  for (const locale of supportedLocales) {
    test(`${locale}: the same text as i18next for every key, with and without values and counts, asked twice`, () => {
      const resources = getClientResources(locale, [...namespaces])
      const reference = i18next.createInstance()
      void reference.init(i18nextOptions(locale, resources))
      let compared = 0
      for (const ns of namespaces) {
        const expected = reference.getFixedT(null, ns) as unknown as Call
        const actual = rememberedT(reference.getFixedT(null, ns)) as unknown as Call
        for (const key of [...new Set(keysOf(resources[ns]))]) {
          const cases: unknown[][] = [[key], [key, 'Default'], [key, { name: 'Ana', n: 2, time: '09:00' }], [`${ns}:${key}`]]
          for (const count of [0, 1, 2, 5, 1.5]) cases.push([key, { count, done: count, total: 3 }])
          // A count given as text is not a count to i18next: it must not share the number's answer.
          cases.push([key, { count: '1', done: '1', total: '3' }])
          for (const args of cases) {
            const want = expected(...args)
            expect(actual(...args), `${locale} ${ns} ${JSON.stringify(args)}`).toBe(want)
            expect(actual(...args), `${locale} ${ns} ${JSON.stringify(args)} (remembered)`).toBe(want)
            compared++
          }
        }
      }
      expect(compared).toBeGreaterThan(3000)
    })
  }

  test('asks i18next once per distinct call, every time for values it cannot key, and forgets when full', () => {
    const inner = vi.fn((key: string, options?: unknown) => `${key}:${JSON.stringify(options ?? null)}`)
    const t = rememberedT(inner as unknown as TFunction, 3) as unknown as Call
    expect(t('a')).toBe('a:null')
    expect(t('a')).toBe('a:null')
    expect(t('a', { n: 1 })).toBe('a:{"n":1}')
    expect(t('a', { n: 1 })).toBe('a:{"n":1}')
    expect(t('a', { n: '1' })).toBe('a:{"n":"1"}')
    expect(inner).toHaveBeenCalledTimes(3)
    // Objects as values, and a third argument: i18next every time.
    t('a', { list: [1] })
    t('a', { list: [1] })
    t('a', 'Default', { n: 1 })
    expect(inner).toHaveBeenCalledTimes(6)
    // A fourth distinct call empties what was kept (at most 3 here).
    t('b')
    t('a')
    expect(inner).toHaveBeenCalledTimes(8)
  })
})

/**
 * The browser's small translator (app/lib/translate.ts, ADR 056) gives exactly what i18next gives, set
 * up as the pages set it up (`i18nextOptions`), for every key of every namespace in both languages: the
 * pages hydrate the server's HTML, made with i18next, so one differing string would be a hydration error.
 */
import i18next from 'i18next'
import { describe, expect, test } from 'vitest'
import { getClientResources } from '../../app/lib/i18n.server.ts'
import { i18nextOptions, namespaces, supportedLocales, type Resources } from '../../app/lib/i18n.ts'
import { smallI18n } from '../../app/lib/translate.ts'

const PLURAL = /_(zero|one|two|few|many|other)$/

/** Every key of a tree, plural forms folded into their base key. */
function keysOf(tree: unknown, prefix = ''): string[] {
  if (!tree || typeof tree !== 'object') return []
  const out = new Set<string>()
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k
    if (v && typeof v === 'object') for (const inner of keysOf(v, key)) out.add(inner)
    else out.add(key.replace(PLURAL, ''))
  }
  return [...out]
}

function placeholders(resources: Resources): string[] {
  const names = new Set<string>()
  for (const match of JSON.stringify(resources).matchAll(/{{\s*([^{}\s]+)\s*}}/g)) names.add(match[1]!)
  return [...names]
}

function pair(locale: (typeof supportedLocales)[number], resources: Resources) {
  const reference = i18next.createInstance()
  void reference.init(i18nextOptions(locale, resources))
  return { reference, small: smallI18n(locale, resources) }
}

describe('the small translator answers as i18next', () => {
  for (const locale of supportedLocales) {
    test(`${locale}: every key of every namespace, with values, counts and defaults`, () => {
      const resources = getClientResources(locale, [...namespaces])
      const { reference, small } = pair(locale, resources)
      const values = Object.fromEntries(placeholders(resources).map((name, i) => [name, `v${i}<&>`]))
      let compared = 0
      for (const ns of namespaces) {
        const expected = reference.getFixedT(null, ns)
        const actual = small.getFixedT(null, ns)
        const other = namespaces.find((n) => n !== ns)!
        for (const key of [...keysOf(resources[ns]), 'no.such.key', 'nav']) {
          const cases: unknown[][] = [[key], [key, values], [key, 'Default {{x}}'], [key, { defaultValue: 'Fallback {{x}}', x: 1 }], [`${ns}:${key}`], [[`missing.${key}`, key]]]
          for (const count of [0, 1, 2, 5, 21, 1_000_000, 1.5]) cases.push([key, { ...values, count }])
          cases.push([`${ns}:${key}`, { count: 1 }])
          // A key of this namespace asked for from another namespace's `t` with its prefix.
          const fromOther = small.getFixedT(null, other)
          expect(fromOther(`${ns}:${key}`, values), `${ns}:${key} from ${other}`).toBe(reference.getFixedT(null, other)(`${ns}:${key}`, values))
          for (const args of cases) {
            expect((actual as unknown as (...a: unknown[]) => string)(...args), `${locale} ${ns} ${JSON.stringify(args)}`).toBe((expected as unknown as (...a: unknown[]) => string)(...args))
            compared++
          }
        }
      }
      expect(compared).toBeGreaterThan(5000)
    })
  }

  test('a page that has only some namespaces (the browser gets the client part of common)', () => {
    const resources = getClientResources('es', ['common', 'org'])
    const { reference, small } = pair('es', resources)
    for (const key of ['nav.skip', 'org:checklists.title', 'public:login.title', 'appName', 'errors.global', 'toast.close']) {
      expect(small.t(key)).toBe(reference.t(key))
    }
    expect(small.language).toBe(reference.language)
    expect(small.getFixedT(null, 'org')('checklists.title')).toBe(reference.getFixedT(null, 'org')('checklists.title'))
  })
})

/**
 * The browser's translator (docs/decisions/056-a-small-translator-in-the-browser.md): what i18next's
 * `t` does for the way Mise calls it, over the resources the root loader sent, without i18next's client
 * (~16 KB gzip of first-load JavaScript on every page). The server keeps i18next (app/lib/i18n.ts); a
 * test (tests/unit/translate.test.ts) checks that both give the same text for every key of every
 * language and namespace, with and without values and counts.
 *
 * What it does, as i18next is configured in `createI18n`: keys nested with `.`, a namespace prefix
 * with `:` (`common:actions.working`, as i18next splits it) or the fixed namespace, `count` picking `_zero` (for 0), then `_one`/`_other`/…
 * by `Intl.PluralRules` (and falling back to the bare key), `{{name}}` interpolation without escaping
 * (a value not given leaves the placeholder), a default value (a string as second argument or
 * `defaultValue`), the key itself when nothing is found and i18next's message for a key that names
 * an object.
 */
import type { i18n as I18n, TFunction } from 'i18next'

type Tree = Record<string, unknown>
type Options = { count?: unknown; defaultValue?: unknown; ns?: unknown; [name: string]: unknown }

const PLACEHOLDER = /{{\s*([^{}\s]+)\s*}}/g

function lookup(tree: unknown, key: string): unknown {
  let node = tree
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined
    node = (node as Tree)[part]
  }
  return node
}

/** i18next reads `a:b.c` as namespace `a`, key `b.c`, unless the key looks like a sentence. */
const SENTENCE = /[ ,?!;]/
function looksLikePath(key: string): boolean {
  if (!SENTENCE.test(key)) return true
  const dot = key.indexOf('.')
  return dot > 0 && !SENTENCE.test(key.slice(0, dot))
}

function interpolate(text: string, values: Options | undefined): string {
  if (!values || !text.includes('{{')) return text
  return text.replace(PLACEHOLDER, (match, name: string) => {
    const value = lookup(values, name)
    if (value === undefined) return match
    return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value)
  })
}

export interface SmallI18n {
  language: string
  options: { defaultNS: string }
  t: TFunction
  getFixedT(lng: null | string, ns?: string): TFunction
}

/** A translator over one language's resources (namespace → nested keys), as i18next answers. */
export function smallI18n(language: string, resources: Record<string, unknown>, defaultNS = 'common'): SmallI18n {
  const rules = new Intl.PluralRules(language)
  const fixed = new Map<string, TFunction>()
  const translate = (ns: string, key: string | string[], second?: unknown): string => {
    const options: Options | undefined = typeof second === 'string' ? { defaultValue: second } : (second as Options | undefined)
    const keys = Array.isArray(key) ? key : [key]
    let lastKey = ''
    for (const candidate of keys) {
      let namespace = typeof options?.ns === 'string' ? options.ns : ns
      let path = candidate
      if (candidate.includes(':') && looksLikePath(candidate)) {
        const parts = candidate.split(':')
        namespace = parts.shift()!
        path = parts.join('.')
      }
      lastKey = path
      const tree = resources[namespace]
      let found: unknown
      if (typeof options?.count === 'number') {
        if (options.count === 0) found = lookup(tree, `${path}_zero`)
        if (typeof found !== 'string') found = lookup(tree, `${path}_${rules.select(options.count)}`)
      }
      if (typeof found !== 'string') found = lookup(tree, path)
      if (typeof found === 'string') return interpolate(found, options)
      if (found !== null && typeof found === 'object') return `key '${path} (${language})' returned an object instead of string.`
    }
    if (typeof options?.defaultValue === 'string') return interpolate(options.defaultValue, options)
    return lastKey
  }
  const fixedT = (ns: string): TFunction => {
    let t = fixed.get(ns)
    if (!t) fixed.set(ns, (t = ((key: string | string[], options?: unknown) => translate(ns, key, options)) as unknown as TFunction))
    return t
  }
  return {
    language,
    options: { defaultNS },
    t: fixedT(defaultNS),
    getFixedT: (_lng, ns) => fixedT(ns ?? defaultNS),
  }
}

/** The same object typed as the i18next instance the components expect (they use only the members above). */
export function asI18n(small: SmallI18n): I18n {
  return small as unknown as I18n
}

/**
 * The app's `useTranslation` (docs/decisions/046-i18n-instances-and-cached-t.md): react-i18next's
 * context and i18next's `getFixedT`, without react-i18next's per-component costs. Its own hook copies
 * every property of the i18next instance into a wrapper on each component's first render (on the
 * server: every render of every component) and builds a new fixed `t` each time; here one `t` per
 * instance and namespace is built once and shared by every component, every render and, on the
 * server, every request (the instances are per language and namespaces, see `createI18n`).
 * Same arguments and same `{ t, i18n }` answer as react-i18next's hook for the way the app calls it.
 */
import { useContext } from 'react'
import { getI18n, I18nContext, type UseTranslationResponse } from 'react-i18next'
import type { i18n as I18n, TFunction } from 'i18next'
import type { Namespace } from './i18n.ts'

interface Translation {
  t: TFunction
  i18n: I18n
  ready: boolean
}

const cache = new WeakMap<I18n, Map<string, Translation>>()

/** Without an instance (a component rendered alone, e.g. in a test): the key, or its default value. */
const missing: Translation = {
  t: ((key: string | string[], options?: unknown) => {
    if (typeof options === 'string') return options
    const fallback = (options as { defaultValue?: unknown } | undefined)?.defaultValue
    if (typeof fallback === 'string') return fallback
    return Array.isArray(key) ? key[key.length - 1] : key
  }) as TFunction,
  i18n: {} as I18n,
  ready: false,
}

/** Translations a server-side `t` keeps, per instance and namespace; emptied when full. */
const REMEMBERED = 4000

/**
 * On the server, i18next's `t` remembered per key and values (docs/decisions/063-remembered-translations.md):
 * an instance's resources never change (ADR 046), so the same key with the same values always gives
 * the same text, and i18next's `translate` (resolving, plurals, interpolation: ~10 % of a day page's
 * CPU) runs once per distinct call instead of on every render of every request. Calls whose values are
 * not all plain strings, numbers or booleans (objects, arrays, functions) and calls with more than two
 * arguments go to i18next every time.
 */
export function rememberedT(original: TFunction, kept = REMEMBERED): TFunction {
  const t = original as unknown as (...args: unknown[]) => unknown
  const known = new Map<string, string>()
  return ((...args: unknown[]) => {
    const [key, options] = args
    if (typeof key !== 'string' || args.length > 2) return t(...args)
    let id = key
    if (typeof options === 'string') id += `\u0001${options}`
    else if (options !== undefined) {
      if (options === null || typeof options !== 'object') return t(...args)
      for (const name in options) {
        const value = (options as Record<string, unknown>)[name]
        const type = typeof value
        if (type !== 'string' && type !== 'number' && type !== 'boolean' && value !== undefined) return t(...args)
        id += `\u0000${name}\u0000${type[0]}${String(value)}`
      }
    }
    const found = known.get(id)
    if (found !== undefined) return found
    const text = t(...args)
    if (typeof text === 'string') {
      if (known.size >= kept) known.clear()
      known.set(id, text)
    }
    return text
  }) as unknown as TFunction
}

/** The `t` of `ns` on this instance, built once (on the server, remembering its answers). */
export function translationOf(i18n: I18n | null | undefined, ns?: Namespace): Translation {
  if (!i18n) return missing
  let byNs = cache.get(i18n)
  if (!byNs) cache.set(i18n, (byNs = new Map()))
  const name = ns ?? (i18n.options.defaultNS as string | undefined) ?? 'common'
  let found = byNs.get(name)
  if (!found) {
    const t = i18n.getFixedT(null, name)
    found = { t: import.meta.env.SSR ? rememberedT(t) : t, i18n, ready: true }
    byNs.set(name, found)
  }
  return found
}

export function useTranslation<N extends Namespace = 'common'>(ns?: N): UseTranslationResponse<N, undefined> {
  const i18n = useContext(I18nContext)?.i18n ?? getI18n()
  return translationOf(i18n, ns) as unknown as UseTranslationResponse<N, undefined>
}

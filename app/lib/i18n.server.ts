import { isLocale as isApiLocale, localeFromAcceptLanguage } from '../../server/i18n.ts'
import { LOCALE_COOKIE, readCookie } from './cookies.server.ts'
import { CLIENT_COMMON_KEYS, namespaces, namespacesFor, type Locale, type Resources } from './i18n.ts'

const files = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/*.json', { eager: true })

function resourcesFor(locale: Locale): Resources {
  const out = {} as Resources
  for (const ns of namespaces) out[ns] = files[`../../locales/${locale}/${ns}.json`]?.default ?? {}
  return out
}

const cache = new Map<Locale, Resources>()
export function getResources(locale: Locale): Resources {
  let r = cache.get(locale)
  if (!r) cache.set(locale, (r = resourcesFor(locale)))
  return r
}

/** What the browser needs for a page: its namespaces, and only the client-side part of `common`. */
export function getClientResources(locale: Locale, pathname: string): Resources {
  const all = getResources(locale)
  const out = {} as Resources
  for (const ns of namespacesFor(pathname)) {
    out[ns] = ns === 'common' ? Object.fromEntries(CLIENT_COMMON_KEYS.map((k) => [k, all.common[k]])) : all[ns]
  }
  return out
}

/** The language: the stored choice (cookie) first, then the browser's Accept-Language, else English. */
export function getLocale(request: Request): Locale {
  const stored = readCookie(request.headers.get('cookie'), LOCALE_COOKIE)
  if (isApiLocale(stored)) return stored
  return localeFromAcceptLanguage(request.headers.get('accept-language'))
}

/** A server-side translator for loaders and actions (e.g. toast text). */
export function translator(locale: Locale) {
  const resources = getResources(locale)
  return (key: string, vars: Record<string, string | number> = {}) => {
    const [ns, path] = key.includes(':') ? (key.split(':') as [keyof Resources, string]) : (['common', key] as const)
    let node: unknown = resources[ns]
    for (const part of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[part]
    const text = typeof node === 'string' ? node : key
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, n: string) => String(vars[n] ?? ''))
  }
}

import { matchRoutes, type Cookie, type MiddlewareFunction, type RouteObject, type ServerBuild } from 'react-router'
import { createI18nextMiddleware } from 'remix-i18next'
import { localeFromAcceptLanguage, resources, translator as serverTranslator, type Translate } from '../../server/i18n.ts'
import { LOCALE_COOKIE, preferenceCookie, readCookie } from './cookies.server.ts'
import { CLIENT_COMMON_KEYS, fallbackLocale, isLocale, namespacesOf, supportedLocales, type Locale, type Namespace, type Resources } from './i18n.ts'
import { getMe } from './session.server.ts'

/** `mise_lng` as remix-i18next reads it: a plain value (the API reads the same cookie). */
const localeCookie: Cookie = {
  name: LOCALE_COOKIE,
  isSigned: false,
  parse: async (header) => readCookie(header, LOCALE_COOKIE) ?? null,
  serialize: async (value: string) => preferenceCookie(LOCALE_COOKIE, value),
}

/**
 * remix-i18next detects the language once per request: the signed-in person's saved language (from
 * the current-user call the root loader makes anyway), then the `mise_lng` cookie, then
 * Accept-Language, then English. It makes no i18next instance of its own (ADR 070: its import of
 * i18next's `createInstance` is a placeholder, app/lib/i18next-unread.server.ts): translation goes
 * through the server's shared per-language instances (`translator`).
 */
const [detectLanguage, localeOf] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...supportedLocales],
    fallbackLanguage: fallbackLocale,
    order: ['custom', 'cookie', 'header'],
    cookie: localeCookie,
    async findLocale(args) {
      const { me } = await getMe(args)
      return isLocale(me?.user.locale) ? me.user.locale : null
    },
  },
  // Given to the placeholder, which ignores them (ADR 070).
  i18next: { initAsync: false, resources: {}, ns: [] },
})

const detected = new WeakMap<Request, Locale>()

/**
 * Root middleware: detect the language, and remember it for `getLocale(request)`. When a signed-in
 * person's saved language differs from this browser's stored choice (they just signed in), the
 * browser's choice becomes theirs, so the pages after signing out stay in the language they used.
 */
export const i18nMiddleware: MiddlewareFunction<Response>[] = [
  detectLanguage,
  async (args, next) => {
    const detectedLocale = localeOf(args.context)
    const locale = isLocale(detectedLocale) ? detectedLocale : fallbackLocale
    detected.set(args.request, locale)
    const { me } = await getMe(args)
    const response = await next()
    const stored = readCookie(args.request.headers.get('cookie'), LOCALE_COOKIE)
    const choosing = response.headers.getSetCookie().some((c) => c.startsWith(`${LOCALE_COOKIE}=`))
    if (me && me.user.locale === locale && stored !== locale && !choosing) {
      const cookie = preferenceCookie(LOCALE_COOKIE, locale)
      try {
        response.headers.append('Set-Cookie', cookie)
      } catch {
        // Immutable headers (e.g. Response.redirect): copy the response.
        const copy = new Response(response.body, response)
        copy.headers.append('Set-Cookie', cookie)
        return copy
      }
    }
    return response
  },
]

/**
 * The language of this request, as the root middleware detected it. Without the middleware (a
 * loader called on its own, e.g. in a test): the cookie, then Accept-Language.
 */
export function getLocale(request: Request): Locale {
  const known = detected.get(request)
  if (known) return known
  const stored = readCookie(request.headers.get('cookie'), LOCALE_COOKIE)
  if (isLocale(stored)) return stored
  return localeFromAcceptLanguage(request.headers.get('accept-language'))
}

/** A server-side translator for loaders and actions (e.g. toast text): the server's one translator. */
export function translator(locale: Locale): Translate {
  return serverTranslator(locale)
}

const clientResources = new Map<string, Resources>()

/**
 * What the browser needs for a page: its namespaces, and only the client-side part of `common`. Built
 * once per language and set of namespaces, and the same (frozen) object every time, so the page's
 * i18next instance is made once too (`createI18n`, ADR 046).
 */
export function getClientResources(locale: Locale, needed: readonly Namespace[]): Resources {
  const key = `${locale}|${needed.join(',')}`
  const known = clientResources.get(key)
  if (known) return known
  const all = resources[locale]
  const out = {} as Resources
  for (const ns of needed) {
    out[ns] = ns === 'common' ? Object.fromEntries(CLIENT_COMMON_KEYS.map((k) => [k, all.common[k]])) : all[ns]
  }
  clientResources.set(key, Object.freeze(out))
  return out
}

type Match = (pathname: string) => Namespace[]
let matcher: Promise<Match> | undefined

/** The route tree of the server build, with each route's `handle`, for matching a URL. */
function routeTree(routes: ServerBuild['routes'], parentId: string | undefined): RouteObject[] {
  return Object.values(routes)
    .filter((route) => route!.parentId === parentId)
    .map((route) => {
      const { id, path, index, caseSensitive } = route!
      return { id, path, index, caseSensitive, handle: route!.module.handle, children: routeTree(routes, id) } as RouteObject
    })
}

/** Answers of the matcher by pathname: React Router flattens and ranks the whole route tree on every `matchRoutes` (~6 % of `/login`'s CPU). */
const namespacesByPath = new Map<string, Namespace[]>()
const NAMESPACES_KEPT = 1000

/** The namespaces of the routes that match `pathname`, from their `handle` (`common` always). */
export async function routeNamespaces(pathname: string): Promise<Namespace[]> {
  const known = namespacesByPath.get(pathname)
  if (known) return known
  matcher ??= import('virtual:react-router/server-build').then((build: ServerBuild) => {
    const tree = routeTree(build.routes, undefined)
    return (path: string) => namespacesOf((matchRoutes(tree, path) ?? []).map((m) => m.route.handle))
  })
  const found = (await matcher)(pathname)
  // Paths hold ids: a bounded memory, emptied when full (the common pages are back in it at once).
  if (namespacesByPath.size >= NAMESPACES_KEPT) namespacesByPath.clear()
  namespacesByPath.set(pathname, Object.freeze(found) as Namespace[])
  return found
}

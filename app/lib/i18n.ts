import i18next, { type i18n, type InitOptions, type Resource } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { matchRoutes, type RouteObject } from 'react-router'
import { asI18n, smallI18n } from './translate.ts'

export const supportedLocales = ['en', 'es'] as const
export type Locale = (typeof supportedLocales)[number]
export const fallbackLocale: Locale = 'en'
export const namespaces = ['common', 'public', 'authed', 'org', 'org-settings'] as const
export type Namespace = (typeof namespaces)[number]
export type Resources = Record<Namespace, Record<string, unknown>>

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (supportedLocales as readonly string[]).includes(value)
}

const instances = new WeakMap<Resources, i18n>()

/**
 * The i18next instance for one language and the resources the root loader sent, made once per
 * resources object: on the server `getClientResources` answers the same object for the same language
 * and namespaces, so every request of a page shares one initialised instance (ADR 046); in the browser
 * each root load's resources get theirs — there a small translator with the same answers
 * (./translate.ts, ADR 056), so that i18next's client is not first-load JavaScript of every page (the
 * build removes the branch below and, with it, i18next).
 */
export function createI18n(locale: Locale, resources: Resources): i18n {
  const known = instances.get(resources)
  if (known?.language === locale) return known
  if (!import.meta.env.SSR) {
    const small = asI18n(smallI18n(locale, resources))
    instances.set(resources, small)
    return small
  }
  const instance = i18next.createInstance()
  void instance.use(initReactI18next).init(i18nextOptions(locale, resources))
  instances.set(resources, instance)
  return instance
}

/** How the pages' i18next instances are set up (the browser's translator answers as they do, ADR 056). */
export function i18nextOptions(locale: Locale, resources: Resources): InitOptions {
  return {
    lng: locale,
    fallbackLng: fallbackLocale,
    supportedLngs: [...supportedLocales],
    ns: [...namespaces],
    defaultNS: 'common',
    resources: { [locale]: resources } as Resource,
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  }
}

/**
 * What a route module exports as `handle` to name the namespaces its own UI uses, e.g.
 * `export const handle = { i18n: ['public'] }`. A page gets the namespaces of every matched route
 * (its layouts included) and always `common`; the root loader sends only those.
 */
export interface I18nHandle {
  i18n?: readonly Namespace[]
}

/** The namespaces named by the handles of the matched routes, `common` first. */
export function namespacesOf(handles: readonly unknown[]): Namespace[] {
  const wanted = new Set<string>(['common'])
  for (const handle of handles) for (const ns of (handle as I18nHandle | undefined)?.i18n ?? []) wanted.add(ns)
  return namespaces.filter((ns) => wanted.has(ns))
}

type BrowserRouterGlobals = {
  __reactRouterDataRouter?: { routes: RouteObject[] }
  __reactRouterRouteModules?: Record<string, { handle?: unknown } | undefined>
}

/**
 * In the browser, before a navigation: the namespaces the page at `pathname` needs, from the handles
 * of its routes, or null while one of their modules has not been loaded yet (React Router loads a
 * route's module after the root decides whether to revalidate, so "unknown" means "revalidate").
 */
export function namespacesInBrowser(pathname: string): Namespace[] | null {
  const w = window as unknown as BrowserRouterGlobals
  const routes = w.__reactRouterDataRouter?.routes
  const modules = w.__reactRouterRouteModules
  if (!routes || !modules) return null
  const handles: unknown[] = []
  for (const match of matchRoutes(routes, pathname) ?? []) {
    const module = match.route.id ? modules[match.route.id] : undefined
    if (!module) return null
    handles.push(module.handle)
  }
  return namespacesOf(handles)
}

/** Keys of the common namespace used by components in the browser (the rest is server-only text). */
export const CLIENT_COMMON_KEYS = ['appName', 'language', 'theme', 'nav', 'actions', 'confirm', 'errors', 'progress', 'toast', 'verifyBanner', 'planLimit', 'billing', 'allergens', 'alertFields']

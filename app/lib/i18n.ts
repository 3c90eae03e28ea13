import i18next, { type i18n, type Resource } from 'i18next'
import { initReactI18next } from 'react-i18next'

export const supportedLocales = ['en', 'es'] as const
export type Locale = (typeof supportedLocales)[number]
export const fallbackLocale: Locale = 'en'
export const namespaces = ['common', 'public', 'authed', 'org', 'org-settings'] as const
export type Namespace = (typeof namespaces)[number]
export type Resources = Record<Namespace, Record<string, unknown>>

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (supportedLocales as readonly string[]).includes(value)
}

/** One i18next instance per render, fed with the resources the root loader sent for one language. */
export function createI18n(locale: Locale, resources: Resources): i18n {
  const instance = i18next.createInstance()
  void instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: fallbackLocale,
    supportedLngs: [...supportedLocales],
    ns: [...namespaces],
    defaultNS: 'common',
    resources: { [locale]: resources } as Resource,
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  })
  return instance
}

const PUBLIC_PATHS = ['/login', '/register', '/forgot-password', '/reset-password', '/invite', '/device-login']

/**
 * The namespaces a page needs, from its path: the root loader sends only these (pages stay light on
 * cheap phones) and revalidates when a navigation needs another set.
 */
export function namespacesFor(pathname: string): Namespace[] {
  if (PUBLIC_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`))) return ['common', 'public']
  if (pathname === '/settings' || pathname.startsWith('/settings/')) return ['common', 'org', 'org-settings']
  return ['common', 'authed', 'org']
}

/** Keys of the common namespace used by components in the browser (the rest is server-only text). */
export const CLIENT_COMMON_KEYS = ['appName', 'language', 'theme', 'nav', 'actions', 'confirm', 'errors', 'progress', 'toast', 'verifyBanner']

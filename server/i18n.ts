/**
 * The one translator of the server: API messages, e-mails, PDF/CSV exports and the web's loaders and
 * actions (app/lib/i18n.server.ts) all go through here. i18next, so plurals (`key_one`/`key_other`,
 * with `{ count }`) and interpolation (`{{name}}`) work the same as in the browser. One i18next
 * instance per language, built once and reused by every request (docs/decisions/017-i18n-remix-i18next.md).
 */
import { createInstance, type i18n } from 'i18next'
import enAuthed from '../locales/en/authed.json' with { type: 'json' }
import enCommon from '../locales/en/common.json' with { type: 'json' }
import enOrgSettings from '../locales/en/org-settings.json' with { type: 'json' }
import enOrg from '../locales/en/org.json' with { type: 'json' }
import enPublic from '../locales/en/public.json' with { type: 'json' }
import esAuthed from '../locales/es/authed.json' with { type: 'json' }
import esCommon from '../locales/es/common.json' with { type: 'json' }
import esOrgSettings from '../locales/es/org-settings.json' with { type: 'json' }
import esOrg from '../locales/es/org.json' with { type: 'json' }
import esPublic from '../locales/es/public.json' with { type: 'json' }

export const locales = ['en', 'es'] as const
export type Locale = (typeof locales)[number]
export const defaultLocale: Locale = 'en'

export const namespaces = ['common', 'public', 'authed', 'org', 'org-settings'] as const
export type Namespace = (typeof namespaces)[number]
export type Catalogue = Record<Namespace, Record<string, unknown>>

const files: Record<Locale, Catalogue> = {
  en: { common: enCommon, public: enPublic, authed: enAuthed, org: enOrg, 'org-settings': enOrgSettings },
  es: { common: esCommon, public: esPublic, authed: esAuthed, org: esOrg, 'org-settings': esOrgSettings },
}

/**
 * Plural categories a language has beyond one/other (Spanish has `many`, e.g. for 1 000 000) fall
 * back to `_other` when a key has no form of its own, instead of falling back to English.
 */
function withPluralFallbacks(locale: Locale, tree: Record<string, unknown>): Record<string, unknown> {
  const extra = new Intl.PluralRules(locale).resolvedOptions().pluralCategories.filter((c) => c !== 'one' && c !== 'other')
  if (!extra.length) return tree
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(tree)) {
    out[key] = value && typeof value === 'object' ? withPluralFallbacks(locale, value as Record<string, unknown>) : value
    if (key.endsWith('_other')) {
      const base = key.slice(0, -'_other'.length)
      for (const category of extra) if (!(`${base}_${category}` in tree)) out[`${base}_${category}`] = value
    }
  }
  return out
}

/** Every namespace of every language, as i18next resources (the web sends the browser a part of them). */
export const resources: Record<Locale, Catalogue> = Object.fromEntries(
  locales.map((locale) => [
    locale,
    Object.fromEntries(namespaces.map((ns) => [ns, withPluralFallbacks(locale, files[locale][ns])])) as Catalogue,
  ]),
) as Record<Locale, Catalogue>

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value)
}

/** Pick the best supported locale from an Accept-Language header. */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale {
  if (!header) return defaultLocale
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().split(';')
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
      return { tag: (tag ?? '').toLowerCase(), q: q ? Number(q.slice(2)) || 0 : 1 }
    })
    .filter((x) => x.tag && x.q > 0)
    .sort((a, b) => b.q - a.q)
  for (const { tag } of ranked) {
    const base = tag.split('-')[0]
    if (isLocale(base)) return base
  }
  return defaultLocale
}

const instances = new Map<Locale, i18n>()

/** The server's i18next instance for one language (created on first use, then shared). */
export function serverI18n(locale: Locale): i18n {
  let instance = instances.get(locale)
  if (!instance) {
    instance = createInstance()
    void instance.init({
      lng: locale,
      fallbackLng: defaultLocale,
      supportedLngs: [...locales],
      ns: [...namespaces],
      defaultNS: 'common',
      resources,
      initAsync: false,
      // Callers escape for their medium (HTML e-mails escape; JSON, PDF and React do not need it).
      interpolation: { escapeValue: false },
    })
    instances.set(locale, instance)
  }
  return instance
}

/** Values for `{{name}}` placeholders; `count` also chooses the plural form. */
export type TranslateVars = Record<string, string | number>
export type Translate = (key: string, vars?: TranslateVars) => string

/**
 * A translator for one language: `key` is `namespace:path.to.key`, or a path in `common`.
 * A missing key comes back as the key.
 */
export function translator(locale: Locale): Translate {
  const lng = isLocale(locale) ? locale : defaultLocale
  let translate = translators.get(lng)
  if (!translate) {
    const instance = serverI18n(lng)
    translate = (key, vars) => String(instance.t(key, vars ?? {}))
    translators.set(lng, translate)
  }
  return translate
}
const translators = new Map<Locale, Translate>()

/** Translate one key for server-made text (API messages, e-mails, exports). */
export function t(locale: Locale, key: string, vars: TranslateVars = {}): string {
  return translator(locale)(key, vars)
}

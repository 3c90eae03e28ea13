import enCommon from '../locales/en/common.json' with { type: 'json' }
import esCommon from '../locales/es/common.json' with { type: 'json' }

export const locales = ['en', 'es'] as const
export type Locale = (typeof locales)[number]
export const defaultLocale: Locale = 'en'

const catalogues: Record<Locale, Record<string, unknown>> = { en: enCommon, es: esCommon }

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

function lookup(tree: Record<string, unknown>, key: string): string | undefined {
  let node: unknown = tree
  for (const part of key.split('.')) {
    if (node && typeof node === 'object' && part in node) node = (node as Record<string, unknown>)[part]
    else return undefined
  }
  return typeof node === 'string' ? node : undefined
}

/** Translate a key of the `common` namespace for server-made text (API messages, e-mails). */
export function t(locale: Locale, key: string, vars: Record<string, string | number> = {}): string {
  const text = lookup(catalogues[locale], key) ?? lookup(catalogues[defaultLocale], key) ?? key
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(vars[name] ?? ''))
}

import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'

const root = path.resolve(import.meta.dirname, '../../locales')
const namespaces = ['public', 'authed', 'org', 'org-settings', 'common']

function keys(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
  }
  return [prefix]
}

function load(lang: string, ns: string) {
  return JSON.parse(fs.readFileSync(path.join(root, lang, `${ns}.json`), 'utf8')) as Record<string, unknown>
}

test.each(namespaces)('namespace %s has the same keys in English and Spanish', (ns) => {
  expect(keys(load('es', ns)).sort()).toEqual(keys(load('en', ns)).sort())
})

test.each(namespaces)('namespace %s has no empty strings and keeps interpolations', (ns) => {
  const en = load('en', ns)
  const es = load('es', ns)
  for (const key of keys(en)) {
    const get = (tree: Record<string, unknown>) => key.split('.').reduce<unknown>((n, p) => (n as Record<string, unknown>)[p], tree) as string
    const a = get(en)
    const b = get(es)
    expect(a.trim(), `en ${ns}:${key}`).not.toBe('')
    expect(b.trim(), `es ${ns}:${key}`).not.toBe('')
    const vars = (s: string) => (s.match(/\{\{\s*\w+\s*\}\}/g) ?? []).map((v) => v.replace(/\s/g, '')).sort()
    expect(vars(b), `es ${ns}:${key}`).toEqual(vars(a))
  }
})

test('only the five namespaces exist', () => {
  for (const lang of ['en', 'es']) {
    expect(fs.readdirSync(path.join(root, lang)).sort()).toEqual(namespaces.map((n) => `${n}.json`).sort())
  }
})

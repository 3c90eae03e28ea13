/**
 * Every string a client sends is built from server/api/contract.ts (docs/decisions/015), never from
 * zod's own string schemas: those let U+0000 through to PostgreSQL, which answers a 500. This keeps a
 * future contract from forgetting; tests/api/control-characters.test.ts checks the result route by route.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, test } from 'vitest'

const ROOT = join(import.meta.dirname, '../..')
/** The helpers themselves, and the process configuration (read from the environment, not from requests). */
const ALLOWED = new Set(['server/api/contract.ts', 'server/config.ts'])
/** zod's string schemas: z.string(), z.email(), z.uuid(), z.url(), z.coerce.string(), z.iso.date(), z.stringFormat()… */
const RAW_STRING = /\bz\s*\.\s*(?:string|email|uuid|guid|url|httpUrl|hostname|emoji|base64|base64url|hex|jwt|nanoid|cuid2?|ulid|ipv4|ipv6|cidrv4|cidrv6|e164|stringFormat|stringbool|templateLiteral|coerce\s*\.\s*string|iso\s*\.\s*\w+)\s*\(/g

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sources(path)
    return /\.tsx?$/.test(entry.name) ? [path] : []
  })
}

describe('contract strings', () => {
  test('the pattern finds zod string schemas however they are written', () => {
    const found = (code: string) => [...code.matchAll(RAW_STRING)].length
    expect(found("z.string().max(1)")).toBe(1)
    expect(found("z.email()")).toBe(1)
    expect(found("z\n  .string({ error: 'x' })")).toBe(1)
    expect(found("z.coerce.string()")).toBe(1)
    expect(found("z.iso.date()")).toBe(1)
    expect(found("z.uuid()")).toBe(1)
    expect(found("line().max(1)")).toBe(0)
    expect(found("z.enum(['a'])")).toBe(0)
  })

  test('no file under server/ builds a string schema outside server/api/contract.ts', () => {
    const offenders: string[] = []
    const files = sources(join(ROOT, 'server'))
    for (const file of files) {
      const name = relative(ROOT, file).replaceAll('\\', '/')
      if (ALLOWED.has(name)) continue
      const code = readFileSync(file, 'utf8')
      for (const match of code.matchAll(RAW_STRING)) {
        const line = code.slice(0, match.index).split('\n').length
        offenders.push(`${name}:${line} ${match[0]}`)
      }
    }
    expect(files.length).toBeGreaterThan(20)
    expect(offenders, 'use line(), text(), email(), uuid() or a password builder from server/api/contract.ts').toEqual([])
  })
})

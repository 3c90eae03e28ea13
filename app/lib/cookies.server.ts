import { randomBytes } from 'node:crypto'
import { createCookie } from 'react-router'
import { getConfig } from '../../server/config.ts'
import { getLogger } from '../../server/logger.ts'

const ONE_YEAR = 60 * 60 * 24 * 365

/** The keys that sign flash cookies (also the honeypot's seed): SESSION_SECRET, else one per process. */
export function secrets(): string[] {
  const configured = getConfig().SESSION_SECRET
  if (configured) return [configured]
  // Without SESSION_SECRET, flash messages are signed with a per-process key: fine for one process;
  // several processes behind a load balancer must share SESSION_SECRET (README).
  globalThis.__miseEphemeralSecret ??= randomBytes(32).toString('hex')
  if (getConfig().DATABASE_URL && !globalThis.__miseWarnedSecret) {
    globalThis.__miseWarnedSecret = true
    getLogger().warn('SESSION_SECRET is not set: set it when running several processes')
  }
  return [globalThis.__miseEphemeralSecret]
}

declare global {
  var __miseEphemeralSecret: string | undefined
  var __miseWarnedSecret: boolean | undefined
}

const secure = () => getConfig().secureCookies

/** Read one cookie's raw value from a Cookie header. */
export function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined
  for (const part of header.split(';')) {
    const i = part.indexOf('=')
    if (i > 0 && part.slice(0, i).trim() === name) {
      try {
        return decodeURIComponent(part.slice(i + 1).trim())
      } catch {
        return undefined
      }
    }
  }
  return undefined
}

/** A plain (unsigned, readable) preference cookie, kept a year. */
export function preferenceCookie(name: string, value: string): string {
  return `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${ONE_YEAR}; SameSite=Lax${secure() ? '; Secure' : ''}`
}

/** Removes a preference cookie (e.g. the theme, back to following the device). */
export function clearPreferenceCookie(name: string): string {
  return `${name}=; Path=/; Max-Age=0; SameSite=Lax${secure() ? '; Secure' : ''}`
}

/** The chosen language; the API reads the same cookie, so its messages and e-mails follow it. */
export const LOCALE_COOKIE = 'mise_lng'
export const THEME_COOKIE = 'mise_theme'

export function flashCookie() {
  return createCookie('mise_flash', { path: '/', sameSite: 'lax', httpOnly: true, secure: secure(), secrets: secrets(), maxAge: 60 })
}

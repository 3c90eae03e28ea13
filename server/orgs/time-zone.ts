import { z } from 'zod'
import { line } from '../api/contract.ts'

/**
 * The canonical IANA name of a time zone, or null when it is not one. Names are matched
 * case-insensitively and links resolve to their canonical zone ("US/Pacific" →
 * "America/Los_Angeles"); UTC offsets such as "+01:00" are refused: a venue needs a zone
 * with its daylight-saving rules.
 */
export function canonicalTimeZone(value: string): string | null {
  if (!value || value.length > 64 || /^[+-]/.test(value)) return null
  try {
    const resolved = new Intl.DateTimeFormat('en', { timeZone: value }).resolvedOptions().timeZone
    return /^[+-]/.test(resolved) ? null : resolved
  } catch {
    return null
  }
}

/** A request field holding an IANA time zone; stores the canonical name. */
export const timeZoneField = line()
  .trim()
  .min(1)
  .max(64)
  .transform((value, ctx) => {
    const zone = canonicalTimeZone(value)
    if (zone) return zone
    ctx.addIssue({ code: 'custom', message: 'validation.timeZone' })
    return z.NEVER
  })

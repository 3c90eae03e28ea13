import type { Context } from 'hono'
import type { z } from 'zod'
import { t, type Locale } from '../i18n.ts'
import { CONTROL_CHARACTERS } from './contract.ts'
import { requireBodyVenues, type OrgScope } from '../scope.ts'
import { badRequest, validationError } from './errors.ts'

export const JSON_LIMIT_BYTES = 1024 * 1024

/** Turn zod issues into a field → message map, in the caller's language. */
export function fieldErrors(error: z.ZodError, locale: Locale): Record<string, string> {
  const out: Record<string, string> = {}
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      // Name each unknown field rather than the whole form.
      for (const key of issue.keys) {
        const field = [...issue.path, key].join('.')
        out[field] ??= t(locale, 'validation.unknownField')
      }
      continue
    }
    const field = issue.path.length ? issue.path.join('.') : '_form'
    // A control character is the first thing to say about a field (contract.ts), whatever else is wrong.
    if (out[field] && issue.message !== CONTROL_CHARACTERS) continue
    out[field] = issueMessage(issue, locale)
  }
  return out
}

/** One zod issue as a message in `locale` (also used by the web's form schemas, app/lib/forms.server.ts). */
export function issueMessage(issue: z.core.$ZodIssue, locale: Locale): string {
  // Custom messages are keys of the common namespace ("validation.passwordsDiffer").
  if (issue.message.startsWith('validation.')) return t(locale, issue.message)
  switch (issue.code) {
    case 'invalid_type':
      return t(locale, 'validation.required')
    case 'invalid_format':
      return issue.format === 'email' ? t(locale, 'validation.email') : t(locale, 'validation.invalid')
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1
          ? t(locale, 'validation.required')
          : t(locale, 'validation.tooShort', { min: Number(issue.minimum) })
      return t(locale, 'validation.min', { min: Number(issue.minimum) })
    case 'too_big':
      if (issue.origin === 'string') return t(locale, 'validation.tooLong', { max: Number(issue.maximum) })
      return t(locale, 'validation.max', { max: Number(issue.maximum) })
    case 'invalid_value':
      return t(locale, 'validation.invalidChoice')
    case 'unrecognized_keys':
      return t(locale, 'validation.unknownField')
    default:
      return t(locale, 'validation.invalid')
  }
}

export function parseWith<S extends z.ZodType>(schema: S, value: unknown, locale: Locale): z.infer<S> {
  const result = schema.safeParse(value)
  if (!result.success) throw validationError(fieldErrors(result.error, locale))
  return result.data
}

/** Read and validate a JSON body: wrong content type, oversized or malformed bodies are 400s. */
export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  const type = c.req.header('content-type') ?? ''
  if (!/^application\/json\b/i.test(type)) throw badRequest('Expected a JSON body (Content-Type: application/json)')
  const length = Number(c.req.header('content-length') ?? '0')
  if (length > JSON_LIMIT_BYTES) throw badRequest('Request body too large (limit 1 MB)')
  const buffer = await c.req.arrayBuffer()
  if (buffer.byteLength > JSON_LIMIT_BYTES) throw badRequest('Request body too large (limit 1 MB)')
  let body: unknown
  try {
    body = JSON.parse(new TextDecoder().decode(buffer))
  } catch {
    throw badRequest('Malformed JSON body')
  }
  const data = parseWith(schema, body, c.get('locale'))
  // Under an organisation, every venue the body names must be one the member may use (server/scope.ts).
  const scope = c.get('scope') as OrgScope | undefined
  if (scope) requireBodyVenues(scope, data)
  return data
}

export function readQuery<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  return parseWith(schema, c.req.query(), c.get('locale'))
}

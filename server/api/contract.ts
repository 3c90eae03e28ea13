/**
 * The building blocks of every /v1 contract's strings (docs/decisions/015-input-hygiene-and-passwords.md).
 *
 * Route files never call `z.string()` (or `z.email()`, `z.uuid()`…) themselves: they start from one of
 * these, so every text a client can send is refused with a ValidationError on its field when it holds a
 * control character — PostgreSQL rejects U+0000 in `text` (a 500 otherwise), and the others have no
 * business in a name, a note or an id. A string that is not well-formed Unicode (a lone UTF-16 surrogate,
 * `"\ud800"`: valid JSON that PostgreSQL's `jsonb` refuses, a 500 otherwise) is refused the same way,
 * at whatever depth of a body it sits: every string of every contract is one of these.
 * tests/unit/contract-strings.test.ts keeps route files to this;
 * tests/api/control-characters.test.ts checks every string of the OpenAPI document carries the rule.
 */
import { dictionary } from '@zxcvbn-ts/language-common'
import { z } from 'zod'

/** The message key (common namespace) of a refused control character. */
export const CONTROL_CHARACTERS = 'validation.controlCharacters'
/** The message key of a password found in the list of common passwords. */
export const COMMON_PASSWORD = 'validation.commonPassword'

/** Text on one line (names, e-mails, ids, labels): no control character at all, TAB, LF and CR included. */
// eslint-disable-next-line no-control-regex
export const ONE_LINE = /^[^\u0000-\u001F\u007F]*$/
/** Text of several lines (descriptions, notes, instructions): TAB, LF and CR, no other control character. */
// eslint-disable-next-line no-control-regex
export const MULTI_LINE = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** How a schema says what is wrong: a message key of the common namespace ("validation.venues"). */
type Params = { error?: string }

/** Whether a string is text PostgreSQL stores: well-formed Unicode (no lone UTF-16 surrogate). */
export const isWellFormed = (value: string): boolean => value.isWellFormed()

/** A string refusing a lone surrogate and the characters outside `allowed`, both as a control character. */
function guarded(allowed: RegExp, params?: Params): z.ZodString {
  return z.string(params).regex(allowed, CONTROL_CHARACTERS).refine(isWellFormed, { message: CONTROL_CHARACTERS })
}

/**
 * One line of text: U+0000–U+001F, U+007F and lone surrogates refused. Chain `.trim().min().max()` as
 * usual; `error` is the message when the value is not a string at all.
 */
export function line(params?: Params): z.ZodString {
  return guarded(ONE_LINE, params)
}

/** Text of several lines: TAB, LF and CR kept; U+0000–U+0008, U+000B, U+000C, U+000E–U+001F, U+007F and lone surrogates refused. */
export function text(params?: Params): z.ZodString {
  return guarded(MULTI_LINE, params)
}

/** An e-mail address of at most 254 characters on one line; `trim` forgives spaces around it instead of refusing them. */
export function email(opts: { trim?: boolean } = {}) {
  const address = line()
  return (opts.trim ? address.trim() : address).max(254).pipe(z.email())
}

/** An id of the database (a UUID) sent in a body or a query string; `message` when it is not one. */
export function uuid(message = 'validation.invalid'): z.ZodString {
  return line().max(64).regex(UUID, message)
}

/**
 * A password the user already has (sign-in, confirming a change): one line, not judged further, so
 * nobody is locked out of an account by a rule added after they chose their password.
 */
export function currentPassword(): z.ZodString {
  return line().min(1).max(200)
}

let common: Set<string> | undefined
/**
 * Whether a password is one of the ~49,000 most common ones (zxcvbn-ts's list, built from leaked
 * password sets), ignoring case. The list is decompressed into a Set once, on first use (~50 ms).
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].map((word) => word.toLowerCase()))
  return common.has(password.toLowerCase())
}

/** A password being chosen (registration, reset, change): 8 to 200 characters on one line, not a common one. */
export function newPassword() {
  return line()
    .min(8)
    .max(200)
    .refine((value) => !isCommonPassword(value), { message: COMMON_PASSWORD })
}

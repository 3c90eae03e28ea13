/**
 * The server half of every form (docs/decisions/019-forms-with-conform.md): an action parses the
 * submitted form with its zod schema (parseForm), calls the API, and answers a failure with conform's
 * result (invalidForm, rejectedForm, refusedForm): errors on their fields, anything else on the form,
 * and what was typed (passwords and PINs left out) for the page to show again.
 */
import type { Submission } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import { z } from 'zod'
import { errorCatalogue } from '../../server/api/errors.ts'
import { issueMessage } from '../../server/api/validate.ts'
import type { ApiErrorInfo } from './api.server'
import type { FormResult } from './forms'
import type { Locale } from './i18n'
import { translator } from './i18n.server'

export interface FormFailure {
  fieldErrors: Record<string, string>
  formError?: string
}

/** The status a failed form answers with: the API's own error code. */
export function failureStatus(error: ApiErrorInfo): number {
  return error.code >= 400 && error.code < 600 ? error.code : 400
}

/** The field errors and form-level message of a failed call, without a response around them. */
export function failureMessages(error: ApiErrorInfo, locale: Locale, fields: readonly string[]): FormFailure {
  const t = translator(locale)
  const fieldErrors: Record<string, string> = {}
  let formError: string | undefined
  if (error.name === 'ValidationError' && error.data) {
    for (const [field, message] of Object.entries(error.data)) {
      if (fields.includes(field)) fieldErrors[field] = message
      else formError ??= message
    }
  } else if (error.name === 'TooManyRequestsError') {
    // The API's own message when it says more than the catalogue's (e.g. PIN attempts, ADR 016).
    const specific = error.message && error.message !== errorCatalogue.TooManyRequestsError.message
    formError = specific ? error.message : t('errors.tooMany', { seconds: error.retryAfter ?? 60 })
  } else if (error.name === 'ServerError') {
    formError = t('errors.unknownServer')
  } else {
    formError = error.message || t('errors.unknownServer')
  }
  return { fieldErrors, formError }
}

/**
 * Text that must hold more than spaces: trimmed, then required. An empty field is "required"
 * (conform turns '' into a missing value); only spaces is "validation.blank".
 */
export function requiredText(max: number) {
  return z.string().trim().min(1, { error: 'validation.blank' }).max(max)
}

/** Optional text, trimmed; empty (or only spaces) is left out. */
export function optionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => v || undefined)
}

/**
 * A submitted form parsed with the route's zod schema, in the action (never in the browser).
 * Messages are the API's own (server/api/validate.ts), in the request's language, one per field.
 */
export function parseForm<S extends z.ZodType>(form: FormData, schema: S, locale: Locale) {
  return parseWithZod(form, { schema, formatError: (issues: z.core.$ZodIssue[]) => [issueMessage(issues[0]!, locale)] })
}

/** For forms that send no fields of their own (one button, a confirm dialog): a submission to reply to. */
export const noFields = z.object({})

/** Fields never sent back to the page: whatever was typed in them is left empty after a failure. */
const SECRET = /password|^pin$/i

type AnySubmission = Submission<unknown, string[], unknown>

function hidden(submission: AnySubmission): string[] {
  return Object.keys(submission.payload).filter((name) => SECRET.test(name))
}

/** The result of a form the schema refused: 400, its errors on its fields, what was typed. */
export function invalidForm<Extra extends object = object>(submission: AnySubmission, extra?: Extra, headers?: HeadersInit) {
  const result: FormResult = submission.reply({ hideFields: hidden(submission) })
  return data({ ...(extra as Extra), result }, { status: 400, headers })
}

/**
 * The result of a form whose API call failed: the API's field errors on the fields of the form with
 * that name (`fields`, by default every field the form sent; `rename` maps an API field to a form
 * field), anything else as the form's error, with the API's status.
 */
export function rejectedForm<Extra extends object = object>(
  submission: AnySubmission,
  error: ApiErrorInfo,
  locale: Locale,
  options: { fields?: readonly string[]; rename?: Record<string, string>; extra?: Extra; headers?: HeadersInit } = {},
) {
  const names = options.fields ?? Object.keys(submission.payload)
  const apiFields = [...names, ...Object.keys(options.rename ?? {})]
  const failure = failureMessages(error, locale, apiFields)
  const fieldErrors: Record<string, string[]> = {}
  for (const [name, message] of Object.entries(failure.fieldErrors)) fieldErrors[options.rename?.[name] ?? name] ??= [message]
  const result: FormResult = submission.reply({
    fieldErrors,
    formErrors: failure.formError ? [failure.formError] : [],
    hideFields: hidden(submission),
  })
  return data({ ...(options.extra as Extra), result }, { status: failureStatus(error), headers: options.headers })
}

/** A form refused by a check of the web's own (e.g. a mistyped confirmation): 400 with its messages. */
export function refusedForm<Extra extends object = object>(
  submission: AnySubmission,
  messages: { fieldErrors?: Record<string, string>; formError?: string },
  extra?: Extra,
  status = 400,
) {
  const result: FormResult = submission.reply({
    fieldErrors: Object.fromEntries(Object.entries(messages.fieldErrors ?? {}).map(([name, message]) => [name, [message]])),
    formErrors: messages.formError ? [messages.formError] : [],
    hideFields: hidden(submission),
  })
  return data({ ...(extra as Extra), result }, { status })
}

import { data } from 'react-router'
import type { ApiErrorInfo } from './api.server'
import type { Locale } from './i18n'
import { translator } from './i18n.server'

export interface FormFailure {
  fieldErrors: Record<string, string>
  formError?: string
}

/**
 * A failed call becomes a 400 with its field errors placed on the matching fields and anything
 * else as one form-level message ("Unknown server error" when the API gave none).
 */
export function formFailure<Extra extends object = object>(
  error: ApiErrorInfo,
  locale: Locale,
  fields: readonly string[],
  /** Anything else the page needs back (which form failed, what was typed). */
  extra?: Extra,
  headers?: HeadersInit,
) {
  return data(
    { ...(extra as Extra), ...failureMessages(error, locale, fields) },
    { status: failureStatus(error), headers },
  )
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
    formError = t('errors.tooMany', { seconds: error.retryAfter ?? 60 })
  } else if (error.name === 'ServerError') {
    formError = t('errors.unknownServer')
  } else {
    formError = error.message || t('errors.unknownServer')
  }
  return { fieldErrors, formError }
}

/** The text fields of a submitted form as strings (files and absent fields left out). */
export function formValues(form: FormData, names: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {}
  for (const name of names) {
    const v = form.get(name)
    if (typeof v === 'string') out[name] = v
  }
  return out
}

/**
 * Forms parsed in the action (app/lib/forms.server.ts): text of only spaces is refused with a message,
 * in both languages, before the API is asked; what was typed comes back, passwords do not.
 */
import { afterEach, describe, expect, test } from 'vitest'
import { z } from 'zod'
import { setTransport } from '../../app/lib/api.server.ts'
import { honeypotInputProps } from '../../app/lib/honeypot.server.ts'
import { invalidForm, optionalText, parseForm, rejectedForm, requiredText } from '../../app/lib/forms.server.ts'
import type { FormResult } from '../../app/lib/forms.ts'
import { action as registerAction } from '../../app/routes/public/register.tsx'
import { parseConfig, setConfig } from '../../server/config.ts'

setConfig(parseConfig({ NODE_ENV: 'test', SESSION_SECRET: 'b'.repeat(32), LOG_LEVEL: 'silent' }))

function formData(fields: Record<string, string>) {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.set(name, value)
  return form
}

const schema = z.object({ name: requiredText(100), note: optionalText(200) })

/** The field errors of a parsed form (none when it passed). */
function errorsOf(fields: Record<string, string>, locale: 'en' | 'es' = 'en') {
  const submission = parseForm(formData(fields), schema, locale)
  return submission.status === 'error' ? submission.error : undefined
}

describe('requiredText', () => {
  test('only spaces (and tabs, new lines) is refused with its own message, in English and Spanish', () => {
    for (const blank of [' ', '   ', '\t \n ']) {
      expect(errorsOf({ name: blank }, 'en')).toEqual({ name: ['Enter more than spaces'] })
      expect(errorsOf({ name: blank }, 'es')).toEqual({ name: ['Escribe algo más que espacios'] })
    }
  })

  test('an empty or missing field is required; text is trimmed; too long is refused', () => {
    expect(errorsOf({ name: '' })).toEqual({ name: ['This field is required'] })
    expect(errorsOf({})).toEqual({ name: ['This field is required'] })
    const ok = parseForm(formData({ name: '  Ana  ', note: '   ' }), schema, 'en')
    expect(ok.status).toBe('success')
    expect(ok.status === 'success' && ok.value).toEqual({ name: 'Ana', note: undefined })
    expect(errorsOf({ name: 'x'.repeat(101) })).toEqual({ name: ['Use at most 100 characters'] })
  })

  test('a refused form sends back what was typed, except passwords', async () => {
    const submission = parseForm(formData({ name: '  ', password: 'secret-1234', currentPassword: 'old', pin: '1234' }), schema, 'en')
    const response = invalidForm(submission)
    const result = (response.data as { result: FormResult }).result
    expect(response.init?.status).toBe(400)
    expect(result.status).toBe('error')
    expect(result.initialValue).toEqual({ name: '  ' })
  })
})

describe('rejectedForm', () => {
  test("the API's field errors go on the form's fields, the rest on the form, with the API's status", () => {
    const submission = parseForm(formData({ name: 'Ana', note: 'hi' }), schema, 'en')
    const response = rejectedForm(
      submission,
      { name: 'ValidationError', code: 400, message: 'Invalid', data: { name: 'Taken', uploadId: 'Too big', venueId: 'Unknown venue' } },
      'en',
      { fields: ['name', 'note'], rename: { uploadId: 'note' } },
    )
    const result = (response.data as { result: FormResult }).result
    expect(result.error).toEqual({ '': ['Unknown venue'], name: ['Taken'], note: ['Too big'] })
    expect(result.initialValue).toEqual({ name: 'Ana', note: 'hi' })
    const limited = rejectedForm(submission, { name: 'TooManyRequestsError', code: 429, message: '', retryAfter: 30 }, 'en')
    expect(limited.init?.status).toBe(429)
    expect((limited.data as { result: FormResult }).result.error).toEqual({ '': ['Too many attempts. Try again in 30 seconds.'] })
  })
})

describe('the registration action', () => {
  afterEach(() => setTransport(undefined))

  test('a name of only spaces is refused before the API is asked, keeping name and e-mail address', async () => {
    setTransport(() => {
      throw new Error('the API must not be called')
    })
    const honeypot = await honeypotInputProps()
    const form = formData({ name: '   ', email: 'rita@example.com', password: 'long-enough-pass', [honeypot.nameFieldName]: '' })
    if (honeypot.validFromFieldName) form.set(honeypot.validFromFieldName, honeypot.encryptedValidFrom)
    const request = new Request('http://localhost/register', { method: 'POST', body: form, headers: { 'accept-language': 'es' } })
    const response = await registerAction({ request, params: {}, context: undefined } as unknown as Parameters<typeof registerAction>[0])
    const { data, init } = response as unknown as { data: { result: FormResult }; init: ResponseInit }
    expect(init.status).toBe(400)
    expect(data.result.error).toEqual({ name: ['Escribe algo más que espacios'] })
    expect(data.result.initialValue).toMatchObject({ name: '   ', email: 'rita@example.com' })
    expect(data.result.initialValue).not.toHaveProperty('password')
  })
})

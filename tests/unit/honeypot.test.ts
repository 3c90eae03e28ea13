import { describe, expect, test, vi } from 'vitest'
import { honeypotInputProps, isSpam, spamMessage } from '../../app/lib/honeypot.server.ts'
import { parseConfig, setConfig } from '../../server/config.ts'

const SECRET = 'a'.repeat(32)
setConfig(parseConfig({ NODE_ENV: 'test', SESSION_SECRET: SECRET, LOG_LEVEL: 'silent' }))

/** A form as our page sends it, with the honeypot fields from the loader's props. */
async function served(fields: Record<string, string> = {}) {
  const props = await honeypotInputProps()
  const form = new FormData()
  form.set(props.nameFieldName, '')
  if (props.validFromFieldName) form.set(props.validFromFieldName, props.encryptedValidFrom)
  form.set('email', 'person@example.com')
  for (const [k, v] of Object.entries(fields)) form.set(k, v)
  return { form, props }
}

describe('the honeypot of anonymous forms', () => {
  test('a person’s form (hidden field empty, time from this server) passes', async () => {
    const { form, props } = await served()
    expect(props.nameFieldName).toBe('name__confirm')
    expect(props.validFromFieldName).toBe('from__confirm')
    expect(await isSpam(form)).toBe(false)
  })

  test('the forms served in one second share their props (encrypted once); the next second gets new ones', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(new Date('2026-11-26T10:00:00.100Z'))
      const first = await honeypotInputProps()
      vi.setSystemTime(new Date('2026-11-26T10:00:00.900Z'))
      expect(await honeypotInputProps()).toBe(first)
      expect(await honeypotInputProps({ minSeconds: 3 })).not.toBe(first)
      vi.setSystemTime(new Date('2026-11-26T10:00:01.000Z'))
      const next = await honeypotInputProps()
      expect(next).not.toBe(first)
      expect(next.encryptedValidFrom).not.toBe(first.encryptedValidFrom)
    } finally {
      vi.useRealTimers()
    }
  })

  test('the hidden field filled in is spam', async () => {
    const { form } = await served({ name__confirm: 'http://buy.example' })
    expect(await isSpam(form)).toBe(true)
  })

  test('a post without the honeypot fields did not come from our page', async () => {
    const form = new FormData()
    form.set('email', 'person@example.com')
    expect(await isSpam(form)).toBe(true)
    form.set('name__confirm', '')
    expect(await isSpam(form)).toBe(true) // no time
  })

  test('a forged, garbled or foreign time is spam, never an error', async () => {
    for (const value of ['', 'not base64 !!', btoa('x'.repeat(40)), '123']) {
      const { form } = await served({ from__confirm: value })
      expect(await isSpam(form), JSON.stringify(value)).toBe(true)
    }
    // Served by a process with another SESSION_SECRET.
    const { form } = await served()
    setConfig(parseConfig({ NODE_ENV: 'test', SESSION_SECRET: 'b'.repeat(32), LOG_LEVEL: 'silent' }))
    try {
      expect(await isSpam(form)).toBe(true)
    } finally {
      setConfig(parseConfig({ NODE_ENV: 'test', SESSION_SECRET: SECRET, LOG_LEVEL: 'silent' }))
    }
    // The same secret on every process: a form served by one is accepted by another.
    expect(await isSpam(form)).toBe(false)
  })

  test('the refusal says nothing about why, in both languages', () => {
    expect(spamMessage('en')).toBe('Sorry, we could not accept this form. Please try again.')
    expect(spamMessage('es')).toBe('Lo sentimos, no hemos podido aceptar este formulario. Inténtalo de nuevo.')
    for (const message of [spamMessage('en'), spamMessage('es')]) expect(message).not.toMatch(/honeypot|bot|spam|field|campo/i)
  })
})

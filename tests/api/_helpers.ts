import { createHash } from 'node:crypto'
import { afterAll, beforeAll, expect } from 'vitest'
import { todayIn } from '../../server/records/service.ts'
import { createOrgWithActors, type OrgWithActors } from '../support/orgs.ts'
import type { ReceivedMail } from '../support/mailbox.ts'
import { createTestApp, uniqueEmail, type TestApp } from '../support/app.ts'

export const PASSWORD = 'correct horse battery'
export const SESSION_COOKIE = 'mise_session'

type Res = { status: number; json: any; headers: Headers; text: string }
type Client = ReturnType<TestApp['client']>

const catalogue = {
  BadRequestError: { code: 400, message: 'Bad Request' },
  ValidationError: { code: 400, message: 'Validation Error' },
  UnauthorizedError: { code: 401, message: 'Unauthorized' },
  ForbiddenError: { code: 403, message: 'Forbidden' },
  NotFoundError: { code: 404, message: 'Not Found' },
  TooManyRequestsError: { code: 429, message: 'Too Many Requests' },
  ServerError: { code: 500, message: 'Unknown Server Error' },
} as const
export type ErrorName = keyof typeof catalogue

/**
 * Assert a response is exactly the error body of docs/api.md: `{ error: { name, code, message, data? } }`,
 * with the status equal to the code, no other keys anywhere, and string values in `data`.
 * `message` defaults to the catalogue message; pass a string or RegExp to check another one, or `null` to skip.
 * `data` (when given) must have exactly these keys.
 */
export function expectError(
  res: Res,
  name: ErrorName,
  opts: { message?: string | RegExp | null; data?: string[] } = {},
): Record<string, string> | undefined {
  const { code } = catalogue[name]
  expect(res.status, res.text).toBe(code)
  expect(res.headers.get('content-type')).toMatch(/^application\/json/)
  expect(Object.keys(res.json ?? {})).toEqual(['error'])
  const err = res.json.error
  const allowed = ['name', 'code', 'message', 'data']
  for (const key of Object.keys(err)) expect(allowed, `unexpected key error.${key}`).toContain(key)
  expect(err.name).toBe(name)
  expect(err.code).toBe(code)
  expect(typeof err.message).toBe('string')
  expect(err.message.length).toBeGreaterThan(0)
  const message = opts.message === undefined ? catalogue[name].message : opts.message
  if (typeof message === 'string') expect(err.message).toBe(message)
  else if (message instanceof RegExp) expect(err.message).toMatch(message)
  if (opts.data) {
    expect(err.data, 'error.data').toBeTypeOf('object')
    expect(Object.keys(err.data).sort()).toEqual([...opts.data].sort())
    for (const value of Object.values(err.data)) {
      expect(typeof value).toBe('string')
      expect((value as string).length).toBeGreaterThan(0)
    }
  } else if (name !== 'ValidationError') {
    expect(err).not.toHaveProperty('data')
  }
  return err.data
}

let ipCounter = 0
/** A fresh client IP (TEST-NET-2) so per-IP rate limits of one test never touch another's. */
export function freshIp(): string {
  ipCounter++
  return `198.51.${100 + Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`
}

/** Register a new account with a fresh client; returns the signed-in client. */
export async function registerUser(
  t: TestApp,
  opts: { name?: string; email?: string; password?: string; locale?: 'en' | 'es'; headers?: Record<string, string> } = {},
) {
  const client = t.client({ ip: freshIp(), headers: opts.headers })
  const email = opts.email ?? uniqueEmail()
  const password = opts.password ?? PASSWORD
  const res = await client.post('/v1/auth/register', {
    name: opts.name ?? 'Ana Cook',
    email,
    password,
    ...(opts.locale ? { locale: opts.locale } : {}),
  })
  expect(res.status, res.text).toBe(201)
  return { client, email, password, user: res.json.user as { id: string; email: string; name: string }, res }
}

/**
 * Run `fn` with the signed-in user's saved language set to Spanish, then set it back to English: a
 * signed-in caller gets the API's messages in their profile's language, whatever the browser sends.
 */
export async function inSpanish<T>(client: Client, fn: () => Promise<T>): Promise<T> {
  const set = await client.put('/v1/profile', { locale: 'es' })
  expect(set.status, set.text).toBe(200)
  try {
    return await fn()
  } finally {
    await client.put('/v1/profile', { locale: 'en' })
  }
}

/** Sign in with a fresh client (fresh IP). */
export async function login(t: TestApp, email: string, password: string, ip = freshIp()) {
  const client = t.client({ ip })
  const res = await client.post('/v1/auth/login', { email, password })
  return { client, res }
}

/** The value of one cookie in a response's Set-Cookie headers, with its attributes. */
export function setCookie(res: Res, name = SESSION_COOKIE): { value: string; raw: string; attrs: Map<string, string> } | undefined {
  for (const raw of res.headers.getSetCookie()) {
    const [pair, ...rest] = raw.split(';').map((s) => s.trim())
    const eq = pair!.indexOf('=')
    if (pair!.slice(0, eq) !== name) continue
    const attrs = new Map<string, string>()
    for (const a of rest) {
      const i = a.indexOf('=')
      attrs.set((i < 0 ? a : a.slice(0, i)).toLowerCase(), i < 0 ? '' : a.slice(i + 1))
    }
    return { value: pair!.slice(eq + 1), raw, attrs }
  }
  return undefined
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex')
}

/** Every mail received for an address whose subject matches, oldest first. */
export function mailsTo(t: TestApp, to: string, subject: RegExp): ReceivedMail[] {
  return t.mailbox.messages.filter((m) => m.to.includes(to.toLowerCase()) && subject.test(m.subject))
}

/** Wait until at least `count` matching mails have arrived; returns the newest. */
export async function waitForMailCount(t: TestApp, to: string, subject: RegExp, count: number, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const found = mailsTo(t, to, subject)
    if (found.length >= count) return found[found.length - 1]!
    if (Date.now() > deadline) throw new Error(`Expected ${count} mails to ${to} matching ${subject}, got ${found.length}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

/** A request carrying one explicit cookie and nothing else from a jar (replaying a stolen or old cookie). */
export function withCookie(t: TestApp, cookie: string, ip = freshIp()): Client {
  const c = t.client({ ip })
  c.jar.set(SESSION_COOKIE, cookie)
  return c
}

export const VERIFY_SUBJECT_EN = /^Verify your e-mail address for Mise$/
export const VERIFY_SUBJECT_ES = /^Verifica tu dirección de correo en Mise$/
export const RESET_SUBJECT_EN = /^Reset your Mise password$/
export const RESET_SUBJECT_ES = /^Restablece tu contraseña de Mise$/

/** yyyy-MM-dd `n` days after `day` (before when negative). */
export function shiftDay(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + n)
  return d.toISOString().slice(0, 10)
}

/**
 * A test app with an organisation and one actor per role, for a file's tests (made before them and
 * closed after them); `today` is today in `zone`.
 */
export function orgFixture(zone: string) {
  const fixture = {} as { t: TestApp; o: OrgWithActors; today: string }
  beforeAll(async () => {
    fixture.t = await createTestApp()
    fixture.o = await createOrgWithActors(fixture.t)
    fixture.today = todayIn(zone)
  })
  afterAll(() => fixture.t.close())
  return fixture
}

/**
 * The day card and the entry page count a day by the same rule (ADR 064–065): run each step (an API
 * call, checked to succeed, or anything else), then expect the card's progress to equal the page's.
 * Answers the progress seen after each step, for the caller to check the steps moved every count.
 */
export async function walkCardAndPage<P extends { progress: unknown }>(steps: (() => Promise<unknown>)[], card: () => Promise<P>, page: () => Promise<P>): Promise<P['progress'][]> {
  const seen: P['progress'][] = []
  for (const step of steps) {
    const res = (await step()) as { status?: number; text?: string } | undefined
    if (res?.status !== undefined) expect(res.status, res.text).toBeLessThan(300)
    const [fromList, fromPage] = [await card(), await page()]
    expect(fromList).toEqual(fromPage)
    seen.push(fromList.progress)
  }
  return seen
}

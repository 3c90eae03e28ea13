import { describe, expect, test } from 'vitest'
import { ConfigError, parseConfig } from '../../server/config.ts'

/** parseConfig must throw a ConfigError whose message names the variable. */
function expectConfigError(env: Record<string, string | undefined>, variable: string) {
  let error: unknown
  try {
    parseConfig(env)
  } catch (e) {
    error = e
  }
  expect(error, `${variable} should be refused`).toBeInstanceOf(ConfigError)
  const err = error as ConfigError
  expect(err.name).toBe('ConfigError')
  expect(err.message).toMatch(new RegExp(`(^|\\s)${variable}:`, 'm'))
  return err
}

describe('parseConfig: invalid values name the variable', () => {
  test('PORT=abc', () => {
    expectConfigError({ PORT: 'abc' }, 'PORT')
  })

  test('PORT out of range or not an integer', () => {
    expectConfigError({ PORT: '70000' }, 'PORT')
    expectConfigError({ PORT: '-1' }, 'PORT')
    expectConfigError({ PORT: '80.5' }, 'PORT')
  })

  test('DATABASE_URL=mysql://x', () => {
    const err = expectConfigError({ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL')
    expect(err.message).toContain('postgres://')
  })

  test('LOG_LEVEL=loud', () => {
    expectConfigError({ LOG_LEVEL: 'loud' }, 'LOG_LEVEL')
  })

  test('other bad values: APP_URL, SMTP_URL, SESSION_SECRET, TRUST_PROXY, NODE_ENV, SUPPORT_EMAIL', () => {
    expectConfigError({ APP_URL: 'not a url' }, 'APP_URL')
    expectConfigError({ APP_URL: 'ftp://mise.example' }, 'APP_URL')
    expectConfigError({ SMTP_URL: 'http://mail.example' }, 'SMTP_URL')
    expectConfigError({ SESSION_SECRET: 'short' }, 'SESSION_SECRET')
    expectConfigError({ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY')
    expectConfigError({ NODE_ENV: 'staging' }, 'NODE_ENV')
    expectConfigError({ SUPPORT_EMAIL: 'nobody' }, 'SUPPORT_EMAIL')
  })

  test('every bad variable is reported at once', () => {
    const err = expectConfigError({ PORT: 'abc', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://x' }, 'PORT')
    expect(err.message).toMatch(/^\s*LOG_LEVEL:/m)
    expect(err.message).toMatch(/^\s*DATABASE_URL:/m)
  })

  test('production with DATABASE_URL requires APP_URL', () => {
    expectConfigError({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/mise' }, 'APP_URL')
    expect(() =>
      parseConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/mise', APP_URL: 'https://mise.example' }),
    ).not.toThrow()
    // Embedded database in production: the local default address is fine.
    expect(() => parseConfig({ NODE_ENV: 'production' })).not.toThrow()
  })

  test('Stripe billing needs all three keys or none (docs/decisions/031)', () => {
    expectConfigError({ STRIPE_SECRET_KEY: 'sk_test_x' }, 'STRIPE_WEBHOOK_SECRET')
    expectConfigError({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }, 'STRIPE_PRICE_ID')
    const stripe = parseConfig({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_PRICE_ID: 'price_x' })
    expect(stripe.STRIPE_PRICE_ID).toBe('price_x')
    expect(parseConfig({}).STRIPE_SECRET_KEY).toBeUndefined()
  })
})

describe('parseConfig: defaults and derived values', () => {
  test('defaults: PORT 3000, DATA_DIR ./data, http://localhost:3000, no secure cookies', () => {
    const c = parseConfig({})
    expect(c.PORT).toBe(3000)
    expect(c.DATA_DIR).toBe('./data')
    expect(c.HOST).toBe('0.0.0.0')
    expect(c.APP_NAME).toBe('Mise')
    expect(c.NODE_ENV).toBe('development')
    expect(c.LOG_LEVEL).toBe('info')
    expect(c.TRUST_PROXY).toBe(false)
    expect(c.SEED_DEMO).toBe(true)
    expect(c.DATABASE_URL).toBeUndefined()
    expect(c.appUrl).toBe('http://localhost:3000')
    expect(c.secureCookies).toBe(false)
    expect(typeof c.webVersion).toBe('string')
  })

  test('empty strings count as unset', () => {
    const c = parseConfig({ PORT: '', DATA_DIR: '', DATABASE_URL: '', APP_URL: '' })
    expect(c.PORT).toBe(3000)
    expect(c.DATA_DIR).toBe('./data')
    expect(c.DATABASE_URL).toBeUndefined()
  })

  test('PORT is a number and the default APP_URL follows it', () => {
    const c = parseConfig({ PORT: '8080' })
    expect(c.PORT).toBe(8080)
    expect(c.appUrl).toBe('http://localhost:8080')
  })

  test('secureCookies is true for an https APP_URL, and a trailing slash is dropped', () => {
    const c = parseConfig({ APP_URL: 'https://mise.example/' })
    expect(c.secureCookies).toBe(true)
    expect(c.appUrl).toBe('https://mise.example')
    expect(parseConfig({ APP_URL: 'http://mise.example' }).secureCookies).toBe(false)
  })

  test('boolean strings', () => {
    for (const [value, expected] of [
      ['true', true],
      ['1', true],
      ['yes', true],
      ['false', false],
      ['0', false],
      ['no', false],
    ] as const) {
      expect(parseConfig({ TRUST_PROXY: value }).TRUST_PROXY, value).toBe(expected)
      expect(parseConfig({ SEED_DEMO: value }).SEED_DEMO, value).toBe(expected)
    }
  })

  test('postgresql:// is accepted as well as postgres://', () => {
    expect(parseConfig({ DATABASE_URL: 'postgresql://u@h/db' }).DATABASE_URL).toBe('postgresql://u@h/db')
    expect(parseConfig({ DATABASE_URL: 'postgres://u@h/db' }).DATABASE_URL).toBe('postgres://u@h/db')
  })

  test('WEB_VERSION overrides the package version', () => {
    expect(parseConfig({ WEB_VERSION: '2024.1' }).webVersion).toBe('2024.1')
  })

  test('ConfigError is an Error', () => {
    expect(new ConfigError('x')).toBeInstanceOf(Error)
  })
})

import { z } from 'zod'

/**
 * Configuration, read once from the environment and validated.
 * Nothing else in the project reads process.env.
 */
const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes')

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  APP_NAME: z.string().min(1).max(60).default('Mise'),
  APP_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  API_URL: z.url({ protocol: /^https?$/ }).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Mise <no-reply@mise.localhost>'),
  SUPPORT_EMAIL: z.email().default('support@mise.localhost'),
  SESSION_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  TRUST_PROXY: booleanString.default(false),
  /** Compress pages and /v1 answers in the process; false when a proxy in front compresses. */
  COMPRESSION: booleanString.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: booleanString.default(true),
  /** Alert e-mails (issue #14, ADR 050): run the scan in this process; how often. */
  ALERTS: booleanString.default(true),
  ALERTS_SCAN_INTERVAL_MS: z.coerce.number().int().min(200).max(60 * 60 * 1000).default(60_000),
  WEB_VERSION: z.string().min(1).optional(),
  // Billing through Stripe (docs/decisions/031): all three, or none for a self-hosted install.
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_PRICE_ID: z.string().min(1).optional(),
  // Recipe import (docs/decisions/026-recipe-import.md): an OpenAI-compatible endpoint, and fetching pages.
  RECIPE_LLM_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  RECIPE_LLM_API_KEY: z.string().min(1).optional(),
  RECIPE_LLM_MODEL: z.string().min(1).default('gpt-4o-mini'),
  RECIPE_LLM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
  /** Let imports fetch loopback and private addresses (self-hosting on a LAN, tests). */
  RECIPE_IMPORT_ALLOW_PRIVATE: booleanString.default(false),
  RECIPE_IMPORT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8_000),
  RECIPE_IMPORT_MAX_BYTES: z.coerce.number().int().min(1024).max(20 * 1024 * 1024).default(2 * 1024 * 1024),
})

export type Config = z.infer<typeof schema> & { appUrl: string; webVersion: string; secureCookies: boolean }

export class ConfigError extends Error {
  override name = 'ConfigError'
}

export function parseConfig(env: Record<string, string | undefined>): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''))
  const result = schema.safeParse(cleaned)
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const c = result.data
  if (c.NODE_ENV === 'production' && c.APP_URL === undefined && c.DATABASE_URL !== undefined) {
    // Scaled-out deployments sit behind a proxy: links in e-mails need the public address.
    throw new ConfigError('Invalid configuration:\n  APP_URL: required when DATABASE_URL is set in production')
  }
  // Stripe billing needs all three keys; none means a self-hosted install (docs/decisions/031).
  const stripe = { STRIPE_SECRET_KEY: c.STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: c.STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_ID: c.STRIPE_PRICE_ID }
  const missing = Object.entries(stripe).filter(([, value]) => !value)
  if (missing.length && missing.length < 3) {
    throw new ConfigError(`Invalid configuration:\n${missing.map(([name]) => `  ${name}: required with the other Stripe keys (set all three, or none)`).join('\n')}`)
  }
  const appUrl = (c.APP_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, '')
  return {
    ...c,
    appUrl,
    webVersion: c.WEB_VERSION ?? process.env.npm_package_version ?? '0.0.0',
    secureCookies: appUrl.startsWith('https://'),
  }
}

let cached: Config | undefined

export function getConfig(): Config {
  cached ??= parseConfig(process.env)
  return cached
}

/** For tests: replace the process configuration. */
export function setConfig(config: Config): void {
  cached = config
}

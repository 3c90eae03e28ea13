import type pino from 'pino'
import { createApp, type ApiApp } from './api/app.ts'
import { getConfig, type Config } from './config.ts'
import { openDatabase, type Database } from './db/client.ts'
import { seedDemo } from './db/seed.ts'
import { getLogger } from './logger.ts'
import { createMailer } from './mail/mailer.ts'

export interface Runtime {
  config: Config
  logger: pino.Logger
  database: Database
  api: ApiApp
  close(): Promise<void>
}

declare global {
  // One runtime per process, shared by the server entry, the dev plugin and the web's API client
  // even when a bundler gives them separate copies of this module (and across dev reloads).
  var __miseRuntime: Promise<Runtime> | undefined
}

/** How often PGlite's planner statistics are refreshed. */
const ANALYZE_EVERY_MS = 30 * 60 * 1000

async function start(): Promise<Runtime> {
  const config = getConfig()
  const logger = getLogger()
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR })
  logger.info({ database: database.kind, dataDir: database.kind === 'pglite' ? config.DATA_DIR : undefined }, 'database ready')
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, dataDir: config.DATA_DIR, logger })
  const deps = { db: database.db, config, logger, mailer, ready: () => database.migrationsApplied() }
  if (config.SEED_DEMO) await seedDemo(deps)
  await database.analyze()
  // Keep PGlite's planner statistics fresh as the day's records come in (PostgreSQL: autovacuum).
  const maintenance = setInterval(() => {
    database.analyze().catch((err: unknown) => logger.warn({ err }, 'analyze failed'))
  }, ANALYZE_EVERY_MS)
  maintenance.unref()
  const api = createApp(deps)
  return {
    config,
    logger,
    database,
    api,
    async close() {
      clearInterval(maintenance)
      await database.close()
      globalThis.__miseRuntime = undefined
    },
  }
}

export function getRuntime(): Promise<Runtime> {
  globalThis.__miseRuntime ??= start().catch((error) => {
    globalThis.__miseRuntime = undefined
    throw error
  })
  return globalThis.__miseRuntime
}

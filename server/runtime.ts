import type pino from 'pino'
import { createApp, type ApiApp } from './api/app.ts'
import { getConfig, type Config } from './config.ts'
import { openDatabase, type Database } from './db/client.ts'
import { seedDemo } from './db/seed.ts'
import { getLogger } from './logger.ts'
import { createMailer } from './mail/mailer.ts'
import { runAlertScan } from './alerts/scan.ts'
import { createAlertScheduler, type AlertScheduler } from './alerts/scheduler.ts'

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
/** How often PGlite's tables are looked at for growth since their statistics (one cheap query). */
const GROWTH_CHECK_EVERY_MS = 10 * 1000

async function start(): Promise<Runtime> {
  const config = getConfig()
  const logger = getLogger()
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, thread: true })
  logger.info({ database: database.kind, dataDir: database.kind === 'pglite' ? config.DATA_DIR : undefined }, 'database ready')
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, dataDir: config.DATA_DIR, logger })
  const deps = { db: database.db, config, logger, mailer, ready: () => database.migrationsApplied() }
  if (config.SEED_DEMO) await seedDemo(deps)
  await database.analyze()
  // Keep PGlite's planner statistics fresh as the day's records come in (PostgreSQL: autovacuum): as
  // soon as a table has grown (ADR 064), and every half hour whatever happened.
  const maintenance = setInterval(() => {
    database.analyze().catch((err: unknown) => logger.warn({ err }, 'analyze failed'))
  }, ANALYZE_EVERY_MS)
  maintenance.unref()
  const growth = setInterval(() => {
    database.analyzeIfGrown().catch((err: unknown) => logger.warn({ err }, 'analyze failed'))
  }, GROWTH_CHECK_EVERY_MS)
  growth.unref()
  const api = createApp(deps)
  // Alerts (ADR 050): pg-boss jobs on PostgreSQL, a timer in this process on the embedded database.
  let alerts: AlertScheduler | undefined
  if (config.ALERTS) {
    alerts = createAlertScheduler({ scan: (now: Date) => runAlertScan(deps, now), intervalMs: config.ALERTS_SCAN_INTERVAL_MS, logger, databaseUrl: config.DATABASE_URL })
    await alerts.start()
    logger.info({ scheduler: alerts.kind, intervalMs: config.ALERTS_SCAN_INTERVAL_MS }, 'alerts scheduled')
  }
  return {
    config,
    logger,
    database,
    api,
    async close() {
      clearInterval(maintenance)
      clearInterval(growth)
      await alerts?.stop().catch((err: unknown) => logger.warn({ err }, 'stopping alerts failed'))
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

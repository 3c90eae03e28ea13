import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import pino from 'pino'
import { inject } from 'vitest'
import { createApp } from '../../server/api/app.ts'
import { parseConfig, setConfig, type Config } from '../../server/config.ts'
import { openDatabase, type Database } from '../../server/db/client.ts'
import { createMailer } from '../../server/mail/mailer.ts'
import { startMailbox } from './mailbox.ts'

/**
 * A real /v1 app on a real database: in-memory PGlite by default, a fresh PostgreSQL database
 * (created from DATABASE_URL, dropped afterwards) when DATABASE_URL is set. Mail goes over SMTP
 * to a local smtp-server.
 */
export async function createTestApp(overrides: Partial<Record<string, string>> = {}, opts: { onDisk?: boolean } = {}) {
  const mailbox = await startMailbox()
  const baseUrl = process.env.DATABASE_URL
  let dropDatabase: (() => Promise<void>) | undefined
  let databaseUrl: string | undefined
  if (baseUrl) {
    const name = `mise_test_${randomBytes(6).toString('hex')}`
    const admin = new pg.Client({ connectionString: baseUrl })
    await admin.connect()
    await admin.query(`create database ${name}`)
    await admin.end()
    const url = new URL(baseUrl)
    url.pathname = `/${name}`
    databaseUrl = url.toString()
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: baseUrl })
      await c.connect()
      await c.query(`drop database if exists ${name} with (force)`)
      await c.end()
    }
  }
  const config: Config = parseConfig({
    NODE_ENV: 'test',
    APP_URL: 'http://localhost:3999',
    SMTP_URL: mailbox.url,
    LOG_LEVEL: 'silent',
    DATA_DIR: 'memory://',
    ...overrides,
  })
  setConfig(config)
  // On disk (PGlite) when a test restarts the server: what was stored must outlive the process's memory.
  const dataDir = opts.onDisk && !databaseUrl ? fs.mkdtempSync(path.join(os.tmpdir(), 'mise-test-')) : 'memory://'
  // In memory on PGlite: a copy of the run's migrated database (tests/support/migrated-database.ts).
  const snapshot = !databaseUrl && dataDir === 'memory://' ? inject('pgliteSnapshot') : null
  const loadDataDir = snapshot ? new Blob([fs.readFileSync(snapshot)]) : undefined
  let database: Database = await openDatabase({ databaseUrl, dataDir, loadDataDir })
  const logger = pino({ level: 'silent' })
  /** The app's clock (Deps.now): real time plus an offset a test may move forward. */
  let offsetMs = 0
  const clock = {
    now: () => new Date(Date.now() + offsetMs),
    advance(ms: number) {
      offsetMs += ms
    },
    reset() {
      offsetMs = 0
    },
  }
  const build = () =>
    createApp({
      db: database.db,
      config,
      logger,
      mailer: createMailer({ smtpUrl: mailbox.url, from: config.MAIL_FROM, dataDir: config.DATA_DIR, logger }),
      ready: () => database.migrationsApplied(),
      now: clock.now,
    })
  let app = build()

  /** A small cookie-keeping client, like a browser talking to /v1. */
  function client(defaults: { ip?: string; headers?: Record<string, string> } = {}) {
    const jar = new Map<string, string>()
    async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
      const h: Record<string, string> = { ...defaults.headers, ...headers }
      if (jar.size) h.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
      if (body !== undefined && !h['content-type']) h['content-type'] = 'application/json'
      const res = await app.request(
        path,
        { method, headers: h, body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body), redirect: 'manual' },
        { clientIp: defaults.ip ?? '127.0.0.1' },
      )
      for (const cookie of res.headers.getSetCookie()) {
        const [pair] = cookie.split(';')
        const [k, ...v] = pair!.split('=')
        const value = v.join('=')
        if (!value || /max-age=0/i.test(cookie)) jar.delete(k!)
        else jar.set(k!, value)
      }
      const text = await res.text()
      let json: any
      try {
        json = text ? JSON.parse(text) : undefined
      } catch {
        /* not JSON */
      }
      return { status: res.status, headers: res.headers, json, text }
    }
    return {
      jar,
      get: (path: string, headers?: Record<string, string>) => call('GET', path, undefined, headers),
      post: (path: string, body?: unknown, headers?: Record<string, string>) => call('POST', path, body, headers),
      put: (path: string, body?: unknown, headers?: Record<string, string>) => call('PUT', path, body, headers),
      del: (path: string, headers?: Record<string, string>) => call('DELETE', path, undefined, headers),
      call,
    }
  }

  return {
    get app() {
      return app
    },
    get db() {
      return database.db
    },
    config,
    mailbox,
    clock,
    /** The PostgreSQL database of this app (undefined on PGlite): a second process would open it. */
    databaseUrl,
    client,
    /**
     * Stop the server and start a new one on the same database (nothing kept in memory survives):
     * needs `onDisk` with PGlite. Clients keep their cookies.
     */
    async restart() {
      if (dataDir === 'memory://' && !databaseUrl) throw new Error('restart() needs createTestApp(…, { onDisk: true })')
      await database.close()
      database = await openDatabase({ databaseUrl, dataDir })
      app = build()
    },
    async close() {
      await mailbox.close()
      await database.close()
      await dropDatabase?.()
      if (dataDir !== 'memory://') fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>

let counter = 0
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}.${Date.now().toString(36)}${(counter++).toString(36)}${randomBytes(2).toString('hex')}@example.com`
}

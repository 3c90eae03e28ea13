/**
 * `npm run bench`: measure Mise's production build side by side with bare baselines, print a
 * Markdown report and write it to docs/benchmarks.md.
 *
 *   1. Gzip and Brotli size of the JavaScript each page loads first, for every page (signed out, signed
 *      in, on a shared device; `npm run bench -- --js-only` measures only this and prints it, without
 *      writing the report).
 *   2. GET /login on the Mise server vs a bare React Router page built and served the same way
 *      (bench/bare/).
 *   3. An authenticated GET /v1/auth/me vs a bare Hono handler returning the same JSON.
 *   4. The venue's day of checklists, GET /checklists (30 checklists × 20 items, half of them done
 *      today) and one checklist's page, GET /checklists/:id, vs the bare page of section 2.
 *   5. The same two pages with a year of records for 10 venues in the database.
 *   6. The temperature pages, without and with the year.
 *   9. The venue home with its 30-day compliance chart (GET /?chart=30) and its API call
 *      (GET /v1/orgs/:org/venues/:venue/dashboard), without and with the year: issue #14 asks for
 *      1.3× of the time without it at most (`--dashboard`: this section alone, written into the report).
 *
 * Sections 2 to 5 run on PGlite, and also on PostgreSQL when DATABASE_URL is set (a fresh
 * database is created from it and dropped afterwards). The data of sections 4 and 5 is made by
 * scripts/bench/checklists.ts and scripts/bench/temperatures.ts.
 *
 * Every server under test runs in its own child process, one at a time; the load generator
 * (autocannon) runs in this process. The same script is the bare servers' entry:
 * `node scripts/bench.ts serve-bare-react-router <port>` and `serve-bare-hono <port> <json>`, and the
 * PGlite bulk insert's: `node scripts/bench.ts fill-pglite <dataDir> <plan json>`.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import zlib from 'node:zlib'
import {
  addYearOfRecordsPglite,
  addYearOfRecordsPostgres,
  CHECKLISTS,
  ITEMS_PER_CHECKLIST,
  seedChecklists,
  VENUES,
  YEAR_DAYS,
  type ChecklistData,
  type YearPlan,
  type YearResult,
} from './bench/checklists.ts'
import { benchOfflineSync, offlineSyncSection, type OfflineSyncResult } from './bench/offline-sync.ts'
import { CHECKS_PER_DAY, seedTemperatures, TEMPERATURE_LOGS, UNITS_PER_LOG, type TemperatureData } from './bench/temperatures.ts'

const ROOT = path.resolve(import.meta.dirname, '..')
const BARE_DIR = path.join(ROOT, 'bench/bare')
const SELF = path.join(ROOT, 'scripts/bench.ts')
const REPORT_PATH = path.join(ROOT, 'docs/benchmarks.md')

const CONNECTIONS = 10
/** `--temperatures`: sections 4 to 6 only, section 6 written into the existing report. */
const TEMPERATURES_ONLY = process.argv.includes('--temperatures')
/** `--offline`: section 8 only (the offline queue's sync), written into the existing report. */
const OFFLINE_ONLY = process.argv.includes('--offline')
/** `--dashboard`: section 9 only (the venue home and its API without and with the year), written into the existing report. */
const DASHBOARD_ONLY = process.argv.includes('--dashboard')
/** Sections that measure the day pages too (a full run, or `--temperatures`). */
const DAY_PAGES = !DASHBOARD_ONLY
function numberOption(name: string, fallback: number): number {
  const i = process.argv.indexOf(name)
  const n = i >= 0 ? Number(process.argv[i + 1]) : NaN
  return Number.isInteger(n) && n > 0 ? n : fallback
}
const WARMUP_SECONDS = 2
const DURATION_SECONDS = numberOption('--seconds', 10)
/** Days of records in sections 5 and 6 (`--year-days`, for a shorter run). */
const RECORD_DAYS = numberOption('--year-days', YEAR_DAYS)
const PAGES_SIGNED_OUT = ['/login', '/register', '/forgot-password', '/reset-password?id=x&token=y', '/contact', '/early-access']
/**
 * Signed in as the owner of a fresh organisation (free plan) with one venue, chosen by the selection
 * cookies; `:venue`, `:member`, `:checklist`, … are filled in with what measurePagesJs made. Every page
 * of app/routes.ts a person opens signed in, except the redirects and the files (CSV, PDF, vCard).
 */
const PAGES_SIGNED_IN = [
  '/profile',
  '/verify-email?status=success',
  '/support',
  '/organisations',
  '/organisations/create',
  '/venues',
  '/venues/create',
  '/pin-setup',
  '/overview',
  '/settings',
  '/settings/general',
  '/settings/alerts',
  '/settings/billing',
  '/settings/venues',
  '/settings/venues/new',
  '/settings/venues/:venue',
  '/settings/staff',
  '/settings/staff/invite',
  '/settings/staff/:member',
  '/settings/devices',
  '/settings/devices/new',
  '/settings/devices/:device',
  '/settings/checklists',
  '/settings/checklists/new',
  '/settings/checklists/:checklist',
  '/settings/temperatures',
  '/settings/temperatures/new',
  '/settings/temperatures/:temperature',
  '/settings/recipes',
  '/settings/recipes/new',
  '/settings/recipes/:recipe',
  '/settings/contacts',
  '/settings/contacts/new',
  '/settings/contacts/:contact',
  '/',
  '/checklists',
  '/checklists/:checklist',
  '/temperatures',
  '/temperatures/:temperature',
  '/recipes',
  '/recipes/allergens',
  '/recipes/:recipe',
  '/contacts',
  '/orders',
  '/orders/new',
  '/orders/:order',
]
/** Signed in as the venue's shared device (its sign-in link used): the device's own pages. */
const PAGES_DEVICE = ['/pin', '/device-settings']
/**
 * Items per checklist given a year of records on PGlite (ITEMS_PER_CHECKLIST = all). PostgreSQL always
 * gets all of them.
 */
const PGLITE_YEAR_ITEMS = ITEMS_PER_CHECKLIST

// ---------------------------------------------------------------------------------------------
// Bare servers (child-process entry points)
// ---------------------------------------------------------------------------------------------

/** The bare React Router build, served exactly as server/main.ts serves Mise's. */
async function serveBareReactRouter(port: number) {
  const { serve } = await import('@hono/node-server')
  const { serveStatic } = await import('@hono/node-server/serve-static')
  const { Hono } = await import('hono')
  const { cheapCompression } = await import('../server/http/compression.ts')
  const { createRequestHandler } = await import('react-router')
  const build = await import(pathToFileURL(path.join(BARE_DIR, 'build/server/index.js')).href)
  const handleDocument = createRequestHandler(build, 'production')
  const root = path.relative(process.cwd(), path.join(BARE_DIR, 'build/client'))

  const app = new Hono()
  // Mise's own compression (ADR 042), so that the same HTML costs the same to compress.
  app.use('*', cheapCompression({ enabled: true }))
  app.use(
    '/assets/*',
    serveStatic({ root, onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable') }),
  )
  app.use('*', serveStatic({ root, onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=3600') }))
  app.all('*', (c) => handleDocument(c.req.raw))
  stopOnSignal(serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }))
}

/** A bare Hono app: one handler returning a fixed JSON body (the one Mise's /v1/auth/me returned). */
async function serveBareHono(port: number, json: string) {
  const { serve } = await import('@hono/node-server')
  const { Hono } = await import('hono')
  const body = JSON.parse(json) as object
  const app = new Hono()
  app.get('/v1/health', (c) => c.json({ status: 'ok' }))
  app.get('/v1/auth/me', (c) => c.json(body))
  stopOnSignal(serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }))
}

/** What the one-query ceiling of `/v1/auth/me` needs: its database, and the parts of the body that are not read. */
interface BareSqlSpec {
  dataDir?: string
  url?: string
  me: { user: Record<string, unknown>; webVersion: string }
}

/**
 * `/v1/auth/me`'s ceiling: a bare Hono handler doing the same session lookup as Mise (the session by
 * its token's hash, the person, their organisations and venues) in one raw SQL query, on the same
 * database, answering the same JSON.
 */
const ME_SQL = `select u.id, u.email, u.name, u.locale, u.super_admin, u.email_verified_at,
  (select coalesce(json_agg(json_build_object('id', o.id, 'name', o.name, 'role', m.role, 'venues', (
     select coalesce(json_agg(json_build_object('id', v.id, 'name', v.name) order by lower(v.name), v.name, v.id), '[]'::json)
     from venues v where v.org_id = o.id and v.archived_at is null and (cardinality(m.venue_ids) = 0 or v.id = any(m.venue_ids))
   )) order by lower(o.name), o.name, o.id), '[]'::json)
   from memberships m join organisations o on o.id = m.org_id where m.user_id = u.id and m.status = 'active') as orgs
from sessions s join users u on u.id = s.user_id where s.token_hash = $1 and s.expires_at > now() limit 1`

async function serveBareHonoSql(port: number, json: string) {
  const { serve } = await import('@hono/node-server')
  const { Hono } = await import('hono')
  const { getCookie } = await import('hono/cookie')
  const { createHash } = await import('node:crypto')
  const spec = JSON.parse(json) as BareSqlSpec
  type Row = { id: string; email: string; name: string; locale: string; super_admin: boolean; email_verified_at: unknown; orgs: unknown }
  let query: (token: string) => Promise<Row | undefined>
  if (spec.url) {
    const { default: pg } = await import('pg')
    const pool = new pg.Pool({ connectionString: spec.url, max: 10 })
    query = async (hash) => (await pool.query<Row>({ name: 'me', text: ME_SQL, values: [hash] })).rows[0]
  } else {
    const { PGlite } = await import('@electric-sql/pglite')
    const db = new PGlite(path.join(spec.dataDir!, 'pgdata'))
    await db.waitReady
    query = async (hash) => (await db.query<Row>(ME_SQL, [hash])).rows[0]
  }
  const app = new Hono()
  app.get('/v1/health', (c) => c.json({ status: 'ok' }))
  app.get('/v1/auth/me', async (c) => {
    const token = getCookie(c, 'mise_session')
    const row = token ? await query(createHash('sha256').update(token).digest('hex')) : undefined
    if (!row) return c.json({ error: { name: 'UnauthorizedError', code: 401, message: 'Unauthorized' } }, 401)
    const user = { ...spec.me.user, id: row.id, email: row.email, name: row.name, locale: row.locale, superAdmin: row.super_admin, emailVerified: row.email_verified_at !== null }
    return c.json({ user, orgs: row.orgs, webVersion: spec.me.webVersion, flags: {} })
  })
  stopOnSignal(serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }))
}

function stopOnSignal(server: { close(cb?: () => void): unknown }) {
  const stop = () => {
    server.close(() => process.exit(0))
    ;(server as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.()
    setTimeout(() => process.exit(0), 2000).unref()
  }
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
}

// ---------------------------------------------------------------------------------------------
// Cleanup: children, temporary directories and databases go away on success, failure or Ctrl-C
// ---------------------------------------------------------------------------------------------

const cleanups: Array<() => Promise<void> | void> = []
const children = new Set<ChildProcess>()

async function cleanUp() {
  while (cleanups.length) {
    const fn = cleanups.pop()!
    try {
      await fn()
    } catch (error) {
      console.error('cleanup step failed:', error)
    }
  }
}

function log(message: string) {
  process.stderr.write(`[bench] ${message}\n`)
}

// ---------------------------------------------------------------------------------------------
// Processes and ports
// ---------------------------------------------------------------------------------------------

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

interface Server {
  name: string
  base: string
  pid: number
  stop(): Promise<void>
}

/** Start a child process and wait until `readyPath` answers 200. */
async function startChild(name: string, args: string[], env: NodeJS.ProcessEnv, port: number, readyPath: string, cwd = ROOT): Promise<Server> {
  const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] })
  children.add(child)
  let output = ''
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000)
  }
  child.stdout!.on('data', keep)
  child.stderr!.on('data', keep)
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  child.once('exit', () => children.delete(child))

  let stopped = false
  const stop = async () => {
    if (stopped) return
    stopped = true
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
      await exited
      clearTimeout(timer)
    }
  }
  cleanups.push(stop)

  const base = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 90_000
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${name} exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${output}`)
    }
    try {
      const res = await fetch(base + readyPath, { signal: AbortSignal.timeout(2000) })
      await res.arrayBuffer()
      if (res.status === 200) break
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`${name} was not ready within 90 s:\n${output}`)
    await new Promise((r) => setTimeout(r, 150))
  }
  return { name, base, pid: child.pid!, stop }
}

/** Environment for a child: ours without any Mise setting, plus `extra`. */
function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env }
  for (const key of [
    'NODE_ENV', 'PORT', 'HOST', 'APP_NAME', 'APP_URL', 'DATA_DIR', 'DATABASE_URL', 'API_URL', 'SMTP_URL',
    'MAIL_FROM', 'SUPPORT_EMAIL', 'SESSION_SECRET', 'TRUST_PROXY', 'LOG_LEVEL', 'SEED_DEMO', 'WEB_VERSION',
    'ALERTS', 'ALERTS_SCAN_INTERVAL_MS',
  ]) {
    delete env[key]
  }
  return { ...env, ...extra }
}

// ---------------------------------------------------------------------------------------------
// Builds
// ---------------------------------------------------------------------------------------------

function newestMtime(p: string): number {
  if (!fs.existsSync(p)) return 0
  const stat = fs.statSync(p)
  if (!stat.isDirectory()) return stat.mtimeMs
  let max = stat.mtimeMs
  for (const name of fs.readdirSync(p)) max = Math.max(max, newestMtime(path.join(p, name)))
  return max
}

function reactRouterBuild(cwd: string, extraArgs: string[] = []) {
  const bin = path.join(ROOT, 'node_modules/@react-router/dev/bin.cjs')
  const result = spawnSync(process.execPath, [bin, 'build', ...extraArgs], {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    // As `npm run build` would run it: the bench's own DATABASE_URL is no business of the build.
    env: childEnv({}),
  })
  if (result.status !== 0) {
    throw new Error(`react-router build failed in ${cwd}:\n${result.stdout}\n${result.stderr}`)
  }
}

/** Build Mise when build/ is missing or older than its sources (the rule scripts/start.ts uses). */
function ensureMiseBuild(): string {
  const entry = path.join(ROOT, 'build/server/index.js')
  const sources = ['app', 'server', 'locales', 'public', 'vite.config.ts', 'react-router.config.ts', 'package.json']
  const built = fs.existsSync(entry) ? fs.statSync(entry).mtimeMs : 0
  if (built && !sources.some((s) => newestMtime(path.join(ROOT, s)) > built)) return 'existing build (up to date)'
  log(built ? 'Mise sources changed since the last build: building…' : 'no Mise build yet: building…')
  const started = Date.now()
  reactRouterBuild(ROOT)
  return `built by the bench in ${((Date.now() - started) / 1000).toFixed(1)} s`
}

/** Always rebuild the bare page (about two seconds) so it matches its sources. */
function buildBare() {
  log('building the bare React Router page (bench/bare)…')
  fs.rmSync(path.join(BARE_DIR, 'build'), { recursive: true, force: true })
  reactRouterBuild(BARE_DIR, ['--config', path.join(BARE_DIR, 'vite.config.ts')])
}

// ---------------------------------------------------------------------------------------------
// 1. JavaScript loaded first
// ---------------------------------------------------------------------------------------------

interface PageJs {
  page: string
  status: number
  signedIn?: boolean
  /** Measured with a shared device's session. */
  device?: boolean
  files: Array<{ url: string; raw: number; gzip: number; brotli: number }>
}

function attr(attrs: string, name: string): string | undefined {
  const m = new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(attrs)
  return m ? (m[1] ?? m[2] ?? m[3]) : undefined
}

/** Script URLs the HTML loads at once: module scripts, modulepreloads and the inline module's imports. */
function initialScripts(html: string): string[] {
  const found: string[] = []
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attrs, body] = m
    if (attr(attrs!, 'type')?.toLowerCase() !== 'module') continue
    const src = attr(attrs!, 'src')
    if (src) {
      found.push(src)
      continue
    }
    for (const i of body!.matchAll(/\bimport\s*(?:[\w*\s{},$]+?\s*from\s*)?["']([^"']+)["']/g)) found.push(i[1]!)
    for (const i of body!.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)) found.push(i[1]!)
  }
  for (const m of html.matchAll(/<link\b([^>]*)>/gi)) {
    if (attr(m[1]!, 'rel')?.toLowerCase() !== 'modulepreload') continue
    const href = attr(m[1]!, 'href')
    if (href) found.push(href)
  }
  return found
}

/** Static imports inside a fetched module (`import … from "./x.js"`, `import "./x.js"`); not import(). */
function staticImports(code: string): string[] {
  return [...code.matchAll(/(?:\bfrom|\bimport)\s*["']((?:\.{1,2})?\/[^"']+\.m?js)["']/g)].map((m) => m[1]!)
}

/** Sizes of a fetched script by URL: a hashed asset never changes, and most pages share most of theirs. */
const scriptSizes = new Map<string, { bytes: Buffer; raw: number; gzip: number; brotli: number }>()

async function measurePage(base: string, page: string, cookie?: string): Promise<PageJs> {
  const pageUrl = new URL(page, base)
  const res = await fetch(pageUrl, { headers: cookie ? { cookie } : {}, redirect: 'manual' })
  const html = await res.text()
  if (res.status !== 200) throw new Error(`GET ${page} answered ${res.status}${res.headers.get('location') ? ` (to ${res.headers.get('location')})` : ''}, expected 200`)
  const queue = initialScripts(html).map((s) => new URL(s, pageUrl).href)
  const seen = new Set<string>()
  const files: PageJs['files'] = []
  while (queue.length) {
    const url = queue.shift()!
    if (seen.has(url)) continue
    seen.add(url)
    let sizes = scriptSizes.get(url)
    if (!sizes) {
      const r = await fetch(url)
      if (r.status !== 200) throw new Error(`GET ${url} (loaded by ${page}) answered ${r.status}`)
      const bytes = Buffer.from(await r.arrayBuffer())
      sizes = {
        bytes,
        raw: bytes.length,
        gzip: zlib.gzipSync(bytes, { level: 9 }).length,
        brotli: zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
      }
      scriptSizes.set(url, sizes)
    }
    files.push({ url: new URL(url).pathname, raw: sizes.raw, gzip: sizes.gzip, brotli: sizes.brotli })
    for (const spec of staticImports(sizes.bytes.toString('utf8'))) queue.push(new URL(spec, url).href)
  }
  return { page, status: res.status, files }
}

/**
 * Every page of PAGES_SIGNED_OUT, PAGES_SIGNED_IN and PAGES_DEVICE. A fresh user makes, through the
 * API, an organisation with a venue (chosen by the selection cookies as the pickers leave them) and
 * one of each thing a page shows: a checklist and a temperature log with an item each, a recipe, a
 * supplier with a product and an order from it, and a shared device, whose sign-in link gives the
 * device's session.
 */
async function measurePagesJs(base: string): Promise<PageJs[]> {
  const pages: PageJs[] = []
  for (const page of PAGES_SIGNED_OUT) pages.push(await measurePage(base, page))
  const session = await signIn(base)
  const call = async <T = Record<string, { id: string; membershipId?: string }>>(method: string, urlPath: string, body?: unknown) => {
    const res = await fetch(base + urlPath, {
      method,
      headers: { cookie: session.cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    if (!res.ok) throw new Error(`${method} ${urlPath} answered ${res.status}: ${await res.text()}`)
    return (await res.json()) as T
  }
  const org = (await call('POST', '/v1/orgs', { name: 'Page Kitchens', timeZone: 'Europe/London' })).organisation!.id
  const v1 = `/v1/orgs/${org}`
  const venue = (await call('POST', `${v1}/venues`, { name: 'Page Venue' })).venue!.id
  const checklist = (await call('POST', `${v1}/checklists`, { name: 'Page checklist' })).checklist!.id
  await call('POST', `${v1}/checklists/${checklist}/items`, { label: 'Fridge temperature', type: 'number', min: 0, max: 5 })
  const temperature = (await call('POST', `${v1}/temperatures`, { name: 'Page fridges' })).temperature!.id
  await call('POST', `${v1}/temperatures/${temperature}/items`, { label: 'Walk-in fridge', kind: 'fridge' })
  const recipe = (
    await call('POST', `${v1}/recipes`, {
      name: 'Page soup',
      portions: 4,
      ingredients: [{ quantity: 500, unit: 'g', name: 'tomatoes' }, { quantity: 1, unit: '', name: 'onion' }],
      steps: ['Chop the onion.', 'Simmer everything for 20 minutes.'],
      venueIds: [venue],
    })
  ).recipe!.id
  const suppliers = (await call('POST', `${v1}/contact-categories`, { name: 'Page suppliers', supplier: true })).category!.id
  const contact = (await call('POST', `${v1}/contacts`, { name: 'Page Greengrocer', email: 'greengrocer@example.com', categoryId: suppliers, venueIds: [venue] })).contact!.id
  const { products } = await call<{ products: Array<{ id: string }> }>('PUT', `${v1}/contacts/${contact}/products`, {
    products: [{ name: 'Tomatoes', unit: 'kg', parLevels: [{ venueId: venue, par: 10 }] }],
  })
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)
  const order = (await call('POST', `${v1}/venues/${venue}/orders`, { supplierId: contact, deliveryDate: tomorrow, lines: [{ productId: products[0]!.id, quantity: 5 }] })).order!.id
  const device = (await call('POST', `${v1}/devices`, { name: 'Page tablet', venueId: venue })).device!.id
  const member = (await call('GET', `${v1}/profile`)).profile!.membershipId!
  const cookie = `${session.cookie}; mise_org_id=${org}; mise_venue_id=${venue}`
  const ids: Record<string, string> = { venue, member, checklist, temperature, recipe, contact, order, device }
  const fill = (page: string) =>
    page.replace(/:(\w+)/g, (_, k: string) => {
      if (!ids[k]) throw new Error(`no id for :${k} in ${page}`)
      return ids[k]
    })
  for (const page of PAGES_SIGNED_IN) pages.push({ ...(await measurePage(base, fill(page), cookie)), page, signedIn: true })
  // The device's session: its sign-in link, used as the tablet's page uses it.
  const link = new URL((await call<{ url: string }>('POST', `${v1}/devices/${device}/login/generate`)).url)
  const login = await fetch(`${base}/v1/auth/device/login${link.search}`)
  if (!login.ok) throw new Error(`GET /v1/auth/device/login answered ${login.status}: ${await login.text()}`)
  await login.arrayBuffer()
  const deviceCookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .filter((pair) => pair.includes('=') && !pair.endsWith('='))
    .join('; ')
  for (const page of PAGES_DEVICE) pages.push({ ...(await measurePage(base, page, deviceCookie)), page, device: true })
  return pages
}

/** `--offline`: section 8 alone, on PGlite (and PostgreSQL with DATABASE_URL), written into the report. */
async function offlineOnly() {
  const started = new Date()
  ensureMiseBuild()
  const databases: DatabaseTarget[] = [{ kind: 'PGlite', env: {} }]
  if (process.env.DATABASE_URL) databases.push(await createPostgresDatabase(process.env.DATABASE_URL))
  const results: Array<{ database: string; result: OfflineSyncResult }> = []
  for (const db of databases) {
    const mise = await startMise(db)
    const { cookie } = await signIn(mise.base)
    const post = async (urlPath: string, body: unknown, method = 'POST') => {
      const res = await fetch(mise.base + urlPath, { method, headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) })
      if (!res.ok) throw new Error(`${method} ${urlPath} answered ${res.status}: ${await res.text()}`)
      return res.json()
    }
    const { organisation } = await post('/v1/orgs', { name: 'Bench Kitchen', timeZone: 'Europe/Madrid' })
    await post(`/v1/orgs/${organisation.id}/billing/plan`, { plan: 'pro' }, 'PUT')
    const { venue } = await post(`/v1/orgs/${organisation.id}/venues`, { name: 'Bench Venue' })
    log(`syncing a queue of offline records on ${db.kind}…`)
    results.push({ database: db.kind, result: await benchOfflineSync(mise.base, cookie, organisation.id, venue.id) })
    await mise.stop()
  }
  writeLateSection(8, offlineSyncSection(results, started))
}

/**
 * Write section `n` (6 to 9, measured on their own) into the existing report: in place of its previous
 * text (up to the next heading, so the sections after it stay), else before the first later section,
 * "Where the time goes" or "Running it".
 */
function writeSection(n: number, section: string) {
  const current = fs.existsSync(REPORT_PATH) ? fs.readFileSync(REPORT_PATH, 'utf8') : '# Benchmarks\n\n## Running it\n'
  const start = current.indexOf(`\n## ${n}. `)
  const next = start >= 0 ? current.indexOf('\n## ', start + 1) : -1
  const later = firstOf(current, [...Array.from({ length: 9 - n }, (_, i) => `\n## ${n + 1 + i}. `), '\n## Where the time goes', '\n## Running it'])
  const at = start >= 0 ? start : later >= 0 ? later : current.length
  const end = start >= 0 ? (next >= 0 ? next : current.length) : at
  fs.writeFileSync(REPORT_PATH, `${current.slice(0, at)}\n${section}${current.slice(end)}`)
}

/** Write section `n` (8 or 9) into the existing report (`writeSection`) and print it. */
function writeLateSection(n: number, section: string) {
  writeSection(n, section)
  process.stdout.write(section)
  log(`section ${n} written to ${path.relative(ROOT, REPORT_PATH)}`)
}

/** `npm run bench -- --js-only`: section 1 alone, printed (the report file is left as it is). */
async function jsOnly() {
  const miseBuild = ensureMiseBuild()
  const mise = await startMise({ kind: 'PGlite', env: {} })
  log('measuring the JavaScript each page loads first…')
  const pages = await measurePagesJs(mise.base)
  await mise.stop()
  process.stdout.write([`Mise build: ${miseBuild}`, '', ...jsTable(pages), ''].join('\n'))
}

// ---------------------------------------------------------------------------------------------
// 2 and 3. Load
// ---------------------------------------------------------------------------------------------

interface AutocannonResult {
  /** `total`: completed; `sent`: written, those still in flight when the run stopped included. */
  requests: { average: number; total: number; sent: number }
  throughput: { total: number }
  errors: number
  timeouts: number
  non2xx: number
  duration: number
}
interface AutocannonInstance {
  on(event: 'response', fn: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void): void
}
type Autocannon = (
  opts: { url: string; connections: number; duration: number; headers?: Record<string, string> },
  cb: (err: Error | null, result: AutocannonResult) => void,
) => AutocannonInstance
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon

interface LoadResult {
  label: string
  database: string
  rps: number
  p50: number
  p95: number
  p99: number
  total: number
  bytesPerResponse: number
  /** Size of the decoded body (the HTML, uncompressed), from one request made before the run. */
  bodyBytes: number
  failures: number
  /** Cores' worth of CPU other processes used during the measured run; undefined off Linux. */
  otherCpu: number | undefined
  /** CPU milliseconds per request of the server under test (PGlite runs inside it), from /proc. */
  serverCpuMs?: number
  /** CPU milliseconds per request of PostgreSQL's processes, from /proc (0 on PGlite). */
  dbCpuMs?: number
}

/**
 * CPU accounting from /proc (Linux), to show when other processes disturbed a run: the machine's
 * busy time, and the part of it spent by the bench, the server under test and PostgreSQL.
 */
interface CpuSnapshot {
  total: number
  busy: number
  ours: number
  server: number
  /** Ticks of each PostgreSQL process counted (all of them, or those serving the bench's database). */
  postgres: Map<number, number>
}

/**
 * When set (section 7 on PostgreSQL): the pids of the backends serving the bench's database, so that
 * other users of a shared PostgreSQL are not counted as Mise's database CPU.
 */
let benchPostgresPids: (() => Promise<Set<number>>) | undefined

/** CPU ticks PostgreSQL processes used between two snapshots (processes that ended in between are left out). */
function postgresTicks(before: CpuSnapshot, after: CpuSnapshot): number {
  let ticks = 0
  for (const [pid, t] of after.postgres) ticks += t - (before.postgres.get(pid) ?? 0)
  return Math.max(0, ticks)
}

/** Clock ticks per second of /proc's times. */
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100

function processTicks(pid: number | string): { comm: string; ticks: number } | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    const close = stat.lastIndexOf(')')
    const fields = stat.slice(close + 2).split(' ')
    // After "pid (comm) ": state is field 3, utime and stime are fields 14 and 15.
    return { comm: stat.slice(stat.indexOf('(') + 1, close), ticks: Number(fields[11]) + Number(fields[12]) }
  } catch {
    return undefined
  }
}

function cpuSnapshot(serverPid: number, postgresPids?: Set<number>): CpuSnapshot | undefined {
  try {
    const cpu = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1, 9).map(Number)
    const [user, nice, system, idle, iowait, irq, softirq, steal] = cpu as [number, number, number, number, number, number, number, number]
    const server = processTicks(serverPid)?.ticks ?? 0
    const postgres = new Map<number, number>()
    let allPostgres = 0
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue
      const p = processTicks(entry)
      if (p && (p.comm === 'postgres' || p.comm.startsWith('postgres:'))) {
        allPostgres += p.ticks
        if (!postgresPids || postgresPids.has(Number(entry))) postgres.set(Number(entry), p.ticks)
      }
    }
    const ours = (processTicks(process.pid)?.ticks ?? 0) + server + allPostgres
    return { total: user + nice + system + idle + iowait + irq + softirq + steal, busy: user + nice + system + irq + softirq + steal, ours, server, postgres }
  } catch {
    return undefined
  }
}

function otherCores(before: CpuSnapshot | undefined, after: CpuSnapshot | undefined): number | undefined {
  if (!before || !after || after.total <= before.total) return undefined
  const other = after.busy - before.busy - (after.ours - before.ours)
  return Math.max(0, (other / (after.total - before.total)) * os.cpus().length)
}

function runAutocannon(url: string, seconds: number, headers: Record<string, string>, onLatency?: (ms: number) => void) {
  return new Promise<AutocannonResult>((resolve, reject) => {
    const instance = autocannon({ url, connections: CONNECTIONS, duration: seconds, headers }, (err, result) =>
      err ? reject(err) : resolve(result),
    )
    if (onLatency) {
      instance.on('response', (_client, status, _bytes, ms) => {
        if (status >= 200 && status < 300) onLatency(ms)
      })
    }
  })
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!
}

/** What `load` measures: a page, its server and how to check the first answer. */
interface LoadSpec {
  label: string
  database: string
  server: Server
  urlPath: string
  headers: Record<string, string>
  check?: (body: string) => string | undefined
}

/** One measured stretch of load on one server (a run is one or more). */
interface LoadSlice {
  seconds: number
  requests: number
  non2xx: number
  errors: number
  timeouts: number
  bytes: number
  latencies: number[]
  /** Requests written, the ones still in flight when the slice stopped included (the server finishes them). */
  sent: number
  /** /proc ticks of the server under test and of PostgreSQL's backends, until they had finished; undefined off Linux. */
  serverTicks?: number
  dbTicks?: number
  otherCpu?: number
}

/**
 * One request first: it must answer 200 (not a redirect) and pass `check` (given the decoded body,
 * returns what is wrong, if anything); then the warm-up. Answers the decoded body's size.
 */
async function prepareLoad(spec: LoadSpec): Promise<number> {
  const first = await fetch(spec.server.base + spec.urlPath, { headers: spec.headers, redirect: 'manual' })
  const body = Buffer.from(await first.arrayBuffer())
  if (first.status !== 200) throw new Error(`${spec.label}: GET ${spec.urlPath} answered ${first.status}, expected 200`)
  const wrong = spec.check?.(body.toString('utf8'))
  if (wrong) throw new Error(`${spec.label}: GET ${spec.urlPath}: ${wrong}`)
  await runAutocannon(spec.server.base + spec.urlPath, WARMUP_SECONDS, spec.headers)
  return body.length
}

async function measureSlice(spec: LoadSpec, seconds: number): Promise<LoadSlice> {
  const latencies: number[] = []
  // The database's backends: those serving the bench's database now (its pool is warm after the warm-up).
  const postgresPids = await benchPostgresPids?.()
  const before = cpuSnapshot(spec.server.pid, postgresPids)
  const r = await runAutocannon(spec.server.base + spec.urlPath, seconds, spec.headers, (ms) => latencies.push(ms))
  // The requests still in flight when the run stopped are finished by the server: wait for it, so that
  // their CPU is counted here with them (and not in the next slice, perhaps another server's).
  await settled(spec.server.pid, postgresPids)
  const after = cpuSnapshot(spec.server.pid, postgresPids)
  return {
    seconds: r.duration,
    requests: r.requests.total,
    sent: Math.max(r.requests.sent ?? r.requests.total, r.requests.total),
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    bytes: r.throughput.total,
    latencies,
    otherCpu: otherCores(before, after),
    ...(before && after ? { serverTicks: after.server - before.server, dbTicks: postgresTicks(before, after) } : {}),
  }
}

/** Wait (up to 5 s) until the server and its database backends have used no CPU for 200 ms. */
async function settled(serverPid: number, postgresPids?: Set<number>): Promise<void> {
  const busy = () => {
    const snap = cpuSnapshot(serverPid, postgresPids)
    return snap ? snap.server + [...snap.postgres.values()].reduce((n, t) => n + t, 0) : undefined
  }
  let last = busy()
  if (last === undefined) return
  const until = performance.now() + 5000
  while (performance.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 200))
    const now = busy()
    if (now === last) return
    last = now
  }
}

/** A run's figures from its slices (one, or the alternating slices of `loadAlternating`). */
function loadResult(spec: LoadSpec, bodyBytes: number, slices: LoadSlice[]): LoadResult {
  const sum = (f: (s: LoadSlice) => number) => slices.reduce((n, s) => n + f(s), 0)
  const seconds = sum((s) => s.seconds)
  const total = sum((s) => s.requests)
  const ok = total - sum((s) => s.non2xx)
  const latencies = slices.flatMap((s) => s.latencies).sort((a, b) => a - b)
  const measuredCpu = slices.every((s) => s.serverTicks !== undefined)
  const otherCpu = slices.every((s) => s.otherCpu !== undefined) && seconds ? sum((s) => s.otherCpu! * s.seconds) / seconds : undefined
  if (otherCpu !== undefined && otherCpu > 0.1) {
    log(`warning: other processes used ${otherCpu.toFixed(2)} cores during this run; its numbers are disturbed`)
  }
  return {
    label: spec.label,
    database: spec.database,
    // Not autocannon's requests.average: that averages per-second samples, and a run sometimes
    // ends with an extra, partial sample that drags it ~10% down. Completed ÷ elapsed has no such bias.
    rps: total / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    total,
    bytesPerResponse: ok ? sum((s) => s.bytes) / ok : 0,
    bodyBytes,
    failures: sum((s) => s.non2xx + s.errors + s.timeouts),
    otherCpu,
    ...(measuredCpu && total
      ? {
          serverCpuMs: (sum((s) => s.serverTicks!) * 1000) / CLOCK_TICKS / sum((s) => s.sent),
          dbCpuMs: (sum((s) => s.dbTicks!) * 1000) / CLOCK_TICKS / sum((s) => s.sent),
        }
      : {}),
  }
}

async function load(
  label: string,
  database: string,
  server: Server,
  urlPath: string,
  headers: Record<string, string>,
  check?: (body: string) => string | undefined,
): Promise<LoadResult> {
  log(`${label} [${database}]: ${WARMUP_SECONDS} s warm-up, ${DURATION_SECONDS} s measured…`)
  const spec = { label, database, server, urlPath, headers, check }
  const bodyBytes = await prepareLoad(spec)
  return loadResult(spec, bodyBytes, [await measureSlice(spec, DURATION_SECONDS)])
}

/** Slices of `loadAlternating`: each server gets DURATION_SECONDS in all, in slices of about 2 s. */
const ALTERNATING_SLICES = Math.max(2, Math.round(DURATION_SECONDS / 2))

/**
 * Two servers measured in turn, slice by slice (A, B, A, B, …), so that both see the same machine: on a
 * shared host the speed drifts over minutes, and a ratio of two runs made minutes apart measured the
 * drift as much as the servers. Each gets its warm-up first, then DURATION_SECONDS in ALTERNATING_SLICES
 * slices; latencies, requests and CPU are summed over its slices.
 */
async function loadAlternating(a: LoadSpec, b: LoadSpec): Promise<[LoadResult, LoadResult]> {
  log(`${a.label} [${a.database}] and ${b.label} [${b.database}] in turn: ${WARMUP_SECONDS} s warm-up each, ${DURATION_SECONDS} s measured each in ${ALTERNATING_SLICES} slices…`)
  const [aBytes, bBytes] = [await prepareLoad(a), await prepareLoad(b)]
  const [aSlices, bSlices]: LoadSlice[][] = [[], []]
  for (let i = 0; i < ALTERNATING_SLICES; i++) {
    aSlices.push(await measureSlice(a, DURATION_SECONDS / ALTERNATING_SLICES))
    bSlices.push(await measureSlice(b, DURATION_SECONDS / ALTERNATING_SLICES))
  }
  return [loadResult(a, aBytes, aSlices), loadResult(b, bBytes, bSlices)]
}

/** The day page shows every temperature log, each a link to its page for the day. */
function checkTemperatureDayPage(html: string): string | undefined {
  const links = new Set(html.match(/href="\/temperatures\/[0-9a-f-]{36}\?date=[0-9-]{10}"/g) ?? [])
  return links.size === TEMPERATURE_LOGS ? undefined : `${links.size} log links, expected ${TEMPERATURE_LOGS}`
}
/** The venue home draws the 30-day compliance chart and lists every checklist and log due today. */
function checkDashboardPage(html: string): string | undefined {
  if (!html.includes('Compliance, last 30 days')) return 'no 30-day compliance chart'
  const links = new Set(html.match(/href="\/(checklists|temperatures)\/[0-9a-f-]{36}\?date=[0-9-]{10}"/g) ?? [])
  return links.size >= CHECKLISTS + TEMPERATURE_LOGS ? undefined : `${links.size} checklist and log links, expected ${CHECKLISTS + TEMPERATURE_LOGS}`
}
/** The API's answer covers 30 days. */
function checkDashboardJson(body: string): string | undefined {
  const days = (JSON.parse(body) as { compliance?: { days?: unknown[] } }).compliance?.days?.length
  return days === 30 ? undefined : `${days} days of compliance, expected 30`
}

/**
 * The log page at the last check with readings (`TEMPERATURE_LOG_PAGE`): every unit, each with that
 * check's cell (its reading and a re-check form) and its chart (ADR 067: one check at a time).
 */
function checkTemperatureLogPage(html: string): string | undefined {
  const units = new Set(html.match(/id="unit-[0-9a-f-]{36}"/g) ?? [])
  const cells = new Set(html.match(new RegExp(`id="cell-[0-9a-f-]{36}-${CHECKS_PER_DAY / 2 - 1}"`, 'g')) ?? [])
  const rechecks = html.match(/>Save re-check</g)?.length ?? 0
  if (units.size !== UNITS_PER_LOG) return `${units.size} units, expected ${UNITS_PER_LOG}`
  if (cells.size !== UNITS_PER_LOG) return `${cells.size} cells of check ${CHECKS_PER_DAY / 2}, expected ${UNITS_PER_LOG}`
  return rechecks === UNITS_PER_LOG ? undefined : `${rechecks} re-check forms, expected ${UNITS_PER_LOG}`
}

/** The log page the bench measures: the first log today, at its last check with readings (the heavier view). */
const TEMPERATURE_LOG_PAGE = (temperatureId: string) => `/temperatures/${temperatureId}?check=${CHECKS_PER_DAY / 2}`

/** The day page shows every checklist, each a link to its page for the day. */
function checkDayPage(html: string): string | undefined {
  const links = new Set(html.match(/href="\/checklists\/[0-9a-f-]{36}\?date=[0-9-]{10}"/g) ?? [])
  return links.size === CHECKLISTS ? undefined : `${links.size} checklist links, expected ${CHECKLISTS}`
}

/** The checklist's page shows every item. */
function checkDetailPage(html: string): string | undefined {
  const items = new Set(html.match(/id="item-[0-9a-f-]{36}"/g) ?? [])
  return items.size === ITEMS_PER_CHECKLIST ? undefined : `${items.size} items, expected ${ITEMS_PER_CHECKLIST}`
}

// ---------------------------------------------------------------------------------------------
// Mise server and databases
// ---------------------------------------------------------------------------------------------

interface DatabaseTarget {
  kind: 'PGlite' | 'PostgreSQL'
  env: Record<string, string>
  version?: string
}

/** Start Mise on `target`; with PGlite, in `dataDir` when given (a restart), else in a new temporary one. */
async function startMise(target: DatabaseTarget, dataDir?: string, nodeArgs: string[] = [], checkout = ROOT): Promise<Server & { dataDir: string }> {
  const port = await freePort()
  if (!dataDir) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mise-bench-'))
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }))
    dataDir = dir
  }
  const env = childEnv({
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    SEED_DEMO: 'false',
    // The alert scan's timer would run beside the measured requests.
    ALERTS: 'false',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    ...target.env,
    ...(target.env.DATABASE_URL ? { APP_URL: `http://localhost:${port}` } : {}),
  })
  log(`starting the Mise server on ${target.kind}${checkout === ROOT ? '' : ` from ${checkout}`}…`)
  const server = await startChild(`Mise (${target.kind})`, [...nodeArgs, path.join(checkout, 'build/server/index.js')], env, port, '/v1/health', checkout)
  return { ...server, dataDir }
}

/** Run `node scripts/bench.ts <args>` to completion; returns the JSON of its last stdout line. */
async function runChildJson<T>(name: string, args: string[]): Promise<T> {
  const child = spawn(process.execPath, [SELF, ...args], { cwd: ROOT, env: childEnv({}), stdio: ['ignore', 'pipe', 'pipe'] })
  children.add(child)
  let stdout = ''
  let stderr = ''
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-20_000)))
  const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)))
  children.delete(child)
  if (code !== 0) throw new Error(`${name} failed (${code}):\n${stderr}`)
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as T
}

/**
 * A year of records for every venue of `data` (see scripts/bench/checklists.ts). PostgreSQL: inserted
 * while the server runs. PGlite: the server is stopped (its data directory is locked while it runs),
 * a child process inserts, and the server is started again on the same directory.
 */
async function addYearOfRecords(
  target: DatabaseTarget,
  mise: Server & { dataDir: string },
  data: ChecklistData,
): Promise<{ mise: Server & { dataDir: string }; plan: YearPlan; result: YearResult }> {
  const plan: YearPlan = {
    orgId: data.orgId,
    venueIds: data.venueIds,
    today: data.today,
    days: RECORD_DAYS,
    temperatures: true,
    itemsPerChecklist: target.kind === 'PGlite' ? PGLITE_YEAR_ITEMS : ITEMS_PER_CHECKLIST,
  }
  const rows = plan.venueIds.length * plan.days * (CHECKLISTS * plan.itemsPerChecklist + TEMPERATURE_LOGS * UNITS_PER_LOG * CHECKS_PER_DAY)
  log(`adding a year of records on ${target.kind} (${rows.toLocaleString('en')} rows)…`)
  if (target.kind === 'PostgreSQL') {
    const result = await addYearOfRecordsPostgres(target.env.DATABASE_URL!, plan)
    log(`  done in ${result.seconds.toFixed(1)} s`)
    return { mise, plan, result }
  }
  await mise.stop()
  if (fs.existsSync(path.join(mise.dataDir, 'mise.lock'))) throw new Error('the PGlite server left its data directory locked')
  const result = await runChildJson<YearResult>('PGlite bulk insert', ['fill-pglite', mise.dataDir, JSON.stringify(plan)])
  log(`  done in ${result.seconds.toFixed(1)} s`)
  return { mise: await startMise(target, mise.dataDir), plan, result }
}

/** Register a fresh user; returns the Cookie header to send and the /v1/auth/me body. */
async function signIn(base: string): Promise<{ cookie: string; me: unknown }> {
  const email = `bench.${Date.now().toString(36)}.${randomBytes(3).toString('hex')}@example.com`
  const res = await fetch(`${base}/v1/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench User', email, password: 'bench-password-1234' }),
  })
  if (res.status !== 201) throw new Error(`POST /v1/auth/register answered ${res.status}: ${await res.text()}`)
  await res.arrayBuffer()
  const jar = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .filter((pair) => pair.includes('=') && !pair.endsWith('='))
  if (!jar.some((pair) => pair.startsWith('mise_session='))) throw new Error('register did not set mise_session')
  const cookie = jar.join('; ')
  const meRes = await fetch(`${base}/v1/auth/me`, { headers: { cookie } })
  if (meRes.status !== 200) throw new Error(`GET /v1/auth/me with the new session answered ${meRes.status}`)
  return { cookie, me: await meRes.json() }
}

/** Run one statement on the PostgreSQL database at `url`, on a connection of its own; answers its rows. */
async function sqlOn(url: string, text: string, values: unknown[] = []): Promise<unknown[]> {
  const { default: pg } = await import('pg')
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query(text, values)).rows
  } finally {
    await client.end()
  }
}

/** `url` with another database's name. */
const withDatabase = (url: string | URL, name: string) => Object.assign(new URL(url), { pathname: `/${name}` }).toString()

/** Create a database through `adminUrl`, dropped at the end of the run; answers its URL. */
async function createBenchDatabase(adminUrl: string, name: string, template?: string): Promise<string> {
  await sqlOn(adminUrl, `create database ${name}${template ? ` template ${template}` : ''}`)
  cleanups.push(async () => {
    await sqlOn(adminUrl, `drop database if exists ${name} with (force)`)
  })
  return withDatabase(adminUrl, name)
}

async function createPostgresDatabase(baseUrl: string): Promise<DatabaseTarget> {
  const [{ server_version: version }] = (await sqlOn(baseUrl, 'show server_version')) as [{ server_version: string }]
  const url = await createBenchDatabase(baseUrl, `mise_bench_${randomBytes(6).toString('hex')}`)
  return { kind: 'PostgreSQL', env: { DATABASE_URL: url }, version }
}

/**
 * A copy of `target`'s database as it is now, for a second server: PGlite's data directory copied, or a
 * PostgreSQL database made from it as a template. Mise is stopped for the copy (PGlite locks its
 * directory; a template database must have no sessions) and started again on the original.
 */
async function copyDatabase(
  target: DatabaseTarget,
  mise: Server & { dataDir: string },
): Promise<{ mise: Server & { dataDir: string }; target: DatabaseTarget; dataDir?: string }> {
  log(`copying the ${target.kind} database…`)
  await mise.stop()
  if (target.kind === 'PGlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mise-bench-copy-'))
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }))
    fs.cpSync(mise.dataDir, dir, { recursive: true })
    return { mise: await startMise(target, mise.dataDir), target, dataDir: dir }
  }
  const source = target.env.DATABASE_URL!
  const name = new URL(source).pathname.slice(1)
  // Statistics first, as autovacuum would soon have them: the copy takes them along, but autovacuum
  // never analyses it (a new database's change counters start at zero), and the dashboard planned
  // without them cost 4× as much CPU a request.
  await sqlOn(source, 'analyze')
  const url = await createBenchDatabase(withDatabase(source, 'postgres'), `${name}_copy`, name)
  return { mise: await startMise(target, mise.dataDir), target: { ...target, env: { ...target.env, DATABASE_URL: url } } }
}

// ---------------------------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------------------------

const kib = (n: number) => (n / 1024).toFixed(1)
const fmtLoad = (l: number[]) => l.map((x) => x.toFixed(2)).join(' / ')
const pct = (x: number) => `${x < 0.1 ? (x * 100).toFixed(1) : Math.round(x * 100)}%`
const ms = (n: number) => n.toFixed(2)

function report(data: {
  started: Date
  elapsed: number
  loadBefore: number[]
  loadAfter: number[]
  miseBuild: string
  databases: DatabaseTarget[]
  pages: PageJs[]
  barePage: PageJs
  pageLoads: LoadResult[]
  apiLoads: LoadResult[]
  dayLoads: LoadResult[]
  yearLoads: LoadResult[]
  seeds: Array<{ database: string; data: ChecklistData }>
  years: Array<{ database: string; plan: YearPlan; result: YearResult }>
  temperatureSection: string
  offlineSection: string
  dashboardSection: string
}): string {
  const cpus = os.cpus()
  const lines: string[] = []
  const push = (...l: string[]) => lines.push(...l)
  const dbNote = data.databases
    .map((d) => (d.kind === 'PGlite' ? 'PGlite (embedded, fresh data directory)' : `PostgreSQL ${d.version} (fresh database, local)`))
    .join(' and ')

  push(
    '# Benchmarks',
    '',
    `Generated by \`npm run bench\` (scripts/bench.ts) on ${data.started.toISOString().replace('T', ' ').slice(0, 16)} UTC, in ${Math.round(data.elapsed)} s.`,
    'Numbers are from one run on the machine below; compare rows of the same run, not across machines.',
    '',
    '| Machine | |',
    '|---|---|',
    `| CPU | ${cpus[0]?.model.trim() ?? 'unknown'} |`,
    `| Cores | ${cpus.length} |`,
    `| Memory | ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB |`,
    `| OS | ${os.type()} ${os.release()} (${os.arch()}) |`,
    `| Node.js | ${process.version} |`,
    `| Load average (1 / 5 / 15 min) | ${fmtLoad(data.loadBefore)} at the start, ${fmtLoad(data.loadAfter)} at the end (the bench itself adds up to ${cpus.length}; more means other processes shared the CPU) |`,
    `| Databases | ${dbNote} |`,
    `| Mise build | \`build/\` from \`react-router build\`, ${data.miseBuild} |`,
    '',
  )

  push(
    '## 1. JavaScript each page loads first',
    '',
    'For each page, the server-rendered HTML from the production server is read for `<script type="module">`',
    'sources, `<link rel="modulepreload">` hrefs and the modules imported by the inline module script',
    '(plus any static `import` inside those files not already listed). Each file is fetched from the',
    'server and compressed on its own with gzip level 9 (`zlib.gzipSync`) and Brotli quality 11',
    '(`zlib.brotliCompressSync`); the table sums them. **Raw** is the uncompressed size, in KiB (1,024 bytes).',
    'Not counted: CSS, images, fonts, and chunks loaded later with `import()` (other routes, route discovery).',
    'Pages marked "signed in" were fetched with the session cookie of a freshly registered user who made',
    'an organisation (free plan) and a venue, chosen with the selection cookies, and one of each thing a',
    'page shows (a checklist and a temperature log with an item each, a recipe, a supplier with a product',
    'and an order, a shared device); pages marked "device" with the session of that device.',
    'JavaScript does not depend on the database, so this section is measured once (on PGlite).',
    '`npm run bench -- --js-only` prints this table alone.',
    '',
    ...jsTable(data.pages, data.barePage),
    '',
  )
  push('<details><summary>Files per page (gzip bytes)</summary>', '')
  for (const p of [...data.pages, { ...data.barePage, page: 'bare /' }]) {
    push(`- \`${p.page}\`: ${p.files.map((f) => `${path.basename(f.url)} ${f.gzip}`).join(', ')}`)
  }
  push('', '</details>', '')

  const method = [
    `Load is generated with autocannon ${autocannonVersion()} (programmatic API) in the bench process:`,
    `${CONNECTIONS} connections, keep-alive, no pipelining, a ${WARMUP_SECONDS} s warm-up (discarded) and then ${DURATION_SECONDS} s measured.`,
    'Each server under test runs alone, in its own Node.js child process with `NODE_ENV=production`;',
    `load generator and server share the machine's ${cpus.length} cores.`,
    '**Req/s**: requests completed in the measured run ÷ its duration (autocannon\'s `requests.total` ÷ `duration`).',
    '**p50 / p95 / p99**: percentiles, in milliseconds, of the response times of every 2xx response in the',
    'measured run (as autocannon times them: request written → response fully received).',
    '**Bytes/resp**: bytes on the wire per response (headers and body). **Errors**: non-2xx responses,',
    'connection errors and timeouts (should be 0). **Other CPU**: cores\' worth of CPU used during the measured',
    'run by processes other than the bench, the server under test and PostgreSQL (from /proc; n/a off Linux):',
    'near 0 means the run had the machine to itself; above about 0.1 its numbers are disturbed.',
  ]
  const loadTable = (rows: LoadResult[], withBody = false) => push(...loadTableLines(rows, withBody))
  const what = (r: LoadResult) => /`GET ([^`]+)`/.exec(r.label)?.[1] ?? r.label
  const ratios = (rows: LoadResult[]) => {
    const bare = rows.find((r) => r.database === '—')
    if (!bare) return
    for (const r of rows.filter((x) => x !== bare)) {
      push(
        `- On ${r.database}, Mise serves ${what(r)} at **${pct(r.rps / bare.rps)}** of the bare baseline's req/s, with a p95 ${(r.p95 / bare.p95).toFixed(1)}× as long.`,
      )
    }
    push('')
  }

  push(
    '## 2. Server-rendered page: `GET /login`',
    '',
    '**Mise**: `GET /login`, signed out, from the production server (`build/server/index.js`: Hono,',
    'compression, static files and React Router SSR; the root loader calls `/v1/auth/me` in-process),',
    'one row per database. **Bare**: `GET /` of `bench/bare`, a one-route React Router app with a small',
    'log-in form (no data, i18n or styling), built with the same `react-router build` and served by the',
    'same Hono setup as server/main.ts (its cheap compression, serveStatic, `createRequestHandler`). Requests send',
    '`Accept-Encoding: gzip`, as browsers do, so both servers compress the HTML.',
    '',
    ...method,
    '',
  )
  loadTable(data.pageLoads)
  ratios(data.pageLoads)

  push(
    '## 3. Authenticated API call: `GET /v1/auth/me`',
    '',
    '**Mise**: `GET /v1/auth/me` with the `mise_session` cookie of a user registered just before',
    '(the session is looked up in the database on every request), one row per database.',
    '**Bare**: a Hono app with one handler returning the same JSON body as a constant, served with',
    '@hono/node-server; the same cookie is sent. Load settings as in section 2 (no compression: the',
    'body is under the 1 KiB compression threshold).',
    '',
  )
  loadTable(data.apiLoads)
  ratios(data.apiLoads)

  const seedNote = data.seeds
    .map((s) => `${s.data.requests.toLocaleString('en')} requests in ${s.data.seconds.toFixed(1)} s on ${s.database}`)
    .join(', ')
  const recordsToday = data.seeds[0]?.data.recordsToday ?? 0
  push(
    `## 4. The day's checklists: \`GET /checklists\` and \`GET /checklists/:id\``,
    '',
    `**Data**, made through the API as the app would make it (${seedNote}): a user registers`,
    '(`POST /v1/auth/register`), creates an organisation in Europe/London (`POST /v1/orgs`) and',
    `${VENUES} venues (\`POST /v1/orgs/:id/venues\`), ${CHECKLISTS} checklists (\`POST /v1/orgs/:id/checklists\`: every venue,`,
    `every day, no due time) of ${ITEMS_PER_CHECKLIST} items each (\`POST …/checklists/:id/items\`: check, yes/no, number with`,
    'limits 0–5 and text, in turn), and completes every other item of every checklist today at the first',
    `venue (\`POST /v1/orgs/:id/checklist-entries/:id/items/:itemId/complete\`): ${recordsToday} records, all done, so`,
    `each checklist stands at ${ITEMS_PER_CHECKLIST / 2} of ${ITEMS_PER_CHECKLIST}. There are no other records: this is a first day.`,
    '',
    '**Mise**: signed in as that user (the owner), with the organisation and the first venue chosen',
    '(cookies `mise_session`, `mise_org_id`, `mise_venue_id`, as the pickers leave them), so the venue',
    'layout renders the page. `GET /checklists` is the day list (today): the root loader\'s `/v1/auth/me`',
    `and the day list's \`GET /v1/orgs/:id/venues/:id/checklist-entries\` (two statements with the`,
    `session lookup whatever the number of checklists, ADR 075), in-process, then ${CHECKLISTS} cards with progress. \`GET /checklists/:id\` is the first checklist's`,
    `page for today: its ${ITEMS_PER_CHECKLIST} items with their records and the form for each type (the entry and the`,
    'template, two in-process API calls). Before each run one request checks that the page answers 200',
    `with all ${CHECKLISTS} checklists (or ${ITEMS_PER_CHECKLIST} items). **Bare**: the bare React Router page of section 2, the same`,
    'measurement repeated here for comparison. Requests send `Accept-Encoding: gzip`; load settings as in',
    'section 2. **HTML bytes**: size of the decoded (uncompressed) page, from that first request;',
    '**Bytes/resp** is what went over the wire, gzip-compressed.',
    '',
  )
  loadTable(data.dayLoads, true)
  ratios(data.dayLoads)

  const plans = data.years
    .map(({ database, plan, result }) => {
      const formula = `${plan.venueIds.length} venues × ${plan.days} days × ${CHECKLISTS} checklists × ${plan.itemsPerChecklist} items`
      return `| ${database} | ${formula} | ${result.inserted.toLocaleString('en')} | ${result.total.toLocaleString('en')} | ${(result.bytes / 1024 ** 2).toFixed(0)} MiB | ${result.seconds.toFixed(1)} s | ${result.maintenance ? `\`${result.maintenance}\`` : 'none'} |`
    })
  const reduced = data.years.filter((y) => y.plan.itemsPerChecklist < ITEMS_PER_CHECKLIST)
  push(
    `## 5. The same pages with a year of records for ${VENUES} venues`,
    '',
    `**Data**: section 4's database plus, for each of the ${VENUES} venues and each of the ${RECORD_DAYS} days before today, one`,
    'current `done` record per item of every checklist, as a completion through the API would store it',
    '(snapshot of the checklist name and the item\'s label, type and limits, recorded by the owner). That',
    'many records through the API would take hours, so they are inserted with SQL: one',
    '`insert into records … select … from generate_series(…)` per venue (scripts/bench/checklists.ts).',
    'On PostgreSQL they go in while the server runs, two statements at a time, followed by',
    '`vacuum analyze records, record_day_counts`, as autovacuum would soon do. On PGlite the server is stopped (its data',
    'directory is locked while it runs), a child process opens the same directory with PGlite and runs',
    'the statements, and the server is started again. To fit the bench\'s time, the PGlite child does it',
    `in one transaction that drops the table's ${data.years.find((y) => y.result.rebuiltIndexes)?.result.rebuiltIndexes ?? 'secondary'} secondary indexes first and builds them again`,
    'afterwards from their own definitions (about half the time of updating them row by row; indexes',
    'built in one go are somewhat more compact than indexes grown over a year). The bench runs no ANALYZE',
    'on PGlite: Mise analyses its tables when it starts and whenever one has grown past its statistics',
    '(ADR 064), as it would have while the year grew.',
    ...(reduced.length
      ? [
          `On ${reduced.map((y) => y.database).join(' and ')} only the first ${reduced[0]!.plan.itemsPerChecklist} items of each checklist get a year of records`,
          '(the full volume took too long to insert within the few minutes the bench should take on PGlite).',
        ]
      : []),
    'The measured venue and day are those of section 4, so the pages show exactly the same thing; only',
    'the `records` table is bigger. **Size**: `pg_total_relation_size(\'records\')`, the table with its',
    'indexes. **Time**: inserting (and, on PGlite, opening and closing the database), not counting the',
    'server restart.',
    '',
    '| Database | Year of records | Records added | Records in total | Size | Time | Maintenance |',
    '|---|---|--:|--:|--:|--:|---|',
    ...plans,
    '',
  )
  loadTable(data.yearLoads, true)
  ratios(data.yearLoads)
  for (const r of data.yearLoads.filter((x) => x.database !== '—')) {
    const before = data.dayLoads.find((x) => x.database === r.database && x.label === r.label)
    if (!before) continue
    push(
      `- On ${r.database}, with the year of records ${what(r)} serves **${pct(r.rps / before.rps)}** of section 4's req/s, with a p95 ${(r.p95 / before.p95).toFixed(1)}× as long.`,
    )
  }
  push('')
  push(data.temperatureSection)
  push(data.offlineSection)
  push(data.dashboardSection)

  push(
    '## Running it',
    '',
    '```sh',
    'npm run bench                                    # PGlite only',
    'npm run bench -- --temperatures --seconds 5      # sections 4–6 only, section 6 written into this file',
    'npm run bench -- --offline                       # section 8 only, written into this file',
    'DATABASE_URL=… npm run bench -- --dashboard       # section 9 only, written into this file (--year-days N for a shorter history)',
    'npm run bench -- --js-only                       # the first-load JavaScript of every page, printed',
    'DATABASE_URL=… npm run bench -- --ceilings --seconds 10   # section 7 only, written into this file (--only checklist,temperature for some pages)',
    "DATABASE_URL=… npm run bench -- --ceilings --only checklist,temperature --versus ../other   # those pages against another checkout's build (`npm run build` there), in turn, printed",
    "npm run bench -- --profile --seconds 10          # the CPU profile of \"Where the time goes\", printed (--page /login or /checklists/:id for another page, --ceiling for the same-HTML ceiling serving it, --keep FILE for the raw profile, --keep-page FILE for the page's HTML; --year with section 5's year, e.g. --page '/?chart=30')",
    'DATABASE_URL=postgres://user@host:5432/db npm run bench   # PGlite and PostgreSQL',
    '```',
    '',
    'It builds Mise when `build/` is missing or older than the sources, always rebuilds `bench/bare`,',
    'creates (and drops) a `mise_bench_*` database when `DATABASE_URL` is set, removes its temporary',
    'PGlite data directories (with section 5\'s records, about a GiB or more) at the end, and takes about',
    `${Math.ceil(data.elapsed / 60)} minute${Math.ceil(data.elapsed / 60) === 1 ? '' : 's'} on this machine.`,
    '',
  )
  return lines.join('\n')
}

const int = (n: number) => Math.round(n).toLocaleString('en')

/** A table of load runs (section 2 onwards), with a blank line after it. */
function loadTableLines(rows: LoadResult[], withBody = false): string[] {
  const lines = [
    `| Server | Database | Req/s | p50 ms | p95 ms | p99 ms | Requests | Bytes/resp |${withBody ? ' HTML bytes |' : ''} Errors | Other CPU |`,
    `|---|---|--:|--:|--:|--:|--:|--:|${withBody ? '--:|' : ''}--:|--:|`,
  ]
  for (const r of rows) {
    lines.push(
      `| ${r.label} | ${r.database} | ${int(r.rps)} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${int(r.total)} | ${int(r.bytesPerResponse)} |${withBody ? ` ${int(r.bodyBytes)} |` : ''} ${r.failures} | ${r.otherCpu === undefined ? 'n/a' : r.otherCpu.toFixed(2)} |`,
    )
  }
  return [...lines, '']
}

/**
 * Section 9: the venue home (its 30-day compliance chart) and the dashboard API, without and with the
 * year of records; issue #14's bound is a p95 within 1.3× of the same call without the year.
 */
function dashboardSection(before: LoadResult[], after: LoadResult[], run?: { started: Date; days: number }): string {
  const lines = [
    '## 9. The venue dashboard: `GET /?chart=30` and `GET /v1/orgs/:org/venues/:venue/dashboard`',
    '',
    ...(run
      ? [
          `Measured ${run.started.toISOString().replace('T', ' ').slice(0, 16)} UTC with \`npm run bench -- --dashboard\` (${DURATION_SECONDS} s measured per row, ${run.days} days of records for each venue).`,
          '',
        ]
      : []),
    "Section 4's organisation: the venue home with the 30-day compliance chart, and the API call behind it",
    '(due work, open failures, deliveries, 30 days of compliance). Each row without the year is measured **in turn**',
    `with its row with the year (ADR 068: ${ALTERNATING_SLICES} slices each, alternating): two servers just started, one on a copy of the`,
    'database made before the year was added (PGlite: its data directory copied; PostgreSQL: `create database … template`).',
    '',
    'Without the year of records:',
    '',
    ...loadTableLines(before, true),
    'With the year of records of section 5:',
    '',
    ...loadTableLines(after, true),
  ]
  for (const r of after) {
    const b = before.find((x) => x.database === r.database && x.label === r.label)
    if (!b) continue
    const ratio = r.p95 / b.p95
    const cpu = (x: LoadResult) => (x.serverCpuMs ?? NaN) + (x.dbCpuMs ?? 0)
    const cpuRatio = cpu(r) / cpu(b)
    const cpuText = Number.isFinite(cpuRatio) ? `; CPU per request ${cpuRatio.toFixed(2)}× (${cpu(b).toFixed(1)} → ${cpu(r).toFixed(1)} ms, server and database together: the steadier figure on a shared machine)` : ''
    lines.push(`- ${r.label} on ${r.database}: p95 ${ratio.toFixed(2)}× without the year (bound 1.3×: ${ratio <= 1.3 ? 'met' : '**not met**'}), ${pct(r.rps / b.rps)} of its req/s${cpuText}.`)
  }
  return `${lines.join('\n')}\n\n`
}

/**
 * Section 6: the temperature pages without and with the year of readings, and each one's req/s and p95
 * against the matching checklist page of section 4 (day list with day list, log page with checklist page)
 * measured in the same run on the same database.
 */
function temperatureSection(data: {
  started: Date
  dayLoads: LoadResult[]
  yearLoads: LoadResult[]
  temperatureDayLoads: LoadResult[]
  temperatureYearLoads: LoadResult[]
  temperatureSeeds: Array<{ database: string; data: TemperatureData }>
  years: Array<{ database: string; plan: YearPlan; result: YearResult }>
}): string {
  const lines: string[] = []
  const push = (...l: string[]) => lines.push(...l)
  const seedNote = data.temperatureSeeds.map((s) => `${s.data.requests.toLocaleString('en')} requests in ${s.data.seconds.toFixed(1)} s on ${s.database}`).join(', ')
  const readings = data.temperatureSeeds[0]?.data.readingsToday ?? 0
  const days = data.years[0]?.plan.days ?? RECORD_DAYS
  const counterpart = (label: string) => label.replace('/temperatures/:id', '/checklists/:id').replace('/temperatures', '/checklists')
  const ratioLines = (rows: LoadResult[], against: LoadResult[], name: string) => {
    for (const r of rows) {
      const c = against.find((x) => x.database === r.database && x.label === counterpart(r.label))
      if (!c) continue
      const page = /`GET ([^`]+)`/.exec(r.label)?.[1] ?? r.label
      const other = /`GET ([^`]+)`/.exec(c.label)?.[1] ?? c.label
      if (!r.total || !c.total) {
        push(`- On ${r.database}, ${!r.total ? page : other} completed no request within the measured run: no ratio (${name}).`)
        continue
      }
      push(`- On ${r.database}, ${page} serves **${pct(r.rps / c.rps)}** of ${other}'s req/s (${name}), with a p95 ${(r.p95 / c.p95).toFixed(1)}× as long.`)
    }
    push('')
  }
  push(
    `## 6. Temperatures: \`GET /temperatures\` and \`GET /temperatures/:id\``,
    '',
    `Measured ${data.started.toISOString().replace('T', ' ').slice(0, 16)} UTC${TEMPERATURES_ONLY ? ` with \`npm run bench -- --temperatures\` (sections 4 to 6 measured again in the same run for the ratios; ${DURATION_SECONDS} s measured per page, ${days} days of records)` : ''}.`,
    '',
    `**Data**, in section 4's organisation and made through the API (${seedNote}): ${TEMPERATURE_LOGS} temperature logs`,
    `(\`POST /v1/orgs/:id/temperatures\`: every venue, every day, ${CHECKS_PER_DAY} checks a day without times) of ${UNITS_PER_LOG} units each`,
    '(`POST …/temperatures/:id/items`: fridge, freezer, hot holding and cooking in turn, with their default ranges),',
    `and today's readings of the first ${CHECKS_PER_DAY / 2} checks of every unit at the first venue (\`POST /v1/orgs/:id/temperature-entries/:entryId/items/:itemId/complete\`):`,
    `${readings} readings, all in range. **Mise**: as in section 4 (owner, organisation and first venue chosen). \`GET /temperatures\``,
    `is the day list (${TEMPERATURE_LOGS} cards with progress by check); \`GET /temperatures/:id\` the first log's page for today at its`,
    `check ${CHECKS_PER_DAY / 2} (\`?check=${CHECKS_PER_DAY / 2}\`, the last with readings; the page shows one check at a time, ADR 067): ${UNITS_PER_LOG} units,`,
    `each with its reading, a re-check form and its 7-day chart, and links to the ${CHECKS_PER_DAY} checks. Before each run one request checks`,
    'that the page answers 200 with every log (or every unit and check). Load settings as in section 2.',
    '',
  )
  const disturbed = Math.max(0, ...[...data.temperatureDayLoads, ...data.temperatureYearLoads].map((r) => r.otherCpu ?? 0))
  if (disturbed > 0.1) {
    push(
      `**Caution**: other processes used up to ${disturbed.toFixed(2)} cores during these runs (see **Other CPU**): the absolute`,
      'numbers are disturbed; the ratios compare pages measured under the same disturbance, one after another.',
      '',
    )
  }
  push(...loadTableLines(data.temperatureDayLoads, true))
  ratioLines(data.temperatureDayLoads, data.dayLoads, "section 4's checklist page, same run")
  push(
    `**With a year of readings**: section 5's database, whose year also holds, for each of the ${data.years[0]?.plan.venueIds.length ?? VENUES} venues and each of the`,
    `${days} days before today, one current in-range reading per unit and check of every log (inserted by the same`,
    'statements runner as section 5: `insert into records … select … from generate_series(…)`, scripts/bench/temperatures.ts).',
    '',
  )
  push(...loadTableLines(data.temperatureYearLoads, true))
  ratioLines(data.temperatureYearLoads, data.dayLoads, "section 4's checklist page without the year")
  ratioLines(data.temperatureYearLoads, data.yearLoads, "the checklist page with the year, section 5")
  return lines.join('\n')
}

/** The table of section 1: one row per page, its files and their sizes. */
function jsTable(pages: PageJs[], bare?: PageJs): string[] {
  const sum = (p: PageJs, k: 'raw' | 'gzip' | 'brotli') => kib(p.files.reduce((s, f) => s + f[k], 0))
  const row = (label: string, p: PageJs) => `| ${label} | ${p.files.length} | ${sum(p, 'raw')} | ${sum(p, 'gzip')} | ${sum(p, 'brotli')} |`
  const lines = ['| Page | Files | Raw KiB | Gzip KiB | Brotli KiB |', '|---|--:|--:|--:|--:|']
  for (const p of pages) lines.push(row(`\`${p.page}\`${p.signedIn ? ' (signed in)' : p.device ? ' (device)' : ''}`, p))
  if (bare) lines.push(row('*Reference: bare React Router page (`bench/bare`, `/`)*', bare))
  return lines
}

function autocannonVersion(): string {
  const pkg = path.join(ROOT, 'node_modules/autocannon/package.json')
  return (JSON.parse(fs.readFileSync(pkg, 'utf8')) as { version: string }).version
}

// ---------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------

async function main() {
  const started = new Date()
  const t0 = performance.now()
  const loadBefore = os.loadavg()
  if (loadBefore[0]! > os.cpus().length / 2) {
    log(`warning: load average ${fmtLoad(loadBefore)} on ${os.cpus().length} cores; other processes will skew the numbers`)
  }
  const miseBuild = ensureMiseBuild()
  buildBare()

  const databases: DatabaseTarget[] = [{ kind: 'PGlite', env: {} }]
  if (process.env.DATABASE_URL) databases.push(await createPostgresDatabase(process.env.DATABASE_URL))

  const pages: PageJs[] = []
  const pageLoads: LoadResult[] = []
  const apiLoads: LoadResult[] = []
  const dayLoads: LoadResult[] = []
  const yearLoads: LoadResult[] = []
  const seeds: Array<{ database: string; data: ChecklistData }> = []
  const years: Array<{ database: string; plan: YearPlan; result: YearResult }> = []
  const temperatureDayLoads: LoadResult[] = []
  const temperatureYearLoads: LoadResult[] = []
  const temperatureSeeds: Array<{ database: string; data: TemperatureData }> = []
  const offline: Array<{ database: string; result: OfflineSyncResult }> = []
  const dashboardDayLoads: LoadResult[] = []
  const dashboardYearLoads: LoadResult[] = []
  let meBody: unknown
  let cookie = ''

  for (const db of databases) {
    let mise = await startMise(db)
    const session = await signIn(mise.base)
    cookie = session.cookie
    meBody ??= session.me
    if (!pages.length && !TEMPERATURES_ONLY && !DASHBOARD_ONLY) {
      log('measuring the JavaScript each page loads first…')
      pages.push(...(await measurePagesJs(mise.base)))
    }
    if (!TEMPERATURES_ONLY && !DASHBOARD_ONLY) {
      pageLoads.push(await load('Mise `GET /login`', db.kind, mise, '/login', { 'accept-encoding': 'gzip' }))
      apiLoads.push(await load('Mise `GET /v1/auth/me`', db.kind, mise, '/v1/auth/me', { cookie: session.cookie }))
    }

    log(`creating ${CHECKLISTS} checklists × ${ITEMS_PER_CHECKLIST} items and today's records through the API…`)
    const data = await seedChecklists(mise.base, session.cookie)
    log(`  ${data.requests} requests in ${data.seconds.toFixed(1)} s`)
    seeds.push({ database: db.kind, data })
    // The organisation and venue chosen, as the org and venue pickers leave them.
    const pageHeaders = {
      cookie: `${session.cookie}; mise_org_id=${data.orgId}; mise_venue_id=${data.venueId}`,
      'accept-encoding': 'gzip',
    }
    const detailPath = `/checklists/${data.checklistIds[0]}`
    const measurePages = async (into: LoadResult[]) => {
      if (!DAY_PAGES) return
      into.push(await load('Mise `GET /checklists`', db.kind, mise, '/checklists', pageHeaders, checkDayPage))
      into.push(await load('Mise `GET /checklists/:id`', db.kind, mise, detailPath, pageHeaders, checkDetailPage))
    }
    await measurePages(dayLoads)

    log(`creating ${TEMPERATURE_LOGS} temperature logs × ${UNITS_PER_LOG} units × ${CHECKS_PER_DAY} checks and today's readings through the API…`)
    const temperatures = await seedTemperatures(mise.base, session.cookie, data.orgId, data.venueId)
    log(`  ${temperatures.requests} requests in ${temperatures.seconds.toFixed(1)} s`)
    temperatureSeeds.push({ database: db.kind, data: temperatures })
    const measureTemperaturePages = async (into: LoadResult[]) => {
      if (!DAY_PAGES) return
      into.push(await load('Mise `GET /temperatures`', db.kind, mise, '/temperatures', pageHeaders, checkTemperatureDayPage))
      into.push(await load('Mise `GET /temperatures/:id`', db.kind, mise, TEMPERATURE_LOG_PAGE(temperatures.temperatureIds[0]!), pageHeaders, checkTemperatureLogPage))
    }
    await measureTemperaturePages(temperatureDayLoads)
    const dashboardSpecs = (server: Server, database: string): [LoadSpec, LoadSpec] => [
      { label: 'Mise `GET /?chart=30`', database, server, urlPath: '/?chart=30', headers: pageHeaders, check: checkDashboardPage },
      {
        label: 'Mise `GET /v1/…/dashboard`',
        database,
        server,
        urlPath: `/v1/orgs/${data.orgId}/venues/${data.venueId}/dashboard`,
        headers: { cookie: session.cookie, 'accept-encoding': 'gzip' },
        check: checkDashboardJson,
      },
    ]

    if (!DASHBOARD_ONLY) log(`syncing a queue of offline records…`)
    // At the second venue: its checklist and 500 records stay off the first venue's pages measured next.
    if (!DASHBOARD_ONLY) offline.push({ database: db.kind, result: await benchOfflineSync(mise.base, session.cookie, data.orgId, data.venueIds[1] ?? data.venueId) })

    // The dashboard without the year is measured on a copy of the database made now, in turn with the
    // dashboard on the database with the year (ADR 068): the bound compares the same minutes.
    const copy = await copyDatabase(db, mise)
    mise = copy.mise
    const year = await addYearOfRecords(db, mise, data)
    mise = year.mise
    years.push({ database: db.kind, plan: year.plan, result: year.result })
    await measurePages(yearLoads)
    await measureTemperaturePages(temperatureYearLoads)
    // Both servers just started (a server warmed by the seeding's thousands of requests answered faster
    // than a fresh one whatever the data, which the ratio would have counted against the year).
    await mise.stop()
    mise = await startMise(db, mise.dataDir)
    const withoutYear = await startMise(copy.target, copy.dataDir)
    const [pageWithout, apiWithout] = dashboardSpecs(withoutYear, db.kind)
    const [pageWith, apiWith] = dashboardSpecs(mise, db.kind)
    for (const [without, withYear] of [
      [pageWithout, pageWith],
      [apiWithout, apiWith],
    ] as const) {
      const [a, b] = await loadAlternating(without, withYear)
      dashboardDayLoads.push(a)
      dashboardYearLoads.push(b)
    }
    await withoutYear.stop()
    await mise.stop()
  }

  if (DASHBOARD_ONLY) {
    writeLateSection(9, dashboardSection(dashboardDayLoads, dashboardYearLoads, { started, days: years[0]?.plan.days ?? RECORD_DAYS }))
    return
  }

  if (TEMPERATURES_ONLY) {
    const section = temperatureSection({ dayLoads, yearLoads, temperatureDayLoads, temperatureYearLoads, temperatureSeeds, years, started })
    writeSection(6, section)
    process.stdout.write(section)
    log(`section 6 written to ${path.relative(ROOT, REPORT_PATH)}`)
    // Section 7 is measured in the same loop: printed, not written (the full run writes it).
    process.stdout.write(dashboardSection(dashboardDayLoads, dashboardYearLoads))
    return
  }

  const bareRrPort = await freePort()
  log('starting the bare React Router server…')
  const bareRr = await startChild(
    'bare React Router server',
    [SELF, 'serve-bare-react-router', String(bareRrPort)],
    childEnv({ NODE_ENV: 'production' }),
    bareRrPort,
    '/',
  )
  const barePage = await measurePage(bareRr.base, '/')
  const bareLoad = await load('Bare React Router `GET /`', '—', bareRr, '/', { 'accept-encoding': 'gzip' })
  pageLoads.push(bareLoad)
  dayLoads.push(bareLoad)
  yearLoads.push(bareLoad)
  await bareRr.stop()

  const bareHonoPort = await freePort()
  log('starting the bare Hono server…')
  const bareHono = await startChild(
    'bare Hono server',
    [SELF, 'serve-bare-hono', String(bareHonoPort), JSON.stringify(meBody)],
    childEnv({ NODE_ENV: 'production' }),
    bareHonoPort,
    '/v1/health',
  )
  apiLoads.push(await load('Bare Hono `GET /v1/auth/me`', '—', bareHono, '/v1/auth/me', { cookie }))
  await bareHono.stop()

  const markdown = report({
    started,
    elapsed: (performance.now() - t0) / 1000,
    loadBefore,
    loadAfter: os.loadavg(),
    miseBuild,
    databases,
    pages,
    barePage,
    pageLoads,
    apiLoads,
    dayLoads,
    yearLoads,
    seeds,
    years,
    temperatureSection: temperatureSection({ dayLoads, yearLoads, temperatureDayLoads, temperatureYearLoads, temperatureSeeds, years, started }),
    offlineSection: offlineSyncSection(offline, started),
    dashboardSection: dashboardSection(dashboardDayLoads, dashboardYearLoads, { started, days: years[0]?.plan.days ?? RECORD_DAYS }),
  })
  fs.mkdirSync(path.dirname(REPORT_PATH), { recursive: true })
  fs.writeFileSync(REPORT_PATH, markdown)
  writeCeilingsSection(ceilingsSection(await measureCeilings(databases)))
  process.stdout.write(fs.readFileSync(REPORT_PATH, 'utf8'))
  log(`report written to ${path.relative(ROOT, REPORT_PATH)}`)
}

// ---------------------------------------------------------------------------------------------
// 7. Honest ceilings
// ---------------------------------------------------------------------------------------------

/** `--ceilings`: section 7 only, written into the existing report. */
const CEILINGS_ONLY = process.argv.includes('--ceilings')
/**
 * `--ceilings --versus DIR` (PostgreSQL only): each page of section 7 against the same page of another
 * build of Mise — a checkout in DIR, built there (`npm run build`) — serving the same database, in turn,
 * instead of against its ceiling: to see what a change saves on a host whose speed drifts. Printed, not
 * written into the report.
 */
const VERSUS = process.argv.indexOf('--versus') >= 0 ? path.resolve(process.argv[process.argv.indexOf('--versus') + 1] ?? '') : undefined

/**
 * The pages measured against their same-HTML ceiling: the sign-in page, the day and detail pages of
 * checklists and temperature logs, and the venue home (the dashboard); targets by kind (issue #18).
 */
const CEILING_PAGES = [
  ['login', '/login'],
  ['checklists', '/checklists'],
  ['checklist', '/checklists/:id'],
  ['temperatures', '/temperatures'],
  ['temperature', '/temperatures/:id'],
  ['home', '/?chart=30'],
] as const
type CeilingPage = (typeof CEILING_PAGES)[number][0]

interface CeilingRow {
  page: string
  database: string
  mise: LoadResult
  ceiling: LoadResult
  /** The issue's target ratio; none for the venue home (issue #18 asks it to be measured, with no target). */
  target?: number
}

interface CeilingsData {
  started: Date
  elapsed: number
  rows: CeilingRow[]
  js: Array<{ page: string; mise: PageJs }>
  bareJs: PageJs
  captured: Record<string, { htmlBytes: number; dataBytes: number }>
}

/**
 * After the data is made: what autovacuum and the checkpointer would soon do after a bulk load, done
 * before measuring (as pgbench vacuums before it runs), so that it does not run during the first rows.
 * CHECKPOINT needs a superuser or pg_checkpoint; without, it is left to the checkpointer.
 */
async function settlePostgres(url: string): Promise<void> {
  await sqlOn(url, 'vacuum analyze')
  await sqlOn(url, 'checkpoint').catch(() => undefined)
}

/** The pids of the PostgreSQL backends connected to the database of `url` (asked through the server's own view). */
function backendsOf(url: string): () => Promise<Set<number>> {
  const database = new URL(url).pathname.slice(1)
  return async () => {
    const rows = (await sqlOn(url, 'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [database])) as { pid: number }[]
    return new Set(rows.map((r) => r.pid))
  }
}

/** Mise's page as the ceiling serves it: its body's markup (up to React Router's scripts) and all its routes' loader data. */
async function capturePage(base: string, urlPath: string, headers: Record<string, string>): Promise<{ body: string; data: unknown }> {
  const res = await fetch(base + urlPath, { headers: { cookie: headers.cookie ?? '' }, redirect: 'manual' })
  const html = await res.text()
  if (res.status !== 200) throw new Error(`capturing ${urlPath}: answered ${res.status}`)
  const open = html.indexOf('>', html.indexOf('<body')) + 1
  const end = html.indexOf('<script', open)
  const body = html.slice(open, end > 0 ? end : html.lastIndexOf('</body>'))
  const url = new URL(urlPath, base)
  const dataRes = await fetch(`${base}${url.pathname}.data${url.search}`, { headers: { cookie: headers.cookie ?? '' } })
  if (dataRes.status !== 200 || !dataRes.body) throw new Error(`capturing ${urlPath}.data: answered ${dataRes.status}`)
  const { UNSAFE_decodeViaTurboStream: decode } = await import('react-router')
  const decoded = await decode(dataRes.body, globalThis as unknown as Window)
  await decoded.done
  return { body, data: decoded.value }
}

/**
 * `--versus DIR`: each page of this build and of DIR's, in turn, on the same PostgreSQL database and data,
 * each served by a fresh process (the one that made the data has a fuller heap).
 */
async function measureVersus(
  db: DatabaseTarget,
  seeder: Server & { dataDir: string },
  pages: { name: string; label: string; path: string; headers: Record<string, string>; check?: (html: string) => string | undefined }[],
  apiHeaders: Record<string, string>,
): Promise<CeilingRow[]> {
  await seeder.stop()
  const mine = await startMise(db, seeder.dataDir)
  const other = await startMise(db, seeder.dataDir, [], VERSUS)
  const rows: CeilingRow[] = []
  for (const page of pages) {
    const [a, b] = await loadAlternating(
      { label: `This build \`GET ${page.label}\``, database: db.kind, server: mine, urlPath: page.path, headers: page.headers, check: page.check },
      { label: `Other build \`GET ${page.label}\``, database: db.kind, server: other, urlPath: page.path, headers: page.headers, check: page.check },
    )
    rows.push({ page: page.label, database: db.kind, mise: a, ceiling: b })
  }
  // And the API call every page makes, where a statement's fixed costs are most of the answer's.
  const [a, b] = await loadAlternating(
    { label: 'This build `GET /v1/auth/me`', database: db.kind, server: mine, urlPath: '/v1/auth/me', headers: apiHeaders },
    { label: 'Other build `GET /v1/auth/me`', database: db.kind, server: other, urlPath: '/v1/auth/me', headers: apiHeaders },
  )
  rows.push({ page: '/v1/auth/me', database: db.kind, mise: a, ceiling: b })
  await Promise.all([mine.stop(), other.stop()])
  return rows
}

/**
 * Section 7 on each database: Mise's pages of CEILING_PAGES and /v1/auth/me, then their
 * ceilings in the same run: the same HTML and loader data from constants in a bare React Router
 * route, and the one-query `/v1/auth/me` in a bare Hono handler on the same database.
 */
async function measureCeilings(databases: DatabaseTarget[]): Promise<CeilingsData> {
  const started = new Date()
  const t0 = performance.now()
  const rows: CeilingRow[] = []
  const captured: Record<string, { body: string; data: unknown }> = {}
  const js: CeilingsData['js'] = []
  const captureFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mise-bench-same-')), 'pages.json')
  cleanups.push(() => fs.rmSync(path.dirname(captureFile), { recursive: true, force: true }))
  let bareRr: Server | undefined
  let bareJs: PageJs | undefined

  for (const db of databases) {
    benchPostgresPids = db.kind === 'PostgreSQL' ? backendsOf(db.env.DATABASE_URL!) : undefined
    const mise = await startMise(db)
    const session = await signIn(mise.base)
    log(`creating ${CHECKLISTS} checklists × ${ITEMS_PER_CHECKLIST} items and today's records through the API…`)
    const data = await seedChecklists(mise.base, session.cookie)
    log(`creating ${TEMPERATURE_LOGS} temperature logs × ${UNITS_PER_LOG} units × ${CHECKS_PER_DAY} checks and today's readings through the API…`)
    const temperatures = await seedTemperatures(mise.base, session.cookie, data.orgId, data.venueId)
    if (db.kind === 'PostgreSQL') await settlePostgres(db.env.DATABASE_URL!)
    const headers = { cookie: `${session.cookie}; mise_org_id=${data.orgId}; mise_venue_id=${data.venueId}`, 'accept-encoding': 'gzip' }
    const paths: Record<CeilingPage, string> = {
      login: '/login',
      checklists: '/checklists',
      checklist: `/checklists/${data.checklistIds[0]}`,
      temperatures: '/temperatures',
      temperature: TEMPERATURE_LOG_PAGE(temperatures.temperatureIds[0]!),
      home: '/?chart=30',
    }
    const checks: Record<CeilingPage, ((html: string) => string | undefined) | undefined> = {
      login: undefined,
      checklists: checkDayPage,
      checklist: checkDetailPage,
      temperatures: checkTemperatureDayPage,
      temperature: checkTemperatureLogPage,
      home: checkDashboardPage,
    }
    // `--only checklist,temperature`: those pages alone (to try a change; the section then lacks the others).
    const only = process.argv.indexOf('--only') >= 0 ? process.argv[process.argv.indexOf('--only') + 1]?.split(',') : undefined
    const pages = CEILING_PAGES.filter(([name]) => !only || only.includes(name)).map(([name, label]) => ({
      name,
      label,
      path: paths[name],
      headers: name === 'login' ? { 'accept-encoding': 'gzip' } : headers,
      check: checks[name],
    }))
    if (VERSUS) {
      rows.push(...(await measureVersus(db, mise, pages, { cookie: session.cookie })))
      continue
    }
    if (!bareRr) {
      // The pages are captured once, from the first database, and the ceiling serves them for every database.
      for (const page of pages) {
        captured[page.name] = await capturePage(mise.base, page.path, page.headers)
        js.push({ page: page.label, mise: await measurePage(mise.base, page.path, page.name === 'login' ? undefined : headers.cookie) })
      }
      fs.writeFileSync(captureFile, JSON.stringify(captured))
      const port = await freePort()
      log('starting the bare React Router server with the captured pages…')
      bareRr = await startChild('bare React Router server (same HTML)', [SELF, 'serve-bare-react-router', String(port)], childEnv({ NODE_ENV: 'production', BENCH_SAME_HTML: captureFile }), port, '/')
      bareJs = await measurePage(bareRr.base, '/')
    }
    // Each page and its ceiling in turn (loadAlternating), so that the ratio compares the same minutes.
    for (const page of pages) {
      const [misePage, ceiling] = await loadAlternating(
        { label: `Mise \`GET ${page.label}\``, database: db.kind, server: mise, urlPath: page.path, headers: page.headers, check: page.check },
        { label: `Same-HTML ceiling \`${page.label}\``, database: '—', server: bareRr, urlPath: `/same/${page.name}`, headers: { 'accept-encoding': 'gzip' } },
      )
      const name = page.name
      rows.push({ page: page.label, database: db.kind, mise: misePage, ceiling, target: name === 'login' ? 0.6 : name === 'home' ? undefined : db.kind === 'PGlite' ? 0.4 : 0.5 })
    }
    const meRes = await fetch(`${mise.base}/v1/auth/me`, { headers: { cookie: session.cookie } })
    const meBody = (await meRes.json()) as BareSqlSpec['me']
    const meSpec: LoadSpec = { label: 'Mise `GET /v1/auth/me`', database: db.kind, server: mise, urlPath: '/v1/auth/me', headers: { cookie: session.cookie } }
    // The one-query ceiling on the same database. PGlite: after Mise, which must be stopped to free its
    // data directory. PostgreSQL: beside Mise, in turn with it.
    let me: LoadResult | undefined
    if (db.kind === 'PGlite') {
      me = await load(meSpec.label, db.kind, mise, meSpec.urlPath, meSpec.headers)
      await mise.stop()
    }
    const port = await freePort()
    const spec: BareSqlSpec = { ...(db.kind === 'PGlite' ? { dataDir: mise.dataDir } : { url: db.env.DATABASE_URL! }), me: meBody }
    log(`starting the bare Hono server with one SQL query on ${db.kind}…`)
    const bare = await startChild('bare Hono server (SQL)', [SELF, 'serve-bare-hono-sql', String(port), JSON.stringify(spec)], childEnv({ NODE_ENV: 'production' }), port, '/v1/health')
    const ceilingSpec: LoadSpec = {
      label: 'Bare Hono `GET /v1/auth/me` (one query)',
      database: db.kind,
      server: bare,
      urlPath: '/v1/auth/me',
      headers: { cookie: session.cookie },
      check: (body) => ((JSON.parse(body) as { orgs?: unknown[] }).orgs?.length === 1 ? undefined : 'expected the one organisation'),
    }
    let ceiling: LoadResult
    if (me) {
      ceiling = await load(ceilingSpec.label, db.kind, bare, ceilingSpec.urlPath, ceilingSpec.headers, ceilingSpec.check)
    } else {
      ;[me, ceiling] = await loadAlternating(meSpec, ceilingSpec)
      await mise.stop()
    }
    await bare.stop()
    rows.push({ page: '/v1/auth/me', database: db.kind, mise: me, ceiling, target: 0.5 })
  }
  benchPostgresPids = undefined
  await bareRr?.stop()
  const sizes: CeilingsData['captured'] = {}
  for (const [name, page] of Object.entries(captured)) sizes[name] = { htmlBytes: Buffer.byteLength(page.body), dataBytes: Buffer.byteLength(JSON.stringify(page.data)) }
  return { started, elapsed: (performance.now() - t0) / 1000, rows, js, bareJs: bareJs!, captured: sizes }
}

const brotliOf = (p: PageJs) => p.files.reduce((n, f) => n + f.brotli, 0)
const cpu = (r: LoadResult) =>
  r.serverCpuMs === undefined ? 'n/a' : r.dbCpuMs ? `${r.serverCpuMs.toFixed(2)} + ${r.dbCpuMs.toFixed(2)}` : r.serverCpuMs.toFixed(2)

/** CPU per request of the server and its database backends together (NaN when not measured). */
const cpuOf = (l: LoadResult) => (l.serverCpuMs ?? NaN) + (l.dbCpuMs ?? 0)

/** The ceiling's CPU per request ÷ Mise's (server and database together): the ratio a quiet machine would approach. */
function cpuRatio(r: CeilingRow): string {
  const x = cpuOf(r.ceiling) / cpuOf(r.mise)
  return Number.isFinite(x) ? pct(x) : 'n/a'
}

function ceilingsSection(data: CeilingsData): string {
  const order = ['/login', '/checklists', '/checklists/:id', '/v1/auth/me']
  const rows = [...data.rows].sort((a, b) => order.indexOf(a.page) - order.indexOf(b.page) || a.database.localeCompare(b.database))
  const maxOther = Math.max(0, ...rows.flatMap((r) => [r.mise.otherCpu ?? 0, r.ceiling.otherCpu ?? 0]))
  const bare = brotliOf(data.bareJs)
  const lines = [
    '## 7. Honest ceilings: each page as a share of what the same answer costs at the least',
    '',
    `Measured ${data.started.toISOString().replace('T', ' ').slice(0, 16)} UTC in ${Math.round(data.elapsed)} s${CEILINGS_ONLY ? ` with \`npm run bench -- --ceilings --seconds ${DURATION_SECONDS}\`` : ''}: ${WARMUP_SECONDS} s warm-up and ${DURATION_SECONDS} s measured per row, ${CONNECTIONS} connections (short on purpose: the machine is shared). Each page and its same-HTML ceiling are measured **in turn**, in ${ALTERNATING_SLICES} slices each (Mise, ceiling, Mise, ceiling, …), so that a ratio compares the same minutes of a host whose speed drifts; the ceiling is measured again beside each database.`,
    '',
    `**Data**: section 4's (a user, an organisation with 10 venues, ${CHECKLISTS} checklists × ${ITEMS_PER_CHECKLIST} items, half of them done today at the first venue; section 6's ${TEMPERATURE_LOGS} temperature logs × ${UNITS_PER_LOG} units × ${CHECKS_PER_DAY} checks with today's readings), made afresh on each database; on PostgreSQL followed by \`vacuum analyze\` and \`checkpoint\`, as autovacuum and the checkpointer would soon do after the load.`,
    '**Same-HTML ceiling** (`bench/bare/app/routes/same.tsx`): the bare React Router app of section 2, whose',
    'route `/same/:page` answers Mise\'s page as captured at the start of the run (on the first database): the markup of its `<body>` (up',
    'to React Router\'s scripts) written as it is, and the loader data of all its routes (read from `<page>.data` and',
    'decoded) returned by its one loader, so React Router serializes the same data into the page. No database,',
    'session, i18n or components; same server setup and compression as Mise. **One-query ceiling** for',
    '`/v1/auth/me`: a bare Hono handler that hashes the cookie\'s token and runs one raw SQL query (session,',
    'person, organisations and venues, the query Mise\'s session lookup makes for this call) on the same',
    'database — PGlite opening Mise\'s data directory once Mise is stopped, PostgreSQL the same database — and',
    'answers the same JSON, measured in turn with Mise on PostgreSQL and after it on PGlite (which needs Mise stopped). **Ratio**: Mise\'s req/s ÷ the ceiling\'s. **CPU ms/req**: CPU time of the server',
    'process per request (with PGlite the database runs inside it), then that of the PostgreSQL backends serving',
    'the bench\'s database (from pg_stat_activity; the server is shared with other users), from /proc in 10 ms',
    'ticks, counted until the server has finished the requests still in flight when a slice stops, and divided by the',
    'requests sent (those included). **CPU ratio**: the ceiling\'s CPU per request ÷ Mise\'s, both parts together: on a busy machine it is',
    'the steadier of the two ratios (req/s then depend on what else runs).',
    '',
  ]
  if (maxOther > 0.1) {
    lines.push(`**Caution**: other processes used up to ${maxOther.toFixed(2)} cores during these runs (**Other CPU**): the req/s are disturbed; the CPU per request is less so.`, '')
  }
  lines.push(
    '| Page | Database | Mise req/s | Ceiling req/s | Ratio | Target | Mise CPU ms/req | Ceiling CPU ms/req | CPU ratio | Mise p50 ms | Ceiling p50 ms | Requests (Mise / ceiling) | Other CPU |',
    '|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
  )
  for (const r of rows) {
    const ratio = r.mise.rps / r.ceiling.rps
    lines.push(
      `| \`${r.page}\` | ${r.database} | ${int(r.mise.rps)} | ${int(r.ceiling.rps)} | **${pct(ratio)}**${r.target !== undefined && ratio < r.target ? ' (missed)' : ''} | ${r.target === undefined ? '—' : `≥ ${pct(r.target)}`} | ${cpu(r.mise)} | ${cpu(r.ceiling)} | ${cpuRatio(r)} | ${ms(r.mise.p50)} | ${ms(r.ceiling.p50)} | ${int(r.mise.total)} / ${int(r.ceiling.total)} | ${(Math.max(r.mise.otherCpu ?? 0, r.ceiling.otherCpu ?? 0)).toFixed(2)} |`,
    )
  }
  lines.push(
    '',
    'Captured pages: ' +
      Object.entries(data.captured)
        .map(([name, c]) => `${name} ${int(c.htmlBytes)} bytes of body markup and ${int(c.dataBytes)} bytes of loader data (as JSON)`)
        .join('; ') +
      '.',
    '',
    '**First-load JavaScript** (brotli quality 11, as in section 1) against the bare page `/` of `bench/bare` (target: at most the bare page + 15 KiB):',
    '',
    '| Page | Brotli KiB | Bare page KiB | Over the bare page | Target |',
    '|---|--:|--:|--:|---|',
  )
  for (const { page, mise } of data.js) {
    const over = brotliOf(mise) - bare
    lines.push(`| \`${page}\` | ${kib(brotliOf(mise))} | ${kib(bare)} | ${kib(over)} KiB | ${over <= 15 * 1024 ? 'met' : 'missed'} (≤ 15 KiB) |`)
  }
  lines.push('')
  return lines.join('\n')
}

/** The index of the first of these headings found in the report, or -1. */
function firstOf(report: string, headings: string[]): number {
  for (const heading of headings) {
    const at = report.indexOf(heading)
    if (at >= 0) return at
  }
  return -1
}

/** Put section 7 into the report (replacing an earlier one, `writeSection`). */
function writeCeilingsSection(section: string) {
  writeSection(7, section)
}

async function ceilingsOnly() {
  ensureMiseBuild()
  if (VERSUS) {
    if (!process.env.DATABASE_URL) throw new Error('--versus needs DATABASE_URL (two servers cannot open one PGlite directory)')
    const { rows } = await measureCeilings([await createPostgresDatabase(process.env.DATABASE_URL)])
    for (const r of rows) {
      process.stdout.write(
        `${r.page}: this build ${r.mise.rps.toFixed(1)} req/s, ${cpu(r.mise)} ms CPU a request; ${VERSUS} ${r.ceiling.rps.toFixed(1)} req/s, ${cpu(r.ceiling)} ms; this ÷ other: req/s ${pct(r.mise.rps / r.ceiling.rps)}, CPU ${pct(cpuOf(r.mise) / cpuOf(r.ceiling))}\n`,
      )
    }
    return
  }
  buildBare()
  const databases: DatabaseTarget[] = [{ kind: 'PGlite', env: {} }]
  if (process.env.DATABASE_URL) databases.push(await createPostgresDatabase(process.env.DATABASE_URL))
  const section = ceilingsSection(await measureCeilings(databases))
  writeCeilingsSection(section)
  process.stdout.write(section)
  log(`section 7 written to ${path.relative(ROOT, REPORT_PATH)}`)
}

// ---------------------------------------------------------------------------------------------
// Where the time goes: a CPU profile of the day list
// ---------------------------------------------------------------------------------------------

interface CpuProfile {
  startTime: number
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }>
  samples: number[]
  timeDeltas: number[]
}

/** Where a profiled function lives: a package, Mise's own code, or Node.js. */
function placeOf(url: string): string {
  if (!url) return '(Node.js / V8)'
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)
  if (pkg) return pkg[1]!
  if (url.startsWith('node:')) return 'Node.js'
  const inBuild = /\/build\/server\//.test(url)
  return inBuild ? 'Mise (build/server, app and API bundled)' : url.replace(/^file:\/\//, '').replace(ROOT + '/', '')
}

/**
 * `--profile`: the day list (/checklists, or the page given with `--page`, e.g. `--page /login`) under
 * load on PGlite with `node --cpu-prof`, its self time grouped by package, by function and by the nearest
 * package on the stack. Mise is started, seeded and stopped first, then started again on the same data
 * with the profiler, so the profile holds start-up and the load only. With `--ceiling`, section 7's
 * same-HTML ceiling is profiled instead, serving the page as captured from Mise.
 */
async function profileDayList(): Promise<string> {
  ensureMiseBuild()
  // With DATABASE_URL, on PostgreSQL (a fresh database): the profile then holds Node's share alone.
  const target: DatabaseTarget = process.env.DATABASE_URL ? await createPostgresDatabase(process.env.DATABASE_URL) : { kind: 'PGlite', env: {} }
  let mise = await startMise(target)
  const session = await signIn(mise.base)
  const data = await seedChecklists(mise.base, session.cookie)
  const pageIndex = process.argv.indexOf('--page')
  const asked = pageIndex >= 0 && process.argv[pageIndex + 1]?.startsWith('/') ? process.argv[pageIndex + 1]! : '/checklists'
  const withYear = process.argv.includes('--year')
  // The venue home (section 9) and the temperature pages show section 6's temperature logs; `--year` adds section 5's year of records.
  const temperatures = asked.startsWith('/?') || asked.startsWith('/temperatures') || withYear ? await seedTemperatures(mise.base, session.cookie, data.orgId, data.venueId) : undefined
  // `--page /checklists/:id` or `/temperatures/:id`: the first seeded checklist or log.
  const page = asked === '/temperatures/:id' ? TEMPERATURE_LOG_PAGE(temperatures!.temperatureIds[0]!) : asked.replace(':id', asked.startsWith('/temperatures') ? temperatures!.temperatureIds[0]! : data.checklistIds[0]!)
  if (withYear) mise = (await addYearOfRecords(target, mise, data)).mise
  const headers = { cookie: `${session.cookie}; mise_org_id=${data.orgId}; mise_venue_id=${data.venueId}`, 'accept-encoding': 'gzip' }
  // The signed-out pages are measured signed out (signed in, they redirect).
  if (PAGES_SIGNED_OUT.includes(page)) delete (headers as { cookie?: string }).cookie
  // `--ceiling`: the profile of section 7's same-HTML ceiling serving this page as captured from Mise,
  // to set beside Mise's own (what Mise spends beyond it is what the ratio counts).
  const captured = process.argv.includes('--ceiling') ? await capturePage(mise.base, page, headers) : undefined
  await mise.stop()
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mise-bench-prof-'))
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }))
  let server: Server
  let url: string
  if (captured) {
    buildBare()
    const file = path.join(dir, 'captured.json')
    fs.writeFileSync(file, JSON.stringify({ profiled: captured }))
    const port = await freePort()
    const env = childEnv({ NODE_ENV: 'production', BENCH_SAME_HTML: file })
    server = await startChild('bare React Router server (same HTML)', ['--cpu-prof', '--cpu-prof-dir', dir, SELF, 'serve-bare-react-router', String(port)], env, port, '/')
    url = `${server.base}/same/profiled`
  } else {
    server = mise = await startMise(target, mise.dataDir, ['--cpu-prof', '--cpu-prof-dir', dir])
    url = `${mise.base}${page}`
  }
  const first = await fetch(url, { headers })
  const body = await first.text()
  const wrong = page === '/checklists' ? checkDayPage(body) : page.startsWith('/?') ? checkDashboardPage(body) : undefined
  if (first.status !== 200 || wrong) throw new Error(`GET ${page}: ${first.status} ${wrong ?? ''}`)
  // `--keep-page FILE`: the profiled page's HTML too, to see what its markup is made of.
  const keepPageIndex = process.argv.indexOf('--keep-page')
  if (keepPageIndex >= 0 && process.argv[keepPageIndex + 1]) fs.writeFileSync(process.argv[keepPageIndex + 1]!, body)
  log(`profiling GET ${page}${captured ? ' as the same-HTML ceiling serves it' : ''}: ${WARMUP_SECONDS} s warm-up, ${DURATION_SECONDS} s measured…`)
  await runAutocannon(url, WARMUP_SECONDS, headers)
  // V8's profile times and process.hrtime are both the machine's monotonic clock (µs here).
  const from = Number(process.hrtime.bigint() / 1000n)
  const result = await runAutocannon(url, DURATION_SECONDS, headers)
  const to = Number(process.hrtime.bigint() / 1000n)
  await server.stop()
  // One profile per thread: the server's thread started first (its file name holds the thread id 0).
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.cpuprofile')).sort()
  const file = files.find((f) => /\.\d+\.0\.\d+\.cpuprofile$/.test(f)) ?? files[0]
  if (!file) throw new Error('no CPU profile written')
  // `--keep-dir DIR`: every thread's profile (the embedded database's thread too, ADR 072).
  const keepDirIndex = process.argv.indexOf('--keep-dir')
  if (keepDirIndex >= 0 && process.argv[keepDirIndex + 1]) fs.cpSync(dir, process.argv[keepDirIndex + 1]!, { recursive: true })
  const profile = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as CpuProfile
  // `--keep FILE`: the raw profile too, for Chrome's DevTools (Performance → Load profile).
  const keepIndex = process.argv.indexOf('--keep')
  if (keepIndex >= 0 && process.argv[keepIndex + 1]) fs.copyFileSync(path.join(dir, file), process.argv[keepIndex + 1]!)
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  // Only the samples of the measured run: start-up (module loading, migrations) is left out.
  const selfUs = new Map<number, number>()
  let at = profile.startTime
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0
    at += delta
    if (at >= from && at <= to) selfUs.set(id, (selfUs.get(id) ?? 0) + delta)
  })
  let total = 0
  let idle = 0
  const byPlace = new Map<string, number>()
  const byFunction = new Map<string, number>()
  // Node's and V8's own functions given to the nearest package (or Mise) that called them: a socket
  // write under pg counts as pg's, JSON.parse in a loader as Mise's.
  const byCaller = new Map<string, number>()
  const parentOf = new Map<number, number>()
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id)
  const nearestPlace = (id: number): string => {
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      const frame = byId.get(at)!.callFrame
      // The two parts a page and its ceiling share, named apart from their packages.
      if (frame.functionName === 'compressBody') return 'compression (server/http/compression.ts)'
      if (frame.url.includes('/vendor/turbo-stream')) return "turbo-stream (React Router's loader data)"
      const place = placeOf(frame.url)
      if (place !== 'Node.js' && place !== '(Node.js / V8)') return place
    }
    return 'Node.js'
  }
  for (const [id, us] of selfUs) {
    const frame = byId.get(id)!.callFrame
    if (frame.functionName === '(idle)' || frame.functionName === '(program)') {
      idle += us
      continue
    }
    total += us
    const place = frame.functionName === '(garbage collector)' ? 'garbage collector' : placeOf(frame.url)
    byPlace.set(place, (byPlace.get(place) ?? 0) + us)
    const name = `${frame.functionName || '(anonymous)'} — ${placeOf(frame.url)}`
    byFunction.set(name, (byFunction.get(name) ?? 0) + us)
    const caller = place === 'garbage collector' ? place : nearestPlace(id)
    byCaller.set(caller, (byCaller.get(caller) ?? 0) + us)
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, us]) => `| ${name} | ${(us / 1000).toFixed(0)} | ${pct(us / total)} |`)
  return [
    `Profile: \`node --cpu-prof\` on ${captured ? "section 7's same-HTML ceiling serving the page as captured from Mise on" : 'the production server,'} ${target.kind}, section 4's data${withYear ? ' with the year of section 5' : ''}, \`GET ${page}\` under load (${CONNECTIONS} connections) for ${DURATION_SECONDS} s after a ${WARMUP_SECONDS} s warm-up; only the samples of the measured ${DURATION_SECONDS} s (${int(result.requests.total)} requests). Self time, idle excluded: ${(total / 1000).toFixed(0)} ms, ${(total / 1000 / Math.max(1, result.requests.total)).toFixed(1)} ms a request (idle ${(idle / 1000).toFixed(0)} ms). \`npm run bench -- --profile\` prints it.`,
    '',
    '| Where | Self ms | Share |',
    '|---|--:|--:|',
    ...top(byPlace, 12),
    '',
    '| Function (self time) | Self ms | Share |',
    '|---|--:|--:|',
    ...top(byFunction, 15),
    '',
    '| Nearest package on the stack | ms a request | Share |',
    '|---|--:|--:|',
    ...[...byCaller.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 16)
      .map(([name, us]) => `| ${name} | ${(us / 1000 / Math.max(1, result.requests.total)).toFixed(2)} | ${pct(us / total)} |`),
    '',
  ].join('\n')
}

const [mode, portArg, jsonArg] = process.argv.slice(2)
if (mode === 'serve-bare-react-router') {
  await serveBareReactRouter(Number(portArg))
} else if (mode === 'serve-bare-hono-sql') {
  await serveBareHonoSql(Number(portArg), jsonArg ?? '{}')
} else if (mode === 'serve-bare-hono') {
  await serveBareHono(Number(portArg), jsonArg ?? '{}')
} else if (mode === 'fill-pglite') {
  const result = await addYearOfRecordsPglite(portArg!, JSON.parse(jsonArg!) as YearPlan)
  process.stdout.write(`${JSON.stringify(result)}\n`)
} else if (mode && !mode.startsWith('--')) {
  console.error(`Unknown mode ${mode}. Usage: node scripts/bench.ts`)
  process.exit(2)
} else {
  let interrupted = false
  const onSignal = (signal: NodeJS.Signals) => {
    if (interrupted) return
    interrupted = true
    log(`${signal}: cleaning up…`)
    void cleanUp().finally(() => process.exit(130))
  }
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)
  // Last resort if the process exits some other way: no child outlives the bench.
  process.on('exit', () => {
    for (const child of children) child.kill('SIGKILL')
  })
  try {
    if (mode === '--profile') process.stdout.write(await profileDayList())
    else await (mode === '--js-only' ? jsOnly() : CEILINGS_ONLY ? ceilingsOnly() : OFFLINE_ONLY ? offlineOnly() : main())
  } catch (error) {
    process.exitCode = 1
    console.error(error instanceof Error ? error.message : error)
  } finally {
    await cleanUp()
  }
}

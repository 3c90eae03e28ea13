/**
 * `npm run bench`: measure Mise's production build side by side with bare baselines, print a
 * Markdown report and write it to docs/benchmarks.md.
 *
 *   1. Gzip and Brotli size of the JavaScript each page loads first, for every page with a form
 *      (`npm run bench -- --js-only` measures only this and prints it, without writing the report).
 *   2. GET /login on the Mise server vs a bare React Router page built and served the same way
 *      (bench/bare/).
 *   3. An authenticated GET /v1/auth/me vs a bare Hono handler returning the same JSON.
 *   4. The venue's day of checklists, GET /checklists (30 checklists × 20 items, half of them done
 *      today) and one checklist's page, GET /checklists/:id, vs the bare page of section 2.
 *   5. The same two pages with a year of records for 10 venues in the database.
 *
 * Sections 2 to 5 run on PGlite, and also on PostgreSQL when DATABASE_URL is set (a fresh
 * database is created from it and dropped afterwards). The data of sections 4 and 5 is made by
 * scripts/bench/checklists.ts.
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

const ROOT = path.resolve(import.meta.dirname, '..')
const BARE_DIR = path.join(ROOT, 'bench/bare')
const SELF = path.join(ROOT, 'scripts/bench.ts')
const REPORT_PATH = path.join(ROOT, 'docs/benchmarks.md')

const CONNECTIONS = 10
const WARMUP_SECONDS = 2
const DURATION_SECONDS = 10
const PAGES_SIGNED_OUT = ['/login', '/register', '/forgot-password', '/reset-password?id=x&token=y']
/** Signed in, with an organisation, a venue and a checklist chosen (`:org`, `:venue`, … are filled in). */
const PAGES_SIGNED_IN = [
  '/profile',
  '/verify-email?status=success',
  '/organisations/create',
  '/venues/create',
  '/pin-setup',
  '/settings/general',
  '/settings/venues/new',
  '/settings/venues/:venue',
  '/settings/staff/invite',
  '/settings/staff/:member',
  '/settings/checklists/new',
  '/settings/checklists/:checklist',
  '/checklists',
  '/checklists/:checklist',
]
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
  const { compress } = await import('hono/compress')
  const { createRequestHandler } = await import('react-router')
  const build = await import(pathToFileURL(path.join(BARE_DIR, 'build/server/index.js')).href)
  const handleDocument = createRequestHandler(build, 'production')
  const root = path.relative(process.cwd(), path.join(BARE_DIR, 'build/client'))

  const app = new Hono()
  app.use('*', compress())
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
async function startChild(name: string, args: string[], env: NodeJS.ProcessEnv, port: number, readyPath: string): Promise<Server> {
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
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

async function measurePage(base: string, page: string, cookie?: string): Promise<PageJs> {
  const pageUrl = new URL(page, base)
  const res = await fetch(pageUrl, { headers: cookie ? { cookie } : {}, redirect: 'manual' })
  const html = await res.text()
  if (res.status !== 200) throw new Error(`GET ${page} answered ${res.status}, expected 200`)
  const queue = initialScripts(html).map((s) => new URL(s, pageUrl).href)
  const seen = new Set<string>()
  const files: PageJs['files'] = []
  while (queue.length) {
    const url = queue.shift()!
    if (seen.has(url)) continue
    seen.add(url)
    const r = await fetch(url)
    if (r.status !== 200) throw new Error(`GET ${url} (loaded by ${page}) answered ${r.status}`)
    const bytes = Buffer.from(await r.arrayBuffer())
    files.push({
      url: new URL(url).pathname,
      raw: bytes.length,
      gzip: zlib.gzipSync(bytes, { level: 9 }).length,
      brotli: zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    })
    for (const spec of staticImports(bytes.toString('utf8'))) queue.push(new URL(spec, url).href)
  }
  return { page, status: res.status, files }
}

/**
 * Every page of PAGES_SIGNED_OUT and PAGES_SIGNED_IN. A fresh user gets an organisation, a venue and
 * a checklist with one item through the API, chosen by the selection cookies as the pickers leave them.
 */
async function measurePagesJs(base: string): Promise<PageJs[]> {
  const pages: PageJs[] = []
  for (const page of PAGES_SIGNED_OUT) pages.push(await measurePage(base, page))
  const session = await signIn(base)
  const call = async (method: string, urlPath: string, body?: unknown) => {
    const res = await fetch(base + urlPath, {
      method,
      headers: { cookie: session.cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    if (!res.ok) throw new Error(`${method} ${urlPath} answered ${res.status}: ${await res.text()}`)
    return (await res.json()) as Record<string, { id: string; membershipId?: string }>
  }
  const org = (await call('POST', '/v1/orgs', { name: 'Page Kitchens', timeZone: 'Europe/London' })).organisation!.id
  const venue = (await call('POST', `/v1/orgs/${org}/venues`, { name: 'Page Venue' })).venue!.id
  const checklist = (await call('POST', `/v1/orgs/${org}/checklists`, { name: 'Page checklist' })).checklist!.id
  await call('POST', `/v1/orgs/${org}/checklists/${checklist}/items`, { label: 'Fridge temperature', type: 'number', min: 0, max: 5 })
  const member = (await call('GET', `/v1/orgs/${org}/profile`)).profile!.membershipId!
  const cookie = `${session.cookie}; mise_org_id=${org}; mise_venue_id=${venue}`
  const ids: Record<string, string> = { venue, member, checklist }
  for (const page of PAGES_SIGNED_IN) {
    const measured = await measurePage(base, page.replace(/:(\w+)/g, (_, k: string) => ids[k]!), cookie)
    pages.push({ ...measured, page, signedIn: true })
  }
  return pages
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
  requests: { average: number; total: number }
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
}

/**
 * CPU accounting from /proc (Linux), to show when other processes disturbed a run: the machine's
 * busy time, and the part of it spent by the bench, the server under test and PostgreSQL.
 */
interface CpuSnapshot {
  total: number
  busy: number
  ours: number
}

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

function cpuSnapshot(serverPid: number): CpuSnapshot | undefined {
  try {
    const cpu = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1, 9).map(Number)
    const [user, nice, system, idle, iowait, irq, softirq, steal] = cpu as [number, number, number, number, number, number, number, number]
    let ours = (processTicks(process.pid)?.ticks ?? 0) + (processTicks(serverPid)?.ticks ?? 0)
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue
      const p = processTicks(entry)
      if (p && (p.comm === 'postgres' || p.comm.startsWith('postgres:'))) ours += p.ticks
    }
    return { total: user + nice + system + idle + iowait + irq + softirq + steal, busy: user + nice + system + irq + softirq + steal, ours }
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

/**
 * One request first: it must answer 200 (not a redirect) and pass `check` (given the decoded body,
 * returns what is wrong, if anything); then the warm-up and the measured run.
 */
async function load(
  label: string,
  database: string,
  server: Server,
  urlPath: string,
  headers: Record<string, string>,
  check?: (body: string) => string | undefined,
): Promise<LoadResult> {
  log(`${label} [${database}]: ${WARMUP_SECONDS} s warm-up, ${DURATION_SECONDS} s measured…`)
  const url = server.base + urlPath
  const first = await fetch(url, { headers, redirect: 'manual' })
  const body = Buffer.from(await first.arrayBuffer())
  if (first.status !== 200) throw new Error(`${label}: GET ${urlPath} answered ${first.status}, expected 200`)
  const wrong = check?.(body.toString('utf8'))
  if (wrong) throw new Error(`${label}: GET ${urlPath}: ${wrong}`)
  await runAutocannon(url, WARMUP_SECONDS, headers)
  const latencies: number[] = []
  const before = cpuSnapshot(server.pid)
  const r = await runAutocannon(url, DURATION_SECONDS, headers, (ms) => latencies.push(ms))
  const otherCpu = otherCores(before, cpuSnapshot(server.pid))
  if (otherCpu !== undefined && otherCpu > 0.1) {
    log(`warning: other processes used ${otherCpu.toFixed(2)} cores during this run; its numbers are disturbed`)
  }
  latencies.sort((a, b) => a - b)
  const ok = r.requests.total - r.non2xx
  return {
    label,
    database,
    // Not autocannon's requests.average: that averages per-second samples, and a run sometimes
    // ends with an extra, partial sample that drags it ~10% down. Completed ÷ elapsed has no such bias.
    rps: r.requests.total / r.duration,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    total: r.requests.total,
    bytesPerResponse: ok ? r.throughput.total / ok : 0,
    bodyBytes: body.length,
    failures: r.non2xx + r.errors + r.timeouts,
    otherCpu,
  }
}

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
async function startMise(target: DatabaseTarget, dataDir?: string): Promise<Server & { dataDir: string }> {
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
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    ...target.env,
    ...(target.env.DATABASE_URL ? { APP_URL: `http://localhost:${port}` } : {}),
  })
  log(`starting the Mise server on ${target.kind}…`)
  const server = await startChild(`Mise (${target.kind})`, [path.join(ROOT, 'build/server/index.js')], env, port, '/v1/health')
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
    days: YEAR_DAYS,
    itemsPerChecklist: target.kind === 'PGlite' ? PGLITE_YEAR_ITEMS : ITEMS_PER_CHECKLIST,
  }
  const rows = plan.venueIds.length * plan.days * CHECKLISTS * plan.itemsPerChecklist
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

async function createPostgresDatabase(baseUrl: string): Promise<DatabaseTarget> {
  const { default: pg } = await import('pg')
  const name = `mise_bench_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: baseUrl })
  await admin.connect()
  let version: string
  try {
    version = ((await admin.query('show server_version')).rows[0] as { server_version: string }).server_version
    await admin.query(`create database ${name}`)
  } finally {
    await admin.end()
  }
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: baseUrl })
    await c.connect()
    try {
      await c.query(`drop database if exists ${name} with (force)`)
    } finally {
      await c.end()
    }
  })
  const url = new URL(baseUrl)
  url.pathname = `/${name}`
  return { kind: 'PostgreSQL', env: { DATABASE_URL: url.toString() }, version }
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
    'an organisation, a venue and a checklist with one item, chosen with the selection cookies.',
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
  const int = (n: number) => Math.round(n).toLocaleString('en')
  const loadTable = (rows: LoadResult[], withBody = false) => {
    push(
      `| Server | Database | Req/s | p50 ms | p95 ms | p99 ms | Requests | Bytes/resp |${withBody ? ' HTML bytes |' : ''} Errors | Other CPU |`,
      `|---|---|--:|--:|--:|--:|--:|--:|${withBody ? '--:|' : ''}--:|--:|`,
    )
    for (const r of rows) {
      push(
        `| ${r.label} | ${r.database} | ${int(r.rps)} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${int(r.total)} | ${int(r.bytesPerResponse)} |${withBody ? ` ${int(r.bodyBytes)} |` : ''} ${r.failures} | ${r.otherCpu === undefined ? 'n/a' : r.otherCpu.toFixed(2)} |`,
      )
    }
    push('')
  }
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
    'same Hono setup as server/main.ts (compress, serveStatic, `createRequestHandler`). Requests send',
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
    `and the day list's \`GET /v1/orgs/:id/venues/:id/checklist-entries\` (four queries whatever the number`,
    `of checklists), in-process, then ${CHECKLISTS} cards with progress. \`GET /checklists/:id\` is the first checklist's`,
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
    `**Data**: section 4's database plus, for each of the ${VENUES} venues and each of the ${YEAR_DAYS} days before today, one`,
    'current `done` record per item of every checklist, as a completion through the API would store it',
    '(snapshot of the checklist name and the item\'s label, type and limits, recorded by the owner). That',
    'many records through the API would take hours, so they are inserted with SQL: one',
    '`insert into records … select … from generate_series(…)` per venue (scripts/bench/checklists.ts).',
    'On PostgreSQL they go in while the server runs, two statements at a time, followed by',
    '`vacuum analyze records`, as autovacuum would soon do. On PGlite the server is stopped (its data',
    'directory is locked while it runs), a child process opens the same directory with PGlite and runs',
    'the statements, and the server is started again. To fit the bench\'s time, the PGlite child does it',
    `in one transaction that drops the table's ${data.years.find((y) => y.result.rebuiltIndexes)?.result.rebuiltIndexes ?? 'secondary'} secondary indexes first and builds them again`,
    'afterwards from their own definitions (about half the time of updating them row by row; indexes',
    'built in one go are somewhat more compact than indexes grown over a year). No ANALYZE is run on',
    'PGlite: it has no autovacuum and Mise never runs ANALYZE, so a PGlite database that grew for a year',
    'has no planner statistics either.',
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

  push(
    '## Running it',
    '',
    '```sh',
    'npm run bench                                    # PGlite only',
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

/** The table of section 1: one row per page, its files and their sizes. */
function jsTable(pages: PageJs[], bare?: PageJs): string[] {
  const sum = (p: PageJs, k: 'raw' | 'gzip' | 'brotli') => kib(p.files.reduce((s, f) => s + f[k], 0))
  const row = (label: string, p: PageJs) => `| ${label} | ${p.files.length} | ${sum(p, 'raw')} | ${sum(p, 'gzip')} | ${sum(p, 'brotli')} |`
  const lines = ['| Page | Files | Raw KiB | Gzip KiB | Brotli KiB |', '|---|--:|--:|--:|--:|']
  for (const p of pages) lines.push(row(`\`${p.page}\`${p.signedIn ? ' (signed in)' : ''}`, p))
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
  let meBody: unknown
  let cookie = ''

  for (const db of databases) {
    let mise = await startMise(db)
    const session = await signIn(mise.base)
    cookie = session.cookie
    meBody ??= session.me
    if (!pages.length) {
      log('measuring the JavaScript each page loads first…')
      pages.push(...(await measurePagesJs(mise.base)))
    }
    pageLoads.push(await load('Mise `GET /login`', db.kind, mise, '/login', { 'accept-encoding': 'gzip' }))
    apiLoads.push(await load('Mise `GET /v1/auth/me`', db.kind, mise, '/v1/auth/me', { cookie: session.cookie }))

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
      into.push(await load('Mise `GET /checklists`', db.kind, mise, '/checklists', pageHeaders, checkDayPage))
      into.push(await load('Mise `GET /checklists/:id`', db.kind, mise, detailPath, pageHeaders, checkDetailPage))
    }
    await measurePages(dayLoads)

    const year = await addYearOfRecords(db, mise, data)
    mise = year.mise
    years.push({ database: db.kind, plan: year.plan, result: year.result })
    await measurePages(yearLoads)
    await mise.stop()
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
  })
  fs.mkdirSync(path.dirname(REPORT_PATH), { recursive: true })
  fs.writeFileSync(REPORT_PATH, markdown)
  process.stdout.write(markdown)
  log(`report written to ${path.relative(ROOT, REPORT_PATH)}`)
}

const [mode, portArg, jsonArg] = process.argv.slice(2)
if (mode === 'serve-bare-react-router') {
  await serveBareReactRouter(Number(portArg))
} else if (mode === 'serve-bare-hono') {
  await serveBareHono(Number(portArg), jsonArg ?? '{}')
} else if (mode === 'fill-pglite') {
  const result = await addYearOfRecordsPglite(portArg!, JSON.parse(jsonArg!) as YearPlan)
  process.stdout.write(`${JSON.stringify(result)}\n`)
} else if (mode && mode !== '--js-only') {
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
    await (mode === '--js-only' ? jsOnly() : main())
  } catch (error) {
    process.exitCode = 1
    console.error(error instanceof Error ? error.message : error)
  } finally {
    await cleanUp()
  }
}

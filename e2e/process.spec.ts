import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'

const root = path.resolve(import.meta.dirname, '..')
const entry = path.join(root, 'build/server/index.js')
let port = 3400 + Math.floor(Math.random() * 300)

interface Started {
  child: ChildProcess
  output: () => string
  exited: Promise<number | null>
}

function start(env: Record<string, string>): Started {
  let out = ''
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', SEED_DEMO: 'false', LOG_LEVEL: 'info', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout!.on('data', (d) => (out += d))
  child.stderr!.on('data', (d) => (out += d))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, output: () => out, exited }
}

// Start-up runs the migrations (and, on a first run, the demo seed and ANALYZE): on a loaded CI machine
// that can take a minute, so the wait is generous; a process that exits instead fails at once.
async function waitReady(url: string, started?: Started) {
  const deadline = Date.now() + 150_000
  let exited = false
  void started?.exited.then(() => (exited = true))
  while (Date.now() < deadline) {
    if (exited) throw new Error(`the server exited before it was ready:\n${started!.output()}`)
    try {
      const res = await fetch(`${url}/v1/ready`)
      if (res.ok) return
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`server did not become ready${started ? `:\n${started.output()}` : ''}`)
}

test('a bad setting stops start-up with a message naming it', async () => {
  const bad = start({ PORT: 'not-a-port', DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'mise-bad-')) })
  expect(await bad.exited).toBe(1)
  expect(bad.output()).toContain('Mise could not start')
  expect(bad.output()).toContain('PORT')
  const badLevel = start({ LOG_LEVEL: 'loud', DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'mise-bad-')) })
  expect(await badLevel.exited).toBe(1)
  expect(badLevel.output()).toContain('LOG_LEVEL')
})

test('a second process on the same data directory is refused; SIGTERM finishes in-flight requests', async () => {
  test.setTimeout(400_000)
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mise-proc-'))
  const first = start({ PORT: String(++port), DATA_DIR: dataDir })
  const url = `http://127.0.0.1:${port}`
  await waitReady(url, first)

  // The second process must not open the embedded database.
  const second = start({ PORT: String(++port), DATA_DIR: dataDir })
  expect(await second.exited).toBe(1)
  expect(second.output()).toContain('is in use by another Mise process')
  // …and the first is unharmed.
  expect((await fetch(`${url}/v1/ready`)).status).toBe(200)

  // An in-flight request: its body is still arriving when SIGTERM comes.
  const body = JSON.stringify({ email: 'nobody@example.com', password: 'whatever-pass' })
  const inFlight = new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = http.request(
      `${url}/v1/auth/login`,
      { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (res) => {
        let text = ''
        res.on('data', (d) => (text += d))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }))
      },
    )
    req.on('error', reject)
    req.write(body.slice(0, 10))
    setTimeout(() => req.end(body.slice(10)), 1500)
  })
  await new Promise((r) => setTimeout(r, 300))
  first.child.kill('SIGTERM')
  const answer = await inFlight
  expect(answer.status).toBe(401)
  expect(JSON.parse(answer.text).error.name).toBe('UnauthorizedError')
  expect(await first.exited).toBe(0)
  expect(first.output()).toContain('shutting down')
  // The lock is released: the directory opens again, and its data survived.
  expect(fs.existsSync(path.join(dataDir, 'mise.lock'))).toBe(false)
  const third = start({ PORT: String(++port), DATA_DIR: dataDir })
  await waitReady(`http://127.0.0.1:${port}`, third)
  third.child.kill('SIGTERM')
  expect(await third.exited).toBe(0)
})

test('first run on an empty database prints the demo owner once, and the credentials work', async () => {
  test.setTimeout(400_000)
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mise-seed-'))
  const p = ++port
  const first = start({ PORT: String(p), DATA_DIR: dataDir, SEED_DEMO: 'true' })
  const url = `http://127.0.0.1:${p}`
  await waitReady(url, first)
  const owner = first.output().match(/OWNER\s+Olivia Owner\s+(\S+)\s+password (\S+)\s+PIN (\d+)/)
  expect(owner, first.output()).toBeTruthy()
  const [, email, password] = owner!
  expect(first.output()).toMatch(/ADMIN\s+Adam Admin\s+\S+@\S+\s+password \S+/)
  expect(first.output()).toMatch(/BASIC\s+Bea Basic\s+\S+@\S+\s+password \S+/)
  expect(first.output()).toMatch(/BASIC\s+Pablo Pin\s+\(PIN only, no sign-in\)\s+PIN \d{4}/)
  const login = await fetch(`${url}/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  expect(login.status).toBe(200)
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ')
  const me = (await (await fetch(`${url}/v1/auth/me`, { headers: { cookie } })).json()) as { orgs: Array<{ name: string; role: string; venues: unknown[] }> }
  expect(me.orgs).toEqual([expect.objectContaining({ name: 'Demo Kitchens', role: 'OWNER', venues: [expect.anything(), expect.anything()] })])
  first.child.kill('SIGTERM')
  expect(await first.exited).toBe(0)
  const again = start({ PORT: String(p), DATA_DIR: dataDir, SEED_DEMO: 'true' })
  await waitReady(url, again)
  expect(again.output()).not.toContain('password')
  again.child.kill('SIGTERM')
  expect(await again.exited).toBe(0)
})

test('static assets are compressed and cached forever; pages are not', async () => {
  const html = await (await fetch(`http://localhost:${process.env.E2E_PORT ?? 3210}/login`)).text()
  // The framework chunk (ADR 060): large enough to be compressed (small files are sent as they are).
  const asset = html.match(/\/assets\/framework-[\w-]+\.js/)?.[0]
  expect(asset).toBeTruthy()
  const res = await fetch(`http://localhost:${process.env.E2E_PORT ?? 3210}${asset}`, { headers: { 'accept-encoding': 'gzip' } })
  expect(res.status).toBe(200)
  expect(res.headers.get('cache-control')).toContain('immutable')
  expect(res.headers.get('content-encoding')).toBe('gzip')
  // Brotli from the file compressed at build time, not compressed again per request (ADR 042).
  const br = await fetch(`http://localhost:${process.env.E2E_PORT ?? 3210}${asset}`, { headers: { 'accept-encoding': 'br, gzip' } })
  expect(br.headers.get('content-encoding')).toBe('br')
  expect(Number(br.headers.get('content-length'))).toBe(fs.statSync(path.join(root, 'build/client', `${asset}.br`)).size)
  await br.arrayBuffer()
  // Pages are compressed too, cheaply, with their length known.
  const page = await fetch(`http://localhost:${process.env.E2E_PORT ?? 3210}/login`, { headers: { 'accept-encoding': 'br, gzip' } })
  expect(page.headers.get('content-encoding')).toBe('br')
  expect(page.headers.get('cache-control') ?? '').not.toContain('immutable')
  expect(await page.text()).toContain('</html>')
})

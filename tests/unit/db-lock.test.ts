import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { sql } from 'drizzle-orm'
import { afterAll, afterEach, describe, expect, test } from 'vitest'
import { DataDirLockedError, openDatabase, queryRows, type Database } from '../../server/db/client.ts'

const CLIENT_URL = pathToFileURL(path.resolve('server/db/client.ts')).href

const dirs: string[] = []
const open: Database[] = []
const children: ChildProcess[] = []

async function tempDir(): Promise<string> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'mise-lock-'))
  dirs.push(dir)
  return dir
}

async function openDir(dataDir: string): Promise<Database> {
  const db = await openDatabase({ dataDir, migrate: false })
  open.push(db)
  return db
}

async function closeDb(db: Database) {
  open.splice(open.indexOf(db), 1)
  await db.close()
}

function readLock(dir: string): { pid: number; host: string; at: string } {
  return JSON.parse(fs.readFileSync(path.join(dir, 'mise.lock'), 'utf8'))
}

async function expectLocked(promise: Promise<unknown>, dir: string): Promise<DataDirLockedError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error, 'the second open should be refused').toBeInstanceOf(DataDirLockedError)
  const err = error as DataDirLockedError
  expect(err.name).toBe('DataDirLockedError')
  expect(err.message).toContain(dir)
  return err
}

/** A separate Node process (Node 24, TypeScript stripped natively) that opens the directory and waits. */
async function holdInChild(dir: string): Promise<ChildProcess> {
  const script = `
    const { openDatabase } = await import(${JSON.stringify(CLIENT_URL)})
    await openDatabase({ dataDir: ${JSON.stringify(dir)}, migrate: false })
    process.stdout.write('ready\\n')
    setInterval(() => {}, 1 << 30)
  `
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    cwd: process.cwd(),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  await new Promise<void>((resolve, reject) => {
    let out = ''
    let err = ''
    const timer = setTimeout(() => reject(new Error(`child did not get ready: ${err}`)), 90_000)
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      if (out.includes('ready')) {
        clearTimeout(timer)
        resolve()
      }
    })
    child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()))
    child.on('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`child exited with ${code}: ${err}`))
    })
  })
  return child
}

function killAndWait(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve()
    child.once('exit', () => resolve())
    child.kill('SIGKILL')
  })
}

/** The pid of a process that has certainly exited. */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' })
  const pid = Number(r.stdout)
  expect(pid).toBeGreaterThan(0)
  expect(() => process.kill(pid, 0)).toThrow()
  return pid
}

afterEach(async () => {
  for (const child of children.splice(0)) await killAndWait(child)
  for (const db of open.splice(0)) await db.close().catch(() => {})
})

afterAll(async () => {
  for (const dir of dirs) await fs.promises.rm(dir, { recursive: true, force: true })
})

describe('PGlite data directory lock', () => {
  test('opening the same directory twice in one process refuses the second open', async () => {
    const dir = await tempDir()
    const first = await openDir(dir)
    await expectLocked(openDatabase({ dataDir: dir, migrate: false }), dir)
    // The same directory spelled differently is still the same directory.
    await expectLocked(openDatabase({ dataDir: path.relative(process.cwd(), dir) + path.sep, migrate: false }), dir)
    // The refusal left the first open untouched.
    expect(readLock(dir).pid).toBe(process.pid)
    const r = await queryRows<{ n: number }>(first.db, sql`select 41 + 1 as n`)
    expect(Number(r[0]!.n)).toBe(42)
    await closeDb(first)
    // Once closed, it can be opened again.
    const again = await openDir(dir)
    await closeDb(again)
  })

  // A child process opens PGlite: tens of seconds when the browser tests share the machine.
  test('a directory held by another live process is refused, naming the directory and the pid', async () => {
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(24)
    const dir = await tempDir()
    const child = await holdInChild(dir)
    expect(readLock(dir).pid).toBe(child.pid)
    const err = await expectLocked(openDatabase({ dataDir: dir, migrate: false }), dir)
    expect(err.message).toContain(`pid ${child.pid}`)
    // The refused open did not steal or remove the holder's lock.
    expect(readLock(dir).pid).toBe(child.pid)

    // The holder dies without cleaning up: its lock is stale and is taken over.
    await killAndWait(child)
    expect(readLock(dir).pid).toBe(child.pid)
    const db = await openDir(dir)
    expect(readLock(dir).pid).toBe(process.pid)
    const r = await queryRows<{ ok: number }>(db.db, sql`select 1 as ok`)
    expect(Number(r[0]!.ok)).toBe(1)
    await closeDb(db)
    expect(fs.existsSync(path.join(dir, 'mise.lock'))).toBe(false)
  }, 180_000)

  test('a lock file left by a dead pid is taken over', async () => {
    const dir = await tempDir()
    const pid = deadPid()
    fs.writeFileSync(path.join(dir, 'mise.lock'), JSON.stringify({ pid, host: os.hostname(), at: new Date().toISOString() }))
    const db = await openDir(dir)
    const lock = readLock(dir)
    expect(lock.pid).toBe(process.pid)
    expect(lock.host).toBe(os.hostname())
    await closeDb(db)
    expect(fs.existsSync(path.join(dir, 'mise.lock'))).toBe(false)
  })

  test('an unreadable lock file is taken over', async () => {
    const dir = await tempDir()
    fs.writeFileSync(path.join(dir, 'mise.lock'), 'not json')
    const db = await openDir(dir)
    expect(readLock(dir).pid).toBe(process.pid)
    await closeDb(db)
  })

  test('a missing data directory is created', async () => {
    const dir = path.join(await tempDir(), 'nested', 'data')
    const db = await openDir(dir)
    expect(fs.existsSync(path.join(dir, 'mise.lock'))).toBe(true)
    await closeDb(db)
  })
})

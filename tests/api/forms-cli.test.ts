/**
 * The operator reads form submissions from the command line (issue #15, docs/decisions/033):
 * `npm run forms -- list`, here run as `node scripts/forms.ts` on an embedded database in a temporary
 * directory that holds one submission of each kind.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { openDatabase } from '../../server/db/client.ts'
import { formSubmissions } from '../../server/db/schema.ts'

let dataDir: string
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mise-forms-cli-'))
  const database = await openDatabase({ dataDir })
  await database.db.insert(formSubmissions).values([
    { kind: 'contact', fields: { message: 'How much\nis Pro?' }, senderName: 'Carla Contact', senderEmail: 'carla@example.com', locale: 'en', ipHash: 'a1', createdAt: new Date('2026-11-20T10:00:00Z') },
    { kind: 'early-access', fields: { venues: '3' }, senderName: 'Pablo Pronto', senderEmail: 'pablo@example.com', locale: 'es', ipHash: 'b2', createdAt: new Date('2026-11-21T10:00:00Z') },
  ])
  await database.close()
}, 120_000)
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

function run(...args: string[]) {
  const result = spawnSync(process.execPath, ['scripts/forms.ts', ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
    encoding: 'utf8',
    timeout: 120_000,
  })
  return { code: result.status, out: result.stdout, err: result.stderr }
}

test('list: newest first, every field; --kind filters; --json for scripts; bad arguments exit 2', { timeout: 300_000 }, () => {
  const all = run('list')
  expect(all.code, all.err).toBe(0)
  expect(all.out.indexOf('early-access  Pablo Pronto <pablo@example.com>  [es]')).toBeGreaterThanOrEqual(0)
  expect(all.out.indexOf('early-access')).toBeLessThan(all.out.indexOf('contact  Carla Contact <carla@example.com>  [en]'))
  expect(all.out).toContain('message: How much\n     is Pro?')

  const contact = run('list', '--kind', 'contact', '--json')
  expect(contact.code, contact.err).toBe(0)
  expect(JSON.parse(contact.out)).toEqual([expect.objectContaining({ kind: 'contact', senderEmail: 'carla@example.com', fields: { message: 'How much\nis Pro?' } })])

  expect(run('list', '--kind', 'spam').code).toBe(2)
  expect(run('delete').code).toBe(2)
})

import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { publicFiles } from '../../server/http/static-files.ts'

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mise-static-'))
afterAll(() => fs.rmSync(root, { recursive: true, force: true }))

test('the client build’s files outside /assets, as URL paths, listed once', () => {
  fs.mkdirSync(path.join(root, 'assets'))
  fs.mkdirSync(path.join(root, 'icons'))
  for (const file of ['favicon.svg', 'sw.js', 'manifest.webmanifest', 'icons/192.png', 'assets/entry-abc.js']) fs.writeFileSync(path.join(root, file), 'x')
  expect([...publicFiles(root)].sort()).toEqual(['/favicon.svg', '/icons/192.png', '/manifest.webmanifest', '/sw.js'])
  expect(publicFiles(path.join(root, 'missing')).size).toBe(0)
})

/**
 * `npm start`: build when the build is missing or older than the sources, then run the one process.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

const root = path.resolve(import.meta.dirname, '..')
const entry = path.join(root, 'build/server/index.js')
const sources = ['app', 'server', 'locales', 'public', 'vite.config.ts', 'react-router.config.ts', 'package.json']

function newest(p: string): number {
  const full = path.join(root, p)
  if (!fs.existsSync(full)) return 0
  const stat = fs.statSync(full)
  if (!stat.isDirectory()) return stat.mtimeMs
  let max = stat.mtimeMs
  for (const name of fs.readdirSync(full)) max = Math.max(max, newest(path.join(p, name)))
  return max
}

const built = fs.existsSync(entry) ? fs.statSync(entry).mtimeMs : 0
if (!built || sources.some((s) => newest(s) > built)) {
  console.log(built ? 'Sources changed: rebuilding…' : 'No build yet: building…')
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/@react-router/dev/bin.cjs'), 'build'], {
    cwd: root,
    stdio: 'inherit',
  })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

process.env.NODE_ENV ??= 'production'
await import(pathToFileURL(entry).href)

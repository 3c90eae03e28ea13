/**
 * The files of the client build outside the hashed assets (favicon, manifest, service worker, …), as
 * URL paths, listed once when the process starts: page and /v1 requests are then told apart from them
 * without a file-system lookup each (issue #18's profile: a `stat` on every request).
 */
import fs from 'node:fs'
import path from 'node:path'

export function publicFiles(root: string): Set<string> {
  const out = new Set<string>()
  if (!fs.existsSync(root)) return out
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const file = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')
    if (file.startsWith('assets/')) continue
    out.add(`/${file}`)
  }
  return out
}

/**
 * The server the browser tests drive: the production build on a fresh embedded database, with a
 * real SMTP server (smtp-server) that stores every message as JSON for the tests to read.
 */
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { SMTPServer } from 'smtp-server'
import PostalMime from 'postal-mime'

/**
 * Two of these run (playwright.config.ts): `main` for every spec, with the alert scan off, and
 * `alerts` for e2e/alerts.spec.ts, scanning every second. One scan reads every organisation, and the
 * suite makes hundreds: a scan a second beside every other spec would slow them all down.
 */
const role = process.env.E2E_SERVER === 'alerts' ? 'alerts' : 'main'
const root = path.resolve(import.meta.dirname, '../..')
const tmp = path.join(root, 'e2e/.tmp')
const mailDir = path.join(tmp, 'mail')
const dataDir = path.join(tmp, `data-${role}-${process.pid}`)
// Each server clears what is its own: its earlier data directories, and (main) the mail of earlier runs.
fs.mkdirSync(mailDir, { recursive: true })
for (const entry of fs.readdirSync(tmp)) {
  if (entry.startsWith(`data-${role}-`)) fs.rmSync(path.join(tmp, entry), { recursive: true, force: true })
}
if (role === 'main') {
  for (const file of fs.readdirSync(mailDir)) fs.rmSync(path.join(mailDir, file), { force: true })
}

let count = 0
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = []
    stream.on('data', (c: Buffer) => chunks.push(c))
    stream.on('end', async () => {
      const parsed = await PostalMime.parse(Buffer.concat(chunks))
      const file = path.join(mailDir, `${Date.now()}-${role}${count++}.json`)
      const message = {
        to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
        subject: parsed.subject ?? '',
        text: parsed.text ?? '',
        html: parsed.html ?? '',
      }
      fs.writeFileSync(`${file}.part`, JSON.stringify(message))
      fs.renameSync(`${file}.part`, file)
      callback()
    })
  },
})
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
const smtpPort = (smtp.server.address() as { port: number }).port

const port = process.env.E2E_PORT ?? '3210'
Object.assign(process.env, {
  NODE_ENV: 'production',
  PORT: port,
  HOST: '127.0.0.1',
  APP_URL: `http://localhost:${port}`,
  DATA_DIR: dataDir,
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  SEED_DEMO: 'false',
  LOG_LEVEL: 'warn',
  // On the alerts server the scan runs every second (not every minute) so an overdue check's e-mail
  // arrives while a test waits; what is overdue is decided by the real clock (ADR 050).
  ...(role === 'alerts' ? { ALERTS_SCAN_INTERVAL_MS: '1000' } : { ALERTS: 'false' }),
})
await import(pathToFileURL(path.join(root, 'build/server/index.js')).href)

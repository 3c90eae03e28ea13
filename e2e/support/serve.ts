/**
 * The server the browser tests drive: the production build on a fresh embedded database, with a
 * real SMTP server (smtp-server) that stores every message as JSON for the tests to read.
 */
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { SMTPServer } from 'smtp-server'
import PostalMime from 'postal-mime'

const root = path.resolve(import.meta.dirname, '../..')
const tmp = path.join(root, 'e2e/.tmp')
const mailDir = path.join(tmp, 'mail')
const dataDir = path.join(tmp, `data-${process.pid}`)
fs.rmSync(tmp, { recursive: true, force: true })
fs.mkdirSync(mailDir, { recursive: true })

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
      const file = path.join(mailDir, `${Date.now()}-${count++}.json`)
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
})
await import(pathToFileURL(path.join(root, 'build/server/index.js')).href)

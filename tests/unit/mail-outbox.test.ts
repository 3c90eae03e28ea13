import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pino from 'pino'
import { expect, test } from 'vitest'
import { createMailer } from '../../server/mail/mailer.ts'
import { verifyEmailMail } from '../../server/mail/templates.ts'

test('without SMTP_URL each message is written to DATA_DIR/outbox and its links are logged', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mise-outbox-'))
  const lines: string[] = []
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) })
  const mailer = createMailer({ from: 'Mise <no-reply@example.com>', dataDir, logger })
  const link = 'http://localhost:3000/verify-email?id=abc&token=def'
  await mailer.send(verifyEmailMail({ locale: 'es', to: 'ana@example.com', appName: 'Mise', name: 'Ana', link }))
  const files = fs.readdirSync(path.join(dataDir, 'outbox'))
  expect(files).toHaveLength(1)
  expect(files[0]).toMatch(/\.eml$/)
  const eml = fs.readFileSync(path.join(dataDir, 'outbox', files[0]!), 'utf8')
  expect(eml).toContain('To: ana@example.com')
  expect(eml).toMatch(/multipart\/alternative/)
  expect(lines.join('\n')).toContain(link)
})

import fs from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
import type pino from 'pino'

export interface MailMessage {
  to: string
  subject: string
  text: string
  html: string
  /** Links the message carries; logged when mail goes to the outbox so a self-hoster can follow them. */
  links?: string[]
  /** Files sent with the message (an order's PDF). */
  attachments?: Array<{ filename: string; content: Buffer; contentType: string }>
  /** Where replies go (the person who sent an order), when not the sender. */
  replyTo?: string
  /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post on alerts, RFC 8058). */
  headers?: Record<string, string>
}

export interface Mailer {
  send(message: MailMessage): Promise<void>
}

/**
 * With SMTP_URL, mail goes through that server. Without it, each message is written as an .eml file
 * under DATA_DIR/outbox and its links are logged.
 */
export function createMailer(options: { smtpUrl?: string; from: string; dataDir: string; logger: pino.Logger }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl)
    return {
      async send(message) {
        await transport.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          attachments: message.attachments,
          replyTo: message.replyTo,
          headers: message.headers,
        })
      },
    }
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  const outbox = path.resolve(options.dataDir, 'outbox')
  return {
    async send(message) {
      const info = await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        attachments: message.attachments,
        replyTo: message.replyTo,
        headers: message.headers,
      })
      await fs.mkdir(outbox, { recursive: true })
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`)
      await fs.writeFile(file, info.message as Buffer)
      options.logger.info({ to: message.to, subject: message.subject, file, links: message.links }, 'mail written to outbox')
    },
  }
}

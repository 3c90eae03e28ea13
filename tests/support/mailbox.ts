import PostalMime from 'postal-mime'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  to: string[]
  from: string
  subject: string
  text: string
  html: string
  raw: string
  /** Files attached to the message, decoded. */
  attachments: Array<{ filename: string; mimeType: string; content: Uint8Array }>
}

/** A real SMTP server on a random local port that keeps every message it receives. */
export async function startMailbox() {
  const messages: ReceivedMail[] = []
  const waiters: Array<() => void> = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', async () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        const parsed = await PostalMime.parse(raw)
        messages.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
          html: typeof parsed.html === 'string' ? parsed.html : '',
          raw,
          attachments: parsed.attachments.map((a) => ({
            filename: a.filename ?? '',
            mimeType: a.mimeType,
            content: typeof a.content === 'string' ? new TextEncoder().encode(a.content) : new Uint8Array(a.content),
          })),
        })
        waiters.splice(0).forEach((w) => w())
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.server.address() as { port: number }).port
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** Wait for a message to the address matching the subject pattern (newest first). */
    async waitFor(to: string, subject?: RegExp, timeoutMs = 10_000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const found = [...messages].reverse().find((m) => m.to.includes(to.toLowerCase()) && (!subject || subject.test(m.subject)))
        if (found) return found
        if (Date.now() > deadline) throw new Error(`No mail to ${to} matching ${subject}`)
        await new Promise<void>((resolve) => {
          waiters.push(resolve)
          setTimeout(resolve, 200)
        })
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** The first link in a message's text that points at the given path. */
export function linkFrom(mail: ReceivedMail, pathname: string): URL {
  const match = mail.text.match(new RegExp(`https?://[^\\s]+${pathname.replace(/[/]/g, '\\/')}\\?[^\\s]+`))
  if (!match) throw new Error(`No ${pathname} link in mail "${mail.subject}"`)
  return new URL(match[0])
}

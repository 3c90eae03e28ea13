/**
 * The alert e-mails (issue #14), in the recipient's language: an overdue check, a failure left
 * unresolved, a venue's daily digest. Each carries the link to the page where it is fixed (opened in the
 * right organisation and venue) and a one-click unsubscribe link, also as List-Unsubscribe headers
 * (RFC 8058).
 */
import { formatDay } from '../dates.ts'
import { t, type Locale } from '../i18n.ts'
import type { MailMessage } from '../mail/mailer.ts'
import { escapeHtml, oneLine } from '../mail/templates.ts'
import type { AlertKind } from './schema.ts'

export interface AlertMailEvent {
  kind: AlertKind
  date: string
  templateName: string
  label: string
  dueTime: string | null
}

export interface DigestContent {
  score: number | null
  due: number
  onTime: number
  late: number
  missed: number
  missedNames: string[]
  unresolved: { templateName: string; label: string; date: string }[]
}

export interface AlertMailInput {
  locale: Locale
  to: string
  name: string
  appName: string
  orgName: string
  venueName: string
  event: AlertMailEvent
  /** The page to open (absolute), and the unsubscribe page (absolute, carries the signed token). */
  link: string
  unsubscribeLink: string
  digest?: DigestContent
}

const button = (href: string, label: string) =>
  `<p><a href="${escapeHtml(href)}" style="display:inline-block;padding:10px 16px;background:#14532d;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(label)}</a></p>`

/** The lines of the message body (plain text), before the call to action. */
function bodyLines(o: AlertMailInput, vars: Record<string, string | number>): string[] {
  const { locale, event } = o
  if (event.kind === 'overdue') return [t(locale, event.dueTime ? 'alerts.email.overdue.body' : 'alerts.email.overdue.bodyNoTime', vars)]
  if (event.kind === 'failure') return [t(locale, 'alerts.email.failure.body', vars)]
  const d = o.digest!
  const lines = [
    d.score === null ? t(locale, 'alerts.email.digest.noScore') : t(locale, 'alerts.email.digest.score', { score: d.score, onTime: d.onTime, late: d.late, missed: d.missed, due: d.due }),
    '',
    d.missedNames.length ? `${t(locale, 'alerts.email.digest.missed')}\n${d.missedNames.map((n) => `- ${n}`).join('\n')}` : t(locale, 'alerts.email.digest.noneMissed'),
    '',
    d.unresolved.length
      ? `${t(locale, 'alerts.email.digest.unresolved', { count: d.unresolved.length })}\n${d.unresolved.map((f) => `- ${f.templateName}: ${f.label} (${formatDay(f.date, locale, 'medium')})`).join('\n')}`
      : t(locale, 'alerts.email.digest.noneUnresolved'),
  ]
  return lines
}

export function alertMail(o: AlertMailInput): MailMessage {
  const { locale, event } = o
  const vars = {
    appName: o.appName,
    name: oneLine(o.name),
    orgName: oneLine(o.orgName),
    venueName: oneLine(o.venueName),
    templateName: oneLine(event.templateName),
    label: oneLine(event.label),
    time: event.dueTime ?? '',
    date: formatDay(event.date, locale, 'long'),
  }
  const subject = t(locale, `alerts.email.${event.kind}.subject`, vars)
  const greeting = t(locale, 'email.greeting', vars)
  const lines = bodyLines(o, vars)
  const action = t(locale, `alerts.email.${event.kind}.action`, vars)
  const why = t(locale, 'alerts.email.why', vars)
  const stop = t(locale, `alerts.email.stop.${event.kind}`, vars)
  const text = `${greeting}\n\n${lines.join('\n')}\n\n${action}: ${o.link}\n\n— ${o.appName}\n\n${why}\n${stop}: ${o.unsubscribeLink}\n`
  const htmlBody = lines
    .join('\n')
    .split('\n\n')
    .map((para) => `<p style="white-space:pre-line">${escapeHtml(para)}</p>`)
    .join('')
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">
<p>${escapeHtml(greeting)}</p>${htmlBody}
${button(o.link, action)}
<p style="font-size:13px;color:#444">${escapeHtml(o.link)}</p><p>— ${escapeHtml(o.appName)}</p>
<p style="font-size:13px;color:#444">${escapeHtml(why)} <a href="${escapeHtml(o.unsubscribeLink)}">${escapeHtml(stop)}</a></p></body></html>`
  return {
    to: o.to,
    subject,
    text,
    html,
    links: [o.link, o.unsubscribeLink],
    headers: { 'List-Unsubscribe': `<${o.unsubscribeLink}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  }
}

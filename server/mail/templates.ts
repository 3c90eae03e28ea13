import { t, type Locale } from '../i18n.ts'
import type { MailMessage } from './mailer.ts'

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!)
}

/** One plain-text and one HTML body from the same translated lines and a call-to-action link. */
function actionMail(opts: {
  locale: Locale
  to: string
  appName: string
  key: 'verifyEmail' | 'resetPassword' | 'invite'
  name: string
  link: string
  vars?: Record<string, string | number>
}): MailMessage {
  const { locale, key, appName } = opts
  const vars = { appName, name: opts.name, ...opts.vars }
  const subject = t(locale, `email.${key}.subject`, vars)
  const greeting = t(locale, 'email.greeting', vars)
  const body = t(locale, `email.${key}.body`, vars)
  const action = t(locale, `email.${key}.action`, vars)
  const ignore = t(locale, `email.${key}.ignore`, vars)
  const text = `${greeting}\n\n${body}\n\n${action}: ${opts.link}\n\n${ignore}\n\n— ${appName}\n`
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">
<p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p>
<p><a href="${escapeHtml(opts.link)}" style="display:inline-block;padding:10px 16px;background:#14532d;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(action)}</a></p>
<p style="font-size:13px;color:#444">${escapeHtml(opts.link)}</p>
<p style="font-size:13px;color:#444">${escapeHtml(ignore)}</p><p>— ${escapeHtml(appName)}</p></body></html>`
  return { to: opts.to, subject, text, html, links: [opts.link] }
}

export function verifyEmailMail(o: { locale: Locale; to: string; appName: string; name: string; link: string }) {
  return actionMail({ ...o, key: 'verifyEmail', vars: { hours: 48 } })
}

export function resetPasswordMail(o: { locale: Locale; to: string; appName: string; name: string; link: string }) {
  return actionMail({ ...o, key: 'resetPassword', vars: { minutes: 60 } })
}

/** An invitation to join an organisation, in the recipient's saved language, else the inviter's (server/staff/service.ts). */
export function inviteMail(o: {
  locale: Locale
  to: string
  appName: string
  name: string
  inviterName: string
  orgName: string
  link: string
  days: number
}) {
  return actionMail({ ...o, key: 'invite', vars: { inviterName: oneLine(o.inviterName), orgName: oneLine(o.orgName), days: o.days } })
}

/** Names chosen by users go into the subject line: no line breaks there. */
export function oneLine(s: string): string {
  return s.replace(/\s+/g, ' ').trim()
}

/** A public form sent (server/forms/service.ts), as support reads it: in English, every field, who and where from. */
export function formToSupportMail(o: {
  to: string
  appName: string
  appUrl: string
  submission: {
    id: string
    kind: string
    name: string
    email: string
    locale: string
    fields: Record<string, string>
    orgId?: string
    venueId?: string
    uploadId?: string
  }
}): MailMessage {
  const s = o.submission
  const subjectLine = s.fields.subject ? `: ${oneLine(s.fields.subject)}` : ''
  const subject = `[${o.appName}] ${s.kind} from ${oneLine(s.name)}${subjectLine}`
  const upload = s.orgId && s.uploadId ? `${o.appUrl}/v1/orgs/${s.orgId}/uploads/${s.uploadId}` : undefined
  const rows: Array<[string, string]> = [
    ['Kind', s.kind],
    ['From', `${s.name} <${s.email}>`],
    ['Language', s.locale],
    ...Object.entries(s.fields),
    ...(s.orgId ? [['Organisation', s.orgId] as [string, string]] : []),
    ...(s.venueId ? [['Venue', s.venueId] as [string, string]] : []),
    ...(upload ? [['Screenshot', upload] as [string, string]] : []),
    ['Submission', s.id],
  ]
  const text = rows.map(([k, v]) => `${k}: ${v}`).join('\n') + '\n'
  const html = `<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111"><table>${rows
    .map(([k, v]) => `<tr><th style="text-align:left;vertical-align:top;padding-right:12px">${escapeHtml(k)}</th><td style="white-space:pre-wrap">${escapeHtml(v)}</td></tr>`)
    .join('')}</table></body></html>`
  return { to: o.to, subject, text, html, ...(upload ? { links: [upload] } : {}) }
}

/** The acknowledgement to the sender of a public form, in their language. */
export function formAckMail(o: { to: string; appName: string; locale: Locale; kind: 'contact' | 'support' | 'early-access'; name: string }): MailMessage {
  const vars = { appName: o.appName, name: oneLine(o.name) }
  const key = o.kind === 'early-access' ? 'earlyAccess' : o.kind
  const subject = t(o.locale, `email.formAck.${key}.subject`, vars)
  const greeting = t(o.locale, 'email.greeting', vars)
  const body = t(o.locale, `email.formAck.${key}.body`, vars)
  const text = `${greeting}\n\n${body}\n\n— ${o.appName}\n`
  const html = `<!doctype html><html lang="${o.locale}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111"><p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p><p>— ${escapeHtml(o.appName)}</p></body></html>`
  return { to: o.to, subject, text, html }
}

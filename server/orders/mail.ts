/**
 * The supplier's e-mails (issue #13), in the organisation's language: the order (text, HTML and a
 * PDF attachment, with the signed link to confirm or change it), a cancellation, a credit request.
 */
import PDFDocument from 'pdfkit'
import type { MailMessage } from '../mail/mailer.ts'
import { t, type Locale } from '../i18n.ts'
import type { PublicOrder, SupplierChangeDetail } from './service.ts'
import { formatDay } from '../dates.ts'
import { numberFormat } from '../numbers.ts'

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!)
}

function oneLine(s: string): string {
  return s.replace(/\s+/g, ' ').trim()
}

/** A quantity as people write it in that language (2.5 → "2,5" in Spanish). */
export function quantity(value: number, locale: Locale): string {
  return numberFormat(locale, { maximumFractionDigits: 3 }).format(value)
}

/** A yyyy-MM-dd day in words ("Tuesday 24 November 2026"): the shared helper (ADR 039). */
export function longDay(day: string, locale: Locale): string {
  return formatDay(day, locale, 'long')
}

/** An amount of money with two decimals as people write it in that language (no currency: the venue's own). */
export function money(value: number, locale: Locale): string {
  return numberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value)
}

function lineText(l: PublicOrder['lines'][number], locale: Locale): string {
  const code = l.code ? ` [${l.code}]` : ''
  const note = l.note ? ` — ${l.note}` : ''
  const price = l.unitPrice !== null && l.lineTotal !== null ? ` × ${money(l.unitPrice, locale)} = ${money(l.lineTotal, locale)}` : ''
  return `- ${quantity(l.quantity, locale)} ${l.unit} ${l.name}${code}${price}${note}`.replace(/ {2,}/g, ' ')
}

/** Where to deliver (the venue's address and phone) and the total of the priced lines: one line each, in the e-mails and the PDF. */
function orderFacts(order: PublicOrder, locale: Locale, withTotal = true): Array<[string, string]> {
  const address = [order.venue.name, order.venue.address].map(oneLine).filter(Boolean).join(', ')
  return [
    [t(locale, 'orders.email.deliverTo'), address],
    ...(order.venue.phone ? [[t(locale, 'orders.email.phone'), oneLine(order.venue.phone)] as [string, string]] : []),
    ...(withTotal && order.total !== null ? [[t(locale, order.fullyPriced ? 'orders.email.total' : 'orders.email.pricedTotal'), money(order.total, locale)] as [string, string]] : []),
  ]
}

interface OrderMailInput {
  locale: Locale
  appName: string
  orgName: string
  order: PublicOrder
  senderName: string
  replyTo?: string
}

/** What every supplier e-mail may name: one set, so no template meets a placeholder left unfilled. */
function mailVars(o: OrderMailInput) {
  const { order, locale } = o
  return { orgName: oneLine(o.orgName), venueName: oneLine(order.venue.name), supplierName: oneLine(order.supplier.name), date: longDay(order.deliveryDate, locale), senderName: oneLine(o.senderName) }
}

/** The order sent to the supplier, with its PDF and the link to confirm or change it (valid 14 days). */
export async function orderMail(o: OrderMailInput & { link: string }): Promise<MailMessage> {
  const { locale, order } = o
  const vars = { ...mailVars(o), days: 14 }
  const subject = t(locale, 'orders.email.order.subject', vars)
  const intro = t(locale, 'orders.email.order.body', vars)
  const action = t(locale, 'orders.email.order.action', vars)
  const lines = order.lines.map((l) => lineText(l, locale))
  const notes = order.notes ? `\n${t(locale, 'orders.email.notes')}: ${order.notes}\n` : ''
  const facts = orderFacts(order, locale)
  const text = `${t(locale, 'orders.email.greeting', vars)}\n\n${intro}\n\n${lines.join('\n')}\n${notes}\n${facts.map(([k, v]) => `${k}: ${v}`).join('\n')}\n\n${action}: ${o.link}\n\n${t(locale, 'orders.email.order.validity', vars)}\n\n— ${vars.senderName}, ${vars.orgName}\n`
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">
<p>${escapeHtml(t(locale, 'orders.email.greeting', vars))}</p><p>${escapeHtml(intro)}</p>
<ul>${order.lines.map((l) => `<li>${escapeHtml(lineText(l, locale).slice(2))}</li>`).join('')}</ul>
${order.notes ? `<p>${escapeHtml(t(locale, 'orders.email.notes'))}: ${escapeHtml(order.notes)}</p>` : ''}
<p>${facts.map(([k, v]) => `${escapeHtml(k)}: ${escapeHtml(v)}`).join('<br>')}</p>
<p><a href="${escapeHtml(o.link)}" style="display:inline-block;padding:10px 16px;background:#14532d;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(action)}</a></p>
<p style="font-size:13px;color:#444">${escapeHtml(o.link)}</p>
<p style="font-size:13px;color:#444">${escapeHtml(t(locale, 'orders.email.order.validity', vars))}</p><p>— ${escapeHtml(vars.senderName)}, ${escapeHtml(vars.orgName)}</p></body></html>`
  const pdf = await orderPdf(o)
  return {
    to: order.supplier.email,
    subject,
    text,
    html,
    links: [o.link],
    replyTo: o.replyTo,
    attachments: [{ filename: `${t(locale, 'orders.email.fileName')}-${order.deliveryDate}.pdf`, content: pdf, contentType: 'application/pdf' }],
  }
}

/** The supplier is told a sent order is cancelled. */
export function cancelMail(o: OrderMailInput): MailMessage {
  const { locale, order } = o
  const vars = mailVars(o)
  const subject = t(locale, 'orders.email.cancel.subject', vars)
  const body = t(locale, 'orders.email.cancel.body', vars)
  const lines = order.lines.map((l) => lineText(l, locale))
  const text = `${t(locale, 'orders.email.greeting', vars)}\n\n${body}\n\n${lines.join('\n')}\n\n— ${vars.senderName}, ${vars.orgName}\n`
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111"><p>${escapeHtml(t(locale, 'orders.email.greeting', vars))}</p><p>${escapeHtml(body)}</p><ul>${order.lines.map((l) => `<li>${escapeHtml(lineText(l, locale).slice(2))}</li>`).join('')}</ul><p>— ${escapeHtml(vars.senderName)}, ${escapeHtml(vars.orgName)}</p></body></html>`
  return { to: order.supplier.email, subject, text, html, replyTo: o.replyTo }
}

/** A credit request for the lines short, damaged, wrong or too warm on delivery. */
export function creditMail(o: OrderMailInput & { shortfalls: PublicOrder['lines'] }): MailMessage {
  const { locale, order } = o
  const vars = mailVars(o)
  const subject = t(locale, 'orders.email.credit.subject', vars)
  const body = t(locale, 'orders.email.credit.body', vars)
  const rows = o.shortfalls.map((l) => {
    const issue = l.receivedIssue ? t(locale, `orders.issue.${l.receivedIssue}`) : ''
    const note = l.receivedNote ? ` — ${l.receivedNote}` : ''
    return `- ${l.name}: ${t(locale, 'orders.email.credit.line', { ordered: `${quantity(l.quantity, locale)} ${l.unit}`.trim(), received: `${quantity(l.receivedQuantity ?? 0, locale)} ${l.unit}`.trim() })}${issue ? ` (${issue})` : ''}${note}`
  })
  const text = `${t(locale, 'orders.email.greeting', vars)}\n\n${body}\n\n${rows.join('\n')}\n\n— ${vars.senderName}, ${vars.orgName}\n`
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111"><p>${escapeHtml(t(locale, 'orders.email.greeting', vars))}</p><p>${escapeHtml(body)}</p><ul>${rows.map((r) => `<li>${escapeHtml(r.slice(2))}</li>`).join('')}</ul><p>— ${escapeHtml(vars.senderName)}, ${escapeHtml(vars.orgName)}</p></body></html>`
  return { to: order.supplier.email, subject, text, html, replyTo: o.replyTo }
}

/**
 * The venue is told that the supplier changed an order when confirming it: to the person who sent it
 * (or the first owner), in their language, with each change and a link to the order.
 */
export function supplierChangedMail(o: { locale: Locale; orgName: string; order: PublicOrder; to: string; name: string; changed: SupplierChangeDetail; link: string }): MailMessage {
  const { locale, order, changed } = o
  const vars = { supplierName: oneLine(order.supplier.name), venueName: oneLine(order.venue.name), orgName: oneLine(o.orgName), date: longDay(order.deliveryDate, locale) }
  const subject = t(locale, 'orders.email.changed.subject', vars)
  const body = t(locale, 'orders.email.changed.body', vars)
  const rows = [
    ...(changed.deliveryDate ? [t(locale, 'orders.email.changed.date', { from: longDay(changed.deliveryDate.from, locale), to: longDay(changed.deliveryDate.to, locale) })] : []),
    ...(changed.lines ?? []).map((c) => t(locale, 'orders.email.changed.line', { name: oneLine(c.name), from: quantity(c.from, locale), to: quantity(c.to, locale) })),
    ...(changed.note ? [t(locale, 'orders.email.changed.note', { note: oneLine(changed.note) })] : []),
  ]
  const greeting = t(locale, 'email.greeting', { name: oneLine(o.name) })
  const action = t(locale, 'orders.email.changed.action')
  const text = `${greeting}\n\n${body}\n\n${rows.map((r) => `- ${r}`).join('\n')}\n\n${action}: ${o.link}\n`
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111"><p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p><ul>${rows.map((r) => `<li>${escapeHtml(r)}</li>`).join('')}</ul><p><a href="${escapeHtml(o.link)}">${escapeHtml(action)}</a></p></body></html>`
  return { to: o.to, subject, text, html, links: [o.link] }
}

// Characters Helvetica (WinAnsi) can draw beyond Latin-1.
const WIN_ANSI_EXTRA = new Set('ƒ–—‘’‚“”„†‡•…€‰‹›ˆ™ŒœŠšŸŽž˜')
function pdfText(text: string): string {
  let out = ''
  for (const ch of text.normalize('NFC').replace(/\r\n?/g, '\n').replace(/\t/g, ' ')) {
    const code = ch.codePointAt(0)!
    out += ch === '\n' || (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch) ? ch : '?'
  }
  return out
}

/** The order as a one-page (or more) A4 PDF: who orders, for where and when, and the lines. */
export function orderPdf(o: OrderMailInput): Promise<Buffer> {
  const { locale, order } = o
  const doc = new PDFDocument({ size: 'A4', margin: 48, info: { Title: pdfText(`${t(locale, 'orders.pdf.title')} — ${order.supplier.name}`), Author: pdfText(o.orgName) } })
  const chunks: Buffer[] = []
  doc.on('data', (c: Buffer) => chunks.push(c))
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))))
  doc.font('Helvetica-Bold').fontSize(18).text(pdfText(t(locale, 'orders.pdf.title')))
  doc.moveDown(0.5).font('Helvetica').fontSize(11)
  const facts: Array<[string, string]> = [
    [t(locale, 'orders.pdf.from'), `${o.orgName} — ${order.venue.name}`],
    [t(locale, 'orders.pdf.supplier'), order.supplier.name],
    [t(locale, 'orders.pdf.delivery'), longDay(order.deliveryDate, locale)],
    // The total closes the table below.
    ...orderFacts(order, locale, false),
    [t(locale, 'orders.pdf.orderedBy'), o.senderName],
    [t(locale, 'orders.pdf.reference'), order.id.slice(0, 8).toUpperCase()],
  ]
  for (const [k, v] of facts) doc.font('Helvetica-Bold').text(pdfText(`${k}: `), { continued: true }).font('Helvetica').text(pdfText(v))
  doc.moveDown()
  const x = doc.page.margins.left
  const priced = order.total !== null
  const widths = priced ? [60, 50, 170, 80, 70, 70] : [70, 60, 230, 120]
  const heads = [t(locale, 'orders.pdf.quantity'), t(locale, 'orders.pdf.unit'), t(locale, 'orders.pdf.item'), t(locale, 'orders.pdf.code'), ...(priced ? [t(locale, 'orders.pdf.price'), t(locale, 'orders.pdf.amount')] : [])]
  const row = (cells: string[], bold: boolean) => {
    const y = doc.y
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica')
    let cx = x
    let height = 0
    cells.forEach((cell, i) => {
      height = Math.max(height, doc.heightOfString(pdfText(cell), { width: widths[i]! - 6 }))
    })
    if (y + height > doc.page.height - doc.page.margins.bottom) doc.addPage()
    const top = doc.y
    cells.forEach((cell, i) => {
      doc.text(pdfText(cell), cx, top, { width: widths[i]! - 6 })
      cx += widths[i]!
    })
    doc.x = x
    doc.y = top + height + 4
  }
  row(heads, true)
  for (const l of order.lines) {
    const price = priced ? [l.unitPrice === null ? '' : money(l.unitPrice, locale), l.lineTotal === null ? '' : money(l.lineTotal, locale)] : []
    row([quantity(l.quantity, locale), l.unit, l.note ? `${l.name} (${l.note})` : l.name, l.code, ...price], false)
  }
  if (priced) row(['', '', t(locale, order.fullyPriced ? 'orders.email.total' : 'orders.email.pricedTotal'), '', '', money(order.total!, locale)], true)
  if (order.notes) {
    doc.moveDown().font('Helvetica-Bold').text(pdfText(`${t(locale, 'orders.email.notes')}:`)).font('Helvetica').text(pdfText(order.notes))
  }
  doc.end()
  return done
}

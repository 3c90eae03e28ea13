/**
 * The allergen sheet of a venue as a PDF (A4 landscape): every recipe of the venue × the 14 allergens,
 * "X" for contains, "?" for may contain, "!" for may contain — check (suggested by the ingredient
 * names, not confirmed), and a recipe whose list nobody has confirmed flagged so (ADR 084) — the table
 * kitchens pin on the wall.
 */
import PDFDocument from 'pdfkit'
import { t, type Locale } from '../i18n.ts'
import { MARK_TEXT } from './allergens.ts'
import { ALLERGENS } from './schema.ts'
import type { RecipeSummary } from './service.ts'

/** Row heights of the table, in points: roomy when few recipes, never cramped below legible. */
const MAX_ROW = 16
const MIN_ROW = 11

const WIN_ANSI_EXTRA = new Set('ƒ–—‘’‚“”„†‡•…€‰‹›ˆ™ŒœŠšŸŽž˜')

/** The built-in fonts only encode WinAnsi: anything else prints as '?'. */
function pdfText(text: string): string {
  let out = ''
  for (const ch of text.normalize('NFC').replace(/\s+/g, ' ')) {
    const code = ch.codePointAt(0)!
    out += (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch) ? ch : '?'
  }
  return out
}

export function allergenSheetPdf(input: { locale: Locale; venueName: string; orgName: string; recipes: RecipeSummary[]; printedAt: string }): Promise<Buffer> {
  const { locale } = input
  const margin = 28
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margins: { top: margin, left: margin, right: margin, bottom: margin }, lang: locale, info: { Title: pdfText(`${t(locale, 'recipes.sheet.title')} — ${input.venueName}`), Author: pdfText(input.orgName), Creator: 'Mise' } })
  const chunks: Buffer[] = []
  doc.on('data', (c: Buffer) => chunks.push(c))
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))))

  const width = doc.page.width - margin * 2
  doc.font('Helvetica-Bold').fontSize(16).text(pdfText(`${t(locale, 'recipes.sheet.title')} — ${input.venueName}`), margin, margin)
  doc.font('Helvetica').fontSize(9).text(pdfText(`${input.orgName} · ${input.printedAt}`))
  doc.font('Helvetica').fontSize(9).text(pdfText(`${t(locale, 'recipes.sheet.legend')} · ${t(locale, 'recipes.sheet.legendUnconfirmed')}`), { width })
  doc.moveDown(0.5)

  const nameWidth = Math.max(160, width - ALLERGENS.length * 40)
  const cell = (width - nameWidth) / ALLERGENS.length
  const unconfirmed = pdfText(t(locale, 'recipes.sheet.unconfirmed'))
  // The headers are written whole on a slant (never wrapped, so never broken inside a word): the
  // header is as tall as the longest name needs, in whichever language.
  doc.font('Helvetica-Bold').fontSize(8)
  const longest = Math.max(...ALLERGENS.map((a) => doc.widthOfString(pdfText(t(locale, `allergens.${a}`)))))
  const headerHeight = Math.max(40, Math.ceil(longest * Math.sin(Math.PI / 3)) + 16)
  let y = doc.y
  const header = () => {
    doc.font('Helvetica-Bold').fontSize(8)
    doc.text(pdfText(t(locale, 'recipes.sheet.recipe')), margin + 2, y + headerHeight - 12, { width: nameWidth - 4 })
    ALLERGENS.forEach((a, i) => {
      const x = margin + nameWidth + i * cell
      doc.save().rotate(-60, { origin: [x + cell / 2, y + headerHeight - 4] })
      doc.text(pdfText(t(locale, `allergens.${a}`)), x + cell / 2, y + headerHeight - 10, { lineBreak: false })
      doc.restore()
    })
    y += headerHeight
    doc.moveTo(margin, y).lineTo(margin + width, y).stroke()
  }
  header()
  // One page where it fits: rows shrink from 16 pt down to 11 pt (8 pt type, still legible) so that up
  // to about 35 recipes share the first page; past that the table goes on, header repeated.
  const room = doc.page.height - margin - y
  const rowHeight = Math.max(MIN_ROW, Math.min(MAX_ROW, Math.floor((room / Math.max(1, input.recipes.length)) * 10) / 10))
  const nameSize = rowHeight >= 14 ? 9 : 8
  const markSize = rowHeight >= 14 ? 10 : 9
  for (const recipe of input.recipes) {
    if (y + rowHeight > doc.page.height - margin) {
      doc.addPage()
      y = margin
      header()
    }
    const baseline = (rowHeight - nameSize) / 2
    // An unconfirmed recipe says so at the end of its name cell, in words (not a colour).
    const flagWidth = recipe.allergensConfirmed ? 0 : doc.font('Helvetica-Bold').fontSize(nameSize - 1).widthOfString(unconfirmed) + 6
    doc.font('Helvetica').fontSize(nameSize).text(pdfText(recipe.name), margin + 2, y + baseline, { width: nameWidth - 4 - flagWidth, height: rowHeight, ellipsis: true, lineBreak: false })
    if (flagWidth) doc.font('Helvetica-Bold').fontSize(nameSize - 1).text(unconfirmed, margin + nameWidth - flagWidth, y + baseline + 0.5, { width: flagWidth - 2, align: 'right', lineBreak: false })
    ALLERGENS.forEach((a, i) => {
      const mark = recipe.allergenMarks[a]
      if (!mark) return
      doc.font('Helvetica-Bold').fontSize(markSize).text(MARK_TEXT[mark], margin + nameWidth + i * cell, y + (rowHeight - markSize) / 2, { width: cell, align: 'center', lineBreak: false })
    })
    y += rowHeight
    doc.moveTo(margin, y).lineTo(margin + width, y).lineWidth(0.5).strokeColor('#999999').stroke().strokeColor('black').lineWidth(1)
  }
  if (!input.recipes.length) doc.font('Helvetica').fontSize(10).text(pdfText(t(locale, 'recipes.sheet.empty')), margin, y + 8)
  doc.end()
  return done
}

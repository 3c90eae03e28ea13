/**
 * Static markup for the server-drawn charts (ADR 078). A chart and its table of values are drawn once
 * and never change on the page, so they are written as one string (`dangerouslySetInnerHTML`) instead
 * of React elements: a log's page draws a chart per unit, some 360 elements in all.
 *
 * `html` is a tagged template: its literal parts are the caller's markup, and every value put into it
 * is escaped as text unless it is itself `html`'s result (a `Markup`), so nothing read from the database
 * or typed by a person can become markup. A line break in a literal part, with the indentation after
 * it, is left out, so templates can be laid out as markup is read without adding text to the page.
 */

/** Markup made by `html` (safe to put into other markup as it is). */
export class Markup {
  readonly html: string
  constructor(html: string) {
    this.html = html
  }
}

const ESCAPED: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' }
const SPECIAL = /[&<>"']/
const SPECIALS = /[&<>"']/g

/** Text or an attribute value, safe between tags and inside double quotes. */
export function escapeHtml(text: string): string {
  return SPECIAL.test(text) ? text.replace(SPECIALS, (ch) => ESCAPED[ch]!) : text
}

/** A value put into `html`: markup as it is, a list each in turn, nothing for null, undefined or false, anything else as escaped text. */
export type Interpolation = Markup | string | number | boolean | null | undefined | readonly Interpolation[]

function write(value: Interpolation): string {
  if (value instanceof Markup) return value.html
  if (typeof value === 'string') return escapeHtml(value)
  if (typeof value === 'number') return String(value)
  if (value === null || value === undefined || value === false) return ''
  if (value === true) return 'true'
  let out = ''
  for (const item of value) out += write(item)
  return out
}

/** Each template's literal parts without their line breaks, made once (a call site's `strings` is always the same array). */
const literals = new WeakMap<TemplateStringsArray, string[]>()

/** Markup from a template whose values are escaped (see the module's comment). */
export function html(strings: TemplateStringsArray, ...values: Interpolation[]): Markup {
  let parts = literals.get(strings)
  if (!parts) literals.set(strings, (parts = strings.map((part) => part.replace(/\n\s*/g, ''))))
  let out = parts[0]!
  for (let i = 0; i < values.length; i++) out += write(values[i]!) + parts[i + 1]!
  return new Markup(out)
}

/** What a React element takes to show static markup as it is (the server's and the browser's are the same string). */
export function staticMarkup(markup: Markup): { dangerouslySetInnerHTML: { __html: string } } {
  return { dangerouslySetInnerHTML: { __html: markup.html } }
}

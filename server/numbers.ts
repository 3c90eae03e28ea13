/**
 * Numbers in the reader's language. Making an `Intl.NumberFormat` costs far more than using one (a
 * temperature page shows a reading in every cell, an order a quantity on every line), so each language
 * and set of options gets one, kept for the process; the browser keeps its own the same way.
 */
const formats = new Map<string, Intl.NumberFormat>()

/** The number format for a language and options, made once. */
export function numberFormat(language: string | undefined, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${language ?? ''}|${JSON.stringify(options)}`
  let found = formats.get(key)
  if (!found) {
    // Languages come from requests: a bounded set in practice, and the map is emptied should it grow.
    if (formats.size >= 500) formats.clear()
    formats.set(key, (found = new Intl.NumberFormat(language, options)))
  }
  return found
}

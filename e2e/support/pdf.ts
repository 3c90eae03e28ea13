import { extractText, type getDocumentProxy } from 'unpdf'

/**
 * A PDF's text, every page, with its white space folded to single spaces: a table cell or a printed
 * line wraps between words wherever its width runs out, so a test looks for words, not line breaks.
 */
export async function pdfText(doc: Awaited<ReturnType<typeof getDocumentProxy>>): Promise<string> {
  return ((await extractText(doc, { mergePages: true })).text as string).replace(/\s+/g, ' ')
}

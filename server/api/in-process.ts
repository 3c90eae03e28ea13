/**
 * The text of the JSON answers the API gives in-process (ADR 001's transport: a page's loaders call
 * `app.fetch` with no socket between). The web reads an answer's body as text and parses it; through
 * @hono/node-server's Response, `text()` first turns the string `c.json` made into a web stream and
 * reads it back, about 0.2 ms of a day page's CPU (issue #18). For in-process calls `c.json` keeps the
 * string it made, and the web takes it from here: the same JSON text, parsed the same way, so an
 * answer reads exactly as over HTTP (`API_URL`), where this is never used.
 */
import type { Context } from 'hono'

const texts = new WeakMap<Response, string>()

/** The JSON text of an in-process answer, when `c.json` made it; otherwise read the body. */
export function jsonTextOf(response: Response): string | undefined {
  return texts.get(response)
}

type Json = (object: unknown, arg?: unknown, headers?: Record<string, string | string[]>) => Response

/** Make this request's `c.json` keep its text (Hono's own: its content type unless given, its status). */
export function keepJsonTexts(c: Context): void {
  const body = c.body as unknown as (data: string, arg?: unknown, headers?: Record<string, string | string[]>) => Response
  const json: Json = (object, arg, headers) => {
    const text = JSON.stringify(object)
    const response = body(text, arg, { 'Content-Type': 'application/json', ...headers })
    texts.set(response, text)
    return response
  }
  c.json = json as typeof c.json
}

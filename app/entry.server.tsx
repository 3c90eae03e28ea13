/**
 * React Router's default Node entry, plus the Content-Security-Policy nonce: the root middleware
 * (app/lib/security.server.ts) makes one per request, and <ServerRouter nonce> puts it on every inline
 * script React Router writes (hydration data, route modules, scroll restoration, streamed data).
 */
import { PassThrough } from 'node:stream'
import type { EntryContext, RouterContextProvider } from 'react-router'
import { createReadableStreamFromReadable } from '@react-router/node'
import { ServerRouter } from 'react-router'
import type { RenderToPipeableStreamOptions } from 'react-dom/server'
import { renderToPipeableStream } from 'react-dom/server'
import { nonceContext } from './lib/context'
import { NonceContext } from './lib/nonce'
import { rememberRouteMatches } from './lib/route-matches.server'

export const streamTimeout = 5_000

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders })
  }
  const nonce = loadContext.get(nonceContext)
  // The manifest's ancestor paths are matched once per build, not once per page (ADR 074).
  rememberRouteMatches(routerContext.staticHandlerContext)

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false

    // Every answer waits for all its content (React Router's default does so for bots only), and no
    // finished part is moved to the end of the document to be put in place by a script (React does so
    // past `progressiveChunkSize` bytes): parts the browser loads lazily (app/lib/lazy.tsx, ADR 061) are
    // in the HTML where they belong, so a page is whole without JavaScript. No page streams deferred
    // data, so nothing is sent later than before.
    const readyOption: keyof RenderToPipeableStreamOptions = 'onAllReady'

    // Abort the rendering stream after `streamTimeout`, leaving time to flush rejected boundaries.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000)

    const app = (
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>
    )
    const { pipe, abort } = renderToPipeableStream(app, {
      nonce,
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      [readyOption]() {
        shellRendered = true
        const body = new PassThrough({
          final(callback) {
            clearTimeout(timeoutId)
            timeoutId = undefined
            callback()
          },
        })
        const stream = createReadableStreamFromReadable(body)
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
        pipe(body)
        resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }))
      },
      onShellError(error: unknown) {
        reject(error)
      },
      onError(error: unknown) {
        responseStatusCode = 500
        // Errors inside the shell are logged here; shell errors are logged by React Router.
        if (shellRendered) console.error(error)
      },
    })
  })
}

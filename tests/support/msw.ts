/**
 * Fakes for outside HTTP services, at their HTTP boundary (msw 3), one line per test file:
 *
 *   import { http, HttpResponse } from 'msw/http'
 *   const fakes = useHttpFakes(http.post('https://api.stripe.com/v1/checkout/sessions', () => HttpResponse.json({ id: 'cs_1' })))
 *   test('…', () => { fakes.use(http.post('https://api.stripe.com/v1/…', () => new HttpResponse(null, { status: 500 }))) })
 *
 * Any request to an outside address that no handler answers fails: the request itself errors (as a
 * network failure would), and the test fails after it even if the code under test swallowed that
 * error (e.g. fell back to an offline path). Requests to this machine (the test's own SMTP, HTTP
 * servers and databases on localhost) pass through untouched.
 *
 * Every outside HTTP call the app makes is faked this way in tests (docs/decisions/018-themes-honeypot-msw.md).
 */
import { afterAll, afterEach, beforeAll } from 'vitest'
import type { AnyHandler, UnhandledFrameHandle } from 'msw'
import { HttpResponse } from 'msw/http'
import { setupServer, type SetupServer } from 'msw/node'

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1', '0.0.0.0'])

/** True for addresses on this machine, which the fakes never stand in for. */
export function isLocal(url: string): boolean {
  const { hostname } = new URL(url)
  return LOCAL_HOSTS.has(hostname) || hostname.endsWith('.localhost') || hostname.startsWith('127.')
}

export interface HttpFakes extends SetupServer {
  /**
   * Throws naming every outside request that no fake answered since the last call (and forgets
   * them). Runs after each test; a test proving that a request was refused may call it itself.
   */
  assertAllHandled(): void
}

export function useHttpFakes(...handlers: AnyHandler[]): HttpFakes {
  const server = setupServer(...handlers)
  const unhandled: string[] = []

  const onUnhandledFrame: Exclude<UnhandledFrameHandle, string> = ({ frame }) => {
    const data = frame.data as { request?: Request; connection?: { client?: { url?: URL } } }
    const url = data.request?.url ?? data.connection?.client?.url?.href
    if (!url || isLocal(url)) return // pass through
    const line = `${data.request?.method ?? 'WS'} ${url}`
    unhandled.push(line)
    // A network error, as if the service could not be reached; the test fails after it.
    throw HttpResponse.error()
  }

  const fakes = Object.assign(server, {
    assertAllHandled() {
      const lines = unhandled.splice(0)
      if (lines.length) {
        throw new Error(`Outside HTTP requests without a fake (add one with useHttpFakes(…) or fakes.use(…), tests/support/msw.ts):\n  ${lines.join('\n  ')}`)
      }
    },
  })

  beforeAll(() => server.listen({ onUnhandledFrame }))
  afterEach(() => {
    server.resetHandlers()
    fakes.assertAllHandled()
  })
  afterAll(() => server.close())
  return fakes
}

import fs from 'node:fs'
import type { LoaderFunctionArgs } from 'react-router'

/**
 * The "same-HTML ceiling" (scripts/bench.ts, section 7): Mise's page as captured by the bench — its
 * body's HTML and all its routes' loader data — served from constants by a bare React Router route,
 * with no database, no session, no i18n and no components. The loader answers the captured data (so
 * the hydration payload is the same size); the component writes the captured markup as it is.
 */
interface Captured {
  body: string
  data: unknown
}

let captured: Record<string, Captured> | undefined
/** What the loader served last, for the component (server only: loaders are not in the browser build). */
const bodies = new Map<string, string>()

export function loader({ params }: LoaderFunctionArgs) {
  captured ??= JSON.parse(fs.readFileSync(process.env.BENCH_SAME_HTML!, 'utf8')) as Record<string, Captured>
  const found = params.page ? captured[params.page] : undefined
  if (!found) throw new Response('Not Found', { status: 404 })
  bodies.set(params.page!, found.body)
  return found.data
}

export default function Same({ params }: { params: { page?: string } }) {
  // The bench measures the server; no browser loads this page.
  return <div dangerouslySetInnerHTML={{ __html: bodies.get(params.page ?? '') ?? '' }} />
}

/**
 * The production process: one Hono server for /v1, static assets and React Router SSR.
 * Built by `react-router build` as the SSR entry (see vite.config.ts) and started by scripts/start.ts.
 */
import { serve } from '@hono/node-server'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono } from 'hono'
import { createRequestHandler, RouterContextProvider } from 'react-router'
import type { IncomingMessage } from 'node:http'
import * as build from 'virtual:react-router/server-build'
import { clientIpContext } from '../app/lib/context.ts'
import { cheapCompression } from './http/compression.ts'
import { isHttps, withSecurityHeaders } from './http/security-headers.ts'
import { publicFiles } from './http/static-files.ts'
import { writingFromThread } from './db/socket-thread.ts'
import { getRuntime } from './runtime.ts'

type NodeEnv = { incoming: IncomingMessage }

const runtime = await getRuntime().catch((error: Error) => {
  // Configuration and data-directory problems are the operator's to fix: say what, without a stack.
  if (error?.name === 'ConfigError' || error?.name === 'DataDirLockedError') {
    console.error(`\nMise could not start.\n${error.message}\n`)
    process.exit(1)
  }
  throw error
})
const { config, logger } = runtime
const handleDocument = createRequestHandler(build, 'production')
const CLIENT_DIR = './build/client'

const app = new Hono<{ Bindings: NodeEnv }>()
// Pages and /v1 are compressed in one cheap call; hashed assets were compressed at build (ADR 042).
app.use('*', cheapCompression({ enabled: config.COMPRESSION }))
// Security headers on every answer: static files get them here; /v1 and pages already carry theirs
// (their Content-Security-Policy is kept), docs/decisions/013.
const https = isHttps(config.appUrl)
app.use('*', async (c, next) => {
  await next()
  const secured = withSecurityHeaders(c.res, { https, csp: { kind: 'static' } })
  if (secured !== c.res) c.res = secured
})
app.all('/v1/*', (c) => runtime.api.fetch(c.req.raw, { clientIp: c.env.incoming.socket.remoteAddress }))
app.use(
  '/assets/*',
  serveStatic({
    root: CLIENT_DIR,
    precompressed: true,
    onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable'),
  }),
)
// The other static files (favicon, manifest, service worker) are known at start-up: a page request
// costs no file-system lookup (issue #18). The build does not change while the process runs.
const staticFiles = publicFiles(CLIENT_DIR)
const servePublicFile = serveStatic({
  root: CLIENT_DIR,
  onFound: (path, c) => c.header('Cache-Control', path.endsWith('sw.js') ? 'no-cache' : 'public, max-age=3600'),
})
app.use('*', (c, next) => (staticFiles.has(c.req.path) ? servePublicFile(c, next) : next()))
app.all('*', (c) => {
  const context = new RouterContextProvider()
  context.set(clientIpContext, c.env.incoming.socket.remoteAddress ?? null)
  // A page's statements are written from the database's writing thread (ADR 076).
  return writingFromThread(() => handleDocument(c.req.raw, context))
})

const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
  logger.info({ port: info.port }, `Mise is listening on ${config.appUrl}`)
})
// Keep idle connections longer than the clients and proxies that reuse them (Node's default is 5 s):
// otherwise a request sent on a kept-alive socket just as the server closes it fails with ECONNRESET.
if ('keepAliveTimeout' in server) {
  server.keepAliveTimeout = 65_000
  server.headersTimeout = 66_000
}

let stopping = false
async function shutdown(signal: string) {
  if (stopping) return
  stopping = true
  logger.info({ signal }, 'shutting down: finishing in-flight requests')
  const force = setTimeout(() => {
    logger.warn('shutdown timed out; exiting')
    process.exit(1)
  }, 10_000)
  force.unref()
  server.close(async () => {
    await runtime.close().catch((err) => logger.error({ err }, 'closing the database failed'))
    logger.info('stopped')
    process.exit(0)
  })
  // Idle keep-alive sockets would hold close() open.
  ;(server as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.()
}
process.on('SIGTERM', () => void shutdown('SIGTERM'))
process.on('SIGINT', () => void shutdown('SIGINT'))

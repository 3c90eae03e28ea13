import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { getRequestListener } from '@hono/node-server'
import { defineConfig, isRunnableDevEnvironment, type Plugin } from 'vite'
import fs from 'node:fs/promises'
import path from 'node:path'
import zlib from 'node:zlib'
import { fileURLToPath } from 'node:url'
import { getConfig } from './server/config.ts'
import { MIN_COMPRESS_BYTES } from './server/http/compression.ts'
import { baseSecurityHeaders, contentSecurityPolicy, isHttps } from './server/http/security-headers.ts'

/**
 * `react-router dev` ignores the custom server entry, so in development /v1 is mounted here,
 * loaded through the SSR environment's module runner: the same module graph (and database) the
 * loaders use, with hot reload.
 */
function devApi(): Plugin {
  return {
    name: 'mise-dev-api',
    apply: 'serve',
    configureServer(server) {
      // The security headers of server/main.ts on everything Vite serves itself (modules, styles,
      // public/); pages and /v1 replace the Content-Security-Policy with their own (ADR 013).
      const https = isHttps(getConfig().appUrl)
      server.middlewares.use((_req, res, next) => {
        for (const [name, value] of Object.entries(baseSecurityHeaders({ https }))) res.setHeader(name, value)
        res.setHeader('Content-Security-Policy', contentSecurityPolicy({ kind: 'static' }))
        next()
      })
      server.middlewares.use(async (req, res, next) => {
        if (!req.url?.startsWith('/v1/') && req.url !== '/v1') return next()
        const ssr = server.environments.ssr
        if (!isRunnableDevEnvironment(ssr)) return next()
        try {
          const { getRuntime } = (await ssr.runner.import('/server/runtime.ts')) as typeof import('./server/runtime.ts')
          const runtime = await getRuntime()
          await getRequestListener((request, env) =>
            runtime.api.fetch(request, { clientIp: (env as { incoming: import('node:http').IncomingMessage }).incoming.socket.remoteAddress }),
          )(req, res)
        } catch (error) {
          next(error)
        }
      })
    },
  }
}

/**
 * Hashed client assets are compressed once, at build time, at the highest levels (brotli 11, gzip 9),
 * and served as they are by serveStatic's `precompressed` (docs/decisions/042-compression.md).
 */
function precompressAssets(): Plugin {
  return {
    name: 'mise-precompress-assets',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    async writeBundle(options, bundle) {
      const dir = options.dir
      if (!dir) return
      await Promise.all(
        Object.keys(bundle)
          .filter((file) => /\.(js|mjs|css|svg|json|txt|map)$/.test(file))
          .map(async (file) => {
            const full = path.join(dir, file)
            const source = await fs.readFile(full)
            if (source.byteLength < MIN_COMPRESS_BYTES) return
            const br = zlib.brotliCompressSync(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } })
            const gz = zlib.gzipSync(source, { level: 9 })
            await Promise.all([fs.writeFile(`${full}.br`, br), fs.writeFile(`${full}.gz`, gz)])
          }),
      )
    },
  }
}

/**
 * First-load JavaScript in few files (ADR 060, 061): React, React DOM and React Router in one chunk, as
 * the bare React Router page has them, and the app's shell — what the root and every page render: the
 * header, the toaster, buttons and fields, the translator, the lazy-component helper (and with it Vite's
 * import() helper) — in another. Left to the bundler, they were some 20 files of a few hundred bytes
 * each, every one compressed on its own. Not in the shell: what only some pages use (forms and conform,
 * the confirm dialog, the danger zone, the time-zone list) and what loads lazily (`*.client.ts`, the
 * offline PIN check, a device's part of the bar: app/lib/lazy.tsx). The error screens are in the shell:
 * an error may be that the network is gone, and a screen fetched then would not come (ADR 083).
 * A third chunk, `offline`, is the venue pages' own (their layout's banner and the offline store, which
 * the PIN pad also uses): no other page loads it.
 *
 * Groups, not `manualChunks`: a group takes its modules' dependencies with it unless a group of higher
 * priority has them, so the shell never pulls in what the offline chunk has, and the reverse.
 */
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/
const SHELL =
  /[\\/]node_modules[\\/]react-i18next[\\/]|[\\/]app[\\/](lib[\\/](i18n|translate|use-translation|device|nonce|context|safe-redirect|title|lazy)\.tsx?$|components[\\/](ui[\\/](button|field)|theme-switch|route-error-boundary|route-error|root-error|error-screens|app-header|toaster|progress-bar|language-switch|language-options|submit-button)\.tsx?$)/
const OFFLINE = /[\\/]app[\\/](lib[\\/]offline-store|components[\\/]records[\\/]offline)\.tsx?$/


/**
 * Each route's chunk carries its own copy of the app modules it imports (ADR 061): components,
 * helpers, the date helper. Left to the bundler, a module shared by several routes is a chunk of its
 * own, and a page loaded a dozen files of a few hundred bytes, each compressed on its own; with the
 * copies a page loads the framework, the shell, its layouts and one chunk of its own.
 *
 * Not copied: the route modules themselves, the framework, the shell and the offline chunk (the
 * groups below, which hold the app's state: the offline store, the translator), `*.client.ts` and
 * `*.server.ts` modules, and whatever a page loads with import() (it is shared as before). A copied
 * module is instantiated once per route that uses it, so app modules outside those groups keep no
 * state of their own (caches aside). Browser build only: the server and the dev server are unchanged.
 */
const BUILD_CLIENT_ROUTE = '?__react-router-build-client-route'
const ROUTE_COPY = '?route='
function routeCopies(): Plugin {
  const routes: string[] = []
  const copied = (id: string) =>
    /[\\/](app|server)[\\/]/.test(id) && !/[\\/]node_modules[\\/]/.test(id) && !id.includes('?') && !/\.(client|server)\.tsx?$|\.css$/.test(id) && !SHELL.test(id) && !OFFLINE.test(id) && !routes.includes(id)
  return {
    name: 'mise-route-copies',
    enforce: 'pre',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    async resolveId(source, importer, options) {
      if (!importer || options.isEntry) return null
      if (importer.endsWith(BUILD_CLIENT_ROUTE)) {
        // React Router's entry of a route re-exports the route module: that module is the route.
        const route = await this.resolve(source, importer, { ...options, skipSelf: true })
        if (route && !routes.includes(route.id)) routes.push(route.id)
        return route
      }
      if ((options as { kind?: string }).kind !== 'import-statement') return null
      const at = importer.indexOf(ROUTE_COPY)
      const route = at >= 0 ? importer.slice(at + ROUTE_COPY.length) : routes.includes(importer) ? String(routes.indexOf(importer)) : null
      if (route === null) return null
      const resolved = await this.resolve(source, at >= 0 ? importer.slice(0, at) : importer, { ...options, skipSelf: true })
      if (!resolved || resolved.external || !copied(resolved.id)) return resolved
      return { ...resolved, id: `${resolved.id}${ROUTE_COPY}${route}` }
    },
  }
}

/**
 * remix-i18next's middleware detects a request's language, then builds an i18next instance for the
 * request that Mise never reads (5–7 % of `/login`'s CPU). Its `import { createInstance } from 'i18next'`
 * resolves to a placeholder (app/lib/i18next-unread.server.ts; docs/decisions/070). The package is
 * bundled on the server (`ssr.noExternal`) so that its import goes through this plugin; vitest.config.ts
 * uses the same plugin.
 */
export function remixI18nextDetectionOnly(): Plugin {
  const placeholder = fileURLToPath(new URL('./app/lib/i18next-unread.server.ts', import.meta.url))
  return {
    name: 'mise-remix-i18next-detection-only',
    enforce: 'pre',
    resolveId(source, importer) {
      return source === 'i18next' && importer && /[\\/]node_modules[\\/]remix-i18next[\\/]/.test(importer) ? placeholder : null
    },
  }
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), devApi(), precompressAssets(), routeCopies(), remixI18nextDetectionOnly()],
  resolve: { tsconfigPaths: true },
  ssr: { external: ['@electric-sql/pglite', 'pg', '@node-rs/argon2', 'pino', 'nodemailer', 'sharp'], noExternal: ['remix-i18next'] },
  environments: {
    client: {
      build: {
        rollupOptions: {
          // i18next's module creates its global instance when loaded, so the bundler keeps it even when
          // nothing of it is used; the browser translates with app/lib/translate.ts instead (ADR 056),
          // and react-i18next's provider needs none of it. Other modules keep their own declaration.
          treeshake: { moduleSideEffects: (id: string) => (/[\\/]node_modules[\\/]i18next[\\/]/.test(id) ? false : undefined) as boolean },
          output: {
            codeSplitting: {
              groups: [
                { name: 'framework', test: FRAMEWORK, priority: 3 },
                { name: 'shell', test: SHELL, priority: 2 },
                { name: 'offline', test: OFFLINE, priority: 1 },
              ],
            },
          },
        },
      },
    },
    ssr: {
      build: {
        target: 'node24',
        // The production entry: Hono serving /v1, static files and SSR (server/main.ts).
        rollupOptions: { input: './server/main.ts' },
      },
    },
  },
  build: { target: 'es2022' },
  // The dev server listens where APP_URL's links point.
  server: { port: getConfig().PORT, strictPort: true },
})

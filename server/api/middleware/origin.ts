import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../context.ts'
import { forbidden } from '../errors.ts'

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS'])

/** Refuse state-changing calls made by a browser on another site (CSRF defence for cookie auth). */
export function originCheck(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (SAFE.has(c.req.method)) return next()
    const origin = c.req.header('origin')
    const site = c.req.header('sec-fetch-site')
    if (site === 'cross-site') throw forbidden('Cross-site request refused')
    if (origin && origin !== 'null') {
      const { config } = c.get('deps')
      const allowed = new Set([new URL(config.appUrl).origin, ownOrigin(c.req.raw, config.TRUST_PROXY)])
      if (!allowed.has(origin)) throw forbidden('Cross-origin request refused')
    } else if (origin === 'null') {
      throw forbidden('Cross-origin request refused')
    }
    return next()
  }
}

export function ownOrigin(request: Request, trustProxy: boolean): string {
  const url = new URL(request.url)
  if (trustProxy) {
    const proto = request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim()
    const host = request.headers.get('x-forwarded-host')?.split(',')[0]?.trim()
    if (proto) url.protocol = `${proto}:`
    if (host) url.host = host
  }
  return url.origin
}

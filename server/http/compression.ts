/**
 * Compression that costs little (docs/decisions/042-compression.md).
 *
 * Hashed assets are compressed once at build time (brotli and gzip files beside them, served by
 * serveStatic's `precompressed`); everything else the process answers — documents and /v1 JSON —
 * is compressed here in one synchronous call on the whole body, which costs a third of what
 * Hono's `compress()` (a CompressionStream) costs for the same page. Small bodies go as they are.
 * With COMPRESSION=false (a proxy in front compresses) nothing is done here.
 */
import zlib from 'node:zlib'
import type { Context, MiddlewareHandler } from 'hono'

/** Below this, compression costs more than the bytes it saves. */
export const MIN_COMPRESS_BYTES = 1024

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|problem\+json|manifest\+json)|image\/svg\+xml)/i

/** The encoding to answer with, from an Accept-Encoding header: brotli first, then gzip. */
export function pickEncoding(acceptEncoding: string | null | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null
  const accepted = new Map<string, number>()
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    if (!name) continue
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    const weight = q ? Number(q.slice(2)) : 1
    accepted.set(name, Number.isFinite(weight) ? weight : 0)
  }
  const allows = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0
  if (allows('br')) return 'br'
  if (allows('gzip')) return 'gzip'
  return null
}

export function compressBody(body: Uint8Array, encoding: 'br' | 'gzip'): Buffer {
  return encoding === 'br'
    ? zlib.brotliCompressSync(body, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength },
      })
    : zlib.gzipSync(body, { level: 5 })
}

export function cheapCompression(options: { enabled: boolean }): MiddlewareHandler {
  return async (c, next) => {
    await next()
    if (!options.enabled || c.req.method === 'HEAD') return
    const res = c.res
    if (!res.body || res.headers.has('Content-Encoding') || [204, 206, 304].includes(res.status)) return
    const type = res.headers.get('Content-Type') ?? ''
    if (!COMPRESSIBLE.test(type) || /text\/event-stream/i.test(type)) return
    if (/\bno-transform\b/i.test(res.headers.get('Cache-Control') ?? '')) return
    const length = Number(res.headers.get('Content-Length') ?? NaN)
    if (Number.isFinite(length) && length < MIN_COMPRESS_BYTES) return
    const encoding = pickEncoding(c.req.header('Accept-Encoding'))
    const headers = new Headers(res.headers)
    headers.append('Vary', 'Accept-Encoding')
    if (!encoding) {
      replace(c, new Response(res.body, { status: res.status, statusText: res.statusText, headers }))
      return
    }
    const body = new Uint8Array(await res.arrayBuffer())
    if (body.byteLength < MIN_COMPRESS_BYTES) {
      replace(c, new Response(body, { status: res.status, statusText: res.statusText, headers }))
      return
    }
    const compressed = compressBody(body, encoding)
    headers.set('Content-Encoding', encoding)
    headers.set('Content-Length', String(compressed.byteLength))
    replace(c, new Response(new Uint8Array(compressed.buffer as ArrayBuffer, compressed.byteOffset, compressed.byteLength), { status: res.status, statusText: res.statusText, headers }))
  }
}

/** Hono merges the old answer's headers into a new one (Content-Length included): start afresh. */
function replace(c: Context, response: Response) {
  c.res = undefined as unknown as Response
  c.res = response
}

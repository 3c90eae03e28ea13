import zlib from 'node:zlib'
import { Hono } from 'hono'
import { describe, expect, test } from 'vitest'
import { cheapCompression, MIN_COMPRESS_BYTES, pickEncoding } from '../../server/http/compression.ts'

const page = `<!doctype html><html><body>${'<p class="text-sm text-gray-700">Fridge 2 · 3.5 °C</p>'.repeat(400)}</body></html>`

function appWith(enabled: boolean) {
  const app = new Hono()
  app.use('*', cheapCompression({ enabled }))
  app.get('/page', (c) => {
    c.header('Set-Cookie', 'a=1; Path=/', { append: true })
    c.header('Set-Cookie', 'b=2; Path=/', { append: true })
    c.header('Vary', 'Cookie')
    return c.html(page)
  })
  app.get('/small', (c) => c.json({ ok: true }))
  app.get('/stream', (c) => c.body(page, 200, { 'Content-Type': 'text/event-stream' }))
  app.get('/png', (c) => c.body(new Uint8Array(4096), 200, { 'Content-Type': 'image/png' }))
  app.get('/encoded', (c) => c.body(zlib.gzipSync(page), 200, { 'Content-Type': 'text/html', 'Content-Encoding': 'gzip' }))
  return app
}

describe('pickEncoding', () => {
  test('brotli first, then gzip; q=0 refuses; nothing when absent', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br')
    expect(pickEncoding('gzip;q=1.0, br;q=0')).toBe('gzip')
    expect(pickEncoding('deflate')).toBeNull()
    expect(pickEncoding('*')).toBe('br')
    expect(pickEncoding('identity')).toBeNull()
    expect(pickEncoding(null)).toBeNull()
  })
})

describe('cheap compression of pages and /v1 answers', () => {
  test('a page comes back in brotli when asked, whole, with a true length, its cookies and Vary', async () => {
    const res = await appWith(true).request('/page', { headers: { 'Accept-Encoding': 'gzip, br' } })
    expect(res.headers.get('content-encoding')).toBe('br')
    const body = Buffer.from(await res.arrayBuffer())
    expect(Number(res.headers.get('content-length'))).toBe(body.byteLength)
    expect(body.byteLength).toBeLessThan(Buffer.byteLength(page) / 5)
    expect(zlib.brotliDecompressSync(body).toString()).toBe(page)
    expect(res.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/'])
    expect(res.headers.get('vary')).toBe('Cookie, Accept-Encoding')
  })

  test('gzip for a client without brotli; nothing for one that takes neither', async () => {
    const gz = await appWith(true).request('/page', { headers: { 'Accept-Encoding': 'gzip' } })
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    expect(zlib.gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(page)
    const plain = await appWith(true).request('/page', { headers: { 'Accept-Encoding': 'identity' } })
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(await plain.text()).toBe(page)
  })

  test('small bodies, images, event streams and answers already encoded are left as they are', async () => {
    const app = appWith(true)
    const headers = { 'Accept-Encoding': 'br, gzip' }
    const small = await app.request('/small', { headers })
    expect(JSON.stringify({ ok: true }).length).toBeLessThan(MIN_COMPRESS_BYTES)
    expect(small.headers.get('content-encoding')).toBeNull()
    expect(await small.json()).toEqual({ ok: true })
    expect((await app.request('/png', { headers })).headers.get('content-encoding')).toBeNull()
    expect((await app.request('/stream', { headers })).headers.get('content-encoding')).toBeNull()
    const encoded = await app.request('/encoded', { headers })
    expect(encoded.headers.get('content-encoding')).toBe('gzip')
    expect(zlib.gunzipSync(Buffer.from(await encoded.arrayBuffer())).toString()).toBe(page)
  })

  test('COMPRESSION=false (a proxy compresses) leaves every answer as it is', async () => {
    const res = await appWith(false).request('/page', { headers: { 'Accept-Encoding': 'gzip, br' } })
    expect(res.headers.get('content-encoding')).toBeNull()
    expect(await res.text()).toBe(page)
  })
})

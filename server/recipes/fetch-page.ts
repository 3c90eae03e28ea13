/**
 * Fetching a recipe's web page for import (docs/decisions/026-recipe-import.md): http and https only,
 * every address the name resolves to must be public (unless allowed for self-hosters and tests),
 * redirects followed by hand and checked the same way, a time limit and a size limit.
 */
import { lookup as dnsLookup } from 'node:dns/promises'
import { isIP } from 'node:net'

export type PageError = 'scheme' | 'private' | 'unreachable' | 'tooLarge' | 'timeout' | 'notHtml' | 'status'

export class PageFetchError extends Error {
  readonly reason: PageError
  constructor(reason: PageError) {
    super(reason)
    this.reason = reason
  }
}

export interface FetchOptions {
  allowPrivate: boolean
  timeoutMs?: number
  maxBytes?: number
  maxRedirects?: number
  /** Name → addresses (tests replace it); default: the system resolver. */
  lookup?: (hostname: string) => Promise<string[]>
}

const defaultLookup = async (hostname: string) => (await dnsLookup(hostname, { all: true })).map((a) => a.address)

function ipv4Private(ip: string): boolean {
  const [a, b] = ip.split('.').map(Number) as [number, number]
  return (
    a === 0 || a === 10 || a === 127 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127) || (a === 192 && b === 0) || (a === 198 && (b === 18 || b === 19)) || a >= 224
  )
}

/** Loopback, private, link-local, unique-local, carrier-grade NAT, multicast and reserved addresses. */
export function isPrivateAddress(ip: string): boolean {
  const version = isIP(ip)
  if (version === 4) return ipv4Private(ip)
  if (version !== 6) return true
  const lower = ip.toLowerCase()
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower)
  if (mapped) return ipv4Private(mapped[1]!)
  return lower === '::' || lower === '::1' || /^f[cd]/.test(lower) || /^fe[89ab]/.test(lower) || /^ff/.test(lower) || lower.startsWith('::ffff:')
}

async function checkUrl(url: URL, options: FetchOptions): Promise<void> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new PageFetchError('scheme')
  if (url.username || url.password) throw new PageFetchError('scheme')
  if (options.allowPrivate) return
  const host = url.hostname.replace(/^\[|\]$/g, '')
  let addresses: string[]
  if (isIP(host)) addresses = [host]
  else {
    try {
      addresses = await (options.lookup ?? defaultLookup)(host)
    } catch {
      throw new PageFetchError('unreachable')
    }
  }
  if (!addresses.length || addresses.some(isPrivateAddress)) throw new PageFetchError('private')
}

/** The page's HTML (or text), checked and limited. */
export async function fetchPage(target: string, options: FetchOptions): Promise<{ url: string; html: string }> {
  let url: URL
  try {
    url = new URL(target)
  } catch {
    throw new PageFetchError('scheme')
  }
  const maxBytes = options.maxBytes ?? 2 * 1024 * 1024
  const signal = AbortSignal.timeout(options.timeoutMs ?? 8000)
  try {
    for (let hop = 0; ; hop++) {
      await checkUrl(url, options)
      let response: Response
      try {
        response = await fetch(url, { redirect: 'manual', signal, headers: { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5', 'user-agent': 'MiseRecipeImport/1.0' } })
      } catch (error) {
        if (signal.aborted) throw new PageFetchError('timeout')
        throw error instanceof PageFetchError ? error : new PageFetchError('unreachable')
      }
      if (response.status >= 300 && response.status < 400 && response.headers.get('location')) {
        await response.body?.cancel()
        if (hop >= (options.maxRedirects ?? 3)) throw new PageFetchError('unreachable')
        url = new URL(response.headers.get('location')!, url)
        continue
      }
      if (!response.ok) {
        await response.body?.cancel()
        throw new PageFetchError('status')
      }
      const type = response.headers.get('content-type') ?? ''
      if (type && !/text\/html|application\/xhtml|text\/plain|application\/ld\+json/i.test(type)) {
        await response.body?.cancel()
        throw new PageFetchError('notHtml')
      }
      if (Number(response.headers.get('content-length') ?? 0) > maxBytes) {
        await response.body?.cancel()
        throw new PageFetchError('tooLarge')
      }
      const reader = response.body?.getReader()
      const chunks: Uint8Array[] = []
      let size = 0
      if (reader) {
        for (;;) {
          let read: ReadableStreamReadResult<Uint8Array>
          try {
            read = await reader.read()
          } catch {
            throw new PageFetchError(signal.aborted ? 'timeout' : 'unreachable')
          }
          if (read.done) break
          size += read.value.byteLength
          if (size > maxBytes) {
            await reader.cancel()
            throw new PageFetchError('tooLarge')
          }
          chunks.push(read.value)
        }
      }
      return { url: url.toString(), html: new TextDecoder().decode(Buffer.concat(chunks)) }
    }
  } catch (error) {
    if (error instanceof PageFetchError) throw error
    throw new PageFetchError(signal.aborted ? 'timeout' : 'unreachable')
  }
}

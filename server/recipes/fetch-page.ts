/**
 * Fetching a recipe's web page for import (docs/decisions/026-recipe-import.md, 038): http and https
 * only; the host name is resolved once per hop, every address it gives must be public (unless allowed
 * for self-hosters and tests), and the connection goes to those very addresses — the name is never
 * resolved again behind the check, so a DNS answer that changes (rebinding) cannot slip a private
 * address in. Redirects are followed by hand and checked the same way; a time limit and a size limit
 * hold for the whole fetch.
 */
import { lookup as dnsLookup } from 'node:dns/promises'
import { request as httpRequest, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { BlockList, isIP, type LookupFunction } from 'node:net'
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib'

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
  /** Name → addresses (tests replace it); default: the system resolver. Asked once per hop. */
  lookup?: (hostname: string) => Promise<string[]>
  /** Which addresses are refused; default `isPrivateAddress` (tests name their own "public" one). */
  isForbiddenAddress?: (ip: string) => boolean
}

const defaultLookup = async (hostname: string) => (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => a.address)

const blockedV4 = new BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  blockedV4.addSubnet(network, prefix, 'ipv4')

const blockedV6 = new BlockList()
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['100::', 64], // discard-only
  ['2001::', 32], // Teredo (tunnels to an IPv4 address)
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const)
  blockedV6.addSubnet(network, prefix, 'ipv6')

/** The 16 bytes of an IPv6 address (isIP(ip) === 6), a trailing dotted IPv4 part included. */
function ipv6Bytes(ip: string): number[] {
  let text = ip.toLowerCase().replace(/%.*$/, '')
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number]
    text = `${text.slice(0, -dotted[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined]
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
  return groups.flatMap((g) => {
    const n = parseInt(g, 16)
    return [n >> 8, n & 0xff]
  })
}

/** The IPv4 address an IPv6 one carries and reaches (mapped, NAT64, 6to4), if any. */
function embeddedIpv4(bytes: number[]): string | null {
  const v4 = (from: number) => bytes.slice(from, from + 4).join('.')
  if (bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff) return v4(12) // ::ffff:a.b.c.d
  if (bytes[0] === 0x00 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b) return v4(12) // 64:ff9b::/96, 64:ff9b:1::/48 (NAT64)
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return v4(2) // 2002::/16 (6to4)
  return null
}

/**
 * Loopback, private, link-local, unique-local, carrier-grade NAT, multicast and reserved addresses,
 * and IPv6 addresses that carry such an IPv4 one (mapped, compatible, NAT64, 6to4). Anything that is
 * not an IP address at all is refused too.
 */
export function isPrivateAddress(ip: string): boolean {
  const version = isIP(ip)
  if (version === 4) return blockedV4.check(ip, 'ipv4')
  if (version !== 6) return true
  const bytes = ipv6Bytes(ip)
  if (bytes.length !== 16) return true
  // ::, ::1 and the deprecated "compatible" ::a.b.c.d: never a public destination.
  if (bytes.slice(0, 12).every((b) => b === 0)) return true
  const v4 = embeddedIpv4(bytes)
  if (v4 !== null) return blockedV4.check(v4, 'ipv4')
  return blockedV6.check(ip.replace(/%.*$/, ''), 'ipv6')
}

/** Where one hop may connect: the checked addresses of its host. */
async function addressesFor(url: URL, options: FetchOptions, signal: AbortSignal): Promise<string[]> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new PageFetchError('scheme')
  if (url.username || url.password) throw new PageFetchError('scheme')
  const host = url.hostname.replace(/^\[|\]$/g, '')
  let addresses: string[]
  if (isIP(host)) addresses = [host]
  else {
    try {
      addresses = await Promise.race([
        (options.lookup ?? defaultLookup)(host),
        new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(new PageFetchError('timeout')), { once: true })),
      ])
    } catch (error) {
      throw error instanceof PageFetchError ? error : new PageFetchError('unreachable')
    }
  }
  if (!addresses.length || addresses.some((a) => !isIP(a))) throw new PageFetchError('unreachable')
  if (!options.allowPrivate && addresses.some(options.isForbiddenAddress ?? isPrivateAddress)) throw new PageFetchError('private')
  return addresses
}

/** A `lookup` for the socket that answers with the checked addresses only, never asking DNS again. */
function pinnedLookup(addresses: string[]): LookupFunction {
  const entries = addresses.map((address) => ({ address, family: isIP(address) }))
  return (_hostname, options, callback) => {
    if (options.all) callback(null, entries)
    else callback(null, entries[0]!.address, entries[0]!.family)
  }
}

function get(url: URL, addresses: string[], signal: AbortSignal): Promise<IncomingMessage> {
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: 'GET',
      // A socket of its own each time: a pooled one could have been opened for another address.
      agent: false,
      lookup: pinnedLookup(addresses),
      signal,
      headers: { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5', 'accept-encoding': 'gzip, deflate, br', 'user-agent': 'MiseRecipeImport/1.0' },
    })
    req.once('response', resolve)
    req.once('error', reject)
    req.end()
  })
}

/** The body, decompressed, refused as soon as it passes `maxBytes` (Content-Length is not trusted). */
async function readBody(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const encoding = (response.headers['content-encoding'] ?? '').trim().toLowerCase()
  const decoder = encoding === 'gzip' || encoding === 'x-gzip' ? createGunzip() : encoding === 'deflate' ? createInflate() : encoding === 'br' ? createBrotliDecompress() : null
  const stream = decoder ? response.pipe(decoder) : response
  if (decoder) response.once('error', (error) => decoder.destroy(error))
  const chunks: Buffer[] = []
  let size = 0
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.byteLength
      if (size > maxBytes) throw new PageFetchError('tooLarge')
      chunks.push(chunk)
    }
  } finally {
    response.destroy()
    decoder?.destroy()
  }
  return Buffer.concat(chunks)
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
      const addresses = await addressesFor(url, options, signal)
      const response = await get(url, addresses, signal)
      const status = response.statusCode ?? 0
      const location = response.headers.location
      if (status >= 300 && status < 400 && location) {
        response.destroy()
        if (hop >= (options.maxRedirects ?? 3)) throw new PageFetchError('unreachable')
        url = new URL(location, url)
        continue
      }
      if (status < 200 || status >= 300) {
        response.destroy()
        throw new PageFetchError('status')
      }
      const type = response.headers['content-type'] ?? ''
      if (type && !/text\/html|application\/xhtml|text\/plain|application\/ld\+json/i.test(type)) {
        response.destroy()
        throw new PageFetchError('notHtml')
      }
      if (Number(response.headers['content-length'] ?? 0) > maxBytes) {
        response.destroy()
        throw new PageFetchError('tooLarge')
      }
      return { url: url.toString(), html: new TextDecoder().decode(await readBody(response, maxBytes)) }
    }
  } catch (error) {
    if (signal.aborted) throw new PageFetchError('timeout')
    if (error instanceof PageFetchError) throw error
    throw new PageFetchError('unreachable')
  }
}

/**
 * The web's only way to the API. Loaders and actions are API clients, exactly as a separate front
 * end would be: the incoming Cookie, Accept-Language and a request id are forwarded, Set-Cookie is
 * relayed back. In-process (no socket) by default; over HTTP when API_URL is set.
 */
import { randomUUID } from 'node:crypto'
import { redirect, type RouterContextProvider } from 'react-router'
import { getConfig } from '../../server/config.ts'
import { getRuntime } from '../../server/runtime.ts'
import type { AuthState } from '../../server/api/context.ts'
import { jsonTextOf } from '../../server/api/in-process.ts'
import { clientIpContext } from './context.ts'
import { pinChallenge, pinRedirect } from './device.server.ts'
import { pagePath } from './safe-redirect.ts'

export type ErrorName =
  | 'BadRequestError'
  | 'ValidationError'
  | 'UnauthorizedError'
  | 'ForbiddenError'
  | 'NotFoundError'
  | 'TooManyRequestsError'
  | 'ServerError'

const KNOWN: ReadonlySet<string> = new Set([
  'BadRequestError',
  'ValidationError',
  'UnauthorizedError',
  'ForbiddenError',
  'NotFoundError',
  'TooManyRequestsError',
  'ServerError',
])

export interface ApiErrorInfo {
  name: ErrorName
  code: number
  message: string
  data?: Record<string, string>
  retryAfter?: number
}

export type ApiResult<T> =
  | { ok: true; status: number; data: T; headers: Headers }
  | { ok: false; status: number; error: ApiErrorInfo; headers: Headers }

/**
 * Sends a request to the API and returns its response. `sessions`: what the API resolved of the
 * session for this page request so far (in-process only; see `Bindings.sessions`).
 */
export type Transport = (request: Request, clientIp?: string, sessions?: Map<string, AuthState>) => Promise<Response>

export const inProcessTransport: Transport = async (request, clientIp, sessions) => {
  const runtime = await getRuntime()
  return runtime.api.fetch(request, { clientIp, sessions, inProcess: true })
}

/**
 * One page request's resolved sessions, shared by all its API clients (the root loader's, the
 * route's, ...): the session is looked up once per page, not once per call.
 */
const pageSessions = new WeakMap<Request, Map<string, AuthState>>()
function sessionsOf(request: Request): Map<string, AuthState> {
  let found = pageSessions.get(request)
  if (!found) pageSessions.set(request, (found = new Map()))
  return found
}

export function httpTransport(baseUrl: string, options: { retries?: number; sleep?: (ms: number) => Promise<void> } = {}): Transport {
  const sleep = options.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)))
  const retries = options.retries ?? 3
  return async (request, clientIp) => {
    const url = new URL(request.url)
    const target = new URL(url.pathname + url.search, baseUrl)
    const headers = new Headers(request.headers)
    if (clientIp) headers.set('x-forwarded-for', clientIp)
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer()
    const isQuery = request.method === 'GET' || request.method === 'HEAD'
    for (let attempt = 0; ; attempt++) {
      try {
        return await fetch(target, { method: request.method, headers, body, redirect: 'manual' })
      } catch (error) {
        // Queries are not retried (original-spec §9); other calls are retried when the API could
        // not be reached at all, so the request never ran: 1 s, doubling, capped at 30 s.
        if (isQuery || attempt >= retries || !isConnectionError(error)) throw error
        await sleep(retryDelay(attempt))
      }
    }
  }
}

/** Delay before retry number `attempt` (0-based): 1 s, doubling, capped at 30 s. */
export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30_000)
}

function isConnectionError(error: unknown): boolean {
  const code = (error as { cause?: { code?: string } })?.cause?.code
  return code === 'ECONNREFUSED' || code === 'ECONNRESET' || code === 'EAI_AGAIN' || code === 'ENOTFOUND' || code === 'UND_ERR_SOCKET'
}

let defaultTransport: Transport | undefined
function transport(): Transport {
  defaultTransport ??= getConfig().API_URL ? httpTransport(getConfig().API_URL!) : inProcessTransport
  return defaultTransport
}

/** For tests: choose how the web reaches the API. */
export function setTransport(next: Transport | undefined) {
  defaultTransport = next
}

const FORWARDED = ['cookie', 'accept-language', 'user-agent']

export interface ApiClient {
  get<T>(path: string): Promise<ApiResult<T>>
  post<T>(path: string, body?: unknown): Promise<ApiResult<T>>
  put<T>(path: string, body?: unknown): Promise<ApiResult<T>>
  del<T>(path: string): Promise<ApiResult<T>>
  /** POST multipart/form-data (e.g. `{org}/uploads` with a `file` field). */
  upload<T>(path: string, form: FormData): Promise<ApiResult<T>>
  /** A call answered with a file (e.g. an export): the API's raw Response on success. */
  file(method: 'GET' | 'POST', path: string, body?: unknown): Promise<ApiResult<Response>>
  /** Set-Cookie headers received from the API so far, to relay to the browser. */
  readonly setCookies: string[]
  /** Headers to put on the response that ends this request (relayed cookies). */
  headers(extra?: HeadersInit): Headers
}

export interface RequestArgs {
  request: Request
  context?: Readonly<RouterContextProvider>
}

export function api({ request, context }: RequestArgs, options: { transport?: Transport } = {}): ApiClient {
  const send = options.transport ?? transport()
  const clientIp = context?.get(clientIpContext) ?? undefined
  const requestId = request.headers.get('x-request-id') ?? randomUUID()
  const setCookies: string[] = []
  let cookieHeader = request.headers.get('cookie') ?? ''

  /** A call whose successful answer is a file (exports, uploads): the raw response, errors mapped. */
  /** Headers of every call: the browser's cookie (kept in step with Set-Cookie), language, agent, request id. */
  function requestHeaders(accept?: string): Headers {
    const headers = new Headers({ 'x-request-id': requestId })
    if (accept) headers.set('accept', accept)
    for (const name of FORWARDED) {
      const value = name === 'cookie' ? cookieHeader : request.headers.get(name)
      if (value) headers.set(name, value)
    }
    return headers
  }

  /** A call whose successful answer is a file (exports, uploads): the raw response, errors mapped. */
  async function raw(method: string, path: string, body?: unknown): Promise<ApiResult<Response>> {
    const headers = requestHeaders()
    if (body !== undefined) headers.set('content-type', 'application/json')
    const sessions = sessionsOf(request)
    if (method !== 'GET') sessions.clear()
    const response = await send(
      new Request(new URL(path, 'http://mise.internal'), { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }),
      clientIp,
      method === 'GET' ? sessions : undefined,
    )
    if (response.ok) return { ok: true, status: response.status, data: response, headers: response.headers }
    return { ok: false, status: response.status, error: toErrorInfo(await readJson(response), response), headers: response.headers }
  }

  async function call<T>(method: string, path: string, body?: unknown): Promise<ApiResult<T>> {
    const headers = requestHeaders('application/json')
    // FormData goes as multipart (uploads); anything else as JSON.
    const multipart = body instanceof FormData
    if (body !== undefined && !multipart) headers.set('content-type', 'application/json')
    const apiRequest = new Request(new URL(path, 'http://mise.internal'), {
      method,
      headers,
      body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
    })
    // A call that may change the session (sign-in, sign-out, profile) makes the next calls look again.
    const sessions = sessionsOf(request)
    if (method !== 'GET') sessions.clear()
    const response = await send(apiRequest, clientIp, method === 'GET' ? sessions : undefined)
    for (const cookie of response.headers.getSetCookie()) {
      setCookies.push(cookie)
      cookieHeader = mergeCookie(cookieHeader, cookie)
    }
    const json = await readJson(response)
    if (response.ok || (response.status >= 300 && response.status < 400)) {
      return { ok: true, status: response.status, data: json as T, headers: response.headers }
    }
    const error = toErrorInfo(json, response)
    // A shared device recording without a usable PIN: to the PIN pad and back, from any page
    // (a 401 for an expired PIN is not a signed-out session; docs/decisions/021).
    const challenge = pinChallenge(error)
    if (challenge) throw pinRedirect(request, challenge, headersWith(setCookies))
    return { ok: false, status: response.status, error, headers: response.headers }
  }

  return {
    get: (path) => call('GET', path),
    post: (path, body) => call('POST', path, body),
    put: (path, body) => call('PUT', path, body),
    del: (path) => call('DELETE', path),
    upload: (path, form) => call('POST', path, form),
    file: (method, path, body) => raw(method, path, body),
    setCookies,
    headers: (extra) => headersWith(setCookies, extra),
  }
}

function headersWith(setCookies: readonly string[], extra?: HeadersInit): Headers {
  const h = new Headers(extra)
  for (const c of setCookies) h.append('Set-Cookie', c)
  return h
}

/** A response body as JSON, or undefined when it is empty or not JSON. */
async function readJson(response: Response): Promise<unknown> {
  // In-process answers hand over the text `c.json` made; others are read (server/api/in-process.ts).
  const text = jsonTextOf(response) ?? (await response.text())
  try {
    return text ? JSON.parse(text) : undefined
  } catch {
    return undefined
  }
}

/** Map an error body back to its kind; an unknown name is a server error (original-spec §8). */
export function toErrorInfo(json: unknown, response: Response): ApiErrorInfo {
  const e = (json as { error?: Partial<ApiErrorInfo> } | undefined)?.error
  const retry = Number(response.headers.get('retry-after'))
  if (e && typeof e.name === 'string' && KNOWN.has(e.name)) {
    return {
      name: e.name as ErrorName,
      code: typeof e.code === 'number' ? e.code : response.status,
      message: typeof e.message === 'string' ? e.message : '',
      ...(e.data && typeof e.data === 'object' ? { data: e.data } : {}),
      ...(retry > 0 ? { retryAfter: retry } : {}),
    }
  }
  return { name: 'ServerError', code: 500, message: '' }
}

/** Keep a Cookie header in step with a Set-Cookie, so later calls in one request see new cookies. */
function mergeCookie(header: string, setCookie: string): string {
  const [pair] = setCookie.split(';')
  const eq = pair!.indexOf('=')
  const name = pair!.slice(0, eq).trim()
  const value = pair!.slice(eq + 1).trim()
  const expired = /max-age=0|expires=thu, 01 jan 1970/i.test(setCookie)
  const parts = header
    .split(';')
    .map((p) => p.trim())
    .filter((p) => p && !p.startsWith(`${name}=`))
  if (!expired) parts.push(`${name}=${value}`)
  return parts.join('; ')
}

/**
 * An authentication failure on any call other than the current-user call sends the browser to
 * /login, keeping where it was going.
 */
export function unauthorizedRedirect(request: Request, headers?: Headers): Response {
  return redirect(`/login?${new URLSearchParams({ redirectTo: pagePath(request) })}`, { headers })
}

/** Unwrap a result or throw: 401 → /login; other errors → a route error response. */
export function must<T>(request: Request, client: ApiClient, result: ApiResult<T>): T {
  if (result.ok) return result.data
  if (result.error.name === 'UnauthorizedError') throw unauthorizedRedirect(request, client.headers())
  throw new Response(JSON.stringify({ error: result.error }), {
    status: result.status,
    headers: { 'content-type': 'application/json' },
  })
}

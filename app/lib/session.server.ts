import { redirect } from 'react-router'
import type { SessionUser } from '../root'
import type { Role } from '../../server/auth/permissions'
import { SESSION_COOKIE } from '../../server/auth/sessions'
import { api, type ApiClient, type RequestArgs } from './api.server'
import { readCookie } from './cookies.server'
import type { DeviceInfo, PinHolder } from './device'
import { pagePath, safeRedirect } from './safe-redirect'

export interface MeOrg {
  id: string
  name: string
  /** A shared device has none (the API sends null): `can()` gives it no rights, and it never reaches settings. */
  role: Role
  venues: Array<{ id: string; name: string }>
}

export interface Me {
  user: SessionUser
  orgs: MeOrg[]
  webVersion: string
  flags: Record<string, unknown>
  /** A device session only: the device, and whose PIN is active on it. */
  device?: DeviceInfo
  pin?: PinHolder | null
}

const memo = new WeakMap<Request, Promise<{ me: Me | null; client: ApiClient }>>()

/**
 * The current-user call, made once per request however many loaders ask. Without a session cookie
 * there is no one to ask about (the API answers 401 to that, setting nothing): no call is made.
 */
export function getMe(args: RequestArgs): Promise<{ me: Me | null; client: ApiClient }> {
  let pending = memo.get(args.request)
  if (!pending) {
    const client = api(args)
    if (!readCookie(args.request.headers.get('cookie'), SESSION_COOKIE)) pending = Promise.resolve({ me: null, client })
    else pending = client.get<Me>('/v1/auth/me').then((result) => {
      if (result.ok) return { me: result.data, client }
      if (result.error.name === 'UnauthorizedError') return { me: null, client }
      throw new Response('API unavailable', { status: 503 })
    })
    memo.set(args.request, pending)
  }
  return pending
}

export async function requireUser(args: RequestArgs): Promise<Me> {
  const { me } = await getMe(args)
  if (!me) {
    throw redirect(`/login?${new URLSearchParams({ redirectTo: pagePath(args.request) })}`)
  }
  return me
}

export async function requireAnonymous(args: RequestArgs): Promise<void> {
  const { me } = await getMe(args)
  if (me) {
    const url = new URL(args.request.url)
    throw redirect(safeRedirect(url.searchParams.get('redirectTo'), '/'))
  }
}

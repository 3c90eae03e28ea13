/**
 * The web's side of shared devices (docs/api-contract-devices.md, docs/decisions/021): who holds the
 * PIN, when a page must ask for one, and this tablet's own PIN-pad preference.
 */
import { redirect } from 'react-router'
import type { ApiErrorInfo } from './api.server'
import { preferenceCookie, readCookie } from './cookies.server'
import { pagePath } from './safe-redirect'
import type { Me } from './session.server'
import { PIN_LENGTHS, pinPadPath } from './device'

export type { DeviceInfo, PinHolder, PinReason } from './device'

export function isDevice(me: Pick<Me, 'user'> | null | undefined): boolean {
  return me?.user.type === 'device'
}

/**
 * The API's answer to a device recording without a usable PIN: 403 `{ pin: "required" }` (none held)
 * or 401 `{ pin: "expired" }` (unused for 5 minutes). Neither is a reason to sign the tablet out.
 */
export function pinChallenge(error: ApiErrorInfo): 'required' | 'expired' | null {
  const pin = error.data?.pin
  if (error.name === 'ForbiddenError' && pin === 'required') return 'required'
  if (error.name === 'UnauthorizedError' && pin === 'expired') return 'expired'
  return null
}

/**
 * The page a request was made from, to come back to after the PIN: an action posts to its page's
 * own URL (`?index` marks the index route's action, not a page parameter).
 */
export function pageToReturnTo(request: Request): string {
  const path = pagePath(request)
  const url = new URL(path, 'http://mise.invalid')
  url.searchParams.delete('index')
  const search = url.searchParams.toString()
  return url.pathname + (search ? `?${search}` : '')
}

/** Send the person to the PIN pad and back to the page they were on. */
export function pinRedirect(request: Request, reason: 'required' | 'expired', headers?: Headers): Response {
  return redirect(pinPadPath(pageToReturnTo(request), reason), { headers })
}

/**
 * This tablet's choice of when the pad sends the PIN by itself: after 4, 5 or 6 digits, when every
 * PIN of the kitchen has that length; otherwise (the default) with the OK button, since PINs may
 * have 4 to 6 digits and sending early would count a wrong try.
 */
export const PIN_LENGTH_COOKIE = 'mise_pin_length'

export function getPinLength(request: Request): number | null {
  const value = Number(readCookie(request.headers.get('cookie'), PIN_LENGTH_COOKIE))
  return (PIN_LENGTHS as readonly number[]).includes(value) ? value : null
}

export function pinLengthCookie(length: number | null): string {
  return preferenceCookie(PIN_LENGTH_COOKIE, length ? String(length) : 'off')
}

/** Pages for people only: a device is sent to its venue home instead (the API refuses their calls anyway). */
const PERSON_ONLY_PATHS = ['/profile', '/organisations', '/venues', '/pin-setup', '/settings', '/support', '/verify-email']

export function isPersonOnlyPath(pathname: string): boolean {
  return PERSON_ONLY_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`))
}

/**
 * Shared devices, the parts the browser needs too (docs/api-contract-devices.md, docs/decisions/021).
 */

/** The staff member whose PIN is active on a device session. */
export interface PinHolder {
  membershipId: string
  name: string
  since: string
  lastUsedAt: string
  expiresAt: string
}

/** What `/v1/auth/me` says about the device a device session belongs to. */
export interface DeviceInfo {
  id: string
  name: string
  orgId: string
  venueId: string
  pinRequired: boolean
}

/** Why the PIN pad is shown: nobody holds the PIN, it expired on the server, or the browser saw 5 idle minutes. */
export type PinReason = 'required' | 'expired' | 'idle'

export function isPinReason(value: unknown): value is PinReason {
  return value === 'required' || value === 'expired' || value === 'idle'
}

/** `/pin?redirectTo=…`: the PIN pad, then back to `back` (a page path); with `member`, the pad for that person (ADR 080 "Per person"). */
export function pinPadPath(back: string, reason?: PinReason | null, member?: string | null): string {
  const query = new URLSearchParams({ redirectTo: back })
  if (reason) query.set('reason', reason)
  if (member) query.set('member', member)
  return `/pin?${query}`
}

/** The lengths a tablet may be set to send the PIN at by itself (PINs have 4 to 6 digits). */
export const PIN_LENGTHS = [4, 5, 6] as const

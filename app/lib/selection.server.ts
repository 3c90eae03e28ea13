import { redirect } from 'react-router'
import type { RequestArgs } from './api.server'
import { readCookie } from './cookies.server'
import { getConfig } from './config.server'
import { getMe, requireUser, type Me, type MeOrg } from './session.server'

export const ORG_COOKIE = 'mise_org_id'
export const VENUE_COOKIE = 'mise_venue_id'

function cookie(name: string, value: string | null): string {
  const secure = getConfig().secureCookies ? '; Secure' : ''
  return value
    ? `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${60 * 60 * 24 * 365}; SameSite=Lax${secure}`
    : `${name}=; Path=/; Max-Age=0; SameSite=Lax${secure}`
}

export const selectOrgCookies = (orgId: string) => [cookie(ORG_COOKIE, orgId), cookie(VENUE_COOKIE, null)]
export const selectVenueCookie = (venueId: string) => cookie(VENUE_COOKIE, venueId)
/** Login, logout, register and invite-accept start from a clean selection. */
export const clearSelectionCookies = () => [cookie(ORG_COOKIE, null), cookie(VENUE_COOKIE, null)]

export interface Selection {
  me: Me | null
  org: MeOrg | null
  venue: { id: string; name: string } | null
  /** Cookie changes to send with this response (auto-choices and stale choices cleared). */
  setCookies: string[]
}

const memo = new WeakMap<Request, Promise<Selection>>()

/**
 * Which organisation and venue this browser works in: kept in cookies so the server renders the right
 * context. A stored choice no longer in the member's list is cleared; with one organisation (or one
 * venue) it is chosen automatically.
 */
export function getSelection(args: RequestArgs): Promise<Selection> {
  let pending = memo.get(args.request)
  if (!pending) {
    pending = resolve(args)
    memo.set(args.request, pending)
  }
  return pending
}

async function resolve(args: RequestArgs): Promise<Selection> {
  const { me } = await getMe(args)
  const header = args.request.headers.get('cookie')
  const storedOrg = readCookie(header, ORG_COOKIE) || null
  const storedVenue = readCookie(header, VENUE_COOKIE) || null
  const setCookies: string[] = []
  if (!me) return { me, org: null, venue: null, setCookies }
  // A device is bound to its first organisation and venue, whatever the cookies say (§4).
  const forced = me.user.type === 'device'
  let org = forced ? (me.orgs[0] ?? null) : (me.orgs.find((o) => o.id === storedOrg) ?? null)
  if (!org && me.orgs.length === 1) org = me.orgs[0]!
  if ((org?.id ?? null) !== storedOrg) setCookies.push(cookie(ORG_COOKIE, org?.id ?? null))
  let venue = forced ? (org?.venues[0] ?? null) : (org?.venues.find((v) => v.id === storedVenue) ?? null)
  if (org && !venue && org.venues.length === 1) venue = org.venues[0]!
  if (org && org.id !== storedOrg && storedVenue && !venue) setCookies.push(cookie(VENUE_COOKIE, null))
  else if ((venue?.id ?? null) !== storedVenue) setCookies.push(cookie(VENUE_COOKIE, venue?.id ?? null))
  return { me, org, venue, setCookies }
}

/** The organisation-scoped group: no organisation chosen → /organisations. */
export async function requireOrg(args: RequestArgs) {
  await requireUser(args)
  const selection = await getSelection(args)
  if (!selection.org) throw redirect('/organisations', { headers: cookieHeaders(selection.setCookies) })
  return selection as Selection & { me: Me; org: MeOrg }
}

/** The venue-scoped group: no venue chosen → /venues. */
export async function requireVenue(args: RequestArgs) {
  const selection = await requireOrg(args)
  if (!selection.venue) throw redirect('/venues', { headers: cookieHeaders(selection.setCookies) })
  return selection as Selection & { me: Me; org: MeOrg; venue: { id: string; name: string } }
}

export function cookieHeaders(cookies: string[], headers = new Headers()): Headers {
  for (const c of cookies) headers.append('Set-Cookie', c)
  return headers
}

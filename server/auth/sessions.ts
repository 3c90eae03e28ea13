import { and, eq, gt, ne, sql } from 'drizzle-orm'
import type { Context, MiddlewareHandler } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import type { AppEnv, AuthState } from '../api/context.ts'
import { publicOrgs, userOrgsSql, type SessionOrg } from '../orgs/service.ts'
import type { KnownVenue } from '../scope.ts'
import { preparedOnce, type Db } from '../db/client.ts'
import { deviceSessions, sessions, users } from '../db/schema.ts'
import { forbidden, unauthorized } from '../api/errors.ts'
import { t } from '../i18n.ts'
import { hashToken, newToken } from './tokens.ts'

export const SESSION_COOKIE = 'mise_session'
/**
 * A readable marker that changes on every sign-in and disappears on sign-out, so other tabs can
 * notice (the session cookie itself is HttpOnly). It carries nothing secret.
 */
export const AUTH_MARKER_COOKIE = 'mise_auth'
export const SESSION_DAYS = 30
const DAY_MS = 24 * 60 * 60 * 1000
/** Extend a rolling session at most once an hour to keep writes rare. */
const ROLL_AFTER_MS = 60 * 60 * 1000

export async function startSession(c: Context<AppEnv>, userId: string): Promise<void> {
  const { db, config } = c.get('deps')
  // A person signing in on a shared device's browser: the device's session ends here (its cookie is replaced).
  const device = c.get('device')
  if (device) await db.delete(deviceSessions).where(eq(deviceSessions.id, device.sessionId))
  const token = newToken()
  const expiresAt = new Date(Date.now() + SESSION_DAYS * DAY_MS)
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt,
    userAgent: c.req.header('user-agent')?.slice(0, 300) ?? null,
    ip: c.get('clientIp') || null,
  })
  writeCookie(c, token, config.secureCookies)
  writeAuthMarker(c, config.secureCookies)
}

/** The readable sign-in marker (see AUTH_MARKER_COOKIE), new on every sign-in. */
export function writeAuthMarker(c: Context<AppEnv>, secure: boolean, maxAgeSeconds = SESSION_DAYS * 24 * 60 * 60) {
  setCookie(c, AUTH_MARKER_COOKIE, newToken().slice(0, 12), { sameSite: 'Lax', secure, path: '/', maxAge: maxAgeSeconds })
}

/** The session cookie (a person's or a device's session: the same cookie, looked up in their own tables). */
export function writeCookie(c: Context<AppEnv>, token: string, secure: boolean, maxAgeSeconds = SESSION_DAYS * 24 * 60 * 60) {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure,
    path: '/',
    maxAge: maxAgeSeconds,
  })
}

export async function endSession(c: Context<AppEnv>): Promise<void> {
  const auth = c.get('auth')
  if (auth) await c.get('deps').db.delete(sessions).where(eq(sessions.id, auth.sessionId))
  const device = c.get('device')
  if (device) await c.get('deps').db.delete(deviceSessions).where(eq(deviceSessions.id, device.sessionId))
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: c.get('deps').config.secureCookies })
  deleteCookie(c, AUTH_MARKER_COOKIE, { path: '/', secure: c.get('deps').config.secureCookies })
}

/** End every session of a user, except optionally the one making the call. */
export async function endOtherSessions(db: Db, userId: string, keepSessionId?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(keepSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)) : eq(sessions.userId, userId))
}

/**
 * Resolve the session cookie to a user once per request; roll the expiry forward. `GET /v1/auth/me`
 * gets the person's organisations in the same query (one query for the call every page makes). A
 * page's in-process calls share what the first one found (`Bindings.sessions`, made by the web's API
 * client for one page request and emptied by any call that is not a GET): one lookup per page.
 */
export function sessionMiddleware(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('auth', null)
    c.set('device', null)
    const token = getCookie(c, SESSION_COOKIE)
    if (token && token.length < 200) {
      const tokenHash = hashToken(token)
      const shared = c.req.method === 'GET' ? c.env?.sessions : undefined
      const known = shared?.get(tokenHash)
      if (known) c.set('auth', known)
      else {
        const auth = await lookUpSession(c, token, tokenHash)
        if (auth) shared?.set(tokenHash, auth)
      }
    }
    await next()
  }
}

const sessionColumns = {
  sessionId: sessions.id,
  lastSeenAt: sessions.lastSeenAt,
  id: users.id,
  email: users.email,
  name: users.name,
  locale: users.locale,
  superAdmin: users.superAdmin,
  emailVerifiedAt: users.emailVerifiedAt,
}

/** The session lookup, with or without the person's organisations, prepared once per database (the hottest query). */
function prepareLookup(db: Db, withOrgs: boolean) {
  return db
    .select(withOrgs ? { ...sessionColumns, orgs: userOrgsSql(users.id) } : sessionColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    // No `limit`: the token's hash is unique, and a `limit $n` made Postgres plan the lookup anew on every
    // call (0.26 → 0.22 ms a call on PGlite; ADR 066).
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql`now()`)))
    .prepare(withOrgs ? 'mise_session_me' : 'mise_session')
}
const plainLookup = preparedOnce((db) => prepareLookup(db, false))
const lookupWithOrgs = preparedOnce((db) => prepareLookup(db, true))

async function lookUpSession(c: Context<AppEnv>, token: string, tokenHash: string): Promise<AuthState | null> {
  const { db, config } = c.get('deps')
  const withOrgs = c.req.method === 'GET' && c.req.path === '/v1/auth/me'
  const rows = await (withOrgs ? lookupWithOrgs(db) : plainLookup(db)).execute({ tokenHash })
  const row = rows[0] as ((typeof rows)[number] & { orgs?: SessionOrg[] }) | undefined
  if (!row) return null
  const { sessionId, lastSeenAt, orgs, ...user } = row
  const auth: AuthState = orgs ? { sessionId, user, orgs: publicOrgs(orgs), memberships: membershipsByOrg(orgs), venues: venuesByOrg(orgs) } : { sessionId, user }
  c.set('auth', auth)
  if (Date.now() - new Date(lastSeenAt).getTime() > ROLL_AFTER_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(), expiresAt: new Date(Date.now() + SESSION_DAYS * DAY_MS) })
      .where(eq(sessions.id, sessionId))
    writeCookie(c, token, config.secureCookies)
  }
  return auth
}

/** The person's membership of each organisation, by organisation id (the organisation scope reads it). */
function membershipsByOrg(orgs: SessionOrg[]): NonNullable<AuthState['memberships']> {
  const byOrg: NonNullable<AuthState['memberships']> = {}
  for (const org of orgs) byOrg[org.id] = { id: org.membershipId, role: org.role, venueIds: org.venueIds }
  return byOrg
}

/** Each organisation's venues by id, with their names and time zones. */
function venuesByOrg(orgs: SessionOrg[]): Record<string, Record<string, KnownVenue>> {
  const byOrg: Record<string, Record<string, KnownVenue>> = {}
  for (const org of orgs) {
    const venues: Record<string, KnownVenue> = {}
    for (const venue of org.venues) venues[venue.id] = { name: venue.name, timeZone: venue.timeZone }
    byOrg[org.id] = venues
  }
  return byOrg
}

/** The signed-in person: 401 without a session, 403 for a shared device (it is nobody's account). */
export function requireUser(c: Context<AppEnv>) {
  const auth = c.get('auth')
  if (!auth) throw c.get('device') ? forbidden(t(c.get('locale'), 'devices.notOnDevice')) : unauthorized()
  return auth
}

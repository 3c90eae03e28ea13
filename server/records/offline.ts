/**
 * What makes a record-making call safe to send again from a device that was offline (ADR 052):
 *
 * - `Idempotency-Key`: the answer to a call is kept with its key, in the same transaction as the record
 *   it made, so a replay (a lost answer, a sync retried after the network dropped) gets the same status
 *   and body and makes nothing new. Keys belong to the organisation and the actor (the device, else the
 *   member); the same key with another request is refused; keys expire after 48 hours.
 * - `recordedAt`: the time the device made the record, kept beside the time the server received it,
 *   refused when the device's clock is in the future or more than 12 hours behind.
 *
 * The services run unchanged inside `recordingCall`: it hands them a context whose `db` is the
 * transaction and whose `deviceClock` carries the device's time, judged where the venue (its time
 * zone, for the message) is known: templates/day.ts, on recording and resolving.
 */
import { createHash } from 'node:crypto'
import { and, eq, lt, sql } from 'drizzle-orm'
import type { Context } from 'hono'
import { nowOf, type AppEnv } from '../api/context.ts'
import { line } from '../api/contract.ts'
import { ApiError, badRequest, validationError } from '../api/errors.ts'
import type { Db } from '../db/client.ts'
import { isUniqueViolation } from '../db/errors.ts'
import { formatInstant } from '../dates.ts'
import { t } from '../i18n.ts'
import type { OrgScope, ServiceContext } from '../scope.ts'
import { requirePermission } from '../api/middleware/org-scope.ts'
import { attributeOfflinePin, OFFLINE_PIN_HEADER } from '../devices/offline-pins.ts'
import { idempotencyKeys } from './schema.ts'

declare module 'hono' {
  interface ContextVariableMap {
    /** A call allowed through only to replay a stored answer (requireRecording): the refusal to give otherwise. */
    replayOnly?: ApiError
  }
}

/** How long an answer is kept for replays. */
export const IDEMPOTENCY_TTL_MS = 48 * 60 * 60 * 1000
/** How far behind the server a device's clock may be (a record made offline this long ago is still taken). */
export const MAX_DEVICE_LAG_MS = 12 * 60 * 60 * 1000
/** How far ahead of the server a device's clock may be (clocks drift; a request takes time). */
export const DEVICE_CLOCK_TOLERANCE_MS = 2 * 60 * 1000
/** The header a client names its attempt with. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key'
/** Set on an answer given again from a stored key. */
export const REPLAYED_HEADER = 'Idempotent-Replayed'

/** Visible ASCII, 1 to 200 characters (a UUID is what the web sends). */
const KEY = /^[\x21-\x7E]{1,200}$/
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/

/** The optional `recordedAt` of a record-making body: an ISO 8601 instant with its offset, by the device's clock. */
export const deviceTimeField = () => line().max(40).regex(INSTANT, 'validation.invalid').optional()

/**
 * The device time of a record-making call, judged against the server's clock (times in the refusal
 * shown in the venue's zone): undefined when the call sent none.
 */
export function deviceTimeOf(ctx: Pick<ServiceContext, 'deviceClock' | 'locale'>, timeZone: string): Date | undefined {
  if (!ctx.deviceClock) return undefined
  const { recordedAt: value, serverNow: now } = ctx.deviceClock
  const locale = ctx.locale
  const at = new Date(value)
  if (!Number.isFinite(at.getTime())) throw validationError({ recordedAt: t(locale, 'validation.invalid') })
  const stamp = (d: Date) => formatInstant(d, { language: locale, timeZone, style: 'stamp' })
  if (at.getTime() > now.getTime() + DEVICE_CLOCK_TOLERANCE_MS) {
    throw validationError({ recordedAt: t(locale, 'records.deviceClockAhead', { device: stamp(at), server: stamp(now) }) })
  }
  if (at.getTime() < now.getTime() - MAX_DEVICE_LAG_MS) {
    throw validationError({ recordedAt: t(locale, 'records.deviceClockBehind', { device: stamp(at), server: stamp(now), hours: MAX_DEVICE_LAG_MS / 3_600_000 }) })
  }
  return at
}

/** Who a key belongs to: the shared device (whoever holds its PIN), else the member, else the user. */
function actorOf(scope: OrgScope): string {
  if (scope.device) return `device:${scope.device.deviceId}`
  if (scope.membershipId) return `member:${scope.membershipId}`
  return `user:${scope.userId ?? ''}`
}

/** The key of the request, undefined when none was sent; a malformed one is a ValidationError. */
function readKey(c: Context<AppEnv>): string | undefined {
  const key = c.req.header(IDEMPOTENCY_HEADER)
  if (key === undefined) return undefined
  if (!KEY.test(key)) throw validationError({ idempotencyKey: t(c.get('locale'), 'records.idempotencyKeyInvalid') })
  return key
}

/**
 * The scope of a record-making call (`records.write`). A record a shared device made offline under a
 * PIN checked on the device carries `Mise-Offline-Pin` (ADR 054): once that is proven, the record is
 * that member's, with no PIN held online needed.
 */
export async function requireRecording(c: Context<AppEnv>): Promise<OrgScope> {
  const offlinePin = c.req.header(OFFLINE_PIN_HEADER)
  if (offlinePin === undefined) return requirePermission(c, 'records.write')
  const key = readKey(c)
  try {
    await attributeOfflinePin(c, offlinePin, key)
  } catch (error) {
    // The replay of a record accepted before its PIN was withdrawn (its answer lost on the way): the
    // stored answer stands. Nothing may run on this scope: recordingCall only replays (ADR 054).
    const scope = c.get('scope')
    if (!(error instanceof ApiError) || error.kind !== 'ForbiddenError' || key === undefined || !scope.device) throw error
    const stored = await storedAnswer(c.get('deps').db, and(eq(idempotencyKeys.orgId, scope.orgId), eq(idempotencyKeys.actor, actorOf(scope)), eq(idempotencyKeys.key, key)))
    if (!stored) throw error
    c.set('replayOnly', error)
    return scope
  }
  return requirePermission(c, 'records.write')
}

/** JSON with keys sorted at every level: the same body hashes the same whatever order its fields came in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined)
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`)
      .join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

function requestHash(c: Context<AppEnv>, body: unknown): string {
  return createHash('sha256').update(`${c.req.method} ${c.req.path}\n${canonical(body)}`).digest('hex')
}

type Answer = { status: 201; body: Record<string, unknown> }

async function storedAnswer(db: Db, where: ReturnType<typeof and>) {
  const [row] = await db.select({ requestHash: idempotencyKeys.requestHash, status: idempotencyKeys.status, body: idempotencyKeys.body }).from(idempotencyKeys).where(where)
  return row
}

/**
 * Run a record-making call: with an Idempotency-Key, its answer is stored with what it wrote (one
 * transaction), and a replay of the key answers the stored status and body. `run` gets the service
 * context to use (the transaction, the device time) and returns the answer's body (status 201).
 */
export async function recordingCall(
  c: Context<AppEnv>,
  ctx: ServiceContext,
  body: { recordedAt?: string } & Record<string, unknown>,
  run: (ctx: ServiceContext) => Promise<Record<string, unknown>>,
): Promise<Response> {
  const deps = c.get('deps')
  const now = nowOf(deps)
  const withTime = (inner: ServiceContext): ServiceContext =>
    body.recordedAt === undefined ? inner : { ...inner, deviceClock: { recordedAt: body.recordedAt, serverNow: now } }
  const key = readKey(c)
  if (key === undefined) return c.json(await run(withTime(ctx)), 201)

  const { scope, locale } = ctx
  const hash = requestHash(c, body)
  const where = and(eq(idempotencyKeys.orgId, scope.orgId), eq(idempotencyKeys.actor, actorOf(scope)), eq(idempotencyKeys.key, key))
  const replay = (row: { requestHash: string; status: number; body: unknown }) => {
    if (row.requestHash !== hash) throw badRequest(t(locale, 'records.idempotencyKeyReused'))
    c.header(REPLAYED_HEADER, 'true')
    return c.json(row.body as Record<string, unknown>, row.status as 201)
  }

  const before = await storedAnswer(ctx.db, and(where, sql`${idempotencyKeys.expiresAt} > ${now.toISOString()}`))
  if (before) return replay(before)
  const replayOnly = c.get('replayOnly')
  if (replayOnly) throw replayOnly

  try {
    const answer = await ctx.db.transaction(async (tx) => {
      const db = tx as unknown as Db
      // Expired keys of the organisation go with its next keyed write (and a key can then be used anew).
      await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.orgId, scope.orgId), lt(idempotencyKeys.expiresAt, new Date(now.getTime() + 1))))
      const result: Answer = { status: 201, body: await run(withTime({ ...ctx, db })) }
      await db.insert(idempotencyKeys).values({
        orgId: scope.orgId,
        actor: actorOf(scope),
        key,
        requestHash: hash,
        status: result.status,
        body: result.body,
        createdAt: now,
        expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
      })
      return result
    })
    return c.json(answer.body, answer.status)
  } catch (error) {
    // The same key sent twice at once: the other request stored its answer first (and this one's
    // record was rolled back with it). Answer what it answered.
    if (!(error instanceof ApiError) && isUniqueViolation(error, 'idempotency_keys_org_id_actor_key_pk')) {
      const row = await storedAnswer(ctx.db, where)
      if (row) return replay(row)
    }
    throw error
  }
}

/**
 * The unsubscribe link of every alert e-mail (ADR 051): a token signed with the installation's alerts
 * key, naming the member and the kind of alert, valid 90 days. It is the credential: no session needed.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import type { Db } from '../db/client.ts'
import { installationKey } from '../auth/keys.ts'
import { ALERT_KINDS, type AlertKind } from './schema.ts'

export const UNSUBSCRIBE_DAYS = 90
const KEY = 'alerts_unsubscribe_key'
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export interface UnsubscribeClaim {
  membershipId: string
  kind: AlertKind
  expiresAt: Date
}

const sign = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url')

/** `<membershipId>.<kind>.<expires, unix seconds>.<HMAC>`: readable, and worthless once changed. */
export async function unsubscribeToken(db: Db, claim: { membershipId: string; kind: AlertKind }, now: Date): Promise<string> {
  const expires = Math.floor(now.getTime() / 1000) + UNSUBSCRIBE_DAYS * 86_400
  const payload = `${claim.membershipId}.${claim.kind}.${expires}`
  return `${payload}.${sign(await installationKey(db, KEY), payload)}`
}

/** The claim of a token, or why not: 'invalid' (malformed or tampered), 'expired'. */
export async function readUnsubscribeToken(db: Db, token: string, now: Date): Promise<UnsubscribeClaim | 'invalid' | 'expired'> {
  const parts = token.split('.')
  if (parts.length !== 4) return 'invalid'
  const [membershipId, kind, expires, mac] = parts as [string, string, string, string]
  if (!UUID.test(membershipId) || !(ALERT_KINDS as readonly string[]).includes(kind) || !/^\d{1,12}$/.test(expires)) return 'invalid'
  const expected = Buffer.from(sign(await installationKey(db, KEY), `${membershipId}.${kind}.${expires}`))
  const given = Buffer.from(mac)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid'
  const expiresAt = new Date(Number(expires) * 1000)
  if (expiresAt.getTime() <= now.getTime()) return 'expired'
  return { membershipId, kind: kind as AlertKind, expiresAt }
}

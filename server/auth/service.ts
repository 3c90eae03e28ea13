import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import type { Deps } from '../api/context.ts'
import type { Db } from '../db/client.ts'
import { userTokens, users } from '../db/schema.ts'
import type { Locale } from '../i18n.ts'
import { resetPasswordMail, verifyEmailMail } from '../mail/templates.ts'
import { hashToken, newToken, sameHash } from './tokens.ts'

export const VERIFY_EMAIL_HOURS = 48
export const RESET_PASSWORD_MINUTES = 60

export type TokenKind = 'verify_email' | 'reset_password'

export async function findUserByEmail(db: Db, email: string) {
  const rows = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1)
  return rows[0]
}

async function issueToken(db: Db, userId: string, kind: TokenKind, ttlMs: number) {
  const token = newToken()
  // A new link voids the older ones of the same kind.
  await db
    .update(userTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(userTokens.userId, userId), eq(userTokens.kind, kind), isNull(userTokens.usedAt)))
  const [row] = await db
    .insert(userTokens)
    .values({ userId, kind, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + ttlMs) })
    .returning({ id: userTokens.id })
  return { id: row!.id, token }
}

export type TokenCheck =
  | { status: 'ok'; userId: string }
  | { status: 'expired' | 'invalid'; userId?: string; used?: boolean }

/** Use a one-time token: succeeds once, atomically; reports expired and invalid (unknown or used) links. */
export async function consumeToken(db: Db, kind: TokenKind, id: string, token: string): Promise<TokenCheck> {
  // A strict UUID: the id column is uuid, and anything else would make the database throw (a 500).
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id) || token.length > 200) return { status: 'invalid' }
  const rows = await db
    .select()
    .from(userTokens)
    .where(and(eq(userTokens.id, id), eq(userTokens.kind, kind)))
    .limit(1)
  const row = rows[0]
  if (!row || !sameHash(row.tokenHash, hashToken(token))) return { status: 'invalid' }
  if (row.usedAt) return { status: 'invalid', userId: row.userId, used: true }
  if (row.expiresAt.getTime() <= Date.now()) return { status: 'expired', userId: row.userId }
  const updated = await db
    .update(userTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(userTokens.id, id), isNull(userTokens.usedAt), gt(userTokens.expiresAt, sql`now()`)))
    .returning({ userId: userTokens.userId })
  if (!updated[0]) return { status: 'invalid', userId: row.userId, used: true }
  return { status: 'ok', userId: row.userId }
}

export async function sendVerificationEmail(
  deps: Deps,
  user: { id: string; email: string; name: string; locale: string },
): Promise<void> {
  const { id, token } = await issueToken(deps.db, user.id, 'verify_email', VERIFY_EMAIL_HOURS * 3600_000)
  const link = `${deps.config.appUrl}/verify-email?${new URLSearchParams({ id, token })}`
  await deps.mailer.send(
    verifyEmailMail({ locale: user.locale as Locale, to: user.email, appName: deps.config.APP_NAME, name: user.name, link }),
  )
}

export async function sendResetEmail(
  deps: Deps,
  user: { id: string; email: string; name: string; locale: string },
): Promise<void> {
  const { id, token } = await issueToken(deps.db, user.id, 'reset_password', RESET_PASSWORD_MINUTES * 60_000)
  const link = `${deps.config.appUrl}/reset-password?${new URLSearchParams({ id, token })}`
  await deps.mailer.send(
    resetPasswordMail({ locale: user.locale as Locale, to: user.email, appName: deps.config.APP_NAME, name: user.name, link }),
  )
}

export function publicUser(user: {
  id: string
  name: string
  email: string
  superAdmin: boolean
  emailVerifiedAt: Date | null
  locale: string
}) {
  return {
    id: user.id,
    type: 'user' as const,
    name: user.name,
    email: user.email,
    locale: user.locale,
    superAdmin: user.superAdmin,
    emailVerified: user.emailVerifiedAt !== null,
  }
}

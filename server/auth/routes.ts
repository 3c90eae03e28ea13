import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '../api/context.ts'
import { currentPassword, email, line, newPassword } from '../api/contract.ts'
import { ApiError, badRequest, unauthorized, validationError } from '../api/errors.ts'
import { clear, hit } from '../api/middleware/rate-limit.ts'
import { readJson, readQuery } from '../api/validate.ts'
import { users } from '../db/schema.ts'
import { locales, t } from '../i18n.ts'
import { deviceMe } from '../devices/sessions.ts'
import { listOrgsForUser } from '../orgs/service.ts'
import { dummyHash, hashPassword, verifyPassword } from './passwords.ts'
import {
  consumeToken,
  findUserByEmail,
  publicUser,
  sendResetEmail,
  sendVerificationEmail,
} from './service.ts'
import { endOtherSessions, endSession, requireUser, startSession } from './sessions.ts'

const name = line().trim().min(1).max(100)
/** A link's id and token (e-mail verification, password reset): checked against the database, any junk is "invalid". */
const linkId = line().max(100)
const linkToken = line().max(200)

export const registerBody = z.strictObject({ name, email: email(), password: newPassword(), locale: z.enum(locales).optional() })
export const loginBody = z.strictObject({ email: line().trim().min(1).max(254), password: currentPassword() })
export const forgotBody = z.strictObject({ email: email() })
export const resetBody = z.strictObject({ id: linkId.min(1), token: linkToken.min(1), password: newPassword() })
export const updatePasswordBody = z.strictObject({ currentPassword: currentPassword(), newPassword: newPassword() })
export const verifyQuery = z.object({ id: linkId.optional(), token: linkToken.optional() })
/** The same link, posted by the page that asks (ADR 082): the step that verifies. */
export const verifyBody = z.strictObject({ id: linkId.optional(), token: linkToken.optional() })

const LOGIN_WINDOW = 15 * 60
const HOUR = 60 * 60

export function authRoutes() {
  const app = new Hono<AppEnv>()

  app.get('/me', async (c) => {
    const device = c.get('device')
    if (device) return c.json(deviceMe(device, c.get('locale'), c.get('deps').config.webVersion))
    const { user, orgs } = requireUser(c)
    const { config, db } = c.get('deps')
    // The session lookup read the organisations too (server/auth/sessions.ts): one query.
    return c.json({ user: publicUser(user), orgs: orgs ?? (await listOrgsForUser(db, user.id)), webVersion: config.webVersion, flags: {} })
  })

  app.post('/register', async (c) => {
    const body = await readJson(c, registerBody)
    const deps = c.get('deps')
    if (await findUserByEmail(deps.db, body.email)) {
      throw validationError({ email: t(c.get('locale'), 'validation.emailTaken') })
    }
    const [user] = await deps.db
      .insert(users)
      .values({
        email: body.email,
        name: body.name,
        passwordHash: await hashPassword(body.password),
        locale: body.locale ?? c.get('locale'),
      })
      .onConflictDoNothing()
      .returning()
    if (!user) throw validationError({ email: t(c.get('locale'), 'validation.emailTaken') })
    await startSession(c, user.id)
    await sendVerificationEmail(deps, user).catch((err) => c.get('log')().error({ err }, 'verification mail failed'))
    return c.json({ user: publicUser(user) }, 201)
  })

  app.post('/login', async (c) => {
    const body = await readJson(c, loginBody)
    const { db } = c.get('deps')
    const address = body.email.toLowerCase()
    await hit(db, { key: `login:ip:${c.get('clientIp')}`, max: 30, windowSeconds: LOGIN_WINDOW })
    await hit(db, { key: `login:email:${address}`, max: 10, windowSeconds: LOGIN_WINDOW })
    const user = await findUserByEmail(db, address)
    const ok = user ? await verifyPassword(user.passwordHash, body.password) : await verifyPassword(await dummyHash(), body.password)
    if (!user || !ok) throw unauthorized(t(c.get('locale'), 'auth.invalidCredentials'))
    await clear(db, `login:email:${address}`)
    await startSession(c, user.id)
    return c.json({ user: publicUser(user) })
  })

  app.post('/logout', async (c) => {
    await endSession(c)
    return c.body(null, 204)
  })

  /** The e-mailed link, opened: changes nothing, and sends the browser to the page that asks (ADR 082). */
  app.get('/verification/verify', (c) => {
    const { id, token } = readQuery(c, verifyQuery)
    const target = id && token ? `/verify-email?${new URLSearchParams({ id, token })}` : '/verify-email?status=invalid'
    return c.redirect(`${c.get('deps').config.appUrl}${target}`, 302)
  })

  /** Verify the address with the link's id and token: a POST, refused from another site by the origin check. */
  app.post('/verification/verify', async (c) => {
    const { id, token } = await readJson(c, verifyBody)
    const deps = c.get('deps')
    let status: 'success' | 'expired' | 'invalid' = 'invalid'
    if (id && token) {
      const result = await consumeToken(deps.db, 'verify_email', id, token)
      if (result.status === 'ok') {
        await deps.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, result.userId))
        status = 'success'
      } else if (result.status === 'expired') {
        status = 'expired'
      } else if (result.used && result.userId) {
        // A second click on a link that already worked: the address is verified, say so.
        const [u] = await deps.db.select({ v: users.emailVerifiedAt }).from(users).where(eq(users.id, result.userId))
        status = u?.v ? 'success' : 'invalid'
      }
    }
    return c.json({ status })
  })

  app.post('/verification/resend', async (c) => {
    const { user } = requireUser(c)
    const deps = c.get('deps')
    if (user.emailVerifiedAt) throw badRequest(t(c.get('locale'), 'auth.alreadyVerified'))
    await hit(deps.db, { key: `verify-resend:${user.email.toLowerCase()}`, max: 5, windowSeconds: HOUR })
    await sendVerificationEmail(deps, user)
    return c.json({ ok: true }, 202)
  })

  app.post('/forgot-password', async (c) => {
    const body = await readJson(c, forgotBody)
    const deps = c.get('deps')
    await hit(deps.db, { key: `forgot:${body.email.toLowerCase()}`, max: 5, windowSeconds: HOUR })
    const user = await findUserByEmail(deps.db, body.email)
    if (user) {
      // Not awaited: the answer must take the same time whether or not the address has an account.
      void sendResetEmail(deps, user).catch((err) => c.get('log')().error({ err }, 'reset mail failed'))
    }
    // Same answer whether or not the address has an account.
    return c.json({ ok: true }, 202)
  })

  app.post('/reset-password', async (c) => {
    const body = await readJson(c, resetBody)
    const { db } = c.get('deps')
    const result = await consumeToken(db, 'reset_password', body.id, body.token)
    if (result.status !== 'ok') {
      throw new ApiError(
        'BadRequestError',
        t(c.get('locale'), result.status === 'expired' ? 'auth.resetExpired' : 'auth.resetInvalid'),
      )
    }
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(body.password), updatedAt: new Date() })
      .where(eq(users.id, result.userId))
    // Whoever had the password before no longer has a session.
    await endOtherSessions(db, result.userId)
    // Following the e-mailed link proves the address.
    await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, result.userId))
    return c.json({ ok: true })
  })

  app.post('/update-password', async (c) => {
    const auth = requireUser(c)
    const body = await readJson(c, updatePasswordBody)
    const { db } = c.get('deps')
    await hit(db, { key: `update-password:${auth.user.id}`, max: 10, windowSeconds: LOGIN_WINDOW })
    const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, auth.user.id))
    if (!row || !(await verifyPassword(row.hash, body.currentPassword))) {
      throw validationError({ currentPassword: t(c.get('locale'), 'validation.wrongPassword') })
    }
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(body.newPassword), updatedAt: new Date() })
      .where(eq(users.id, auth.user.id))
    await endOtherSessions(db, auth.user.id, auth.sessionId)
    return c.json({ ok: true })
  })

  return app
}

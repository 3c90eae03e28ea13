import { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '../api/context.ts'
import { line, newPassword } from '../api/contract.ts'
import { badRequest, forbidden, notFound, validationError } from '../api/errors.ts'
import { readJson } from '../api/validate.ts'
import { hashPassword } from '../auth/passwords.ts'
import { findUserByEmail, publicUser } from '../auth/service.ts'
import { requireUser, startSession } from '../auth/sessions.ts'
import { isUniqueViolation } from '../db/errors.ts'
import { users } from '../db/schema.ts'
import { locales, t } from '../i18n.ts'
import { claimInvite, describeInvite, isActiveMember, markEmailVerified, openInvite } from './service.ts'

/**
 * `id` and `token` are only checked for presence and size here: any value that does not name a
 * live invitation (malformed id included) is 404, the same on GET and on both POSTs.
 */
const link = { id: line().min(1).max(100), token: line().min(1).max(200) }
export const inviteQuery = z.object({ id: line().max(100).optional(), token: line().max(200).optional() })
export const inviteRegisterBody = z.strictObject({
  ...link,
  name: line().trim().min(1).max(100),
  password: newPassword(),
  locale: z.enum(locales).optional(),
})
export const inviteAcceptBody = z.strictObject(link)

/** /v1/auth/invite — the invitee's side of an invitation (docs/api-contract-orgs.md). */
export function inviteRoutes() {
  const app = new Hono<AppEnv>()

  app.get('/', async (c) => {
    const query = inviteQuery.safeParse(c.req.query())
    const { id, token } = query.success ? query.data : {}
    if (!id || !token) throw notFound()
    const { db } = c.get('deps')
    const invite = await openInvite(db, id, token, c.get('locale'))
    return c.json({ invite: await describeInvite(db, invite) })
  })

  app.post('/register', async (c) => {
    const body = await readJson(c, inviteRegisterBody)
    const { db } = c.get('deps')
    const locale = c.get('locale')
    const invite = await openInvite(db, body.id, body.token, locale)
    const emailTaken = () => validationError({ email: t(locale, 'validation.emailTaken') })
    if (await findUserByEmail(db, invite.member.email)) throw emailTaken()
    const passwordHash = await hashPassword(body.password)
    // The account and the membership together, or neither.
    const user = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          email: invite.member.email,
          name: body.name,
          passwordHash,
          locale: body.locale ?? locale,
          // The link came to this address: it is verified.
          emailVerifiedAt: new Date(),
        })
        .onConflictDoNothing()
        .returning()
      if (!created) throw emailTaken()
      if (!(await claimInvite(tx, invite, created.id))) throw notFound()
      return created
    })
    await startSession(c, user.id)
    return c.json({ user: publicUser(user) }, 201)
  })

  app.post('/accept', async (c) => {
    const { user } = requireUser(c)
    const body = await readJson(c, inviteAcceptBody)
    const { db } = c.get('deps')
    const locale = c.get('locale')
    const invite = await openInvite(db, body.id, body.token, locale)
    if (invite.member.email.trim().toLowerCase() !== user.email.trim().toLowerCase()) {
      throw forbidden(t(locale, 'staff.inviteWrongUser'))
    }
    const orgId = invite.organisation.id
    if (await isActiveMember(db, orgId, user.id)) throw badRequest(t(locale, 'staff.alreadyMember'))
    const claimed = await claimInvite(db, invite, user.id).catch((error: unknown) => {
      if (isUniqueViolation(error, 'memberships_org_user_idx')) throw badRequest(t(locale, 'staff.alreadyMember'))
      throw error
    })
    if (!claimed) throw notFound()
    await markEmailVerified(db, user.id)
    return c.json({ organisation: invite.organisation })
  })

  return app
}

import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '../api/context.ts'
import { email, line } from '../api/contract.ts'
import { validationError } from '../api/errors.ts'
import { hit } from '../api/middleware/rate-limit.ts'
import { readJson } from '../api/validate.ts'
import { verifyPassword } from '../auth/passwords.ts'
import { findUserByEmail, publicUser, sendVerificationEmail } from '../auth/service.ts'
import { requireUser } from '../auth/sessions.ts'
import { isUniqueViolation } from '../db/errors.ts'
import { users } from '../db/schema.ts'
import { locales, t } from '../i18n.ts'

export const profileBody = z.strictObject({
  name: line().trim().min(1).max(100).optional(),
  locale: z.enum(locales).optional(),
  email: email({ trim: true }).optional(),
  /** Required with a new `email`. */
  currentPassword: line().max(200).optional(),
})

const PASSWORD_WINDOW = 15 * 60

export function profileRoutes() {
  const app = new Hono<AppEnv>()

  app.get('/', (c) => c.json({ profile: publicUser(requireUser(c).user) }))

  app.put('/', async (c) => {
    const { user } = requireUser(c)
    const { currentPassword, email, ...body } = await readJson(c, profileBody)
    const deps = c.get('deps')
    const locale = c.get('locale')
    const changes: Partial<typeof users.$inferInsert> = { ...body }
    const newAddress = email !== undefined && email !== user.email
    const newMailbox = newAddress && email.toLowerCase() !== user.email.toLowerCase()
    if (newAddress) {
      // A stolen session must not be enough to take the account over through its address.
      if (!currentPassword) throw validationError({ currentPassword: t(locale, 'validation.required') })
      await hit(deps.db, { key: `profile-email:${user.id}`, max: 10, windowSeconds: PASSWORD_WINDOW })
      const [row] = await deps.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id))
      if (!row || !(await verifyPassword(row.hash, currentPassword))) {
        throw validationError({ currentPassword: t(locale, 'validation.wrongPassword') })
      }
      if (newMailbox) {
        const owner = await findUserByEmail(deps.db, email)
        if (owner && owner.id !== user.id) throw validationError({ email: t(locale, 'validation.emailTaken') })
        changes.emailVerifiedAt = null
      }
      changes.email = email
    }
    let updated: typeof users.$inferSelect | undefined
    try {
      ;[updated] = await deps.db
        .update(users)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(users.id, user.id))
        .returning()
    } catch (error) {
      // Another account took the address between the check and the update.
      if (isUniqueViolation(error, 'users_email_lower_idx')) throw validationError({ email: t(locale, 'validation.emailTaken') })
      throw error
    }
    if (newMailbox) {
      await sendVerificationEmail(deps, updated!).catch((err) => c.get('log')().error({ err }, 'verification mail failed'))
    }
    return c.json({ profile: publicUser(updated!) })
  })

  return app
}

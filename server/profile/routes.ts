import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '../api/context.ts'
import { readJson } from '../api/validate.ts'
import { publicUser } from '../auth/service.ts'
import { requireUser } from '../auth/sessions.ts'
import { users } from '../db/schema.ts'
import { locales } from '../i18n.ts'

export const profileBody = z.strictObject({
  name: z.string().trim().min(1).max(100).optional(),
  locale: z.enum(locales).optional(),
})

export function profileRoutes() {
  const app = new Hono<AppEnv>()

  app.get('/', (c) => c.json({ profile: publicUser(requireUser(c).user) }))

  app.put('/', async (c) => {
    const { user } = requireUser(c)
    const body = await readJson(c, profileBody)
    const [updated] = await c
      .get('deps')
      .db.update(users)
      .set({ ...body, updatedAt: new Date() })
      .where(eq(users.id, user.id))
      .returning()
    return c.json({ profile: publicUser(updated!) })
  })

  return app
}

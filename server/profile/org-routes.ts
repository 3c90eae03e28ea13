import { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '../api/context.ts'
import { line } from '../api/contract.ts'
import { notFound, validationError } from '../api/errors.ts'
import { requirePermission } from '../api/middleware/org-scope.ts'
import { readJson } from '../api/validate.ts'
import { isValidPin, limitPinAnswers, pinDigest, pinDigestInUse } from '../auth/pin.ts'
import { isUniqueViolation } from '../db/errors.ts'
import { t } from '../i18n.ts'
import { getOrgProfile, updateOrgProfile } from './org-service.ts'

export const orgProfileBody = z.strictObject({
  name: line().trim().min(1).max(100).optional(),
  pin: line().refine(isValidPin, { message: 'validation.pinFormat' }).optional(),
})

/** /v1/orgs/:orgId/profile: the member's own name and PIN in this organisation. */
export function orgProfileRoutes() {
  const app = new Hono<AppEnv>()

  app.get('/', async (c) => {
    const scope = requirePermission(c, 'profile.own')
    const profile = await getOrgProfile(c.get('deps').db, scope)
    if (!profile) throw notFound()
    return c.json({ profile })
  })

  app.put('/', async (c) => {
    const scope = requirePermission(c, 'profile.own')
    const { name, pin } = await readJson(c, orgProfileBody)
    const { db } = c.get('deps')
    const pinTaken = () => validationError({ pin: t(c.get('locale'), 'validation.pinTaken') })
    const patch: { name?: string; pinDigest?: string } = { name }
    if (pin !== undefined) {
      // "Taken" would reveal someone's PIN: counted per member and organisation first (ADR 016).
      await limitPinAnswers(db, scope, c.get('locale'))
      patch.pinDigest = await pinDigest(db, scope.orgId, pin)
      if (await pinDigestInUse(db, scope.orgId, patch.pinDigest, scope.membershipId ?? undefined)) throw pinTaken()
    }
    try {
      const profile = await updateOrgProfile(db, scope, patch)
      if (!profile) throw notFound()
      return c.json({ profile })
    } catch (error) {
      // The unique index is the real guard when two members pick the same PIN at once.
      if (isUniqueViolation(error, 'memberships_org_pin_idx')) throw pinTaken()
      throw error
    }
  })

  return app
}

import { eq, sql } from 'drizzle-orm'
import type { OrgScope } from '../api/middleware/org-scope.ts'
import type { Db } from '../db/client.ts'
import { organisations } from '../db/schema.ts'
import './core-steps.ts'
import { onboardingSteps } from './steps.ts'

/** The onboarding panel of an organisation: every registered step, judged from the data. */
export async function getOnboarding(db: Db, scope: OrgScope) {
  const [org] = await db
    .select({ hiddenAt: organisations.onboardingHiddenAt })
    .from(organisations)
    .where(eq(organisations.id, scope.orgId))
  if (!org) return undefined
  const steps = await Promise.all(
    onboardingSteps.map(async (step) => ({ key: step.key, done: await step.done(db, scope.orgId), href: step.href })),
  )
  return { hidden: org.hiddenAt !== null, complete: steps.every((s) => s.done), steps }
}

/** Hide the panel for everyone in the organisation (kept hidden once hidden). */
export async function hideOnboarding(db: Db, scope: OrgScope): Promise<boolean> {
  const rows = await db
    .update(organisations)
    .set({ onboardingHiddenAt: sql`coalesce(${organisations.onboardingHiddenAt}, now())` })
    .where(eq(organisations.id, scope.orgId))
    .returning({ id: organisations.id })
  return rows.length > 0
}

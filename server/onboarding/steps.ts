import type { Db } from '../db/client.ts'

export interface OnboardingStep {
  key: string
  href: string
  /** Where the panel shows the step: lower first (venue 10, checklist 20, temperature 30, staff 40, device 50). */
  position: number
  /** Is the step done, judged from the organisation's data? */
  done: (db: Db, orgId: string) => Promise<boolean>
}

/** Modules register their onboarding step here; the list stays sorted by position. */
export const onboardingSteps: OnboardingStep[] = []

export function registerOnboardingStep(step: OnboardingStep) {
  if (onboardingSteps.some((s) => s.key === step.key)) return
  onboardingSteps.push(step)
  onboardingSteps.sort((a, b) => a.position - b.position)
}

/** Done when the query (a select of the organisation's rows) finds one: `done: (db, orgId) => hasRow(db.select(…).from(…).where(…))`. */
export async function hasRow(query: { limit: (n: number) => PromiseLike<unknown[]> }): Promise<boolean> {
  return (await query.limit(1)).length > 0
}

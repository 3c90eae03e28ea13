import type { Db } from '../db/client.ts'

export interface OnboardingStep {
  key: string
  href: string
  /** Is the step done, judged from the organisation's data? */
  done: (db: Db, orgId: string) => Promise<boolean>
}

/** Modules register their onboarding step here, in the order the panel shows them. */
export const onboardingSteps: OnboardingStep[] = []

export function registerOnboardingStep(step: OnboardingStep) {
  if (!onboardingSteps.some((s) => s.key === step.key)) onboardingSteps.push(step)
}

import type { Limits, Usage } from '../../server/billing/limits'
import { api, type RequestArgs } from './api.server'

export interface PlanSummary {
  plan: 'free' | 'pro'
  limits: Limits
  usage: Usage
}

/**
 * The organisation's plan, limits and usage for a page that creates venues, staff or devices, so it
 * can show the limit before the user tries (docs/decisions/031). Null when it cannot be read: the page
 * still works, and the API still refuses over the limit.
 */
export async function loadPlanSummary(args: RequestArgs, orgId: string): Promise<PlanSummary | null> {
  const result = await api(args).get<PlanSummary>(`/v1/orgs/${orgId}/billing/limits`)
  return result.ok ? result.data : null
}

import { Hono } from 'hono'
import type { AppEnv } from '../api/context.ts'

// Placeholder: filled in by the organisations issue (docs/api-contract-orgs.md).
export function onboardingRoutes() {
  const app = new Hono<AppEnv>()
  return app
}

import { Hono } from 'hono'
import type { AppEnv } from '../api/context.ts'

// Placeholder: filled in by the checklists issue (docs/api-contract-checklists.md).
export function checklistItemRoutes() {
  const app = new Hono<AppEnv>()
  return app
}

/**
 * The API's shapes (GET …/venues/{venueId}/dashboard, GET …/overview), taken from the server's own
 * types (type-only: nothing of the server reaches the browser bundle). Every field is JSON already:
 * days are strings, no Date travels.
 */
import type { GroupOverview, VenueDashboard } from '../../../server/dashboard/service'

export type { ComplianceSummary, DayCompliance, OpenFailure } from '../../../server/dashboard/compliance'
export type { DueWork } from '../../../server/dashboard/service'
export type Dashboard = VenueDashboard
export type OverviewRow = GroupOverview['venues'][number]

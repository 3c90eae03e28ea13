import type { DemoSeeder } from '../db/seed.ts'
import { devices } from './schema.ts'

/** The demo's shared device: a "Kitchen tablet" at the first venue, not signed in (no login link yet). */
export const seedDevicesDemo: DemoSeeder = async ({ db }, { orgId, venueIds }) => {
  const [first] = venueIds
  if (!first) return
  await db.insert(devices).values({ orgId, venueId: first, name: 'Kitchen tablet' })
}

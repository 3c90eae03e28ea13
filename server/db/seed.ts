import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Deps } from '../api/context.ts'
import { hashPassword } from '../auth/passwords.ts'
import { pinDigest } from '../auth/pin.ts'
import { seedChecklistsDemo } from '../checklists/seed.ts'
import { seedDevicesDemo } from '../devices/seed.ts'
import { seedContactsDemo } from '../contacts/seed.ts'
import { seedOrdersDemo } from '../orders/seed.ts'
import { seedRecipesDemo } from '../recipes/seed.ts'
import { seedTemperaturesDemo } from '../temperatures/seed.ts'
import type { Db } from './client.ts'
import { memberships, organisations, users, venues } from './schema.ts'

export const DEMO_DOMAIN = 'demo.mise.localhost'
export const DEMO_OWNER_EMAIL = `owner@${DEMO_DOMAIN}`

export interface DemoCredentials {
  orgId: string
  people: Array<{ role: string; name: string; email?: string; password?: string; pin: string }>
}

/**
 * First run: on an empty database, create a demo organisation with two venues, an owner, an admin,
 * a basic member and a PIN-only kitchen member, and print their credentials once.
 * Later modules add their demo records through `demoSeeders`.
 */
export async function seedDemo(deps: Pick<Deps, 'db' | 'logger'>, print: (text: string) => void = console.log): Promise<DemoCredentials | null> {
  const { db } = deps
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users)
  if (Number(row?.n ?? 0) > 0) return null

  const password = () => randomBytes(9).toString('base64url')
  const people = [
    { role: 'OWNER' as const, name: 'Olivia Owner', email: DEMO_OWNER_EMAIL, password: password(), pin: '1111', venues: 'all' as const },
    { role: 'ADMIN' as const, name: 'Adam Admin', email: `admin@${DEMO_DOMAIN}`, password: password(), pin: '2222', venues: 'all' as const },
    { role: 'BASIC' as const, name: 'Bea Basic', email: `staff@${DEMO_DOMAIN}`, password: password(), pin: '3333', venues: 'first' as const },
    { role: 'BASIC' as const, name: 'Pablo Pin', email: undefined, password: undefined, pin: '4444', venues: 'all' as const },
  ]

  const created = await db.transaction(async (tx) => {
    const [org] = await tx.insert(organisations).values({ name: 'Demo Kitchens', timeZone: 'Europe/London', plan: 'pro' }).returning()
    const [harbour, market] = await tx
      .insert(venues)
      .values([
        { orgId: org!.id, name: 'Harbour Street', address: '12 Harbour Street', timeZone: 'Europe/London' },
        { orgId: org!.id, name: 'Market Hall', address: '3 Market Square', timeZone: 'Europe/London' },
      ])
      .returning()
    for (const p of people) {
      let userId: string | null = null
      if (p.email && p.password) {
        const [u] = await tx
          .insert(users)
          .values({ email: p.email, name: p.name, passwordHash: await hashPassword(p.password), emailVerifiedAt: new Date() })
          .returning({ id: users.id })
        userId = u!.id
      }
      await tx.insert(memberships).values({
        orgId: org!.id,
        userId,
        name: p.name,
        email: p.email ?? null,
        role: p.role,
        status: 'active',
        venueIds: p.venues === 'first' ? [harbour!.id] : [],
        // Inside the transaction: PGlite has one connection, a query outside it would wait forever.
        pinDigest: await pinDigest(tx as unknown as Db, org!.id, p.pin),
        joinedAt: new Date(),
      })
    }
    return { orgId: org!.id, venueIds: [harbour!.id, market!.id] }
  })

  for (const seeder of demoSeeders) await seeder(deps, created)

  const lines = people.map((p) =>
    p.email
      ? `  ${p.role.padEnd(6)} ${p.name.padEnd(13)} ${p.email.padEnd(32)} password ${p.password}  PIN ${p.pin}`
      : `  ${p.role.padEnd(6)} ${p.name.padEnd(13)} ${'(PIN only, no sign-in)'.padEnd(32)} PIN ${p.pin}`,
  )
  print(
    [
      '',
      '  Mise demo data created: "Demo Kitchens" with venues Harbour Street and Market Hall.',
      '  (Set SEED_DEMO=false to skip this on an empty database.)',
      ...lines,
      '  A shared "Kitchen tablet" at Harbour Street: sign it in from Settings → Devices (generate its login link).',
      '  These passwords are shown only once.',
      '',
    ].join('\n'),
  )
  return { orgId: created.orgId, people: people.map(({ venues: _v, ...p }) => p) }
}

export type DemoSeeder = (deps: Pick<Deps, 'db' | 'logger'>, demo: { orgId: string; venueIds: string[] }) => Promise<void>

/** Modules add demo records (checklists with history, …) here. */
export const demoSeeders: DemoSeeder[] = []
demoSeeders.push(seedChecklistsDemo, seedDevicesDemo, seedTemperaturesDemo)
demoSeeders.push(seedContactsDemo, seedOrdersDemo)
demoSeeders.push(seedRecipesDemo)

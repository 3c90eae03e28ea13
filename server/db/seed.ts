import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Deps } from '../api/context.ts'
import { hashPassword } from '../auth/passwords.ts'
import { users } from './schema.ts'

export const DEMO_OWNER_EMAIL = 'owner@demo.mise.localhost'

/**
 * First run: on an empty database, create the demo owner and print its credentials once.
 * (Organisations and venues join the demo as those modules arrive.)
 */
export async function seedDemo(deps: Pick<Deps, 'db' | 'logger'>, print: (text: string) => void = console.log) {
  const [row] = await deps.db.select({ n: sql<number>`count(*)::int` }).from(users)
  if (Number(row?.n ?? 0) > 0) return null
  const password = randomBytes(12).toString('base64url')
  const inserted = await deps.db
    .insert(users)
    .values({
      email: DEMO_OWNER_EMAIL,
      name: 'Demo Owner',
      passwordHash: await hashPassword(password),
      emailVerifiedAt: new Date(),
    })
    .onConflictDoNothing()
    .returning({ id: users.id })
  if (!inserted.length) return null
  print(
    [
      '',
      '  Mise demo data created (set SEED_DEMO=false to skip this on an empty database).',
      `  Owner:    ${DEMO_OWNER_EMAIL}`,
      `  Password: ${password}`,
      '  This password is shown only once.',
      '',
    ].join('\n'),
  )
  return { email: DEMO_OWNER_EMAIL, password }
}

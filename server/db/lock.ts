/**
 * Check, then act, in one step (docs/decisions/079-check-then-act.md): what an organisation holds
 * (its plan limits, its owners, its plan) is read and changed while its row is locked, in one
 * transaction, so two requests at once are taken one after the other, on PGlite and PostgreSQL alike.
 */
import { eq } from 'drizzle-orm'
import type { Db } from './client.ts'
import { organisations } from './schema.ts'

/**
 * Lock the organisation's row until the transaction `tx` ends. `FOR NO KEY UPDATE`: it serialises
 * everything that takes this lock (and the plan's own UPDATE), yet does not hold up the inserts of
 * other rows that merely reference the organisation (their foreign key takes a KEY SHARE lock).
 * False when there is no such organisation.
 */
export async function lockOrgRow(tx: Db, orgId: string): Promise<boolean> {
  const rows = await tx.select({ id: organisations.id }).from(organisations).where(eq(organisations.id, orgId)).for('no key update')
  return rows.length > 0
}

/**
 * Run `work` in one transaction holding the organisation's row lock: the check and the write it
 * guards (count then insert, read then update) see no other such change in between. Side effects
 * (e-mails, Stripe calls) belong after it returns, for the request that won. Inside a transaction
 * already, `db` may be that transaction (a savepoint is taken).
 */
export function withOrgLock<T>(db: Db, orgId: string, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db
    await lockOrgRow(tx, orgId)
    return work(tx)
  })
}

import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { DataDirLockedError, openDatabase, queryRows } from '../../server/db/client.ts'

/**
 * PGlite on its own thread, as the server opens it (ADR 072): a data directory's writes are on disk for
 * the next open, the directory is locked while open, a failed transaction is rolled back and the
 * database goes on answering, and closing waits for the transaction in progress.
 */
describe('PGlite on its own thread', () => {
  const dirs: string[] = []
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true })
  })
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mise-thread-'))
    dirs.push(dir)
    return dir
  }

  it('keeps a data directory’s writes for the next open, and holds its lock while open', async () => {
    const dir = tempDir()
    const first = await openDatabase({ dataDir: dir, migrate: false, thread: true })
    await first.db.execute(sql`create table kept (label text not null)`)
    await first.db.execute(sql`insert into kept (label) values (${'on disk'})`)
    const refused = await openDatabase({ dataDir: dir, migrate: false, thread: true }).then(
      () => undefined,
      (error: unknown) => error,
    )
    expect(refused).toBeInstanceOf(DataDirLockedError)
    await first.close()
    // Opened again in the calling thread: the same files.
    const second = await openDatabase({ dataDir: dir, migrate: false })
    expect(await queryRows(second.db, sql`select label from kept`)).toEqual([{ label: 'on disk' }])
    await second.close()
  })

  it('rolls a failed transaction back and goes on answering', async () => {
    const database = await openDatabase({ dataDir: 'memory://', migrate: false, thread: true })
    await database.db.execute(sql`create table once (label text primary key)`)
    const failed = await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into once (label) values ('first')`)
        await tx.execute(sql`insert into once (label) values ('first')`)
      })
      .then(
        () => undefined,
        (error: unknown) => error,
      )
    expect((failed as { cause?: { code?: string } }).cause?.code).toBe('23505')
    expect(await queryRows(database.db, sql`select count(*)::int as n from once`)).toEqual([{ n: 0 }])
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into once (label) values ('second')`)
    })
    expect(await queryRows(database.db, sql`select label from once`)).toEqual([{ label: 'second' }])
    await database.close()
  })

  it('closes once the transaction in progress has ended, and answers nothing after', async () => {
    const database = await openDatabase({ dataDir: 'memory://', migrate: false, thread: true })
    await database.db.execute(sql`create table closing (n int not null)`)
    let began!: () => void
    const started = new Promise<void>((resolve) => (began = resolve))
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into closing (n) values (1)`)
      began()
      await new Promise((resolve) => setTimeout(resolve, 30))
      await tx.execute(sql`insert into closing (n) values (2)`)
      return queryRows<{ n: number }>(tx, sql`select count(*)::int as n from closing`)
    })
    await started
    const closed = database.close()
    expect(await transaction).toEqual([{ n: 2 }])
    await closed
    await expect(queryRows(database.db, sql`select 1`)).rejects.toThrow()
  })
})

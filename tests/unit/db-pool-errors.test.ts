import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../server/db/client.ts'

describe('PostgreSQL pool', () => {
  it('an idle connection closed by the server is a warning, not a crash', async () => {
    // No migration, so nothing connects: the pool is only built.
    const database = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:1/none', migrate: false })
    const pool = (database.db as unknown as { $client: import('node:events').EventEmitter }).$client
    expect(pool.listenerCount('error')).toBeGreaterThan(0)
    const warnings: string[] = []
    const onWarning = (w: Error) => warnings.push(w.message)
    process.on('warning', onWarning)
    try {
      const terminated = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })
      expect(() => pool.emit('error', terminated)).not.toThrow()
      await new Promise((resolve) => setImmediate(resolve))
      expect(warnings.some((m) => m.includes('terminating connection'))).toBe(true)
    } finally {
      process.off('warning', onWarning)
      await database.close()
    }
  })
})

/**
 * What runs the alert scan (ADR 050), behind one interface: on PostgreSQL, jobs on pg-boss (an
 * `exclusive` queue: one scan queued or running at a time across every process; each process asks for
 * one every interval, so a scan happens as long as any process is up); on the embedded database (one
 * process by design, ADR 005), a timer in the process. Either way a scan runs at start, catching up on
 * what was missed while no process ran, and the claim rows of ./scan.ts keep every mail to one.
 */
import { PgBoss } from 'pg-boss'
import type pino from 'pino'

export interface AlertScheduler {
  readonly kind: 'pg-boss' | 'in-process'
  start(): Promise<void>
  stop(): Promise<void>
}

export const SCAN_QUEUE = 'alerts-scan'

interface Options {
  scan: (now: Date) => Promise<unknown>
  intervalMs: number
  logger: pino.Logger
}

/** A timer in this process; scans never overlap. */
export function inProcessScheduler(o: Options): AlertScheduler {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<unknown> | undefined
  const tick = () => {
    if (running) return
    running = o
      .scan(new Date())
      .catch((err: unknown) => o.logger.error({ err }, 'alert scan failed'))
      .finally(() => {
        running = undefined
      })
  }
  return {
    kind: 'in-process',
    async start() {
      tick()
      timer = setInterval(tick, o.intervalMs)
      timer.unref()
    },
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}

/** Scans as pg-boss jobs in the database named by `databaseUrl` (its own `pgboss` schema). */
export function pgBossScheduler(o: Options & { databaseUrl: string }): AlertScheduler {
  const boss = new PgBoss({ connectionString: o.databaseUrl, max: 2 })
  boss.on('error', (err: unknown) => o.logger.error({ err }, 'pg-boss error'))
  let timer: NodeJS.Timeout | undefined
  const request = () => {
    boss.send(SCAN_QUEUE, {}).catch((err: unknown) => o.logger.warn({ err }, 'could not queue an alert scan'))
  }
  return {
    kind: 'pg-boss',
    async start() {
      await boss.start()
      await boss.createQueue(SCAN_QUEUE, { policy: 'exclusive', retryLimit: 0, expireInSeconds: 300 })
      await boss.work(SCAN_QUEUE, { pollingIntervalSeconds: Math.max(0.5, o.intervalMs / 2000) }, async () => {
        await o.scan(new Date())
      })
      request()
      timer = setInterval(request, o.intervalMs)
      timer.unref()
    },
    async stop() {
      clearInterval(timer)
      await boss.stop({ graceful: true, timeout: 10_000 })
    },
  }
}

/** The scheduler this process should use: pg-boss with a PostgreSQL database, a timer on the embedded one. */
export function createAlertScheduler(o: Options & { databaseUrl?: string }): AlertScheduler {
  return o.databaseUrl ? pgBossScheduler({ ...o, databaseUrl: o.databaseUrl }) : inProcessScheduler(o)
}

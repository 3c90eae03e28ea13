/**
 * Section 8 of `npm run bench`: a tablet's queue of 500 records made offline, synced after it
 * reconnects, as the web's sync loop sends them (app/lib/offline.client.ts, ADR 053): one at a time,
 * oldest first, each with its Idempotency-Key and the device's time. The network is made to fail on
 * the way: every 7th answer is lost after the server made the record (the record is sent again in the
 * next round and must be answered from its key), and every 11th request is lost before it reaches the
 * server (sent again in the next round). Measured: the time until the queue is empty, the rounds, and
 * the records lost or doubled on the server (both must be 0).
 */
import { randomUUID } from 'node:crypto'
import { apiClient } from './checklists.ts'

export const QUEUED = 500
const ITEMS = 50

export interface OfflineSyncResult {
  queued: number
  seconds: number
  rounds: number
  requests: number
  replays: number
  lost: number
  doubled: number
}

export async function benchOfflineSync(base: string, cookie: string, orgId: string, venueId: string): Promise<OfflineSyncResult> {
  const api = apiClient(base, cookie)
  const { checklist } = await api('POST', `/v1/orgs/${orgId}/checklists`, { name: `Offline queue ${randomUUID().slice(0, 6)}`, venueIds: [venueId] })
  const itemIds: string[] = []
  for (let i = 0; i < ITEMS; i++) itemIds.push((await api('POST', `/v1/orgs/${orgId}/checklists/${checklist.id}/items`, { label: `Check ${i + 1}`, type: 'text' })).item.id)

  // The queue, as the tablet made it over the last hour (a note names each record).
  const madeFrom = Date.now() - 60 * 60 * 1000
  let queue = Array.from({ length: QUEUED }, (_, n) => ({
    n,
    key: randomUUID(),
    url: `/v1/orgs/${orgId}/checklist-entries/${checklist.id}/items/${itemIds[n % ITEMS]}/complete`,
    body: { venueId, value: `reading ${n}`, recordedAt: new Date(madeFrom + n * 5000).toISOString() },
  }))

  let requests = 0
  let replays = 0
  let rounds = 0
  const failedOnce = new Set<number>()
  const started = performance.now()
  while (queue.length && rounds < QUEUED * 2) {
    rounds++
    const left: typeof queue = []
    for (let i = 0; i < queue.length; i++) {
      const record = queue[i]!
      const dropBefore = record.n % 11 === 5 && !failedOnce.has(record.n)
      if (dropBefore) {
        // The request never reached the server: the round stops here, the order is kept.
        failedOnce.add(record.n)
        left.push(...queue.slice(i))
        break
      }
      requests++
      const res = await fetch(base + record.url, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json', 'idempotency-key': record.key },
        body: JSON.stringify(record.body),
      })
      await res.arrayBuffer()
      if (res.headers.get('idempotent-replayed') === 'true') replays++
      if (res.status !== 201) throw new Error(`${record.url} answered ${res.status}`)
      if (record.n % 7 === 3 && !failedOnce.has(record.n)) {
        // The server made the record, but the answer was lost: the round stops, the record is sent again.
        failedOnce.add(record.n)
        left.push(...queue.slice(i))
        break
      }
    }
    queue = left
  }
  const seconds = (performance.now() - started) / 1000

  // What the server holds: every record of the day for the checklist, by the note's number.
  const entry = await api('GET', `/v1/orgs/${orgId}/checklist-entries/${checklist.id}?venueId=${venueId}`)
  const seen = new Map<number, number>()
  for (const { record, history } of entry.items as { record: { value: string } | null; history: { value: string }[] }[]) {
    for (const r of [record, ...history]) {
      if (!r) continue
      const n = Number(r.value.replace('reading ', ''))
      seen.set(n, (seen.get(n) ?? 0) + 1)
    }
  }
  let lost = 0
  let doubled = 0
  for (let n = 0; n < QUEUED; n++) {
    const count = seen.get(n) ?? 0
    if (count === 0) lost++
    if (count > 1) doubled += count - 1
  }
  return { queued: QUEUED, seconds, rounds, requests, replays, lost, doubled }
}

export function offlineSyncSection(results: Array<{ database: string; result: OfflineSyncResult }>, started: Date): string {
  const rows = results.map(
    ({ database, result: r }) =>
      `| ${database} | ${r.queued} | ${r.seconds.toFixed(1)} | ${(r.queued / r.seconds).toFixed(0)} | ${r.rounds} | ${r.requests} | ${r.replays} | ${r.lost} | ${r.doubled} |`,
  )
  return [
    '## 8. Offline queue: 500 records synced after reconnecting',
    '',
    `Measured ${started.toISOString().replace('T', ' ').slice(0, 16)} UTC (scripts/bench/offline-sync.ts). A tablet's queue of ${QUEUED} checklist records made offline over an hour (${ITEMS} items, so most are corrections) is sent as the web's sync loop sends it (ADR 053): one at a time, oldest first, each with its Idempotency-Key and the device's time. On the way, every 7th answer is lost after the server made the record, and every 11th request is lost before it arrives; each loss ends the round and the next round starts where it stopped (the loop waits 15 s between rounds in the browser; not here). **Lost** and **doubled** count the records on the server against the queue: both must be 0.`,
    '',
    '| Database | Queued | Seconds | Records/s | Rounds | Requests | Replays answered from the key | Lost | Doubled |',
    '|---|--:|--:|--:|--:|--:|--:|--:|--:|',
    ...rows,
    '',
  ].join('\n')
}

/**
 * The queries of one page request (issue #18): the day list (/checklists) through its real loader,
 * which calls the API in-process twice (the root's current-user call, then the day list). The session
 * is looked up once for the whole page (with the memberships, so the organisation scope asks no more),
 * `GET /v1/auth/me` is that one query, and the page's count does not grow with checklists, items or
 * organisations.
 */
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { loader } from '../../app/routes/venue/checklists.tsx'
import { loader as entryLoader } from '../../app/routes/venue/checklists.$checklistId.tsx'
import { loader as temperatureLoader } from '../../app/routes/venue/temperatures.$temperatureId.tsx'
import { api } from '../../app/lib/api.server.ts'
import { isRead } from '../../server/db/named-statements.ts'
import type { Runtime } from '../../server/runtime.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { createChecklist } from '../support/checklists.ts'
import { createOrg, createOrgWithActors, type OrgWithActors } from '../support/orgs.ts'

const ORIGIN = 'http://localhost:3999'

let t: TestApp
let small: OrgWithActors
let big: OrgWithActors
const entryOf = new Map<OrgWithActors, string>()

beforeAll(async () => {
  t = await createTestApp()
  globalThis.__miseRuntime = Promise.resolve({ api: t.app } as unknown as Runtime)
  small = await createOrgWithActors(t)
  big = await createOrgWithActors(t)
  entryOf.set(small, (await createChecklist(t, small.orgId, { items: [{ type: 'check' }] })).id)
  for (let i = 0; i < 5; i++) {
    const made = await createChecklist(t, big.orgId, { items: Array.from({ length: 6 }, () => ({ type: 'yes_no' as const })) })
    entryOf.set(big, made.id)
  }
  // The big organisation's owner belongs to more organisations too.
  for (let i = 0; i < 3; i++) await createOrg(big.owner, { name: `More ${i}` })
})
afterAll(async () => {
  globalThis.__miseRuntime = undefined
  await t.close()
})

function request(o: OrgWithActors, path: string, init: RequestInit = {}) {
  const cookie = [...o.owner.client.jar].map(([k, v]) => `${k}=${v}`).concat(`mise_org_id=${o.orgId}`, `mise_venue_id=${o.venueA}`).join('; ')
  return new Request(`${ORIGIN}${path}`, { ...init, headers: { cookie, origin: ORIGIN } })
}

/** The SQL each query of `fn` sent to the database. */
async function queriesOf(fn: () => Promise<unknown>): Promise<string[]> {
  return (await statementsOf(fn)).map((s) => s.text)
}

const sessionLookups = (sqls: string[]) => sqls.filter((q) => /from "sessions"/.test(q)).length

/** Each query of `fn` with its values, as the database got them (PGlite: text and values; node-postgres: a config object). */
async function statementsOf(fn: () => Promise<unknown>): Promise<{ text: string; values: unknown[] }[]> {
  const client = (t.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client
  const spy = vi.spyOn(client, 'query')
  try {
    await fn()
    return spy.mock.calls.map(([q, values]) =>
      typeof q === 'string' ? { text: q, values: (values as unknown[]) ?? [] } : { text: String((q as { text?: string }).text), values: (q as { values?: unknown[] }).values ?? (values as unknown[]) ?? [] },
    )
  } finally {
    spy.mockRestore()
  }
}

describe('one page request', () => {
  test('/checklists looks the session up once, and makes as many queries for 1 checklist as for 5 × 6 items', async () => {
    const counts = []
    for (const [o, lists] of [
      [small, 1],
      [big, 5],
    ] as const) {
      let data: Awaited<ReturnType<typeof loader>> | undefined
      const sqls = await queriesOf(async () => {
        data = await loader({ request: request(o, '/checklists'), params: {}, context: undefined } as never)
      })
      expect(data?.kind).toBe('day')
      expect(data?.kind === 'day' && data.day.checklists).toHaveLength(lists)
      expect(sessionLookups(sqls)).toBe(1)
      // The day list's organisation scope reads the membership the session lookup brought, and the venue with it.
      expect(sqls.filter((q) => /^select .* from "memberships"/.test(q))).toEqual([])
      expect(sqls.filter((q) => /^select [^(]* from "venues"/.test(q))).toEqual([])
      counts.push(sqls.length)
    }
    expect(counts[1]).toBe(counts[0])
    // The session; the checklists due with their sign-offs and what their items and records count (ADR 075).
    // (After a write to the day, one more statement stores what was counted again: ADR 071.)
    expect(counts[0]).toBe(2)
  })

  // ADR 064: the day counts cost the same whatever the planner's statistics, so they are planned with no
  // join at all (an `in (select …)` in a where clause became a semi-join: a nested loop, 5× slower, on a
  // PostgreSQL database not analysed yet).
  test('/checklists reads the checklists and counts the day in one read, with a plan that has no join', async () => {
    const statements = await statementsOf(() => loader({ request: request(big, '/checklists'), params: {}, context: undefined } as never))
    // The one statement of the day list (ADR 075): the checklists due as nested rows, their counts beside them.
    const counts = statements.filter((s) => /\bwith asked as\b/.test(s.text))
    expect(counts).toHaveLength(1)
    expect(counts[0]!.text).toMatch(/^select \(select coalesce\(json_agg\(row\(q\.\*\)\)/)
    // A read (ADR 062): named, so parsed and planned once per connection on PostgreSQL; no file sync on PGlite.
    expect(isRead(counts[0]!.text)).toBe(true)
    const client = (t.db as unknown as { $client: { query: (text: string, values: unknown[]) => Promise<{ rows: Record<string, string>[] }> } }).$client
    const plan = (await client.query(`explain ${counts[0]!.text}`, counts[0]!.values)).rows.map((row) => row['QUERY PLAN']).join('\n')
    expect(plan).toMatch(/Seq Scan|Index Scan|Bitmap/)
    expect(plan).not.toMatch(/Join|Nested Loop/)
  })

  test('/checklists/:id looks the session up once, asks no membership again, and makes as many queries for 1 item as for 6', async () => {
    const counts = []
    for (const o of [small, big]) {
      const id = entryOf.get(o)!
      let data: Awaited<ReturnType<typeof entryLoader>> | undefined
      const sqls = await queriesOf(async () => {
        data = await entryLoader({ request: request(o, `/checklists/${id}`), params: { checklistId: id }, context: undefined } as never)
      })
      expect(data?.kind).toBe('entry')
      expect(sessionLookups(sqls)).toBe(1)
      expect(sqls.filter((q) => /^select .* from "memberships"/.test(q))).toEqual([])
      expect(sqls.filter((q) => /^select [^(]* from "venues"/.test(q))).toEqual([])
      counts.push(sqls.length)
    }
    expect(counts[1]).toBe(counts[0])
    // The session; the checklist with its sign-off, its items and the day's records (ADR 075).
    expect(counts[0]).toBe(2)
  })

  test("/temperatures/:id reads the log's entry, not the day list: the same two queries for 1 unit as for 6 with readings", async () => {
    const counts = []
    for (const [o, units] of [
      [small, 1],
      [big, 6],
    ] as const) {
      const call = (method: 'post' | 'get', path: string, body?: unknown) => (method === 'post' ? o.owner.client.post(`/v1/orgs/${o.orgId}${path}`, body) : o.owner.client.get(`/v1/orgs/${o.orgId}${path}`))
      const log = (await call('post', '/temperatures', { name: 'Fridges', checksPerDay: 2 })).json.temperature.id as string
      for (let u = 0; u < units; u++) await call('post', `/temperatures/${log}/items`, { label: `Fridge ${u}`, kind: 'fridge' })
      const load = () => temperatureLoader({ request: request(o, `/temperatures/${log}?check=1`), params: { temperatureId: log }, context: undefined } as never)
      // The first read of the day makes the entry (one insert); then a reading in every unit.
      const first = await load()
      expect(first.kind).toBe('entry')
      if (first.kind !== 'entry') continue
      for (const { item } of first.entry.items) await call('post', `/temperature-entries/${first.entry.id}/items/${item.id}/complete`, { value: '3', slot: 0 })
      let data: Awaited<ReturnType<typeof temperatureLoader>> | undefined
      const sqls = await queriesOf(async () => {
        data = await load()
      })
      // ?check=1: the first check, whose readings are in (the log would open at the second).
      expect(data?.kind === 'entry' && data.entry.items.map((i) => [i.checks.length, i.checks[0]!.record?.value])).toEqual(Array.from({ length: units }, () => [1, '3']))
      expect(sessionLookups(sqls)).toBe(1)
      expect(sqls.filter((q) => /^\s*insert\b/i.test(q))).toEqual([])
      counts.push(sqls.length)
    }
    expect(counts[1]).toBe(counts[0])
    // The session; the log due that day with its entry, its units, the day's readings and the chart's (ADR 075).
    expect(counts[0]).toBe(2)
  })

  test('the current-user call is the one query of the session lookup, with the organisations', async () => {
    const page = request(big, '/profile')
    const client = api({ request: page })
    const sqls = await queriesOf(async () => {
      const me = await client.get<{ orgs: unknown[] }>('/v1/auth/me')
      expect(me.ok && me.data.orgs).toHaveLength(4)
    })
    expect(sqls).toHaveLength(1)
    expect(sessionLookups(sqls)).toBe(1)
  })

  test('calls after a write look the session up again (what it found may have changed)', async () => {
    const page = request(small, '/profile', { method: 'POST' })
    const client = api({ request: page })
    const sqls = await queriesOf(async () => {
      expect((await client.get('/v1/profile')).ok).toBe(true)
      expect((await client.get('/v1/profile')).ok).toBe(true)
      expect((await client.put('/v1/profile', { name: 'Renamed Owner' })).ok).toBe(true)
      const after = await client.get<{ profile: { name: string } }>('/v1/profile')
      expect(after.ok && after.data.profile.name).toBe('Renamed Owner')
    })
    // The first GET looks it up, the second reuses it; the write and the GET after it look again.
    expect(sessionLookups(sqls)).toBe(3)
  })
})

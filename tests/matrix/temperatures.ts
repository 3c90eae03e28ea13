import { expect } from 'vitest'
import { and, asc, eq, isNull } from 'drizzle-orm'
import { temperatureItems, temperatureLogs } from '../../server/db/schema.ts'
import type { TestApp } from '../support/app.ts'
import type { OrgWithActors } from '../support/orgs.ts'
import { adminUp, member, memberOrDevice, venueMember, venueRecord, venueWork, type MatrixRow } from './types.ts'

const org = (f: OrgWithActors) => `/v1/orgs/${f.orgId}`
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)

interface TemperatureFixture {
  /** A log used everywhere with one unit. */
  logId: string
  itemId: string
  /** A log used only at venue A with a fridge and a freezer, and its entry today at A. */
  onlyA: { logId: string; fridge: string; freezer: string; entryId: string }
  /** The entry of the everywhere log today at venue B. */
  entryAtB: string
}

const fixtures = new Map<string, Promise<TemperatureFixture>>()
function fixture(f: OrgWithActors): Promise<TemperatureFixture> {
  let made = fixtures.get(f.orgId)
  if (!made) {
    made = (async () => {
      const post = async (path: string, body: unknown) => {
        const res = await f.owner.client.post(`${org(f)}${path}`, body)
        expect(res.status, res.text).toBe(201)
        return res.json
      }
      const log = (await post('/temperatures', { name: 'Matrix fridges' })).temperature.id as string
      const item = (await post(`/temperatures/${log}/items`, { label: 'Matrix fridge', kind: 'fridge' })).item.id as string
      const onlyA = (await post('/temperatures', { name: 'Matrix A-only log', venueIds: [f.venueA] })).temperature.id as string
      const fridge = (await post(`/temperatures/${onlyA}/items`, { label: 'A fridge', kind: 'fridge' })).item.id as string
      const freezer = (await post(`/temperatures/${onlyA}/items`, { label: 'A freezer', kind: 'freezer' })).item.id as string
      const entryIn = async (venueId: string, logId: string) => {
        const res = await f.owner.client.get(`${org(f)}/venues/${venueId}/temperature-entries`)
        expect(res.status, res.text).toBe(200)
        return (res.json.temperatures as { id: string; entryId: string }[]).find((l) => l.id === logId)!.entryId
      }
      return { logId: log, itemId: item, onlyA: { logId: onlyA, fridge, freezer, entryId: await entryIn(f.venueA, onlyA) }, entryAtB: await entryIn(f.venueB, log) }
    })()
    fixtures.set(f.orgId, made)
  }
  return made
}

async function throwawayLog(f: OrgWithActors, name: string, archived = false) {
  const res = await f.owner.client.post(`${org(f)}/temperatures`, { name })
  const id = res.json.temperature.id as string
  if (archived) await f.owner.client.post(`${org(f)}/temperatures/${id}/archive`)
  return id
}

async function throwawayUnit(f: OrgWithActors, label: string, archived = false) {
  const { logId } = await fixture(f)
  const res = await f.owner.client.post(`${org(f)}/temperatures/${logId}/items`, { label, kind: 'other' })
  const id = res.json.item.id as string
  if (archived) await f.owner.client.post(`${org(f)}/temperature-items/${id}/archive`)
  return id
}

let logOrder: string[] = []
let unitOrder: string[] = []

async function currentLogs(t: TestApp, f: OrgWithActors) {
  const rows = await t.db
    .select({ id: temperatureLogs.id })
    .from(temperatureLogs)
    .where(and(eq(temperatureLogs.orgId, f.orgId), isNull(temperatureLogs.archivedAt)))
    .orderBy(asc(temperatureLogs.position))
  return rows.map((r) => r.id).reverse()
}

async function currentUnits(t: TestApp, f: OrgWithActors, logId: string) {
  const rows = await t.db
    .select({ id: temperatureItems.id })
    .from(temperatureItems)
    .where(and(eq(temperatureItems.orgId, f.orgId), eq(temperatureItems.temperatureId, logId), isNull(temperatureItems.archivedAt)))
    .orderBy(asc(temperatureItems.position))
  return rows.map((r) => r.id).reverse()
}

const ROUTE = '/v1/orgs/{orgId}'

/** Temperature logs, their units, daily readings and exports (the temperatures issue). */
export const temperatureRows: MatrixRow[] = [
  {
    name: 'list temperature logs (a member limited to B does not see the A-only one)',
    method: 'GET',
    route: `${ROUTE}/temperatures`,
    path: async (f) => {
      await fixture(f)
      return `${org(f)}/temperatures`
    },
    expect: memberOrDevice,
    check: async (res, f, a) => {
      const names = (res.json.temperatures as { name: string }[]).map((l) => l.name)
      expect(names).toContain('Matrix fridges')
      if (a === 'basicLimited') expect(names).not.toContain('Matrix A-only log')
      else expect(names).toContain('Matrix A-only log')
    },
  },
  { name: 'create temperature log', method: 'POST', route: `${ROUTE}/temperatures`, path: (f) => `${org(f)}/temperatures`, body: () => ({ name: 'Matrix new log', checksPerDay: 2 }), expect: adminUp },
  {
    name: 'reorder temperature logs',
    method: 'POST',
    route: `${ROUTE}/temperatures/reorder`,
    path: async (f, t) => {
      await fixture(f)
      logOrder = await currentLogs(t, f)
      return `${org(f)}/temperatures/reorder`
    },
    body: () => ({ ids: logOrder }),
    expect: adminUp,
  },
  { name: 'read temperature log', method: 'GET', route: `${ROUTE}/temperatures/{temperatureId}`, path: async (f) => `${org(f)}/temperatures/${(await fixture(f)).logId}`, expect: memberOrDevice },
  {
    name: 'read an A-only temperature log',
    method: 'GET',
    route: `${ROUTE}/temperatures/{temperatureId}`,
    path: async (f) => `${org(f)}/temperatures/${(await fixture(f)).onlyA.logId}`,
    expect: venueRecord,
  },
  {
    name: 'update temperature log',
    method: 'PUT',
    route: `${ROUTE}/temperatures/{temperatureId}`,
    path: async (f) => `${org(f)}/temperatures/${(await fixture(f)).logId}`,
    body: () => ({ checkTimes: ['09:00'] }),
    expect: adminUp,
  },
  {
    name: 'delete temperature log',
    method: 'DELETE',
    route: `${ROUTE}/temperatures/{temperatureId}`,
    path: async (f, _t, a) => `${org(f)}/temperatures/${await throwawayLog(f, `Gone ${a}`)}`,
    expect: adminUp,
  },
  {
    name: 'archive temperature log',
    method: 'POST',
    route: `${ROUTE}/temperatures/{temperatureId}/archive`,
    path: async (f, _t, a) => `${org(f)}/temperatures/${await throwawayLog(f, `Archive ${a}`)}/archive`,
    expect: adminUp,
  },
  {
    name: 'restore temperature log',
    method: 'POST',
    route: `${ROUTE}/temperatures/{temperatureId}/restore`,
    path: async (f, _t, a) => `${org(f)}/temperatures/${await throwawayLog(f, `Restore ${a}`, true)}/restore`,
    expect: adminUp,
  },
  {
    name: 'duplicate temperature log',
    method: 'POST',
    route: `${ROUTE}/temperatures/{temperatureId}/duplicate`,
    path: async (f) => `${org(f)}/temperatures/${(await fixture(f)).logId}/duplicate`,
    expect: adminUp,
  },
  { name: 'list temperature units', method: 'GET', route: `${ROUTE}/temperatures/{temperatureId}/items`, path: async (f) => `${org(f)}/temperatures/${(await fixture(f)).logId}/items`, expect: memberOrDevice },
  {
    name: 'list the units of an A-only log',
    method: 'GET',
    route: `${ROUTE}/temperatures/{temperatureId}/items`,
    path: async (f) => `${org(f)}/temperatures/${(await fixture(f)).onlyA.logId}/items`,
    expect: venueRecord,
  },
  {
    name: 'create temperature unit',
    method: 'POST',
    route: `${ROUTE}/temperatures/{temperatureId}/items`,
    path: async (f) => `${org(f)}/temperatures/${(await fixture(f)).logId}/items`,
    body: () => ({ label: 'Matrix new unit', kind: 'hot_holding' }),
    expect: adminUp,
  },
  {
    name: 'reorder temperature units',
    method: 'POST',
    route: `${ROUTE}/temperatures/{temperatureId}/items/reorder`,
    path: async (f, t) => {
      const { logId } = await fixture(f)
      unitOrder = await currentUnits(t, f, logId)
      return `${org(f)}/temperatures/${logId}/items/reorder`
    },
    body: () => ({ ids: unitOrder }),
    expect: adminUp,
  },
  { name: 'read temperature unit', method: 'GET', route: `${ROUTE}/temperature-items/{itemId}`, path: async (f) => `${org(f)}/temperature-items/${(await fixture(f)).itemId}`, expect: memberOrDevice },
  {
    name: 'read a unit of an A-only log',
    method: 'GET',
    route: `${ROUTE}/temperature-items/{itemId}`,
    path: async (f) => `${org(f)}/temperature-items/${(await fixture(f)).onlyA.fridge}`,
    expect: venueRecord,
  },
  {
    name: 'update temperature unit',
    method: 'PUT',
    route: `${ROUTE}/temperature-items/{itemId}`,
    path: async (f) => `${org(f)}/temperature-items/${(await fixture(f)).itemId}`,
    body: () => ({ label: 'Matrix fridge', max: 4 }),
    expect: adminUp,
  },
  {
    name: 'delete temperature unit',
    method: 'DELETE',
    route: `${ROUTE}/temperature-items/{itemId}`,
    path: async (f, _t, a) => `${org(f)}/temperature-items/${await throwawayUnit(f, `Gone ${a}`)}`,
    expect: adminUp,
  },
  {
    name: 'archive temperature unit',
    method: 'POST',
    route: `${ROUTE}/temperature-items/{itemId}/archive`,
    path: async (f, _t, a) => `${org(f)}/temperature-items/${await throwawayUnit(f, `Archive ${a}`)}/archive`,
    expect: adminUp,
  },
  {
    name: 'restore temperature unit',
    method: 'POST',
    route: `${ROUTE}/temperature-items/{itemId}/restore`,
    path: async (f, _t, a) => `${org(f)}/temperature-items/${await throwawayUnit(f, `Restore ${a}`, true)}/restore`,
    expect: adminUp,
  },
  {
    name: 'temperature day list at venue A',
    method: 'GET',
    route: `${ROUTE}/venues/{venueId}/temperature-entries`,
    path: (f) => `${org(f)}/venues/${f.venueA}/temperature-entries`,
    expect: venueMember,
  },
  {
    name: 'temperature day list at venue B (no A-only log in it)',
    method: 'GET',
    route: `${ROUTE}/venues/{venueId}/temperature-entries`,
    path: async (f) => {
      await fixture(f)
      return `${org(f)}/venues/${f.venueB}/temperature-entries`
    },
    expect: member,
    check: (res) => {
      const names = (res.json.temperatures as { name: string }[]).map((l) => l.name)
      expect(names).toContain('Matrix fridges')
      expect(names).not.toContain('Matrix A-only log')
    },
  },
  {
    name: "a log's entry at venue A (A-only log)",
    method: 'GET',
    route: `${ROUTE}/venues/{venueId}/temperature-entries/{temperatureId}`,
    path: async (f) => `${org(f)}/venues/${f.venueA}/temperature-entries/${(await fixture(f)).onlyA.logId}`,
    expect: venueMember,
    check: async (res, f) => {
      expect(res.json.id).toBe((await fixture(f)).onlyA.entryId)
      expect((res.json.items as { item: { label: string } }[]).map((u) => u.item.label)).toEqual(['A fridge', 'A freezer'])
    },
  },
  {
    name: "a log's entry at venue B",
    method: 'GET',
    route: `${ROUTE}/venues/{venueId}/temperature-entries/{temperatureId}`,
    path: async (f) => `${org(f)}/venues/${f.venueB}/temperature-entries/${(await fixture(f)).logId}`,
    expect: member,
    check: async (res, f) => expect(res.json.id).toBe((await fixture(f)).entryAtB),
  },
  {
    name: "the A-only log's entry at venue B (not used there)",
    method: 'GET',
    route: `${ROUTE}/venues/{venueId}/temperature-entries/{temperatureId}`,
    path: async (f) => `${org(f)}/venues/${f.venueB}/temperature-entries/${(await fixture(f)).onlyA.logId}`,
    expect: { ...member, basicLimited: 404, basic: 404, admin: 404, owner: 404 },
  },
  {
    name: 'temperature entry at venue A',
    method: 'GET',
    route: `${ROUTE}/temperature-entries/{entryId}`,
    path: async (f) => `${org(f)}/temperature-entries/${(await fixture(f)).onlyA.entryId}`,
    expect: venueMember,
  },
  {
    name: 'temperature entry at venue B',
    method: 'GET',
    route: `${ROUTE}/temperature-entries/{entryId}`,
    path: async (f) => `${org(f)}/temperature-entries/${(await fixture(f)).entryAtB}`,
    expect: member,
  },
  {
    name: 'record a reading at venue A',
    method: 'POST',
    route: `${ROUTE}/temperature-entries/{entryId}/items/{itemId}/complete`,
    path: async (f) => {
      const { onlyA } = await fixture(f)
      return `${org(f)}/temperature-entries/${onlyA.entryId}/items/${onlyA.fridge}/complete`
    },
    body: () => ({ value: '3,5', slot: 0 }),
    expect: venueWork,
  },
  {
    name: 'resolve an out-of-range reading at venue A',
    method: 'POST',
    route: `${ROUTE}/temperature-entries/{entryId}/items/{itemId}/resolve`,
    path: async (f) => {
      const { onlyA } = await fixture(f)
      const item = `${org(f)}/temperature-entries/${onlyA.entryId}/items/${onlyA.freezer}`
      // A fresh open failure for each caller.
      const failed = await f.owner.client.post(`${item}/complete`, { value: '-5', slot: 0 })
      expect(failed.status, failed.text).toBe(201)
      return `${item}/resolve`
    },
    body: () => ({ note: 'Moved food to another freezer' }),
    expect: venueWork,
  },
  {
    name: 'export temperatures at venue A',
    method: 'POST',
    route: `${ROUTE}/temperature-entries/export`,
    path: (f) => `${org(f)}/temperature-entries/export`,
    body: (f) => ({ venueId: f.venueA, from: day(-7), to: day(1), format: 'csv' }),
    expect: adminUp,
    check: (res) => expect(res.text).toContain('Matrix A-only log'),
  },
]

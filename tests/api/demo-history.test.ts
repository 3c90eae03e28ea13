/**
 * The demo's history is visible (issue #39 item 8, ADR 085): its templates were set up before the
 * history they carry, so the venue home's 7- and 30-day compliance has values, with a late and a
 * missed check among them, the export has missed rows, and the temperature logs have a fortnight of
 * readings at both venues.
 */
import pino from 'pino'
import { and, eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { records, venues } from '../../server/db/schema.ts'
import { seedDemo } from '../../server/db/seed.ts'
import { createTestApp } from '../support/app.ts'
import { login } from './_helpers.ts'

describe('demo seed', () => {
  test('a week of compliance with a late and a missed check, missed rows in the export, a fortnight of readings', async () => {
    const fresh = await createTestApp()
    try {
      const demo = (await seedDemo({ db: fresh.db, logger: pino({ level: 'silent' }) }, () => {}))!
      const owner = await login(fresh, 'owner@demo.mise.localhost', demo.people.find((p) => p.role === 'OWNER')!.password!)
      const base = `/v1/orgs/${demo.orgId}`
      const venueRows = await fresh.db.select().from(venues).where(eq(venues.orgId, demo.orgId))
      const harbour = venueRows.find((v) => v.name === 'Harbour Street')!
      const market = venueRows.find((v) => v.name === 'Market Hall')!

      const compliance = async (venueId: string) => (await owner.client.get(`${base}/venues/${venueId}/dashboard`)).json.compliance
      const [h, m] = [await compliance(harbour.id), await compliance(market.id)]
      for (const c of [h, m]) {
        expect(c.last7.score).toEqual(expect.any(Number))
        expect(c.last30.score).toEqual(expect.any(Number))
        expect(c.last7.score).toBeGreaterThan(80)
        // Every past day of the chart had something due.
        expect(c.days.slice(0, -1).every((d: { due: number }) => d.due > 0)).toBe(true)
      }
      expect(h.last7.missed).toBeGreaterThan(0)
      expect(h.last7.failures.resolved).toBeGreaterThan(0)
      expect(m.last7.late).toBeGreaterThan(0)
      const overview = (await owner.client.get(`${base}/overview`)).json
      const week = overview.venues.map((v: { last7: { late: number; missed: number } }) => v.last7)
      expect(week.reduce((n: number, w: { late: number }) => n + w.late, 0)).toBeGreaterThan(0)
      expect(week.reduce((n: number, w: { missed: number }) => n + w.missed, 0)).toBeGreaterThan(0)

      // The export of the last week has the missed Closing.
      const today = (await owner.client.get(`${base}/venues/${harbour.id}/dashboard`)).json.today as string
      const from = h.days.at(-7).date as string
      const cookie = [...owner.client.jar].map(([k, v]) => `${k}=${v}`).join('; ')
      const res = await fresh.app.request(
        `${base}/checklist-entries/export`,
        { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ venueId: harbour.id, from, to: today, format: 'csv' }) },
        { clientIp: '127.0.0.1' },
      )
      const csv = await res.text()
      expect(csv).toMatch(/Closing.*Missed/)

      // A fortnight of readings for each log at each venue.
      const readings = await fresh.db.select({ venueId: records.venueId, templateId: records.templateId, date: records.date }).from(records).where(and(eq(records.orgId, demo.orgId), eq(records.kind, 'temperature')))
      for (const venueId of [harbour.id, market.id]) {
        const byLog = Map.groupBy(
          readings.filter((r) => r.venueId === venueId),
          (r) => r.templateId,
        )
        expect(byLog.size).toBe(2)
        for (const rows of byLog.values()) expect(new Set(rows.map((r) => r.date)).size).toBeGreaterThanOrEqual(14)
      }
    } finally {
      await fresh.close()
    }
  })
})

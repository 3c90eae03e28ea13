import { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '../api/context.ts'
import { line, text } from '../api/contract.ts'
import { requirePermission } from '../api/middleware/org-scope.ts'
import { readJson, readQuery } from '../api/validate.ts'
import { exportResponse, recordsExportBody } from '../records/export-route.ts'
import { deviceTimeField, recordingCall, requireRecording } from '../records/offline.ts'
import { MAX_CHECKS_PER_DAY } from './schema.ts'
import { venueForWork } from '../templates/day.ts'
import { checkQueryField, pathId, serviceContext } from '../templates/routes.ts'
import { completeReading, dayList, entryDetail, logEntryDetail, resolveReading } from './entries.ts'

const slot = z.int().min(0).max(MAX_CHECKS_PER_DAY - 1)

/** POST …/complete: the reading in the organisation's unit ("4.5", "4,5", "-18"); the check (0-based) when not the next one. */
export const completeReadingBody = z.strictObject({
  value: z.union([line().trim().min(1).max(20), z.number().min(-1000).max(1000)]).transform((v) => String(v)),
  note: text().max(2000).nullable().optional(),
  slot: slot.optional(),
  recordedAt: deviceTimeField(),
})

/** POST …/resolve: the corrective action; the check when the unit has open failures in several. */
export const resolveReadingBody = z.strictObject({
  note: text().trim().min(1).max(2000),
  slot: slot.optional(),
  recordedAt: deviceTimeField(),
})

export const temperatureExportBody = recordsExportBody
export const temperatureDayQuery = z.object({ date: line().max(40).optional() })
/** One log's entry: the day, the check shown (0-based; the first not complete by default) and the chart's days. */
export const temperatureLogQuery = temperatureDayQuery.extend({
  slot: checkQueryField,
  /** The chart's days up to the day: 7 or 30 (the default), as the page draws them. */
  chart: z
    .enum(['7', '30'], { error: 'validation.invalid' })
    .transform(Number)
    .optional(),
})

/** /v1/orgs/:orgId/temperature-entries — one entry, recording and resolving readings, exports. */
export function temperatureEntryRoutes() {
  const app = new Hono<AppEnv>()

  app.post('/export', async (c) => {
    requirePermission(c, 'records.export')
    const body = await readJson(c, temperatureExportBody)
    return exportResponse(c, ['temperature'], body)
  })

  app.get('/:entryId', async (c) => {
    const scope = requirePermission(c, 'venue.work')
    return c.json(await entryDetail(serviceContext(c, scope), pathId(c, 'entryId')))
  })

  app.post('/:entryId/items/:itemId/complete', async (c) => {
    const scope = await requireRecording(c)
    const entryId = pathId(c, 'entryId')
    const itemId = pathId(c, 'itemId')
    const body = await readJson(c, completeReadingBody)
    return recordingCall(c, serviceContext(c, scope), body, async (ctx) => ({ record: await completeReading(ctx, { entryId, itemId, ...body }) }))
  })

  app.post('/:entryId/items/:itemId/resolve', async (c) => {
    const scope = await requireRecording(c)
    const entryId = pathId(c, 'entryId')
    const itemId = pathId(c, 'itemId')
    const body = await readJson(c, resolveReadingBody)
    return recordingCall(c, serviceContext(c, scope), body, async (ctx) => ({ record: await resolveReading(ctx, { entryId, itemId, ...body }) }))
  })

  return app
}

/** /v1/orgs/:orgId/venues/:venueId/temperature-entries — the venue's temperature logs for a day, and one log's entry. */
export function venueTemperatureEntryRoutes() {
  const app = new Hono<AppEnv>()
  app.get('/', async (c) => {
    const scope = requirePermission(c, 'venue.work')
    const ctx = serviceContext(c, scope)
    const venue = await venueForWork(ctx, pathId(c, 'venueId'))
    const { date } = readQuery(c, temperatureDayQuery)
    return c.json(await dayList(ctx, venue, date))
  })
  app.get('/:temperatureId', async (c) => {
    const scope = requirePermission(c, 'venue.work')
    const ctx = serviceContext(c, scope)
    const venue = await venueForWork(ctx, pathId(c, 'venueId'))
    const { date, slot, chart } = readQuery(c, temperatureLogQuery)
    return c.json(await logEntryDetail(ctx, venue, pathId(c, 'temperatureId'), date, { slot, chartDays: chart }))
  })
  return app
}

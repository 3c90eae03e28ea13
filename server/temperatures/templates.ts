/**
 * Temperature logs as one kind of template (server/templates): their tables, API shapes and own rules
 * (checks per day with optional times; units of a kind with a range in °C pre-filled by kind).
 */
import { sql } from 'drizzle-orm'
import { validationError } from '../api/errors.ts'
import { t } from '../i18n.ts'
import type { ServiceContext } from '../scope.ts'
import type { TemplateKind } from '../templates/kind.ts'
import { registerTemplateKind, registerTemplateOnboardingStep, templateService } from '../templates/service.ts'
import { temperatureItems, temperatureLogs, type TemperatureItemKind } from './schema.ts'
import { DEFAULT_RANGES, round1 } from './units.ts'

export type TemperatureLogRow = typeof temperatureLogs.$inferSelect
export type TemperatureItemRow = typeof temperatureItems.$inferSelect

/** Each check's time (HH:mm) or null, exactly `checksPerDay` of them. */
export function checkTimesOf(row: Pick<TemperatureLogRow, 'checksPerDay' | 'checkTimes'>): (string | null)[] {
  return Array.from({ length: row.checksPerDay }, (_, i) => row.checkTimes[i] || null)
}

/** `Temperature` (a log) as the API shows it. */
export function publicLog(row: TemperatureLogRow & { itemCount: number }) {
  return {
    id: row.id,
    name: row.name,
    venueIds: row.venueIds,
    days: row.days,
    checksPerDay: row.checksPerDay,
    checkTimes: checkTimesOf(row),
    position: row.position,
    archivedAt: row.archivedAt ? row.archivedAt.toISOString() : null,
    itemCount: row.itemCount,
  }
}
export type PublicLog = ReturnType<typeof publicLog>

/** `TemperatureItem` (a unit) as the API shows it; min and max in °C. */
export function publicTemperatureItem(row: TemperatureItemRow) {
  return {
    id: row.id,
    temperatureId: row.temperatureId,
    label: row.label,
    kind: row.kind,
    min: row.min === null ? null : Number(row.min),
    max: row.max === null ? null : Number(row.max),
    position: row.position,
    archivedAt: row.archivedAt ? row.archivedAt.toISOString() : null,
  }
}
export type PublicTemperatureItem = ReturnType<typeof publicTemperatureItem>

export interface LogInput {
  name: string
  venueIds?: string[]
  days?: number[]
  checksPerDay?: number
  checkTimes?: (string | null)[]
}

export interface TemperatureItemInput {
  label: string
  kind: TemperatureItemKind
  min?: number | null
  max?: number | null
}

/** Times beyond the checks are dropped; missing ones are none. Stored '' for none. */
function storedTimes(checksPerDay: number, times: (string | null)[] | undefined): string[] {
  return Array.from({ length: checksPerDay }, (_, i) => times?.[i] ?? '')
}

function checkRange(ctx: ServiceContext, min: number | null, max: number | null): void {
  if (min !== null && max !== null && min > max) throw validationError({ max: t(ctx.locale, 'validation.maxBelowMin') })
}

const bound = (value: number | null | undefined) => (value === null || value === undefined ? null : round1(value))

export const temperatureKind: TemplateKind<PublicLog, PublicTemperatureItem, LogInput, TemperatureItemInput> = {
  kind: 'temperature',
  templates: temperatureLogs,
  items: temperatureItems,
  itemParent: temperatureItems.temperatureId,
  names: { templates: 'temperature_logs', items: 'temperature_items', parent: 'temperature_id' },
  manage: 'temperatures.manage',
  json: { one: 'temperature', many: 'temperatures' },
  param: 'temperatureId',
  publicTemplate: publicLog,
  publicItem: publicTemperatureItem,
  templateValues: (input) => {
    const checksPerDay = input.checksPerDay ?? 1
    return { checksPerDay, checkTimes: storedTimes(checksPerDay, input.checkTimes) }
  },
  // checksPerDay and checkTimes are written together (the times of removed checks go with them); a
  // change of times alone keeps the number of checks, read in SQL from the row.
  templatePatch: (patch) => {
    if (patch.checksPerDay !== undefined) return { checksPerDay: patch.checksPerDay, checkTimes: storedTimes(patch.checksPerDay, patch.checkTimes) }
    if (patch.checkTimes !== undefined) {
      const list = sql.join(
        storedTimes(MAX_TIMES, patch.checkTimes).map((v) => sql`${v}`),
        sql`, `,
      )
      return { checkTimes: sql`(array[${list}]::text[])[1:${temperatureLogs.checksPerDay}]` }
    }
    return {}
  },
  copyTemplate: (row: TemperatureLogRow) => ({ checksPerDay: row.checksPerDay, checkTimes: row.checkTimes }),
  itemValues: (ctx, input) => {
    const defaults = DEFAULT_RANGES[input.kind]
    const min = input.min === undefined ? defaults.min : bound(input.min)
    const max = input.max === undefined ? defaults.max : bound(input.max)
    checkRange(ctx, min, max)
    return { label: input.label, kind: input.kind, min, max }
  },
  // The range is judged on the result; a new kind without a range given takes that kind's defaults.
  itemPatch: (ctx, current: TemperatureItemRow, patch) => {
    const kind = patch.kind ?? current.kind
    const kindChanged = patch.kind !== undefined && patch.kind !== current.kind
    const fallback = kindChanged ? DEFAULT_RANGES[kind] : { min: current.min, max: current.max }
    const min = patch.min === undefined ? fallback.min : bound(patch.min)
    const max = patch.max === undefined ? fallback.max : bound(patch.max)
    checkRange(ctx, min, max)
    return { ...(patch.label !== undefined ? { label: patch.label } : {}), kind, min, max }
  },
  copyItem: (item: TemperatureItemRow) => ({ label: item.label, kind: item.kind, min: item.min, max: item.max }),
}

const MAX_TIMES = 6

export const temperatureService = templateService(temperatureKind)
registerTemplateKind(temperatureKind)

registerTemplateOnboardingStep(temperatureKind, { key: 'temperature', href: '/settings/temperatures/new', position: 30 })

/**
 * Temperature logs as one kind of template (server/templates): their tables, API shapes and own rules
 * (checks per day with optional times; units of a kind with a range in °C pre-filled by kind).
 */
import { checkRangeOrder, kindTables, publicItemBase, publicTemplateBase, type TemplateKind } from '../templates/kind.ts'
import { checksPatch, checksValues, checkTimesOf } from '../templates/schedule.ts'
import { registerTemplateKind, registerTemplateOnboardingStep, templateService } from '../templates/service.ts'
import { temperatureItems, temperatureLogs, type TemperatureItemKind } from './schema.ts'
import { DEFAULT_RANGES, round1 } from './units.ts'

export type TemperatureLogRow = typeof temperatureLogs.$inferSelect
export type TemperatureItemRow = typeof temperatureItems.$inferSelect

export { checkTimesOf }

/** `Temperature` (a log) as the API shows it. */
export function publicLog(row: TemperatureLogRow & { itemCount: number }) {
  const { position, archivedAt, itemCount, ...head } = publicTemplateBase(row)
  return { ...head, checksPerDay: row.checksPerDay, checkTimes: checkTimesOf(row), position, archivedAt, itemCount }
}
export type PublicLog = ReturnType<typeof publicLog>

/** `TemperatureItem` (a unit) as the API shows it; min and max in °C. */
export function publicTemperatureItem(row: TemperatureItemRow) {
  const { id, label, ...rest } = publicItemBase(row)
  return { id, temperatureId: row.temperatureId, label, kind: row.kind, ...rest }
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

const bound = (value: number | null | undefined) => (value === null || value === undefined ? null : round1(value))

export const temperatureKind: TemplateKind<PublicLog, PublicTemperatureItem, LogInput, TemperatureItemInput> = {
  ...kindTables('temperature', 'temperatures', temperatureLogs, temperatureItems, temperatureItems.temperatureId),
  publicTemplate: publicLog,
  publicItem: publicTemperatureItem,
  templateValues: (input) => checksValues(input),
  templatePatch: (patch) => checksPatch(patch, temperatureLogs.checksPerDay),
  copyTemplate: (row: TemperatureLogRow) => ({ checksPerDay: row.checksPerDay, checkTimes: row.checkTimes }),
  itemValues: (ctx, input) => {
    const defaults = DEFAULT_RANGES[input.kind]
    const min = input.min === undefined ? defaults.min : bound(input.min)
    const max = input.max === undefined ? defaults.max : bound(input.max)
    checkRangeOrder(ctx, min, max)
    return { label: input.label, kind: input.kind, min, max }
  },
  // The range is judged on the result; a new kind without a range given takes that kind's defaults.
  itemPatch: (ctx, current: TemperatureItemRow, patch) => {
    const kind = patch.kind ?? current.kind
    const kindChanged = patch.kind !== undefined && patch.kind !== current.kind
    const fallback = kindChanged ? DEFAULT_RANGES[kind] : { min: current.min, max: current.max }
    const min = patch.min === undefined ? fallback.min : bound(patch.min)
    const max = patch.max === undefined ? fallback.max : bound(patch.max)
    checkRangeOrder(ctx, min, max)
    return { ...(patch.label !== undefined ? { label: patch.label } : {}), kind, min, max }
  },
  copyItem: (item: TemperatureItemRow) => ({ label: item.label, kind: item.kind, min: item.min, max: item.max }),
  plan: { label: temperatureItems.label, itemType: temperatureItems.kind, min: temperatureItems.min, max: temperatureItems.max, checksPerDay: temperatureLogs.checksPerDay, dueTimes: temperatureLogs.checkTimes },
}


export const temperatureService = templateService(temperatureKind)
registerTemplateKind(temperatureKind)

registerTemplateOnboardingStep(temperatureKind, { key: 'temperature', href: '/settings/temperatures/new', position: 30 })

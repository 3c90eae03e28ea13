import type { TemperatureUnit } from '../../../server/temperatures/units'

export type { TemperatureUnit }
export const UNIT_KINDS = ['fridge', 'freezer', 'hot_holding', 'cooking', 'cooling', 'delivery', 'other'] as const
export type UnitKind = (typeof UNIT_KINDS)[number]

export interface TemperatureLog {
  id: string
  name: string
  venueIds: string[]
  days: number[]
  checksPerDay: number
  checkTimes: (string | null)[]
  position: number
  archivedAt: string | null
  itemCount: number
}

export interface TemperatureUnitItem {
  id: string
  temperatureId: string
  label: string
  kind: UnitKind
  /** °C */
  min: number | null
  max: number | null
  position: number
  archivedAt: string | null
}

/** The corrective actions offered for a kind of unit (keys under temperatures.actions). */
export const CORRECTIVE_ACTIONS: Record<UnitKind, string[]> = {
  fridge: ['movedFood', 'adjustedThermostat', 'calledEngineer', 'discardedFood'],
  freezer: ['movedFood', 'adjustedThermostat', 'calledEngineer', 'discardedFood'],
  hot_holding: ['reheated', 'discardedFood', 'calledEngineer'],
  cooking: ['cookedLonger', 'discardedFood'],
  cooling: ['movedToBlastChiller', 'dividedPortions', 'discardedFood'],
  delivery: ['rejectedDelivery', 'informedSupplier'],
  other: ['movedFood', 'calledEngineer', 'discardedFood'],
}

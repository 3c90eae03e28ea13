/**
 * Temperatures are stored in °C with one decimal; each organisation reads and enters them in °C or °F.
 * Pure functions, safe to bundle for the browser (the settings and daily pages use them too).
 */
import { numberFormat } from '../numbers.ts'

export type TemperatureUnit = 'C' | 'F'
export type ItemKind = 'fridge' | 'freezer' | 'hot_holding' | 'cooking' | 'cooling' | 'delivery' | 'other'

/** One decimal, halves away from zero (−0 shown as 0). */
export function round1(value: number): number {
  const rounded = Math.sign(value) * Math.round(Math.abs(value) * 10 + Number.EPSILON) / 10
  return rounded === 0 ? 0 : rounded
}

/** A value in `unit` as °C, one decimal. */
export function toCelsius(value: number, unit: TemperatureUnit): number {
  return round1(unit === 'F' ? ((value - 32) * 5) / 9 : value)
}

/** A °C value in `unit`, one decimal. */
export function fromCelsius(celsius: number, unit: TemperatureUnit): number {
  return round1(unit === 'F' ? (celsius * 9) / 5 + 32 : celsius)
}

/** fromCelsius for nullable bounds. */
export function boundIn(celsius: number | null, unit: TemperatureUnit): number | null {
  return celsius === null ? null : fromCelsius(celsius, unit)
}

/** The range a new unit of this kind gets, in °C (product.md: fridge 0…5, freezer ≤ −18, hot holding ≥ 63, cooking ≥ 75). */
export const DEFAULT_RANGES: Record<ItemKind, { min: number | null; max: number | null }> = {
  fridge: { min: 0, max: 5 },
  freezer: { min: null, max: -18 },
  hot_holding: { min: 63, max: null },
  cooking: { min: 75, max: null },
  cooling: { min: null, max: 8 },
  delivery: { min: null, max: 8 },
  other: { min: null, max: null },
}

const READING = /^[-+−]?(\d{1,4}([.,]\d*)?|[.,]\d+)$/

/** A typed reading ("4,5", "-18", "−18.0") as a number; NaN when it is not one. A comma is a decimal separator. */
export function parseReading(text: string): number {
  const trimmed = text.trim().replace('−', '-')
  if (!READING.test(trimmed)) return NaN
  return Number(trimmed.replace(',', '.'))
}

/** Is a °C value inside the range (bounds inclusive, null = open)? */
export function inRange(celsius: number, min: number | null, max: number | null): boolean {
  return (min === null || celsius >= min) && (max === null || celsius <= max)
}

/** "4.5 °C" / "4,5 °C" in the reader's language. */
export function formatTemperature(value: number, unit: TemperatureUnit, locale: string): string {
  return `${numberFormat(locale, { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(value)} °${unit}`
}

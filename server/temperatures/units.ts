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

/**
 * A reading as shown in `unit`: what the person typed when they typed it in that unit (150 °F stays
 * 150, not 150.1 by way of 65.6 °C), else converted from °C (one decimal).
 */
export function readingIn(celsius: number, unit: TemperatureUnit, entered?: { enteredValue?: string | null; enteredUnit?: string | null }): number {
  if (entered?.enteredUnit === unit && entered.enteredValue) {
    const typed = Number(entered.enteredValue)
    if (Number.isFinite(typed)) return round1(typed)
  }
  return fromCelsius(celsius, unit)
}

/**
 * A range's bound as a person reads it (a form field still shows `boundIn`, for editing): in °C one
 * decimal; in °F a whole degree — the one typed when it was set in °F (145 °F is kept as 62.8 °C and
 * reads 145 again), else the whole degree on the safe side of the converted value (63 °C reads "at
 * least 146 °F", not "145.4 °F"; −18 °C "at most −1 °F"), so a reading the range shows as in range is.
 */
export function boundShown(celsius: number | null, unit: TemperatureUnit, side: 'min' | 'max'): number | null {
  if (celsius === null) return null
  if (unit === 'C') return round1(celsius)
  const f = (celsius * 9) / 5 + 32
  const nearest = Math.round(f)
  const whole = toCelsius(nearest, 'F') === round1(celsius) ? nearest : side === 'min' ? Math.ceil(f - 1e-9) : Math.floor(f + 1e-9)
  return whole === 0 ? 0 : whole
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

/**
 * Scaling a recipe (docs/decisions/027-recipe-scaling.md): by portions, by a target yield, or by what
 * there is of one ingredient; every quantity recomputed with kitchen rounding (grams whole, kilograms
 * to 3 decimals, spoons and cups to ¼) and moved to the bigger or smaller unit when it crosses 1000.
 * Pure, shared by the API tests and the pages (server render and the live scaler in the browser).
 */

import { numberFormat } from '../numbers.ts'

/** A unit the scaler knows: its family and its size in the family's base (g, ml) or none. */
interface KnownUnit {
  key: string
  family: 'mass' | 'volume' | 'spoon' | 'count'
  /** Grams or millilitres per unit (spoons and cups in ml too, for conversions between them). */
  base: number
}

const UNITS: Record<string, KnownUnit> = {}
function unit(key: string, family: KnownUnit['family'], base: number, aliases: string[]) {
  for (const alias of [key, ...aliases]) UNITS[alias] = { key, family, base }
}
unit('g', 'mass', 1, ['gr', 'grs', 'gram', 'grams', 'gramo', 'gramos', 'grammes'])
unit('kg', 'mass', 1000, ['kgs', 'kilo', 'kilos', 'kilogram', 'kilograms', 'kilogramo', 'kilogramos'])
unit('mg', 'mass', 0.001, ['milligram', 'milligrams', 'miligramo', 'miligramos'])
unit('oz', 'mass', 28.349523125, ['ounce', 'ounces', 'onza', 'onzas'])
unit('lb', 'mass', 453.59237, ['lbs', 'pound', 'pounds', 'libra', 'libras'])
unit('ml', 'volume', 1, ['millilitre', 'millilitres', 'milliliter', 'milliliters', 'mililitro', 'mililitros'])
unit('cl', 'volume', 10, ['centilitre', 'centilitres', 'centilitro', 'centilitros'])
unit('dl', 'volume', 100, ['decilitre', 'decilitres', 'decilitro', 'decilitros'])
unit('l', 'volume', 1000, ['lt', 'lts', 'litre', 'litres', 'liter', 'liters', 'litro', 'litros'])
unit('tsp', 'spoon', 5, ['teaspoon', 'teaspoons', 'tsps', 'cdta', 'cdtas', 'cucharadita', 'cucharaditas', 'cdita', 'cditas'])
unit('tbsp', 'spoon', 15, ['tablespoon', 'tablespoons', 'tbsps', 'tbs', 'cda', 'cdas', 'cucharada', 'cucharadas'])
unit('cup', 'spoon', 240, ['cups', 'taza', 'tazas'])
unit('pinch', 'count', 1, ['pinches', 'pizca', 'pizcas'])

/** The unit the scaler knows for what a recipe says ("Gramos", "tbsp."), or undefined. */
export function knownUnit(text: string): KnownUnit | undefined {
  return UNITS[text.trim().toLowerCase().replace(/\.$/, '')]
}

/** Whether two units can be converted into each other (same family, by size). */
export function convertible(a: string, b: string): boolean {
  const x = knownUnit(a)
  const y = knownUnit(b)
  if (!x || !y) return a.trim().toLowerCase() === b.trim().toLowerCase()
  return x.family === y.family && x.family !== 'count'
}

/** `quantity` of unit `from` in unit `to` (the same when they are not convertible). */
export function convert(quantity: number, from: string, to: string): number {
  const x = knownUnit(from)
  const y = knownUnit(to)
  if (!x || !y || x.family !== y.family) return quantity
  return (quantity * x.base) / y.base
}

const round = (value: number, step: number) => Math.round(value / step) * step
const decimals = (value: number, places: number) => Number(value.toFixed(places))

/**
 * A scaled quantity with kitchen rounding, in the unit a cook would use: 1500 g → 1.5 kg,
 * 0.25 kg → 250 g, 1200 ml → 1.2 l; grams and millilitres whole (one decimal under 10), kg and l
 * to 3 decimals, spoons, cups and counts to ¼ (never rounded to nothing).
 */
export function tidy(quantity: number, unitText: string): { quantity: number; unit: string } {
  const known = knownUnit(unitText)
  if (!known) return { quantity: quarter(quantity), unit: unitText }
  if (known.family === 'mass' && (known.key === 'g' || known.key === 'kg')) {
    const grams = quantity * known.base
    if (Math.round(grams) >= 1000) return { quantity: decimals(grams / 1000, 3), unit: known.key === 'kg' ? unitText : 'kg' }
    return { quantity: grams < 10 ? decimals(grams, 1) : Math.round(grams), unit: known.key === 'g' ? unitText : 'g' }
  }
  if (known.family === 'volume' && (known.key === 'ml' || known.key === 'l')) {
    const ml = quantity * known.base
    if (Math.round(ml) >= 1000) return { quantity: decimals(ml / 1000, 3), unit: known.key === 'l' ? unitText : 'l' }
    return { quantity: ml < 10 ? decimals(ml, 1) : Math.round(ml), unit: known.key === 'ml' ? unitText : 'ml' }
  }
  if (known.family === 'spoon' || known.family === 'count') return { quantity: quarter(quantity), unit: unitText }
  // oz, lb, cl, dl, mg: two decimals.
  return { quantity: decimals(quantity, quantity >= 100 ? 0 : 2), unit: unitText }
}

/** To the nearest ¼, but never 0 for something that was there (then 2 decimals). */
function quarter(quantity: number): number {
  const q = round(quantity, 0.25)
  return q === 0 && quantity > 0 ? decimals(quantity, 2) : q
}

export interface ScalableLine {
  quantity: number | null
  quantityMax?: number | null
  unit: string
}

/** One ingredient line scaled by `factor` (a line without a quantity stays as it is). */
export function scaleLine<T extends ScalableLine>(line: T, factor: number): T {
  if (line.quantity === null || factor === 1) return line
  const low = tidy(line.quantity * factor, line.unit)
  // A range keeps one unit: the high end is given in the low end's.
  let max: number | null = null
  if (line.quantityMax != null) {
    const high = convert(line.quantityMax * factor, line.unit, low.unit)
    const tidied = tidy(high, low.unit)
    max = tidied.unit === low.unit ? tidied.quantity : decimals(high, 3)
  }
  return { ...line, quantity: low.quantity, quantityMax: max, unit: low.unit }
}

export type ScaleRequest =
  | { by: 'factor'; factor: number }
  | { by: 'portions'; portions: number }
  | { by: 'yield'; quantity: number; unit: string }
  | { by: 'ingredient'; index: number; quantity: number; unit: string }

export interface ScaleBase {
  portions: number | null
  yieldQuantity: number | null
  yieldUnit: string
  ingredients: ReadonlyArray<(ScalableLine & { type?: string }) | { type: 'section' }>
}

/** The factor a request asks for, or null when it cannot be worked out (no base, unit mismatch, ≤ 0). */
export function scaleFactor(recipe: ScaleBase, request: ScaleRequest): number | null {
  const positive = (n: number) => (Number.isFinite(n) && n > 0 ? n : null)
  switch (request.by) {
    case 'factor':
      return positive(request.factor)
    case 'portions':
      return recipe.portions && positive(request.portions) ? request.portions / recipe.portions : null
    case 'yield': {
      if (!recipe.yieldQuantity || !positive(request.quantity)) return null
      const unitText = request.unit || recipe.yieldUnit
      if (!convertible(unitText, recipe.yieldUnit)) return null
      return convert(request.quantity, unitText, recipe.yieldUnit) / recipe.yieldQuantity
    }
    case 'ingredient': {
      const line = recipe.ingredients[request.index]
      if (!line || !('quantity' in line) || line.type === 'section' || !line.quantity || !positive(request.quantity)) return null
      const unitText = request.unit || line.unit
      if (!convertible(unitText, line.unit)) return null
      return convert(request.quantity, unitText, line.unit) / line.quantity
    }
  }
}

const FRACTIONS: Record<string, string> = { '0.25': '¼', '0.5': '½', '0.75': '¾' }

/**
 * A quantity as a cook reads it in `locale`: ¼ ½ ¾ for spoons, cups and counts ("1½ tbsp"),
 * decimals with the locale's separator otherwise ("1,5 kg" in Spanish).
 */
export function formatQuantity(quantity: number, unitText: string, locale: string): string {
  const known = knownUnit(unitText)
  const fractional = !known || known.family === 'spoon' || known.family === 'count'
  const whole = Math.floor(quantity)
  const rest = decimals(quantity - whole, 2)
  if (fractional && FRACTIONS[String(rest)]) return `${whole || ''}${FRACTIONS[String(rest)]}`
  return numberFormat(locale, { maximumFractionDigits: 3 }).format(quantity)
}

/**
 * The built-in recipe parser (docs/decisions/026-recipe-import.md): pasted text — a card, a message,
 * a web page's text — to a draft recipe. Offline, no dependencies, English and Spanish. It finds the
 * name, yield and portions, times, ingredient lines (quantities with decimals, fractions, ranges and
 * units), sections, method steps, and suggests allergens from the ingredient names.
 */
import { detectAllergens } from './allergens.ts'
import type { AllergenMap, IngredientLine } from './constants.ts'

export interface RecipeDraftOut {
  name: string
  description: string
  yieldQuantity: number | null
  yieldUnit: string
  portions: number | null
  prepMinutes: number | null
  cookMinutes: number | null
  ingredients: IngredientLine[]
  steps: string[]
  allergens: AllergenMap
}

const FRACTIONS: Record<string, number> = { '½': 0.5, '⅓': 1 / 3, '⅔': 2 / 3, '¼': 0.25, '¾': 0.75, '⅕': 0.2, '⅛': 0.125, '⅜': 0.375, '⅝': 0.625, '⅞': 0.875 }
const FRACTION_CHARS = Object.keys(FRACTIONS).join('')

/** Units as written → as the draft keeps them (the cook's own language). */
const UNIT_WORDS: Record<string, string> = {}
function units(canonical: string, words: string[]) {
  for (const w of [canonical, ...words]) UNIT_WORDS[w] = canonical
}
units('g', ['gr', 'grs', 'gram', 'grams', 'gramme', 'grammes', 'gramo', 'gramos'])
units('kg', ['kgs', 'kilo', 'kilos', 'kilogram', 'kilograms', 'kilogramo', 'kilogramos'])
units('mg', ['milligram', 'milligrams', 'miligramo', 'miligramos'])
units('ml', ['mls', 'millilitre', 'millilitres', 'milliliter', 'milliliters', 'mililitro', 'mililitros'])
units('cl', ['centilitre', 'centilitres', 'centiliter', 'centiliters', 'centilitro', 'centilitros'])
units('dl', ['decilitre', 'decilitres', 'decilitro', 'decilitros'])
units('l', ['lt', 'lts', 'litre', 'litres', 'liter', 'liters', 'litro', 'litros'])
units('tsp', ['tsps', 'teaspoon', 'teaspoons', 't'])
units('tbsp', ['tbsps', 'tbs', 'tablespoon', 'tablespoons', 'tbl', 'tbsp.'])
units('cdta', ['cdtas', 'cucharadita', 'cucharaditas', 'cdita', 'cditas', 'cta', 'ctas'])
units('cda', ['cdas', 'cucharada', 'cucharadas'])
units('cup', ['cups', 'c'])
units('taza', ['tazas'])
units('oz', ['ounce', 'ounces', 'onza', 'onzas'])
units('lb', ['lbs', 'pound', 'pounds', 'libra', 'libras'])
units('pinch', ['pinches'])
units('pizca', ['pizcas'])
// Unit words: counted things (kept as written, singular or plural).
for (const w of [
  'clove', 'cloves', 'can', 'cans', 'tin', 'tins', 'slice', 'slices', 'bunch', 'bunches', 'sprig', 'sprigs', 'stick', 'sticks', 'piece', 'pieces', 'handful', 'handfuls', 'sheet', 'sheets', 'pack', 'packs', 'packet', 'packets', 'jar', 'jars', 'bottle', 'bottles', 'head', 'heads', 'leaf', 'leaves', 'dash', 'dashes', 'drop', 'drops',
  'diente', 'dientes', 'lata', 'latas', 'rebanada', 'rebanadas', 'loncha', 'lonchas', 'manojo', 'manojos', 'ramita', 'ramitas', 'rama', 'ramas', 'trozo', 'trozos', 'puñado', 'puñados', 'hoja', 'hojas', 'sobre', 'sobres', 'bote', 'botes', 'vaso', 'vasos', 'chorrito', 'chorro', 'cabeza', 'cabezas', 'unidad', 'unidades', 'ud', 'uds', 'pieza', 'piezas', 'paquete', 'paquetes', 'gota', 'gotas',
]) {
  UNIT_WORDS[w] = w
}

const WORD_NUMBERS: Record<string, number> = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, half: 0.5, un: 1, una: 1, uno: 1, dos: 2, tres: 3, cuatro: 4, cinco: 5, seis: 6, medio: 0.5, media: 0.5 }

const INGREDIENT_HEADINGS = /^(ingredients?|ingredientes|you will need|you'll need|necesitas|lo que necesitas)\b[\s:：-]*(.*)$/i
const METHOD_HEADINGS = /^(method|methods|instructions?|directions?|preparation|steps|how to make( it)?|elaboraci[oó]n|preparaci[oó]n|instrucciones|pasos|modo de preparaci[oó]n|procedimiento)\s*[:：.-]?\s*$/i
const NOTES_HEADINGS = /^(notes?|tips?|notas?|consejos?|nutrition|información nutricional)\s*[:：]?\s*$/i

const NUMBER = `(?:\\d+\\s+\\d+\\/\\d+|\\d+\\/\\d+|\\d+(?:[.,]\\d+)?(?:\\s*[${FRACTION_CHARS}])?|[${FRACTION_CHARS}])`
const QUANTITY = new RegExp(`^(${NUMBER})(?:\\s*(?:-|–|—|to|a|or|o)\\s*(${NUMBER}))?`, 'i')

/** "1 1/2" → 1.5, "1,5" → 1.5, "½" → 0.5, "1½" → 1.5. */
export function parseNumber(text: string): number | null {
  const t = text.trim()
  const mixed = /^(\d+)\s+(\d+)\/(\d+)$/.exec(t)
  if (mixed) return Number(mixed[1]) + Number(mixed[2]) / Number(mixed[3])
  const frac = /^(\d+)\/(\d+)$/.exec(t)
  if (frac) return Number(frac[2]) ? Number(frac[1]) / Number(frac[2]) : null
  const uni = new RegExp(`^(\\d*)\\s*([${FRACTION_CHARS}])$`).exec(t)
  if (uni) return Number(uni[1] || 0) + FRACTIONS[uni[2]!]!
  const dec = /^\d+(?:[.,]\d+)?$/.exec(t)
  if (dec) return Number(t.replace(',', '.'))
  return null
}

const round = (n: number) => Math.round(n * 1000) / 1000

/** One ingredient line: "1 1/2 cups (190 g) plain flour, sifted" → quantity, unit, name, note. */
export function parseIngredient(raw: string): IngredientLine {
  let text = raw.replace(/\s+/g, ' ').trim()
  let quantity: number | null = null
  let quantityMax: number | null = null
  let unit = ''
  // A number glued to its unit: "200g", "1.5kg", "250ml".
  text = text.replace(/^(\d+(?:[.,]\d+)?)(?=[a-zA-Z])/, '$1 ')
  const q = QUANTITY.exec(text)
  if (q) {
    quantity = parseNumber(q[1]!)
    quantityMax = q[2] ? parseNumber(q[2]) : null
    if (quantity !== null) text = text.slice(q[0].length).trim()
    if (quantityMax !== null && quantity !== null && quantityMax <= quantity) quantityMax = null
  } else {
    const word = /^([a-zA-Záéíóú]+)\s+/.exec(text)
    const value = word ? WORD_NUMBERS[word[1]!.toLowerCase()] : undefined
    const next = word ? text.slice(word[0].length).split(/\s+/)[0]!.toLowerCase().replace(/[.,]$/, '') : ''
    // "a pinch of salt", "una pizca de sal", "two eggs"; not "a little oil".
    if (value !== undefined && (UNIT_WORDS[next] || !['a', 'an', 'un', 'una', 'uno'].includes(word![1]!.toLowerCase()))) {
      quantity = value
      text = text.slice(word![0].length)
    }
  }
  if (quantity !== null) {
    const u = /^([a-zA-Záéíóúñ]+\.?)(?=\s|$|,)/.exec(text)
    const key = u?.[1]!.toLowerCase().replace(/\.$/, '')
    // "T" and "c" only as units when written so (a capital T is a tablespoon in US cards).
    if (u && key && UNIT_WORDS[key] && !(key === 't' && u[1] !== 't') && !(key === 'c' && u[1] !== 'c')) {
      unit = u[1] === 'T' ? 'tbsp' : UNIT_WORDS[key]!
      text = text.slice(u[0].length).trim()
    } else if (u?.[1] === 'T') {
      unit = 'tbsp'
      text = text.slice(1).trim()
    }
    // "(190 g)" right after the unit: an alternative measure, kept as a note.
    text = text.replace(/^of\s+|^de\s+|^del\s+/i, '')
  }
  let note = ''
  const paren = /\(([^)]*)\)/.exec(text)
  if (paren) {
    note = paren[1]!.trim()
    text = (text.slice(0, paren.index) + text.slice(paren.index + paren[0].length)).replace(/\s+/g, ' ').trim()
  }
  const comma = text.indexOf(',')
  if (comma > 0) {
    note = [text.slice(comma + 1).trim(), note].filter(Boolean).join('; ')
    text = text.slice(0, comma).trim()
  }
  text = text.replace(/^of\s+|^de\s+/i, '').trim()
  return {
    type: 'ingredient',
    quantity: quantity === null ? null : round(quantity),
    quantityMax: quantityMax === null ? null : round(quantityMax),
    unit,
    name: (text || raw.trim()).slice(0, 200),
    note: note.slice(0, 200),
  }
}

/** Minutes in "1 hour 15 minutes", "1 h 30", "45 min", "1½ horas", "90 minutos". */
export function parseMinutes(text: string): number | null {
  let total = 0
  let found = false
  const re = new RegExp(`(${NUMBER})\\s*(hours?|hrs?|h|horas?|minutes?|mins?|m|minutos?)\\b`, 'gi')
  for (const m of text.matchAll(re)) {
    const n = parseNumber(m[1]!)
    if (n === null) continue
    found = true
    total += /^h/i.test(m[2]!) ? n * 60 : n
  }
  return found ? Math.round(total) : null
}

const BULLET = /^\s*(?:[-*•·▪▢◦□–—]|\[\s?\]|\d+\s*[.)](?!\d)|step\s+\d+[.:)]?|paso\s+\d+[.:)]?)\s*/i

const SERVES = /^(?:serves|servings?|portions?|feeds|raciones|porciones|comensales|para)\s*[:：]?\s*(\d+)(?:\s*[-–a]\s*(\d+))?(?:\s*(?:personas|people|raciones|porciones|comensales|servings))?\s*\.?$/i
const SERVES_AFTER = /^(\d+)(?:\s*[-–]\s*\d+)?\s+(?:servings|portions|raciones|porciones|personas)\.?$/i
const YIELD = /^(?:yield|yields|makes|rinde|rendimiento|cantidad|sale|salen)\s*[:：]?\s*(.+)$/i
const PREP = /^(?:prep(?:aration)?(?:\s*time)?|tiempo de preparaci[oó]n|preparaci[oó]n)\s*[:：]\s*(.+)$/i
const COOK = /^(?:cook(?:ing)?(?:\s*time)?|bake|baking time|tiempo de cocci[oó]n|cocci[oó]n|horno)\s*[:：]\s*(.+)$/i
const TOTAL = /^(?:total(?:\s*time)?|tiempo total)\s*[:：]\s*(.+)$/i

function looksLikeIngredient(line: string): boolean {
  const t = line.replace(BULLET, '').trim()
  if (!t || t.length > 90) return false
  if (QUANTITY.test(t) || /^\d+(?:[.,]\d+)?[a-zA-Z]/.test(t)) return !/[.!]$/.test(t) || t.split(' ').length < 8
  return false
}

function isSectionHeading(line: string): boolean {
  const t = line.trim()
  return t.length <= 60 && !QUANTITY.test(t) && (/[:：]$/.test(t) || /^(for the|for|para el|para la|para los|para las|para)\s+\S+/i.test(t)) && !/[.!?]$/.test(t)
}

/** Text → a draft. Never throws; a text with nothing recognisable gives its first line as the name. */
export function parseRecipeText(input: string): RecipeDraftOut {
  const lines = input
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((l) => l.replace(/\u00a0/g, ' ').replace(/\s+/g, ' ').trim())
  const draft: RecipeDraftOut = { name: '', description: '', yieldQuantity: null, yieldUnit: '', portions: null, prepMinutes: null, cookMinutes: null, ingredients: [], steps: [], allergens: {} }
  let mode: 'head' | 'ingredients' | 'method' | 'notes' = 'head'
  const description: string[] = []
  const stepParts: string[] = []
  let stepsNumbered = false
  let current: string[] = []
  const flushStep = () => {
    if (current.length) stepParts.push(current.join(' '))
    current = []
  }

  for (const line of lines) {
    if (!line) {
      if (mode === 'method' && !stepsNumbered) flushStep()
      continue
    }
    const bare = line.replace(/^#+\s*/, '').replace(/\*\*/g, '').trim()
    // Metadata anywhere.
    const serves = SERVES.exec(bare) ?? SERVES_AFTER.exec(bare)
    if (serves && (mode !== 'method' || bare.length < 30)) {
      draft.portions ??= Number(serves[1])
      continue
    }
    const yieldMatch = YIELD.exec(bare)
    if (yieldMatch && mode !== 'method') {
      const y = parseIngredient(yieldMatch[1]!)
      if (y.type === 'ingredient' && y.quantity !== null) {
        if (/^(servings?|portions?|raciones|porciones|personas|people)$/i.test(y.name) && !y.unit) draft.portions ??= y.quantity
        else {
          draft.yieldQuantity = y.quantity
          draft.yieldUnit = y.unit || (y.name !== yieldMatch[1]!.trim() ? y.name.split(' ')[0]! : '')
        }
      }
      continue
    }
    const prep = PREP.exec(bare)
    if (prep && parseMinutes(prep[1]!) !== null) {
      draft.prepMinutes = parseMinutes(prep[1]!)
      continue
    }
    const cook = COOK.exec(bare)
    if (cook && parseMinutes(cook[1]!) !== null) {
      draft.cookMinutes = parseMinutes(cook[1]!)
      continue
    }
    if (TOTAL.exec(bare)) continue

    const ingredientsHeading = INGREDIENT_HEADINGS.exec(bare)
    if (ingredientsHeading && bare.length < 40) {
      mode = 'ingredients'
      const rest = ingredientsHeading[2]?.trim()
      // "Ingredients (for 4):" / "Ingredientes para 4 personas"
      const forN = rest && /(\d+)/.exec(rest)
      if (forN) draft.portions ??= Number(forN[1])
      continue
    }
    if (METHOD_HEADINGS.test(bare)) {
      mode = 'method'
      continue
    }
    if (NOTES_HEADINGS.test(bare)) {
      flushStep()
      mode = 'notes'
      continue
    }
    if (mode === 'notes') continue

    if (mode === 'head') {
      if (!draft.name) {
        draft.name = bare.replace(/^(recipe|receta)\s*[:：-]\s*/i, '').slice(0, 120)
        continue
      }
      // No headings: ingredient-looking lines (or a part's heading such as "For the cake:") start the list.
      if (looksLikeIngredient(bare) || (/[:：]$/.test(bare) && isSectionHeading(bare))) mode = 'ingredients'
      else if (BULLET.test(line) && /^\s*\d+\s*[.)]/.test(line)) mode = 'method'
      else {
        description.push(bare)
        continue
      }
    }
    if (mode === 'ingredients') {
      const item = line.replace(BULLET, '').trim()
      if (!item) continue
      if (isSectionHeading(item)) {
        draft.ingredients.push({ type: 'section', name: item.replace(/[:：]$/, '').slice(0, 120) })
        continue
      }
      // A long sentence after the list without a method heading: the method has started.
      if (/^\d+\s*[.)]\s+\S/.test(line) && !looksLikeIngredient(item)) mode = 'method'
      else if (draft.ingredients.length && /[.!]$/.test(item) && (item.split(' ').length > 12 || (!QUANTITY.test(item) && item.split(' ').length >= 3))) mode = 'method'
      else {
        draft.ingredients.push(parseIngredient(item))
        continue
      }
    }
    if (mode === 'method') {
      const numbered = /^\s*(?:\d+\s*[.)]|step\s+\d+|paso\s+\d+)/i.test(line)
      if (numbered) {
        stepsNumbered = true
        flushStep()
      } else if (!stepsNumbered || BULLET.test(line)) {
        if (BULLET.test(line)) flushStep()
      }
      const textPart = line.replace(BULLET, '').trim()
      if (textPart) current.push(textPart)
      if (!stepsNumbered && !BULLET.test(line)) flushStep()
    }
  }
  flushStep()
  draft.steps = stepParts.map((s) => s.trim()).filter(Boolean).map((s) => s.slice(0, 4000))
  draft.description = description.join(' ').slice(0, 4000)
  if (!draft.name) draft.name = 'Recipe'
  draft.allergens = detectAllergens(draft.ingredients.filter((l) => l.type === 'ingredient').map((l) => (l.type === 'ingredient' ? `${l.name} ${l.note}` : '')))
  return draft
}

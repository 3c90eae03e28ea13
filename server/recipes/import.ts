/**
 * Recipe generation (POST {org}/recipes/generate): pasted text or a web page's URL → a draft, never
 * saved. A page's schema.org/Recipe JSON-LD is read when present, otherwise its text. With an
 * OpenAI-compatible endpoint configured, text goes there first; the built-in parser is the fallback
 * on any error or timeout (docs/decisions/026-recipe-import.md).
 */
import { z } from 'zod'
import { line, text } from '../api/contract.ts'
import type { Config } from '../config.ts'
import { detectAllergens } from './allergens.ts'
import { fetchPage } from './fetch-page.ts'
import { parseIngredient, parseMinutes, parseNumber, parseRecipeText, type RecipeDraftOut } from './parse.ts'
import type { IngredientLine } from './schema.ts'

export type DraftSource = 'parser' | 'jsonld' | 'llm'

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', frac12: '½', frac14: '¼', frac34: '¾', deg: '°' }

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*);/gi, (m, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1))
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : m
    }
    return ENTITIES[e.toLowerCase()] ?? m
  })
}

/** A page's visible text, one block per line, list items as bullets. */
export function htmlToText(html: string): string {
  const body = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(script|style|noscript|svg|template|head|nav|footer)\b[\s\S]*?<\/\1>/gi, '\n')
    .replace(/<li\b[^>]*>/gi, '\n- ')
    .replace(/<(br|hr)\b[^>]*>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6]|tr|section|article|ul|ol|header)>/gi, '\n')
    .replace(/<(h[1-6])\b[^>]*>/gi, '\n\n')
    .replace(/<[^>]+>/g, '')
  return decodeEntities(body)
    .split('\n')
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

function clean(value: unknown): string {
  return typeof value === 'string' ? htmlToText(value).replace(/\s+/g, ' ').trim() : ''
}

/** ISO 8601 duration ("PT1H30M") → minutes. */
function isoMinutes(value: unknown): number | null {
  if (typeof value !== 'string') return null
  const m = /^P(?:(\d+)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:\d+(?:\.\d+)?S)?)?$/i.exec(value.trim())
  if (!m) return parseMinutes(value)
  return Math.round(Number(m[1] ?? 0) * 1440 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0))
}

function findRecipe(node: unknown): Record<string, unknown> | null {
  if (!node || typeof node !== 'object') return null
  if (Array.isArray(node)) {
    for (const item of node) {
      const found = findRecipe(item)
      if (found) return found
    }
    return null
  }
  const obj = node as Record<string, unknown>
  const type = obj['@type']
  if ((Array.isArray(type) ? type : [type]).some((t) => t === 'Recipe' || t === 'schema:Recipe')) return obj
  return findRecipe(obj['@graph']) ?? findRecipe(obj.mainEntity)
}

function instructions(value: unknown, out: IngredientLine[] | null, steps: string[]): void {
  if (typeof value === 'string') {
    const text = htmlToText(value)
    for (const part of text.split(/\n+/)) if (part.trim()) steps.push(part.replace(/^\d+[.)]\s*/, '').trim())
    return
  }
  if (Array.isArray(value)) {
    for (const item of value) instructions(item, out, steps)
    return
  }
  if (value && typeof value === 'object') {
    const obj = value as Record<string, unknown>
    if (obj.itemListElement) return instructions(obj.itemListElement, out, steps)
    const text = clean(obj.text) || clean(obj.name)
    if (text) steps.push(text)
  }
}

/** A page's schema.org/Recipe JSON-LD as a draft, or null when it has none. */
export function draftFromJsonLd(html: string): RecipeDraftOut | null {
  for (const m of html.matchAll(/<script[^>]*type\s*=\s*["']?application\/ld\+json["']?[^>]*>([\s\S]*?)<\/script>/gi)) {
    let data: unknown
    try {
      data = JSON.parse(m[1]!.trim())
    } catch {
      continue
    }
    const recipe = findRecipe(data)
    if (!recipe) continue
    const ingredients = (Array.isArray(recipe.recipeIngredient) ? recipe.recipeIngredient : Array.isArray(recipe.ingredients) ? recipe.ingredients : [])
      .map(clean)
      .filter(Boolean)
      .map(parseIngredient)
    const steps: string[] = []
    instructions(recipe.recipeInstructions, null, steps)
    const yields = (Array.isArray(recipe.recipeYield) ? recipe.recipeYield : [recipe.recipeYield]).map((y) => (typeof y === 'number' ? String(y) : clean(y))).filter(Boolean)
    let portions: number | null = null
    let yieldQuantity: number | null = null
    let yieldUnit = ''
    for (const y of yields) {
      const line = parseIngredient(y)
      if (line.type !== 'ingredient' || line.quantity === null) continue
      if (line.unit && !/^(servings?|portions?|raciones|porciones|personas|people)/i.test(line.name)) {
        yieldQuantity ??= line.quantity
        yieldUnit ||= line.unit
      } else portions ??= Math.round(line.quantity)
    }
    return {
      name: clean(recipe.name).slice(0, 120) || 'Recipe',
      description: clean(recipe.description).slice(0, 4000),
      yieldQuantity,
      yieldUnit,
      portions,
      prepMinutes: isoMinutes(recipe.prepTime),
      cookMinutes: isoMinutes(recipe.cookTime),
      ingredients,
      steps: steps.map((s) => s.slice(0, 4000)),
      allergens: detectAllergens(ingredients.map((l) => (l.type === 'ingredient' ? `${l.name} ${l.note}` : ''))),
    }
  }
  return null
}

// ─── an OpenAI-compatible endpoint ──────────────────────────────────────────────────────────────

const llmDraft = z.object({
  name: line().min(1).max(120),
  description: text().max(4000).catch(''),
  yieldQuantity: z.number().positive().nullable().catch(null),
  yieldUnit: line().max(30).catch(''),
  portions: z.number().int().positive().nullable().catch(null),
  prepMinutes: z.number().int().min(0).nullable().catch(null),
  cookMinutes: z.number().int().min(0).nullable().catch(null),
  ingredients: z
    .array(
      z.object({
        section: line().max(120).optional(),
        quantity: z.number().min(0).nullable().catch(null),
        quantityMax: z.number().min(0).nullable().catch(null),
        unit: line().max(30).catch(''),
        name: line().min(1).max(200),
        note: line().max(200).catch(''),
      }),
    )
    .max(300),
  steps: z.array(text().min(1).max(4000)).max(200),
})

const PROMPT = `You turn a recipe written as free text into JSON. Answer with one JSON object only:
{"name": string, "description": string, "yieldQuantity": number|null, "yieldUnit": string, "portions": integer|null,
 "prepMinutes": integer|null, "cookMinutes": integer|null,
 "ingredients": [{"section"?: string, "quantity": number|null, "quantityMax": number|null, "unit": string, "name": string, "note": string}],
 "steps": [string]}
Keep the recipe's language. Quantities as numbers (1 1/2 → 1.5); a range "2-3" → quantity 2, quantityMax 3. Units short: g, kg, ml, l, cl, tsp, tbsp, cup, oz, lb, pinch (or cdta, cda, taza, pizca in Spanish). "section" names the part of the recipe an ingredient belongs to when it has parts ("For the sauce").`

/** A draft from the configured endpoint; throws on any failure (the caller falls back). */
export async function draftFromLlm(text: string, config: Pick<Config, 'RECIPE_LLM_BASE_URL' | 'RECIPE_LLM_API_KEY' | 'RECIPE_LLM_MODEL' | 'RECIPE_LLM_TIMEOUT_MS'>): Promise<RecipeDraftOut> {
  const base = config.RECIPE_LLM_BASE_URL!.replace(/\/$/, '')
  const response = await fetch(`${base}/chat/completions`, {
    method: 'POST',
    signal: AbortSignal.timeout(config.RECIPE_LLM_TIMEOUT_MS),
    headers: { 'content-type': 'application/json', ...(config.RECIPE_LLM_API_KEY ? { authorization: `Bearer ${config.RECIPE_LLM_API_KEY}` } : {}) },
    body: JSON.stringify({
      model: config.RECIPE_LLM_MODEL,
      temperature: 0,
      response_format: { type: 'json_object' },
      messages: [
        { role: 'system', content: PROMPT },
        { role: 'user', content: text.slice(0, 20_000) },
      ],
    }),
  })
  if (!response.ok) throw new Error(`LLM endpoint answered ${response.status}`)
  const body = (await response.json()) as { choices?: Array<{ message?: { content?: string } }> }
  const content = body.choices?.[0]?.message?.content ?? ''
  const json = JSON.parse(content.replace(/^```(?:json)?\s*|\s*```$/g, ''))
  const parsed = llmDraft.parse(json)
  const ingredients: IngredientLine[] = []
  let section: string | undefined
  for (const l of parsed.ingredients) {
    if (l.section && l.section !== section) {
      section = l.section
      ingredients.push({ type: 'section', name: l.section })
    }
    ingredients.push({ type: 'ingredient', quantity: l.quantity, quantityMax: l.quantityMax, unit: l.unit, name: l.name, note: l.note })
  }
  return {
    name: parsed.name,
    description: parsed.description,
    yieldQuantity: parsed.yieldQuantity,
    yieldUnit: parsed.yieldUnit,
    portions: parsed.portions,
    prepMinutes: parsed.prepMinutes,
    cookMinutes: parsed.cookMinutes,
    ingredients,
    steps: parsed.steps,
    allergens: detectAllergens(ingredients.map((l) => (l.type === 'ingredient' ? `${l.name} ${l.note}` : ''))),
  }
}

/** Text → a draft: the endpoint when configured, the built-in parser otherwise or when it fails. */
export async function draftFromText(text: string, config: Config, onLlmError?: (error: unknown) => void): Promise<{ draft: RecipeDraftOut; source: DraftSource }> {
  if (config.RECIPE_LLM_BASE_URL) {
    try {
      return { draft: await draftFromLlm(text, config), source: 'llm' }
    } catch (error) {
      onLlmError?.(error)
    }
  }
  return { draft: parseRecipeText(text), source: 'parser' }
}

/** A URL → a draft: the page's JSON-LD, or its text through draftFromText. */
export async function draftFromUrl(url: string, config: Config, opts: { lookup?: (host: string) => Promise<string[]>; onLlmError?: (error: unknown) => void } = {}) {
  const page = await fetchPage(url, { allowPrivate: config.RECIPE_IMPORT_ALLOW_PRIVATE, lookup: opts.lookup, timeoutMs: config.RECIPE_IMPORT_TIMEOUT_MS, maxBytes: config.RECIPE_IMPORT_MAX_BYTES })
  const fromJsonLd = draftFromJsonLd(page.html)
  if (fromJsonLd) return { draft: fromJsonLd, source: 'jsonld' as DraftSource }
  return draftFromText(htmlToText(page.html), config, opts.onLlmError)
}

export { parseNumber }

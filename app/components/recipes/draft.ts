/**
 * A recipe as the settings form holds it (strings as typed), and the edits its buttons make without
 * JavaScript: add, remove and move ingredient lines and steps, detect allergens. Pure: the actions
 * use it on the server, the editor in the browser.
 */
import { detectAllergens } from '../../../server/recipes/allergens'
import { ALLERGENS, type Allergen, type AllergenLevel } from '../../../server/recipes/constants'

export interface DraftLine {
  type: 'ingredient' | 'section'
  quantity: string
  quantityMax: string
  unit: string
  name: string
  note: string
}

export interface RecipeDraft {
  name: string
  categoryId: string
  description: string
  yieldQuantity: string
  yieldUnit: string
  portions: string
  prepMinutes: string
  cookMinutes: string
  ingredients: DraftLine[]
  steps: string[]
  allergens: Partial<Record<Allergen, AllergenLevel>>
  confirmAllergens: boolean
  /** Every venue (empty) or these. */
  venueIds: string[]
  imageUploadId: string
  removeImage: boolean
}

/** The API's recipe (or a generated draft), as the form shows it. */
export interface ApiRecipeLike {
  name: string
  categoryId?: string | null
  description?: string
  yieldQuantity?: number | null
  yieldUnit?: string
  portions?: number | null
  prepMinutes?: number | null
  cookMinutes?: number | null
  ingredients?: Array<{ type: 'section'; name: string } | { type: 'ingredient'; quantity: number | null; quantityMax: number | null; unit: string; name: string; note: string }>
  steps?: string[]
  allergens?: Partial<Record<Allergen, AllergenLevel>>
  imageUploadId?: string | null
  venueIds?: string[]
}

const num = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n))

export const emptyLine = (type: DraftLine['type'] = 'ingredient'): DraftLine => ({ type, quantity: '', quantityMax: '', unit: '', name: '', note: '' })

export function draftFrom(recipe: ApiRecipeLike): RecipeDraft {
  return {
    name: recipe.name,
    categoryId: recipe.categoryId ?? '',
    description: recipe.description ?? '',
    yieldQuantity: num(recipe.yieldQuantity),
    yieldUnit: recipe.yieldUnit ?? '',
    portions: num(recipe.portions),
    prepMinutes: num(recipe.prepMinutes),
    cookMinutes: num(recipe.cookMinutes),
    ingredients: (recipe.ingredients ?? []).map((l) =>
      l.type === 'section' ? { ...emptyLine('section'), name: l.name } : { type: 'ingredient', quantity: num(l.quantity), quantityMax: num(l.quantityMax), unit: l.unit, name: l.name, note: l.note },
    ),
    steps: recipe.steps ?? [],
    allergens: recipe.allergens ?? {},
    confirmAllergens: false,
    venueIds: recipe.venueIds ?? [],
    imageUploadId: recipe.imageUploadId ?? '',
    removeImage: false,
  }
}

export const emptyDraft = (): RecipeDraft => ({ ...draftFrom({ name: '' }), ingredients: [emptyLine(), emptyLine(), emptyLine()], steps: [''] })

const str = (form: FormData, key: string) => {
  const value = form.get(key)
  return typeof value === 'string' ? value : ''
}

/** The draft the form sent (nothing validated: the API does that on save). */
export function draftFromForm(form: FormData): RecipeDraft {
  const lines = new Map<number, DraftLine>()
  const steps = new Map<number, string>()
  for (const [key, value] of form.entries()) {
    if (typeof value !== 'string') continue
    const ingredient = /^ingredients\.(\d{1,3})\.(type|quantity|quantityMax|unit|name|note)$/.exec(key)
    if (ingredient) {
      const index = Number(ingredient[1])
      const line = lines.get(index) ?? emptyLine()
      if (ingredient[2] === 'type') line.type = value === 'section' ? 'section' : 'ingredient'
      else line[ingredient[2] as Exclude<keyof DraftLine, 'type'>] = value
      lines.set(index, line)
    }
    const step = /^steps\.(\d{1,3})$/.exec(key)
    if (step) steps.set(Number(step[1]), value)
  }
  const allergens: RecipeDraft['allergens'] = {}
  for (const allergen of ALLERGENS) {
    const level = str(form, `allergens.${allergen}`)
    if (level === 'contains' || level === 'mayContain') allergens[allergen] = level
  }
  const venueIds = form.getAll('venueIds').filter((v): v is string => typeof v === 'string' && v !== '')
  return {
    name: str(form, 'name'),
    categoryId: str(form, 'categoryId'),
    description: str(form, 'description'),
    yieldQuantity: str(form, 'yieldQuantity'),
    yieldUnit: str(form, 'yieldUnit'),
    portions: str(form, 'portions'),
    prepMinutes: str(form, 'prepMinutes'),
    cookMinutes: str(form, 'cookMinutes'),
    ingredients: [...lines.entries()].sort(([a], [b]) => a - b).map(([, l]) => l),
    steps: [...steps.entries()].sort(([a], [b]) => a - b).map(([, s]) => s),
    allergens,
    confirmAllergens: str(form, 'confirmAllergens') === 'on',
    venueIds: str(form, 'venues') === 'chosen' ? venueIds : [],
    imageUploadId: str(form, 'imageUploadId'),
    removeImage: str(form, 'removeImage') === 'on',
  }
}

function move<T>(list: T[], from: number, to: number): T[] {
  if (from < 0 || from >= list.length || to < 0 || to >= list.length) return list
  const copy = [...list]
  const [item] = copy.splice(from, 1)
  copy.splice(to, 0, item!)
  return copy
}

/**
 * Apply an edit button (`intent`) to the draft: `ingredient-add`, `section-add`, `step-add`,
 * `ingredient-remove-3`, `ingredient-up-3`, `ingredient-down-3`, the same for `step-…`, `detect`.
 * Returns null for any other intent (saving).
 */
export function applyEdit(draft: RecipeDraft, intent: string): RecipeDraft | null {
  if (intent === 'ingredient-add') return { ...draft, ingredients: [...draft.ingredients, emptyLine()] }
  if (intent === 'section-add') return { ...draft, ingredients: [...draft.ingredients, emptyLine('section')] }
  if (intent === 'step-add') return { ...draft, steps: [...draft.steps, ''] }
  if (intent === 'detect') return { ...draft, allergens: { ...detectAllergens(draftNames(draft)) } }
  const m = /^(ingredient|step)-(remove|up|down)-(\d{1,3})$/.exec(intent)
  if (!m) return null
  const index = Number(m[3])
  const edit = <T>(list: T[]): T[] =>
    m[2] === 'remove' ? list.filter((_, i) => i !== index) : m[2] === 'up' ? move(list, index, index - 1) : move(list, index, index + 1)
  return m[1] === 'ingredient' ? { ...draft, ingredients: edit(draft.ingredients) } : { ...draft, steps: edit(draft.steps) }
}

/** The names (with notes) of the draft's ingredients, for allergen detection. */
export function draftNames(draft: RecipeDraft): string[] {
  return draft.ingredients.filter((l) => l.type === 'ingredient' && l.name.trim()).map((l) => `${l.name} ${l.note}`.trim())
}

/** "1,5" and "1.5" are numbers; "" is null; anything else goes to the API as typed (it says what is wrong). */
function number(text: string): number | null | string {
  const t = text.trim().replace(',', '.')
  if (!t) return null
  const n = Number(t)
  return Number.isFinite(n) ? n : text
}

/**
 * The API body of a draft. Blank ingredient lines and steps are left out, and their positions with
 * them, so `index` maps the API's `ingredients.N` back to the form's line.
 */
export function apiBody(draft: RecipeDraft) {
  const kept = draft.ingredients.map((l, i) => ({ l, i })).filter(({ l }) => l.name.trim() || l.quantity.trim() || l.unit.trim() || l.note.trim())
  const steps = draft.steps.map((s, i) => ({ s, i })).filter(({ s }) => s.trim())
  return {
    body: {
      name: draft.name,
      categoryId: draft.categoryId || null,
      description: draft.description,
      yieldQuantity: number(draft.yieldQuantity),
      yieldUnit: draft.yieldUnit,
      portions: number(draft.portions),
      prepMinutes: number(draft.prepMinutes),
      cookMinutes: number(draft.cookMinutes),
      ingredients: kept.map(({ l }) =>
        l.type === 'section'
          ? { type: 'section', name: l.name }
          : { type: 'ingredient', quantity: number(l.quantity), quantityMax: number(l.quantityMax), unit: l.unit, name: l.name, note: l.note },
      ),
      steps: steps.map(({ s }) => s),
      allergens: draft.allergens,
      confirmAllergens: draft.confirmAllergens,
      venueIds: draft.venueIds,
    },
    ingredientIndex: kept.map(({ i }) => i),
    stepIndex: steps.map(({ i }) => i),
  }
}

/** The API's field errors on the form's field names (`ingredients.2.name` of the API → the form's line). */
export function formErrors(data: Record<string, string>, ingredientIndex: number[], stepIndex: number[]): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [key, message] of Object.entries(data)) {
    const ingredient = /^ingredients\.(\d+)(\..*)?$/.exec(key)
    const step = /^steps\.(\d+)$/.exec(key)
    if (ingredient) out[`ingredients.${ingredientIndex[Number(ingredient[1])] ?? 0}${ingredient[2] ?? '.name'}`] = message
    else if (step) out[`steps.${stepIndex[Number(step[1])] ?? 0}`] = message
    else out[key] = message
  }
  return out
}

/**
 * Allergen detection from ingredient names, in English and Spanish (docs/decisions/026-recipe-import.md).
 * A suggestion only: a person confirms the list. Pure, safe to bundle for the browser.
 */
import { ALLERGENS, type Allergen, type AllergenMap } from './constants.ts'

/** Lower case, accents removed, anything but letters and digits as single spaces. */
export function normalise(text: string): string {
  return ` ${text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9ñ]+/g, ' ')
    .trim()} `
}

/**
 * Words (matched as whole words, or word starts ending in `*`) that mean the allergen is in the
 * ingredient. Written without accents (names are normalised first).
 */
const CONTAINS: Record<Allergen, string[]> = {
  celery: ['celery', 'celeriac', 'apio', 'apionabo', 'celery salt'],
  gluten: [
    'wheat', 'flour', 'bread*', 'breadcrumb*', 'panko', 'pasta', 'spaghetti', 'penne', 'macaroni', 'noodle*', 'couscous', 'semolina',
    'barley', 'rye', 'spelt', 'kamut', 'oat*', 'bulgur', 'seitan', 'farro', 'pastry', 'puff pastry', 'brioche', 'cracker*', 'biscuit*',
    'tortilla*', 'malt', 'beer', 'ale', 'lager', 'soy sauce', 'cake*', 'sponge', 'baguette', 'croissant*', 'lasagne', 'lasagna', 'gnocchi',
    'trigo', 'harina', 'pan', 'panes', 'pan rallado', 'fideo*', 'macarrones', 'espagueti*', 'cuscus', 'semola', 'cebada', 'centeno',
    'espelta', 'avena', 'salsa de soja', 'masa', 'hojaldre', 'galleta*', 'cerveza', 'bizcocho*', 'picatostes', 'migas', 'empanada*',
  ],
  crustaceans: [
    'prawn*', 'shrimp*', 'crab*', 'lobster*', 'langoustine*', 'crayfish', 'scampi', 'krill',
    'gamba*', 'langostino*', 'camaron*', 'cangrejo*', 'bogavante*', 'langosta*', 'cigala*', 'necora*', 'centolla*', 'quisquilla*', 'carabinero*',
  ],
  eggs: ['egg*', 'yolk*', 'mayonnaise', 'mayo', 'meringue', 'aioli', 'huevo*', 'yema*', 'clara*', 'mayonesa', 'merengue', 'alioli'],
  fish: [
    'fish', 'anchov*', 'cod', 'salmon', 'tuna', 'hake', 'sardine*', 'haddock', 'mackerel', 'trout', 'sea bass', 'bream', 'monkfish',
    'fish sauce', 'worcestershire', 'pescado*', 'anchoa*', 'boqueron*', 'bacalao', 'salmon', 'atun', 'merluza', 'sardina*', 'caballa',
    'trucha', 'lubina', 'dorada', 'rape', 'bonito', 'pez', 'fumet',
  ],
  lupin: ['lupin*', 'lupine*', 'altramuz*', 'altramuces'],
  milk: [
    'milk', 'butter', 'cream', 'cheese', 'yogurt', 'yoghurt', 'creme fraiche', 'buttermilk', 'ghee', 'mascarpone', 'mozzarella',
    'parmesan', 'ricotta', 'cheddar', 'feta', 'whey', 'custard', 'bechamel', 'ice cream', 'paneer', 'brie', 'gruyere',
    'leche', 'mantequilla', 'nata', 'queso', 'yogur', 'crema', 'requeson', 'suero', 'natillas', 'manchego', 'parmesano', 'lacteo*',
  ],
  molluscs: [
    'mussel*', 'clam*', 'oyster*', 'squid', 'octopus', 'cuttlefish', 'scallop*', 'snail*', 'calamari', 'whelk*', 'cockle*', 'oyster sauce',
    'mejillon*', 'almeja*', 'ostra*', 'calamar*', 'pulpo', 'sepia', 'vieira*', 'caracol*', 'berberecho*', 'chipiron*', 'chocos', 'choquito*', 'navaja*', 'puntilla*',
  ],
  mustard: ['mustard', 'dijon', 'mostaza'],
  treeNuts: [
    'almond*', 'hazelnut*', 'walnut*', 'cashew*', 'pecan*', 'brazil nut*', 'pistachio*', 'macadamia*', 'praline', 'marzipan', 'frangipane',
    'almendra*', 'avellana*', 'nuez', 'nueces', 'anacardo*', 'pacana*', 'pistacho*', 'macadamia*', 'mazapan', 'turron', 'pinon*', 'pine nut*',
  ],
  peanuts: ['peanut*', 'groundnut*', 'cacahuete*', 'cacahuate*', 'mani'],
  sesame: ['sesame', 'tahini', 'tahina', 'sesamo', 'ajonjoli', 'gomasio'],
  soya: ['soy', 'soya', 'soybean*', 'tofu', 'edamame', 'miso', 'tempeh', 'tamari', 'soja', 'salsa de soja'],
  sulphites: [
    'wine', 'vinegar', 'sherry', 'port', 'dried apricot*', 'raisin*', 'sultana*', 'cider', 'vermouth', 'brandy', 'cava', 'champagne',
    'vino', 'vinagre', 'jerez', 'pasas', 'orejones', 'sidra', 'vermut', 'cava', 'champan', 'brandy', 'conac', 'sulfito*', 'sulphite*',
  ],
}

/** Names that would match a word above but do not hold the allergen. */
const EXCEPTIONS: Partial<Record<Allergen, string[]>> = {
  gluten: ['buckwheat flour', 'buckwheat', 'harina de trigo sarraceno', 'trigo sarraceno', 'gluten free', 'sin gluten', 'rice flour', 'corn flour', 'cornflour', 'harina de maiz', 'harina de arroz', 'maizena', 'almond flour', 'harina de almendra', 'chickpea flour', 'harina de garbanzo', 'pan de higo', 'cream of tartar'],
  milk: ['coconut milk', 'coconut cream', 'leche de coco', 'crema de coco', 'almond milk', 'leche de almendra*', 'oat milk', 'leche de avena', 'soy milk', 'soya milk', 'leche de soja', 'cream of tartar', 'cocoa butter', 'manteca de cacao', 'peanut butter', 'crema de cacahuete', 'nut butter', 'crema pastelera'],
  eggs: ['eggplant*'],
  treeNuts: ['nutmeg', 'nuez moscada', 'coconut', 'coco', 'water chestnut*'],
  fish: ['rape seed', 'rapeseed'],
  sulphites: ['port salut'],
  soya: ['soy free'],
}

/** Words that make an allergen "may contain" rather than "contains". */
const MAY_CONTAIN = [' may contain ', ' traces ', ' trazas ', ' puede contener ']

function wordPattern(word: string): RegExp {
  const stem = word.endsWith('*')
  const base = normalise(stem ? word.slice(0, -1) : word).trim().replace(/ /g, ' ')
  return new RegExp(` ${base}${stem ? '[a-zñ]*' : ''} `)
}

const PATTERNS = Object.fromEntries(
  Object.entries(CONTAINS).map(([allergen, words]) => [allergen, words.map(wordPattern)]),
) as Record<Allergen, RegExp[]>
const EXCEPTION_PATTERNS = Object.fromEntries(
  Object.entries(EXCEPTIONS).map(([allergen, words]) => [allergen, words.map(wordPattern)]),
) as Partial<Record<Allergen, RegExp[]>>

/** The allergens one ingredient name (with its note) suggests. */
export function detectInName(name: string): AllergenMap {
  const text = normalise(name)
  const may = MAY_CONTAIN.some((w) => text.includes(w))
  const found: AllergenMap = {}
  for (const allergen of Object.keys(PATTERNS) as Allergen[]) {
    let remaining = text
    for (const exception of EXCEPTION_PATTERNS[allergen] ?? []) remaining = remaining.replace(new RegExp(exception.source, 'g'), '  ')
    if (PATTERNS[allergen].some((pattern) => pattern.test(remaining))) found[allergen] = may ? 'mayContain' : 'contains'
  }
  return found
}

/** The allergens suggested by every ingredient name: "contains" wins over "may contain". */
export function detectAllergens(names: readonly string[]): AllergenMap {
  const out: AllergenMap = {}
  for (const name of names) {
    for (const [allergen, level] of Object.entries(detectInName(name)) as [Allergen, 'contains' | 'mayContain'][]) {
      if (out[allergen] !== 'contains') out[allergen] = level
    }
  }
  return out
}

/**
 * How a recipe shows an allergen wherever it appears (recipe page, allergen sheet, its PDF, labels):
 * what a person listed ("contains", "may contain"), or "check" for an allergen the ingredient names
 * suggest that nobody has confirmed (docs/decisions/084-allergens-detected-on-every-save.md).
 */
export const ALLERGEN_MARKS = ['contains', 'mayContain', 'check'] as const
export type AllergenMark = (typeof ALLERGEN_MARKS)[number]
export type AllergenMarks = Partial<Record<Allergen, AllergenMark>>
/** The printed mark of each: the same on the page, the sheet, its PDF and the print card. */
export const MARK_TEXT: Record<AllergenMark, string> = { contains: 'X', mayContain: '?', check: '!' }

/**
 * The marks of a recipe: its listed allergens, and — while its list is not confirmed — every
 * detected allergen it does not list as "check". A confirmed list is a person's word on these very
 * ingredients (editing them un-confirms it), so a suggestion they left out stays out.
 */
export function allergenMarks(listed: AllergenMap, detected: AllergenMap, confirmed: boolean): AllergenMarks {
  const marks: AllergenMarks = {}
  for (const allergen of ALLERGENS) {
    const level = listed[allergen]
    if (level) marks[allergen] = level
    else if (!confirmed && detected[allergen]) marks[allergen] = 'check'
  }
  return marks
}

/**
 * The starter library (docs/decisions/049-checklist-starter-library.md): six ready-made checklists —
 * opening, closing, cleaning schedule, delivery checks, allergen checks, weekly pest check — written
 * in English and Spanish. Listing them reads this module only; choosing one copies it into the
 * organisation, in the reader's language, through the ordinary checklist service (create, then each
 * item in order), so the copy is an ordinary checklist that can be changed like any other.
 */
import type { Db } from '../db/client.ts'
import type { Locale } from '../i18n.ts'
import type { ServiceContext } from '../scope.ts'
import type { ChecklistInput, ItemInput, PublicChecklist } from './templates.ts'
import { checklistService } from './templates.ts'

/** A text in every language. */
type Text = Record<Locale, string>

interface StarterItem extends Omit<ItemInput, 'label' | 'instructions' | 'options'> {
  label: Text
  instructions?: Text
  options?: { label: Text; fails?: boolean }[]
}

interface Starter {
  key: string
  name: Text
  description: Text
  schedule: Omit<ChecklistInput, 'name' | 'description'>
  items: StarterItem[]
}

const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6]
const yes = (label: Text, instructions?: Text): StarterItem => ({ label, type: 'yes_no', failsOn: 'no', ...(instructions ? { instructions } : {}) })
const check = (label: Text): StarterItem => ({ label, type: 'check' })

export const STARTERS: readonly Starter[] = [
  {
    key: 'opening',
    name: { en: 'Opening checks', es: 'Apertura' },
    description: { en: 'Before the first service: equipment on, fridges cold, kitchen ready.', es: 'Antes del primer servicio: equipos encendidos, cámaras frías, cocina lista.' },
    schedule: { days: EVERY_DAY, dueTime: '11:00' },
    items: [
      check({ en: 'Lights, extraction and dishwasher on', es: 'Luces, extracción y lavavajillas encendidos' }),
      { label: { en: 'Walk-in fridge temperature', es: 'Temperatura de la cámara frigorífica' }, type: 'measure', unit: '°C', min: 0, max: 5, noteWhenFailing: true },
      yes({ en: 'Hand-wash basins stocked with soap and paper towels?', es: '¿Lavamanos con jabón y papel?' }),
      yes({ en: 'Work surfaces clean and sanitised?', es: '¿Superficies de trabajo limpias y desinfectadas?' }),
      { label: { en: 'Staff fit for work (no illness reported)?', es: '¿Personal apto para trabajar (sin enfermedad comunicada)?' }, type: 'yes_no', failsOn: 'no', noteWhenFailing: true },
      { label: { en: 'Notes for the shift', es: 'Notas para el turno' }, type: 'text', required: false },
    ],
  },
  {
    key: 'closing',
    name: { en: 'Closing checks', es: 'Cierre' },
    description: { en: 'After the last service: food stored, equipment off, kitchen clean.', es: 'Después del último servicio: comida guardada, equipos apagados, cocina limpia.' },
    schedule: { days: EVERY_DAY, dueTime: '23:30' },
    items: [
      yes({ en: 'Food covered, labelled and dated?', es: '¿Alimentos tapados, etiquetados y fechados?' }),
      check({ en: 'Fridge and freezer doors closed', es: 'Puertas de cámaras y congeladores cerradas' }),
      check({ en: 'Cookers, fryers and grills off', es: 'Cocinas, freidoras y planchas apagadas' }),
      check({ en: 'Floors swept and mopped', es: 'Suelos barridos y fregados' }),
      check({ en: 'Bins emptied and taken out', es: 'Cubos vaciados y sacados' }),
      { label: { en: 'Anything to report for tomorrow', es: 'Algo que comunicar para mañana' }, type: 'text', required: false },
    ],
  },
  {
    key: 'cleaning',
    name: { en: 'Cleaning schedule', es: 'Plan de limpieza' },
    description: { en: 'Twice a day: the surfaces and areas that need cleaning during service.', es: 'Dos veces al día: las superficies y zonas que hay que limpiar durante el servicio.' },
    schedule: { days: EVERY_DAY, checksPerDay: 2, checkTimes: ['12:00', '18:00'] },
    items: [
      check({ en: 'Work surfaces and chopping boards cleaned and sanitised', es: 'Superficies y tablas de corte limpias y desinfectadas' }),
      check({ en: 'Door handles, switches and taps sanitised', es: 'Pomos, interruptores y grifos desinfectados' }),
      check({ en: 'Hand-wash basins cleaned and restocked', es: 'Lavamanos limpios y repuestos' }),
      { label: { en: 'Sanitiser concentration', es: 'Concentración del desinfectante' }, type: 'measure', unit: 'ppm', min: 100, max: 400, noteWhenFailing: true },
      check({ en: 'Floor spills cleaned up', es: 'Derrames del suelo limpiados' }),
    ],
  },
  {
    key: 'delivery',
    name: { en: 'Delivery checks', es: 'Control de recepción' },
    description: { en: 'For each delivery: temperature, packaging and dates before it is put away.', es: 'En cada entrega: temperatura, envases y fechas antes de guardarla.' },
    schedule: { days: EVERY_DAY },
    items: [
      { label: { en: 'Supplier', es: 'Proveedor' }, type: 'text' },
      { label: { en: 'Chilled goods temperature', es: 'Temperatura de los productos refrigerados' }, type: 'measure', unit: '°C', min: 0, max: 5, noteWhenFailing: true },
      { label: { en: 'Frozen goods temperature', es: 'Temperatura de los productos congelados' }, type: 'measure', unit: '°C', min: -25, max: -18, required: false, noteWhenFailing: true },
      {
        label: { en: 'Packaging condition', es: 'Estado de los envases' },
        type: 'choice',
        options: [
          { label: { en: 'Good', es: 'Bueno' } },
          { label: { en: 'Damaged, accepted', es: 'Dañado, aceptado' } },
          { label: { en: 'Damaged, rejected', es: 'Dañado, rechazado' }, fails: true },
        ],
        photoWhenFailing: true,
      },
      yes({ en: 'Use-by dates acceptable?', es: '¿Fechas de caducidad correctas?' }),
      { label: { en: 'Delivery note', es: 'Albarán' }, type: 'photo', required: false },
    ],
  },
  {
    key: 'allergens',
    name: { en: 'Allergen checks', es: 'Control de alérgenos' },
    description: { en: 'Before service: allergen information up to date and food kept apart.', es: 'Antes del servicio: información de alérgenos al día y alimentos separados.' },
    schedule: { days: EVERY_DAY, dueTime: '12:00' },
    items: [
      yes({ en: 'Allergen matrix matches today’s menu?', es: '¿La tabla de alérgenos coincide con el menú de hoy?' }),
      yes({ en: 'Staff briefed on today’s specials and their allergens?', es: '¿Personal informado de los platos del día y sus alérgenos?' }),
      yes({ en: 'Allergen-free ingredients stored apart and labelled?', es: '¿Ingredientes sin alérgenos guardados aparte y etiquetados?' }),
      check({ en: 'Separate utensils and boards available for allergen orders', es: 'Utensilios y tablas separados disponibles para pedidos con alérgenos' }),
      { label: { en: 'Any new product or recipe change?', es: '¿Algún producto nuevo o cambio de receta?' }, type: 'yes_no', failsOn: 'none', required: false },
    ],
  },
  {
    key: 'pest',
    name: { en: 'Weekly pest check', es: 'Control semanal de plagas' },
    description: { en: 'Once a week, on Monday: signs of pests, traps and entry points.', es: 'Una vez a la semana, el lunes: señales de plagas, trampas y accesos.' },
    schedule: { days: [1], dueTime: '10:00' },
    items: [
      { label: { en: 'Any signs of pests?', es: '¿Hay señales de plagas?' }, type: 'yes_no', failsOn: 'yes', photoWhenFailing: true, noteWhenFailing: true },
      check({ en: 'Traps and bait stations checked', es: 'Trampas y cebos revisados' }),
      yes({ en: 'Doors, windows and fly screens intact?', es: '¿Puertas, ventanas y mosquiteras en buen estado?' }),
      yes({ en: 'Dry stores off the floor and sealed?', es: '¿Almacén seco sin nada en el suelo y cerrado?' }),
      { label: { en: 'Notes for the pest contractor', es: 'Notas para la empresa de control de plagas' }, type: 'text', required: false },
    ],
  },
]

/** One starter as the list shows it, in one language. */
export interface StarterSummary {
  key: string
  name: string
  description: string
  itemCount: number
}

export function listStarters(locale: Locale): StarterSummary[] {
  return STARTERS.map((s) => ({ key: s.key, name: s.name[locale], description: s.description[locale], itemCount: s.items.length }))
}

export function findStarter(key: string): Starter | undefined {
  return STARTERS.find((s) => s.key === key)
}

function itemInput(item: StarterItem, locale: Locale): ItemInput {
  const { label, instructions, options, ...rest } = item
  return {
    ...rest,
    label: label[locale],
    ...(instructions ? { instructions: instructions[locale] } : {}),
    ...(options ? { options: options.map((o) => ({ label: o.label[locale], fails: o.fails ?? false })) } : {}),
  }
}

/**
 * Copy a starter into the organisation in the caller's language: one transaction, through the
 * checklist service's own create and createItem (so every rule of an ordinary checklist applies).
 */
export async function copyStarter(ctx: ServiceContext, starter: Starter): Promise<PublicChecklist> {
  return ctx.db.transaction(async (tx) => {
    const inTx: ServiceContext = { ...ctx, db: tx as unknown as Db }
    const created = await checklistService.create(inTx, { name: starter.name[ctx.locale], description: starter.description[ctx.locale], ...starter.schedule })
    for (const item of starter.items) await checklistService.createItem(inTx, created.id, itemInput(item, ctx.locale))
    return (await checklistService.findTemplate(inTx.db, ctx.scope, created.id))!
  })
}

import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useHydrated } from 'remix-utils/use-hydrated'
import type { ServerForm } from '../../lib/forms'
import { Field, SelectField } from '../ui/field'
import { ITEM_TYPES, isItemType, type Checklist, type ChecklistItem, type ItemType } from './types'
import { DaysCheckboxes, hintClasses, TextAreaField, VenueCheckboxes } from '../templates/template-fields'

export { ArchivedBadge, daysSummary, DaysCheckboxes, TextAreaField, venueNames as checklistVenueNames, VenueCheckboxes as ChecklistVenueCheckboxes } from '../templates/template-fields'

type Venue = { id: string; name: string }


export function checklistDefaults(checklist?: Checklist) {
  return {
    name: checklist?.name,
    description: checklist?.description ?? '',
    venueIds: checklist?.venueIds ?? [],
    days: checklist?.days ?? [0, 1, 2, 3, 4, 5, 6],
    dueTime: checklist?.dueTime ?? '',
  }
}

/** Name, description, venues, days and due time: the fields of a new or edited checklist. */
export function ChecklistFields({ venues, form }: { venues: Venue[]; form: ServerForm }) {
  const { t } = useTranslation('org-settings')
  return (
    <>
      <Field label={t('checklists.fields.name')} {...form.field('name')} required maxLength={100} autoComplete="off" hint={t('checklists.fields.nameHint')} />
      <TextAreaField label={t('checklists.fields.description')} {...form.field('description')} maxLength={1000} rows={3} hint={t('checklists.fields.descriptionHint')} />
      <VenueCheckboxes venues={venues} selected={form.values('venueIds')} error={form.group('venueIds').errors} />
      <DaysCheckboxes selected={form.values('days').map(Number)} error={form.group('days').errors} />
      <Field label={t('checklists.fields.dueTime')} {...form.field('dueTime')} type="time" className="max-w-48" hint={t('checklists.fields.dueTimeHint')} />
    </>
  )
}

/** What an item form starts with: the item's values, or a required tick for a new one. */
export function itemDefaults(item?: ChecklistItem) {
  const number = (v: number | null | undefined) => (v == null ? '' : String(v))
  return {
    label: item?.label,
    type: item?.type ?? 'check',
    instructions: item?.instructions ?? '',
    required: item?.required ?? true,
    min: number(item?.min),
    max: number(item?.max),
  }
}

/**
 * Label, type, instructions, required, and min/max for number items. Without JavaScript min and
 * max are always shown (with a hint that they only apply to numbers); with it, only for numbers.
 */
export function ItemFields({ form }: { form: ServerForm }) {
  const { t } = useTranslation('org-settings')
  const hydrated = useHydrated()
  const { defaultValue: initial, ...typeField } = form.field('type')
  const [type, setType] = useState<ItemType>(isItemType(initial) ? initial : 'check')
  const showRange = !hydrated || type === 'number'
  return (
    <>
      <Field label={t('checklists.items.label')} {...form.field('label')} required maxLength={200} autoComplete="off" />
      <SelectField
        label={t('checklists.items.type')}
        {...typeField}
        required
        value={type}
        onChange={(e) => setType(isItemType(e.target.value) ? e.target.value : 'check')}
        hint={t('checklists.items.typeHint')}
      >
        {ITEM_TYPES.map((ty) => (
          <option key={ty} value={ty}>
            {t(`checklists.types.${ty}`)}
          </option>
        ))}
      </SelectField>
      <TextAreaField label={t('checklists.items.instructions')} {...form.field('instructions')} maxLength={1000} rows={2} hint={t('checklists.items.instructionsHint')} />
      <Field type="checkbox" {...form.checkbox('required')} label={t('checklists.items.required')} hint={t('checklists.items.requiredHint')} />
      {showRange ? (
        <fieldset className="space-y-1">
          <legend className="text-sm font-medium">{t('checklists.items.range')}</legend>
          <p className={hintClasses}>{hydrated ? t('checklists.items.rangeHint') : t('checklists.items.rangeHintNoJs')}</p>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <Field label={t('checklists.items.min')} {...form.field('min')} type="number" step="any" inputMode="decimal" />
            <Field label={t('checklists.items.max')} {...form.field('max')} type="number" step="any" inputMode="decimal" />
          </div>
        </fieldset>
      ) : null}
    </>
  )
}


import { useState } from 'react'
import { useTranslation } from '../../lib/use-translation'
import { useHydrated } from 'remix-utils/use-hydrated'
import type { ServerForm } from '../../lib/forms'
import { Field, inputClasses, SelectField } from '../ui/field'
import { ITEM_TYPES, isItemType, MAX_CHOICE_OPTIONS, MEASURE_UNITS, type Checklist, type ChecklistItem, type ItemType } from './types'
import { DaysCheckboxes, hintClasses, TextAreaField, VenueCheckboxes } from '../templates/template-fields'
import type { DetailForms } from '../templates/template-detail'
import { ChecksFields, checksDefaults, MonthDaysField } from '../templates/schedule-fields'

type Venue = { id: string; name: string }


export function checklistDefaults(checklist?: Checklist) {
  return {
    name: checklist?.name,
    description: checklist?.description ?? '',
    venueIds: checklist?.venueIds ?? [],
    days: checklist?.days ?? [0, 1, 2, 3, 4, 5, 6],
    monthDays: (checklist?.monthDays ?? []).join(', '),
    dueTime: checklist?.dueTime ?? '',
    ...checksDefaults(checklist, 1),
    requiresSignOff: checklist?.requiresSignOff ?? false,
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
      <MonthDaysField form={form} />
      <Field label={t('checklists.fields.dueTime')} {...form.field('dueTime')} type="time" className="max-w-48" hint={t('checklists.fields.dueTimeHint')} />
      <ChecksFields form={form} keys="checklists.fields" />
      <Field type="checkbox" {...form.checkbox('requiresSignOff')} label={t('checklists.fields.requiresSignOff')} hint={t('checklists.fields.requiresSignOffHint')} />
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
    failsOn: item?.failsOn ?? 'no',
    unit: item?.unit ?? '',
    optionLabel: (item?.options ?? []).map((o) => o.label),
    optionFails: (item?.options ?? []).flatMap((o, i) => (o.fails ? [String(i)] : [])),
    photoWhenFailing: item?.photoWhenFailing ?? false,
    noteWhenFailing: item?.noteWhenFailing ?? false,
  }
}

/**
 * Label, type, instructions, required, min/max for number items and the failing answer for yes/no
 * items. Without JavaScript these are always shown (with a hint saying which type they apply to);
 * with it, only for their type.
 */
export function ItemFields({ form }: { form: ServerForm }) {
  const { t } = useTranslation('org-settings')
  const hydrated = useHydrated()
  const { defaultValue: initial, ...typeField } = form.field('type')
  const [type, setType] = useState<ItemType>(isItemType(initial) ? initial : 'check')
  const showRange = !hydrated || type === 'number' || type === 'measure'
  const showUnit = !hydrated || type === 'measure'
  const showOptions = !hydrated || type === 'choice'
  const showFailsOn = !hydrated || type === 'yes_no'
  const showPhotoWhenFailing = !hydrated || type !== 'photo'
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
      {showFailsOn ? (
        <SelectField
          label={t('checklists.items.failsOn')}
          {...form.field('failsOn')}
          hint={hydrated ? t('checklists.items.failsOnHint') : t('checklists.items.failsOnHintNoJs')}
        >
          {(['no', 'yes', 'none'] as const).map((answer) => (
            <option key={answer} value={answer}>
              {t(`checklists.items.failsOnChoice.${answer}`)}
            </option>
          ))}
        </SelectField>
      ) : null}
      {showUnit ? (
        <SelectField label={t('checklists.items.unit')} {...form.field('unit')} hint={hydrated ? t('checklists.items.unitHint') : t('checklists.items.unitHintNoJs')} className="max-w-48">
          <option value="">{t('checklists.items.unitNone')}</option>
          {MEASURE_UNITS.map((unit) => (
            <option key={unit} value={unit}>
              {unit}
            </option>
          ))}
        </SelectField>
      ) : null}
      {showOptions ? <ChoiceOptionsFields form={form} hint={hydrated ? t('checklists.items.optionsHint') : t('checklists.items.optionsHintNoJs')} /> : null}
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
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">{t('checklists.items.whenFailing')}</legend>
        {showPhotoWhenFailing ? (
          <Field type="checkbox" {...form.checkbox('photoWhenFailing')} label={t('checklists.items.photoWhenFailing')} hint={hydrated ? undefined : t('checklists.items.photoWhenFailingNoJs')} />
        ) : null}
        <Field type="checkbox" {...form.checkbox('noteWhenFailing')} label={t('checklists.items.noteWhenFailing')} />
      </fieldset>
    </>
  )
}

/**
 * A choice item's answers: a row per answer (its text and "fails"), two empty rows more than it has
 * (at least four), plain inputs of one name so the form works without JavaScript; empty rows are left out.
 */
function ChoiceOptionsFields({ form, hint }: { form: ServerForm; hint: string }) {
  const { t } = useTranslation('org-settings')
  const labels = form.values('optionLabel')
  const rows = Math.min(MAX_CHOICE_OPTIONS, Math.max(4, labels.filter(Boolean).length + 2))
  const group = form.group('options')
  const hintId = `${group.id}-hint`
  return (
    <fieldset className="space-y-2" aria-describedby={[group.errors ? group.errorId : null, hintId].filter(Boolean).join(' ')}>
      <legend className="text-sm font-medium">{t('checklists.items.options')}</legend>
      <p id={hintId} className={hintClasses}>
        {hint}
      </p>
      <ol className="space-y-2">
        {Array.from({ length: rows }, (_, i) => (
          <li key={i} className="flex flex-wrap items-end gap-x-4 gap-y-1">
            <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm">
              <span>{t('checklists.items.optionLabel', { number: i + 1 })}</span>
              <input name="optionLabel" defaultValue={labels[i] ?? ''} maxLength={100} autoComplete="off" className={inputClasses} />
            </label>
            <label className="flex min-h-11 items-center gap-2 text-sm">
              <input type="checkbox" name="optionFails" value={String(i)} defaultChecked={form.checked('optionFails', String(i))} className="size-5" />
              {t('checklists.items.optionFails', { number: i + 1 })}
            </label>
          </li>
        ))}
      </ol>
      {group.errors ? (
        <p id={group.errorId} role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
          {group.errors[0]}
        </p>
      ) : null}
    </fieldset>
  )
}


/** The checklist page's two forms (details, new item) for TemplateDetailSections. */
export function checklistForms(checklist: Checklist | undefined, venues: Venue[]): DetailForms {
  return {
    details: { defaultValue: checklistDefaults(checklist), fields: (form) => <ChecklistFields venues={venues} form={form} /> },
    add: { defaultValue: itemDefaults(), fields: (form) => <ItemFields form={form} /> },
  }
}

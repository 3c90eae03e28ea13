import { useId, type TextareaHTMLAttributes } from 'react'
import { useTranslation } from '../../lib/use-translation'
import type { ServerForm } from '../../lib/forms'
import { Field, FieldMessage, inputClasses, SelectField, type FieldErrors } from '../ui/field'
import type { Contact, ContactCategory } from './types'

/** A labelled multi-line text box with an optional error. */
export function TextArea({ label, errors, id: givenId, ...props }: { label: string; errors?: FieldErrors } & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'>) {
  const autoId = useId()
  const id = givenId ?? autoId
  const error = errors?.length ? errors : undefined
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <textarea {...props} id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} className={`${inputClasses} min-h-20`} />
      <FieldMessage id={`${id}-error`} errors={error} />
    </div>
  )
}

export function contactDefaults(contact?: Contact) {
  return {
    name: contact?.name ?? '',
    company: contact?.company ?? '',
    role: contact?.role ?? '',
    email: contact?.email ?? '',
    phone: contact?.phone ?? '',
    address: contact?.address ?? '',
    website: contact?.website ?? '',
    notes: contact?.notes ?? '',
    categoryId: contact?.category?.id ?? '',
    venueIds: contact?.venueIds ?? [],
  }
}

/** Every field of a contact, for the new and edit pages. */
export function ContactFields({ form, categories, venues }: { form: ServerForm; categories: ContactCategory[]; venues: Array<{ id: string; name: string }> }) {
  const { t } = useTranslation('org-settings')
  const group = form.group('venueIds')
  const selected = form.values('venueIds')
  return (
    <>
      <Field label={t('contacts.fields.name')} {...form.field('name')} required maxLength={100} autoComplete="off" />
      <SelectField label={t('contacts.fields.category')} {...form.field('categoryId')}>
        <option value="">{t('contacts.fields.noCategory')}</option>
        {categories.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </SelectField>
      <Field label={t('contacts.fields.company')} {...form.field('company')} maxLength={200} autoComplete="off" />
      <Field label={t('contacts.fields.role')} {...form.field('role')} maxLength={200} autoComplete="off" />
      <Field label={t('contacts.fields.phone')} {...form.field('phone')} type="tel" maxLength={40} autoComplete="off" hint={t('contacts.fields.phoneHint')} />
      <Field label={t('contacts.fields.email')} {...form.field('email')} type="email" maxLength={254} autoComplete="off" />
      <Field label={t('contacts.fields.website')} {...form.field('website')} maxLength={300} autoComplete="off" />
      <TextArea label={t('contacts.fields.address')} {...form.field('address')} maxLength={500} />
      <TextArea label={t('contacts.fields.notes')} {...form.field('notes')} maxLength={2000} />
      <fieldset className="space-y-1" aria-describedby={`${group.id}-hint${group.errors ? ` ${group.errorId}` : ''}`}>
        <legend className="text-sm font-medium">{t('contacts.fields.venues')}</legend>
        <p id={`${group.id}-hint`} className="text-sm text-stone-700 dark:text-stone-300">
          {t('contacts.fields.venuesHint')}
        </p>
        {venues.map((v) => (
          <Field key={v.id} type="checkbox" name="venueIds" value={v.id} label={v.name} defaultChecked={selected.includes(v.id)} />
        ))}
        <FieldMessage id={group.errorId} errors={group.errors} />
      </fieldset>
    </>
  )
}

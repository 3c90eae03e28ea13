import { Form } from 'react-router'
import { useTranslation } from '../../lib/use-translation'
import { ALLERGENS, type Allergen, type AllergenLevel } from '../../../server/recipes/constants'
import { SubmitButton } from '../submit-button'
import { Field, FieldMessage, FormError, inputClasses, SelectField } from '../ui/field'
import type { RecipeDraft } from './draft'
import { UploadImage } from '../upload-image'
import { formatInstant } from '../records/dates'

export interface EditorProps {
  draft: RecipeDraft
  /** Changes when the server sends a new draft, so the fields start from it. */
  revision: string
  errors: Record<string, string>
  formError?: string
  categories: Array<{ id: string; name: string }>
  venues: Array<{ id: string; name: string }>
  /** What the ingredient names suggest (marked next to each allergen). */
  detected: Partial<Record<Allergen, AllergenLevel>>
  confirmed: { at: string; by: string | null; timeZone: string } | null
  imageUrl: string | null
  submitLabel: string
}

const small = 'rounded border border-stone-400 px-2 py-1 text-sm hover:bg-stone-100 dark:border-stone-500 dark:hover:bg-stone-800'

/** A small submit button that edits the draft (works without JavaScript: the page comes back edited). */
function EditButton({ intent, label, children }: { intent: string; label: string; children: React.ReactNode }) {
  return (
    <button type="submit" name="intent" value={intent} formNoValidate aria-label={label} title={label} className={small}>
      {children}
    </button>
  )
}

/** The recipe form of /settings/recipes/new and /settings/recipes/{id}: one form, every part of the recipe. */
export function RecipeEditor({ draft, revision, errors, formError, categories, venues, detected, confirmed, imageUrl, submitLabel }: EditorProps) {
  const { t, i18n } = useTranslation('org-settings')
  const { t: tc } = useTranslation('common')
  const err = (name: string) => errors[name]
  const fid = (name: string) => `recipe-${name.replace(/[^\w-]/g, '_')}`
  const described = (name: string) => (err(name) ? { 'aria-invalid': true as const, 'aria-describedby': `${fid(name)}-error` } : {})
  return (
    <Form method="post" encType="multipart/form-data" className="space-y-6" key={revision} id="recipe-form" preventScrollReset>
      {/* Enter in a field saves (the first submit button of a form is the one Enter presses), never a move or remove. */}
      <button type="submit" name="intent" value="save" className="sr-only" tabIndex={-1} aria-hidden="true">
        {submitLabel}
      </button>
      <FormError errors={formError} />
      <section className="space-y-4" aria-labelledby="recipe-about">
        <h2 id="recipe-about" className="text-lg font-semibold">
          {t('recipes.about')}
        </h2>
        <Field label={t('recipes.name')} id={fid('name')} name="name" defaultValue={draft.name} errors={err('name')} required maxLength={120} autoComplete="off" />
        <SelectField label={t('recipes.category')} id={fid('categoryId')} name="categoryId" defaultValue={draft.categoryId} errors={err('categoryId')}>
          <option value="">{t('recipes.uncategorised')}</option>
          {categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </SelectField>
        <div className="space-y-1">
          <label htmlFor={fid('description')} className="block font-medium">
            {t('recipes.description')}
          </label>
          <textarea id={fid('description')} name="description" defaultValue={draft.description} rows={3} maxLength={4000} className={inputClasses} {...described('description')} />
          <FieldMessage id={`${fid('description')}-error`} errors={err('description')} />
        </div>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          <Field label={t('recipes.yieldQuantity')} id={fid('yieldQuantity')} name="yieldQuantity" defaultValue={draft.yieldQuantity} errors={err('yieldQuantity')} inputMode="decimal" />
          <Field label={t('recipes.yieldUnit')} id={fid('yieldUnit')} name="yieldUnit" defaultValue={draft.yieldUnit} errors={err('yieldUnit')} maxLength={30} hint={t('recipes.yieldUnitHint')} />
          <Field label={t('recipes.portions')} id={fid('portions')} name="portions" defaultValue={draft.portions} errors={err('portions')} inputMode="numeric" />
          <Field label={t('recipes.prepMinutes')} id={fid('prepMinutes')} name="prepMinutes" defaultValue={draft.prepMinutes} errors={err('prepMinutes')} inputMode="numeric" />
          <Field label={t('recipes.cookMinutes')} id={fid('cookMinutes')} name="cookMinutes" defaultValue={draft.cookMinutes} errors={err('cookMinutes')} inputMode="numeric" />
        </div>
      </section>

      <section className="space-y-3" aria-labelledby="recipe-ingredients">
        <h2 id="recipe-ingredients" className="text-lg font-semibold">
          {t('recipes.ingredients')}
        </h2>
        <p className="text-sm text-stone-700 dark:text-stone-300">{t('recipes.ingredientsHelp')}</p>
        <ol className="space-y-3">
          {draft.ingredients.map((line, i) => {
            const n = i + 1
            const p = `ingredients.${i}`
            return (
              <li key={i} className="rounded-md border border-stone-300 p-3 dark:border-stone-600">
                <input type="hidden" name={`${p}.type`} value={line.type} />
                {line.type === 'section' ? (
                  <Field label={t('recipes.sectionName', { n })} id={fid(`${p}.name`)} name={`${p}.name`} defaultValue={line.name} errors={err(`${p}.name`)} maxLength={120} placeholder={t('recipes.sectionPlaceholder')} />
                ) : (
                  <div className="grid grid-cols-2 gap-2 sm:grid-cols-[6rem_6rem_1fr_1fr]">
                    <Field label={t('recipes.quantity', { n })} id={fid(`${p}.quantity`)} name={`${p}.quantity`} defaultValue={line.quantity} errors={err(`${p}.quantity`)} inputMode="decimal" />
                    <Field label={t('recipes.unit', { n })} id={fid(`${p}.unit`)} name={`${p}.unit`} defaultValue={line.unit} errors={err(`${p}.unit`)} maxLength={30} />
                    <Field label={t('recipes.ingredient', { n })} id={fid(`${p}.name`)} name={`${p}.name`} defaultValue={line.name} errors={err(`${p}.name`)} maxLength={200} />
                    <Field label={t('recipes.note', { n })} id={fid(`${p}.note`)} name={`${p}.note`} defaultValue={line.note} errors={err(`${p}.note`)} maxLength={200} />
                    <input type="hidden" name={`${p}.quantityMax`} value={line.quantityMax} />
                  </div>
                )}
                <div className="mt-2 flex gap-2">
                  <EditButton intent={`ingredient-up-${i}`} label={t('recipes.moveUp', { n })}>
                    ↑
                  </EditButton>
                  <EditButton intent={`ingredient-down-${i}`} label={t('recipes.moveDown', { n })}>
                    ↓
                  </EditButton>
                  <EditButton intent={`ingredient-remove-${i}`} label={t('recipes.removeLine', { n })}>
                    {t('recipes.remove')}
                  </EditButton>
                </div>
              </li>
            )
          })}
        </ol>
        <div className="flex flex-wrap gap-2">
          <EditButton intent="ingredient-add" label={t('recipes.addIngredient')}>
            {t('recipes.addIngredient')}
          </EditButton>
          <EditButton intent="section-add" label={t('recipes.addSection')}>
            {t('recipes.addSection')}
          </EditButton>
        </div>
      </section>

      <section className="space-y-3" aria-labelledby="recipe-steps">
        <h2 id="recipe-steps" className="text-lg font-semibold">
          {t('recipes.steps')}
        </h2>
        <ol className="space-y-3">
          {draft.steps.map((step, i) => {
            const n = i + 1
            const name = `steps.${i}`
            return (
              <li key={i} className="space-y-1">
                <label htmlFor={fid(name)} className="block font-medium">
                  {t('recipes.step', { n })}
                </label>
                <textarea id={fid(name)} name={name} defaultValue={step} rows={2} maxLength={4000} className={inputClasses} {...described(name)} />
                <FieldMessage id={`${fid(name)}-error`} errors={err(name)} />
                <div className="flex gap-2">
                  <EditButton intent={`step-up-${i}`} label={t('recipes.stepUp', { n })}>
                    ↑
                  </EditButton>
                  <EditButton intent={`step-down-${i}`} label={t('recipes.stepDown', { n })}>
                    ↓
                  </EditButton>
                  <EditButton intent={`step-remove-${i}`} label={t('recipes.removeStep', { n })}>
                    {t('recipes.remove')}
                  </EditButton>
                </div>
              </li>
            )
          })}
        </ol>
        <EditButton intent="step-add" label={t('recipes.addStep')}>
          {t('recipes.addStep')}
        </EditButton>
      </section>

      <fieldset className="space-y-3" aria-describedby="recipe-allergens-help">
        <legend className="text-lg font-semibold">{t('recipes.allergens')}</legend>
        <p id="recipe-allergens-help" className="text-sm text-stone-700 dark:text-stone-300">
          {t('recipes.allergensHelp')}
        </p>
        <p className="text-sm" data-testid="allergens-confirmed">
          {confirmed
            ? t('recipes.confirmedBy', { date: formatInstant(confirmed.at, { language: i18n.language, timeZone: confirmed.timeZone }), name: confirmed.by ?? '—' })
            : t('recipes.notConfirmed')}
        </p>
        <div className="grid gap-2 sm:grid-cols-2">
          {ALLERGENS.map((allergen) => {
            const level = draft.allergens[allergen] ?? ''
            const suggested = detected[allergen]
            return (
              <fieldset key={allergen} className="rounded-md border border-stone-300 p-2 dark:border-stone-600">
                <legend className="px-1 font-medium">
                  {tc(`allergens.${allergen}`)}
                  {suggested ? <span className="ms-2 text-sm font-normal text-amber-800 dark:text-amber-300">({t('recipes.suggested')})</span> : null}
                </legend>
                <div className="flex flex-wrap gap-x-1 text-base">
                  {(['', 'contains', 'mayContain'] as const).map((value) => (
                    <label key={value} className="flex min-h-11 min-w-11 cursor-pointer items-center gap-2 rounded-md px-2 hover:bg-stone-100 dark:hover:bg-stone-800" data-testid="allergen-choice">
                      <input type="radio" name={`allergens.${allergen}`} value={value} defaultChecked={level === value} className="size-5 shrink-0 accent-blue-700 dark:accent-blue-400" />
                      {value === '' ? t('recipes.levelNone') : t(`recipes.level.${value}`)}
                    </label>
                  ))}
                </div>
              </fieldset>
            )
          })}
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <EditButton intent="detect" label={t('recipes.detect')}>
            {t('recipes.detect')}
          </EditButton>
        </div>
        <label className="flex items-center gap-2 font-medium">
          <input type="checkbox" name="confirmAllergens" defaultChecked={draft.confirmAllergens} />
          {t('recipes.confirmAllergens')}
        </label>
      </fieldset>

      {/* The heading's id is not the file field's (fid('image')): the label must find the field. */}
      <section className="space-y-3" aria-labelledby="recipe-image-heading">
        <h2 id="recipe-image-heading" className="text-lg font-semibold">
          {t('recipes.image')}
        </h2>
        {imageUrl ? (
          <div className="space-y-2">
            <UploadImage url={imageUrl} widths={[320, 640]} sizes="20rem" alt={t('recipes.imageAlt', { name: draft.name })} width={320} height={200} className="h-[200px] w-[320px] max-w-full rounded-md object-cover" />
            <label className="flex items-center gap-2">
              <input type="checkbox" name="removeImage" defaultChecked={draft.removeImage} />
              {t('recipes.removeImage')}
            </label>
          </div>
        ) : null}
        <input type="hidden" name="imageUploadId" value={draft.imageUploadId} />
        <Field label={t('recipes.chooseImage')} id={fid('image')} name="image" type="file" accept="image/jpeg,image/png,image/webp" errors={err('imageUploadId') ?? err('file')} hint={t('recipes.imageHint')} />
      </section>

      <fieldset className="space-y-2">
        <legend className="text-lg font-semibold">{t('recipes.venues')}</legend>
        <label className="flex items-center gap-2">
          <input type="radio" name="venues" value="all" defaultChecked={!draft.venueIds.length} />
          {t('recipes.allVenues')}
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name="venues" value="chosen" defaultChecked={draft.venueIds.length > 0} />
          {t('recipes.chosenVenues')}
        </label>
        <div className="ms-6 space-y-1">
          {venues.map((v) => (
            <label key={v.id} className="flex items-center gap-2">
              <input type="checkbox" name="venueIds" value={v.id} defaultChecked={draft.venueIds.includes(v.id)} />
              {v.name}
            </label>
          ))}
        </div>
        <FieldMessage id="recipe-venues-error" errors={err('venueIds')} />
      </fieldset>

      <SubmitButton width="fit" name="intent" value="save" pendingLabel={tc('actions.working')}>
        {submitLabel}
      </SubmitButton>
    </Form>
  )
}

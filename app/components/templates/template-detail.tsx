/**
 * The settings page of one template (a checklist, a temperature log): its details form, its items
 * (reorderable, each with its edit form, archive/restore and delete) and the add-item form. A kind
 * gives its fields and the facts an item row shows.
 */
import type { ReactNode } from 'react'
import { Form, Link } from 'react-router'
import { useTranslation } from '../../lib/use-translation'
import { resultErrors, useServerForm, type FormResult, type FormValue, type ServerForm } from '../../lib/forms'
import { Button, buttonClasses } from '../ui/button'
import { ConfirmForm } from '../ui/confirm-dialog'
import { FormError, type FieldErrors } from '../ui/field'
import { IntentButton } from './intent-button'
import { ReorderList } from './reorder-list'
import { ArchivedBadge } from './archived-badge'
import type { DetailIntent, DetailResult } from './template-detail.server'
import { DETAIL_LAYOUTS, type DetailKindName } from './detail-kinds'

interface TemplateItem {
  id: string
  label: string
  archivedAt: string | null
}

/** The page's top: back link, name with its archived badge, and what the kind adds (notices, errors). */
export function TemplateHeading({ name, archived, backTo, backLabel, children }: { name: string; archived: boolean; backTo: string; backLabel: string; children?: ReactNode }) {
  return (
    <div className="space-y-2">
      <p>
        <Link to={backTo} className="text-sm underline">
          {backLabel}
        </Link>
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="min-w-0 text-2xl font-bold break-words">{name}</h1>
        {archived ? <ArchivedBadge /> : null}
      </div>
      {children}
    </div>
  )
}

/**
 * A form of the page (the template's details, a new item, an item's edit) with its form error and
 * submit button; `key` it to empty it after a success.
 */
export function IntentForm({
  id,
  intent,
  itemId,
  lastResult,
  defaultValue,
  submit,
  size,
  children,
}: {
  id: string
  intent: string
  itemId?: string
  lastResult?: FormResult
  defaultValue: Record<string, FormValue>
  submit: ReactNode
  size?: 'md'
  children: (form: ServerForm) => ReactNode
}) {
  const { t: tc } = useTranslation('common')
  const form = useServerForm({ id, lastResult, defaultValue })
  return (
    <Form method="post" className="space-y-4" {...form.formProps}>
      {itemId ? <input type="hidden" name="itemId" value={itemId} /> : null}
      <FormError errors={form.formErrors} />
      {children(form)}
      <IntentButton intent={intent} itemId={itemId} size={size} pendingLabel={tc('actions.working')}>
        {submit}
      </IntentButton>
    </Form>
  )
}

/** A titled section of the page. */
export function DetailSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-4 rounded-lg border border-stone-200 p-4 dark:border-stone-800">
      <h2 id={`${id}-title`} className="mb-3 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  )
}

/** The items: the active ones reorderable (or an empty note), the archived ones below. */
export function ItemsSection<T extends TemplateItem>({
  id,
  items,
  idPrefix,
  text,
  errors,
  renderItem,
}: {
  id: string
  items: T[]
  idPrefix: string
  text: { title: string; intro?: string; listLabel: string; empty: string; archivedTitle: string; archivedHelp?: string }
  errors?: FieldErrors
  renderItem: (item: T) => ReactNode
}) {
  const active = items.filter((i) => !i.archivedAt)
  const archived = items.filter((i) => i.archivedAt)
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-4 space-y-3">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {text.title}
      </h2>
      {text.intro ? <p className="text-sm text-stone-700 dark:text-stone-300">{text.intro}</p> : null}
      <FormError errors={errors} />
      {active.length ? (
        <ReorderList items={active} nameOf={(i) => i.label} label={text.listLabel} idPrefix={idPrefix} renderItem={renderItem} />
      ) : (
        <p className="rounded-lg border border-dashed border-stone-400 p-4">{text.empty}</p>
      )}
      {archived.length ? (
        <div className="space-y-2">
          <h3 className="font-semibold">{text.archivedTitle}</h3>
          {text.archivedHelp ? <p className="text-sm text-stone-700 dark:text-stone-300">{text.archivedHelp}</p> : null}
          <ul className="space-y-2">
            {archived.map((item) => (
              <li key={item.id} id={`${idPrefix}${item.id}`} className="scroll-mt-4 rounded-lg border border-stone-200 p-3 dark:border-stone-800">
                {renderItem(item)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  )
}

/**
 * One item: its label, the kind's facts, and (behind "Edit") its save form — the kind's fields with
 * `defaults` —, archive/restore and delete; an archived item shows archive/restore and delete only.
 * A saved change (a new `version`) closes the disclosure.
 */
export function ItemRow({
  item,
  version,
  facts,
  result,
  formId,
  defaults,
  fields,
  deleteText,
}: {
  item: TemplateItem
  version: string
  facts: ReactNode
  result?: DetailResult
  formId: string
  defaults: Record<string, FormValue>
  fields: (form: ServerForm) => ReactNode
  deleteText: { title: string; help: string }
}) {
  const { t } = useTranslation('org-settings')
  const saveResult = result?.intent === 'saveItem' ? result.result : undefined
  const otherError = result && result.intent !== 'saveItem' ? resultErrors(result.result) : undefined
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <span className="mr-auto min-w-0 font-semibold break-words">{item.label}</span>
        {item.archivedAt ? <ArchivedBadge /> : null}
      </div>
      {facts}
      <FormError errors={otherError} />
      {item.archivedAt ? (
        <ItemRemoval item={item} deleteText={deleteText} />
      ) : (
        <details key={version} open={saveResult ? true : undefined}>
          <summary className={`list-none [&::-webkit-details-marker]:hidden ${buttonClasses({ variant: 'basic_border', size: 'md' })}`}>
            {t('checklists.items.edit')}
            <span className="sr-only">: {item.label}</span>
          </summary>
          <div className="mt-3 space-y-4 border-s-2 border-stone-300 ps-3 dark:border-stone-700">
            <IntentForm
              id={formId}
              intent="saveItem"
              itemId={item.id}
              size="md"
              lastResult={saveResult}
              defaultValue={defaults}
              submit={
                <>
                  {t('checklists.items.save')}
                  <span className="sr-only">: {item.label}</span>
                </>
              }
            >
              {fields}
            </IntentForm>
            <ItemRemoval item={item} deleteText={deleteText} />
          </div>
        </details>
      )}
    </div>
  )
}

/** Archive (or restore) an item, and delete it after confirmation. */
function ItemRemoval({ item, deleteText }: { item: TemplateItem; deleteText: { title: string; help: string } }) {
  const { t } = useTranslation('org-settings')
  const { t: tc } = useTranslation('common')
  return (
    <div className="flex flex-wrap items-start gap-2">
      <Form method="post">
        <input type="hidden" name="itemId" value={item.id} />
        <Button type="submit" name="intent" value={item.archivedAt ? 'restoreItem' : 'archiveItem'} size="md" variant="basic_border">
          {item.archivedAt ? t('checklists.items.restore') : t('checklists.items.archive')}
          <span className="sr-only">: {item.label}</span>
        </Button>
      </Form>
      <ConfirmForm
        dangerous
        intent="deleteItem"
        hiddenFields={{ itemId: item.id }}
        trigger={
          <>
            {t('checklists.items.delete')}
            <span className="sr-only">: {item.label}</span>
          </>
        }
        triggerStyle={{ size: 'md' }}
        title={deleteText.title}
        description={deleteText.help}
        confirmLabel={t('checklists.items.delete')}
        cancelLabel={tc('actions.cancel')}
        defaultTitle={tc('confirm.defaultTitle')}
      />
    </div>
  )
}

/** A kind's two forms: the template's details and a new item, each its starting values and fields. */
export interface DetailForms {
  details: { defaultValue: Record<string, FormValue>; fields: (form: ServerForm) => ReactNode }
  add: { defaultValue: Record<string, FormValue>; fields: (form: ServerForm) => ReactNode }
}

/**
 * The middle of a template's page: its details form, its items and the add-item form, named after the
 * kind (DETAIL_LAYOUTS) with the strings of its items' key group (intro and archivedHelp optional).
 */
export function TemplateDetailSections<T extends TemplateItem>({
  kind,
  items,
  result,
  forms,
  renderItem,
}: {
  kind: DetailKindName
  items: T[]
  result?: DetailResult
  forms: DetailForms
  renderItem: (item: T) => ReactNode
}) {
  const { t } = useTranslation('org-settings')
  const { t: tc } = useTranslation('common')
  const layout = DETAIL_LAYOUTS[kind]
  const text = (key: string) => t(`${layout.itemKeys}.${key}`)
  const optional = (key: string) => t(`${layout.itemKeys}.${key}`, { defaultValue: '' }) || undefined
  const only = (...intents: DetailIntent[]) => (result && intents.includes(result.intent) ? result.result : undefined)
  return (
    <>
      <DetailSection id={`${layout.one}-details`} title={t('checklists.details')}>
        <IntentForm id={`${layout.one}-form`} intent="save" lastResult={only('save')} defaultValue={forms.details.defaultValue} submit={tc('actions.save')}>
          {forms.details.fields}
        </IntentForm>
      </DetailSection>

      <ItemsSection
        id={layout.itemsAnchor}
        items={items}
        idPrefix={layout.itemPrefix}
        errors={resultErrors(only('move', 'reorder'))}
        text={{ title: text('title'), intro: optional('intro'), listLabel: text('listLabel'), empty: text('empty'), archivedTitle: text('archivedTitle'), archivedHelp: optional('archivedHelp') }}
        renderItem={renderItem}
      />

      <DetailSection id={layout.addAnchor} title={text('add')}>
        {/* A new key after each added item empties the form. */}
        <IntentForm key={items.length} id={`${layout.addAnchor}-form`} intent="addItem" lastResult={only('addItem')} defaultValue={forms.add.defaultValue} submit={text('addSubmit')}>
          {forms.add.fields}
        </IntentForm>
      </DetailSection>
    </>
  )
}

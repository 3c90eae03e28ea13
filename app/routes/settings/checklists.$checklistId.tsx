import { data, Form, Link, redirect } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { Route } from './+types/checklists.$checklistId'
import { can } from '../../../server/auth/permissions'
import { ArchivedBadge, checklistDefaults, ChecklistFields, itemDefaults, ItemFields } from '../../components/checklists/checklist-fields'
import { CHECKLIST_FIELDS, checklistBody, checklistSchema, ITEM_FIELDS, itemBody, itemSchema } from '../../components/checklists/form-bodies.server'
import { IntentButton } from '../../components/templates/intent-button'
import { formIds, mergeOrder, moveId, sameOrder } from '../../components/templates/reorder'
import { ReorderList } from '../../components/templates/reorder-list'
import type { Checklist, ChecklistItem } from '../../components/checklists/types'
import { Button, buttonClasses } from '../../components/ui/button'
import { ConfirmForm } from '../../components/ui/confirm-dialog'
import { DangerZone } from '../../components/ui/danger-zone'
import { FormError } from '../../components/ui/field'
import { api, must, unauthorizedRedirect, type ApiErrorInfo } from '../../lib/api.server'
import type { Submission } from '@conform-to/react'
import { resultErrors, useServerForm, type FormResult } from '../../lib/forms'
import { invalidForm, noFields, parseForm, refusedForm, rejectedForm } from '../../lib/forms.server'
import { getLocale, translator } from '../../lib/i18n.server'
import { requireOrg } from '../../lib/selection.server'
import { redirectWithToast } from '../../lib/toast.server'

type Intent =
  | 'save'
  | 'duplicate'
  | 'archive'
  | 'restore'
  | 'delete'
  | 'move'
  | 'reorder'
  | 'addItem'
  | 'saveItem'
  | 'archiveItem'
  | 'restoreItem'
  | 'deleteItem'

interface ActionResult {
  intent: Intent
  itemId?: string
  ok?: boolean
  result?: FormResult
}

const INTENTS: readonly string[] = ['save', 'duplicate', 'archive', 'restore', 'delete', 'move', 'reorder', 'addItem', 'saveItem', 'archiveItem', 'restoreItem', 'deleteItem']

export async function loader(args: Route.LoaderArgs) {
  const { org } = await requireOrg(args)
  if (!can(org.role, 'checklists.manage')) throw new Response('Forbidden', { status: 403 })
  const client = api(args)
  const { checklist, items } = must(
    args.request,
    client,
    await client.get<{ checklist: Checklist; items: ChecklistItem[] }>(`/v1/orgs/${org.id}/checklists/${encodeURIComponent(args.params.checklistId)}`),
  )
  return { checklist, items, venues: org.venues }
}

export async function action(args: Route.ActionArgs) {
  const { org } = await requireOrg(args)
  if (!can(org.role, 'checklists.manage')) throw new Response('Forbidden', { status: 403 })
  const form = await args.request.formData()
  const rawIntent = String(form.get('intent') ?? 'save')
  if (!INTENTS.includes(rawIntent)) throw new Response('Bad Request', { status: 400 })
  const intent = rawIntent as Intent
  const client = api(args)
  const locale = getLocale(args.request)
  const t = translator(locale)
  const id = encodeURIComponent(args.params.checklistId)
  const path = `/v1/orgs/${org.id}/checklists/${id}`
  const here = `/settings/checklists/${id}`
  const itemId = String(form.get('itemId') ?? '')
  const itemPath = `/v1/orgs/${org.id}/checklist-items/${encodeURIComponent(itemId)}`
  const done = (to: string, title: string) => redirectWithToast(to, { type: 'success', title }, { headers: client.headers() })
  // The forms that only have a button: a submission with no fields, for their form-level message.
  const buttonOnly = parseForm(form, noFields, locale)
  const failed = (error: ApiErrorInfo, submission: Submission<unknown, string[], unknown> = buttonOnly, fields: readonly string[] = [], extra: Partial<ActionResult> = {}) => {
    if (error.name === 'UnauthorizedError') throw unauthorizedRedirect(args.request, client.headers())
    return rejectedForm(submission, error, locale, { fields, extra: { intent, ...extra }, headers: client.headers() })
  }
  const current = async () => must(args.request, client, await client.get<{ checklist: Checklist; items: ChecklistItem[] }>(path))

  switch (intent) {
    case 'save': {
      const submission = parseForm(form, checklistSchema, locale)
      if (submission.status !== 'success') return invalidForm(submission, { intent })
      const result = await client.put<{ checklist: Checklist }>(path, checklistBody(submission.value, 'update'))
      if (!result.ok) return failed(result.error, submission, CHECKLIST_FIELDS)
      return done(here, t('org-settings:checklists.saved', { name: result.data.checklist.name }))
    }
    case 'duplicate': {
      const result = await client.post<{ checklist: Checklist }>(`${path}/duplicate`)
      if (!result.ok) return failed(result.error)
      return done(`/settings/checklists/${result.data.checklist.id}`, t('org-settings:checklists.duplicated', { name: result.data.checklist.name }))
    }
    case 'archive':
    case 'restore': {
      const result = await client.post<{ checklist: Checklist }>(`${path}/${intent}`)
      if (!result.ok) return failed(result.error)
      const key = intent === 'archive' ? 'archivedToast' : 'restored'
      return done(here, t(`org-settings:checklists.${key}`, { name: result.data.checklist.name }))
    }
    case 'delete': {
      const { checklist } = await current()
      const result = await client.del<{ checklist?: Checklist; archived?: boolean }>(path)
      if (!result.ok) return failed(result.error)
      // With records it is archived instead of deleted (records are never destroyed).
      const key = result.data?.archived ? 'deletedArchived' : 'deleted'
      return done('/settings/checklists', t(`org-settings:checklists.${key}`, { name: checklist.name }))
    }
    case 'move':
    case 'reorder': {
      const { items } = await current()
      const full = items.filter((i) => !i.archivedAt).map((i) => i.id)
      const movedId = String(form.get('id') ?? '')
      const next = intent === 'move' ? moveId(full, movedId, form.get('direction') === 'down' ? 'down' : 'up') : mergeOrder(full, formIds(form))
      if (!sameOrder(next, full)) {
        const result = await client.post(`${path}/items/reorder`, { ids: next })
        if (!result.ok) {
          if (result.error.name !== 'ValidationError') return failed(result.error)
          return refusedForm(buttonOnly, { formError: t('org-settings:checklists.reorder.failed') }, { intent }, 400)
        }
      }
      if (intent === 'reorder') return data<ActionResult>({ intent, ok: true }, { headers: client.headers() })
      const back = `${here}#item-${encodeURIComponent(movedId)}`
      if (sameOrder(next, full)) return redirect(back, { headers: client.headers() })
      return done(back, t('org-settings:checklists.reorder.toast'))
    }
    case 'addItem':
    case 'saveItem': {
      const extra = { intent, itemId: intent === 'saveItem' ? itemId : undefined }
      const submission = parseForm(form, itemSchema, locale)
      if (submission.status !== 'success') return invalidForm(submission, extra)
      const { body, fieldErrors } = itemBody(submission.value, intent === 'addItem' ? 'create' : 'update', { number: t('org-settings:checklists.items.numberInvalid') })
      if (Object.keys(fieldErrors).length) return refusedForm(submission, { fieldErrors }, extra)
      const result = intent === 'addItem' ? await client.post<{ item: ChecklistItem }>(`${path}/items`, body) : await client.put<{ item: ChecklistItem }>(itemPath, body)
      if (!result.ok) return failed(result.error, submission, ITEM_FIELDS, extra)
      const { item } = result.data
      return intent === 'addItem'
        ? done(`${here}#add-item`, t('org-settings:checklists.items.added', { label: item.label }))
        : done(`${here}#item-${item.id}`, t('org-settings:checklists.items.saved', { label: item.label }))
    }
    case 'archiveItem':
    case 'restoreItem': {
      const action = intent === 'archiveItem' ? 'archive' : 'restore'
      const result = await client.post<{ item: ChecklistItem }>(`${itemPath}/${action}`)
      if (!result.ok) return failed(result.error, buttonOnly, [], { itemId })
      const key = intent === 'archiveItem' ? 'archivedToast' : 'restoredToast'
      return done(`${here}#item-${encodeURIComponent(itemId)}`, t(`org-settings:checklists.items.${key}`, { label: result.data.item.label }))
    }
    case 'deleteItem': {
      const { item } = must(args.request, client, await client.get<{ item: ChecklistItem }>(itemPath))
      const result = await client.del<{ item?: ChecklistItem; archived?: boolean }>(itemPath)
      if (!result.ok) return failed(result.error, buttonOnly, [], { itemId })
      const key = result.data?.archived ? 'deletedArchived' : 'deleted'
      return done(`${here}#items`, t(`org-settings:checklists.items.${key}`, { label: item.label }))
    }
  }
}

export default function EditChecklist({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('org-settings')
  const { t: tc } = useTranslation('common')
  const { checklist, items, venues } = loaderData
  const result = actionData as ActionResult | undefined
  const only = (...intents: Intent[]) => (result && intents.includes(result.intent) ? result.result : undefined)
  const itemResult = (itemId: string) => (result?.itemId === itemId ? result : undefined)
  const details = useServerForm({ id: 'checklist-form', lastResult: only('save'), defaultValue: checklistDefaults(checklist) })
  const moveErrors = resultErrors(only('move', 'reorder'))
  const checklistActionErrors = resultErrors(only('duplicate', 'archive', 'restore'))
  const deleteErrors = resultErrors(only('delete'))
  const active = items.filter((i) => !i.archivedAt)
  const archived = items.filter((i) => i.archivedAt)

  return (
    <div className="max-w-2xl space-y-8">
      <div className="space-y-2">
        <p>
          <Link to="/settings/checklists" className="text-sm underline">
            {t('checklists.backToList')}
          </Link>
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="min-w-0 text-2xl font-bold break-words">{checklist.name}</h1>
          {checklist.archivedAt ? <ArchivedBadge /> : null}
        </div>
        {checklist.archivedAt ? (
          <div className="space-y-2 rounded-lg border border-amber-700 bg-amber-50 p-3 dark:border-amber-400 dark:bg-amber-950">
            <p>{t('checklists.archivedNotice')}</p>
            <FormError errors={checklistActionErrors} />
            <Form method="post">
              <Button type="submit" name="intent" value="restore" size="md" variant="basic_border">
                {t('checklists.actions.restore')}
              </Button>
            </Form>
          </div>
        ) : null}
      </div>

      <section aria-labelledby="checklist-details" className="rounded-lg border border-stone-200 p-4 dark:border-stone-800">
        <h2 id="checklist-details" className="mb-3 text-lg font-semibold">
          {t('checklists.details')}
        </h2>
        <Form method="post" className="space-y-4" {...details.formProps}>
          <FormError errors={details.formErrors} />
          <ChecklistFields venues={venues} form={details} />
          <IntentButton intent="save" pendingLabel={tc('actions.working')}>
            {tc('actions.save')}
          </IntentButton>
        </Form>
      </section>

      <section id="items" aria-labelledby="checklist-items" className="scroll-mt-4 space-y-3">
        <h2 id="checklist-items" className="text-lg font-semibold">
          {t('checklists.items.title')}
        </h2>
        <p className="text-sm text-stone-700 dark:text-stone-300">{t('checklists.items.intro')}</p>
        <FormError errors={moveErrors} />
        {active.length ? (
          <ReorderList
            items={active}
            nameOf={(i) => i.label}
            label={t('checklists.items.listLabel')}
            idPrefix="item-"
            renderItem={(item) => <ItemRow item={item} result={itemResult(item.id)} />}
          />
        ) : (
          <p className="rounded-lg border border-dashed border-stone-400 p-4">{t('checklists.items.empty')}</p>
        )}
        {archived.length ? (
          <div className="space-y-2">
            <h3 className="font-semibold">{t('checklists.items.archivedTitle')}</h3>
            <p className="text-sm text-stone-700 dark:text-stone-300">{t('checklists.items.archivedHelp')}</p>
            <ul className="space-y-2">
              {archived.map((item) => (
                <li key={item.id} id={`item-${item.id}`} className="scroll-mt-4 rounded-lg border border-stone-200 p-3 dark:border-stone-800">
                  <ItemRow item={item} result={itemResult(item.id)} />
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </section>

      <section id="add-item" aria-labelledby="add-item-title" className="scroll-mt-4 rounded-lg border border-stone-200 p-4 dark:border-stone-800">
        <h2 id="add-item-title" className="mb-3 text-lg font-semibold">
          {t('checklists.items.add')}
        </h2>
        {/* A new key after each added item empties the form. */}
        <AddItemForm key={items.length} lastResult={only('addItem')} />
      </section>

      <section aria-labelledby="checklist-actions" className="space-y-4 rounded-lg border border-stone-200 p-4 dark:border-stone-800">
        <h2 id="checklist-actions" className="text-lg font-semibold">
          {t('checklists.actions.title')}
        </h2>
        {checklist.archivedAt ? null : <FormError errors={checklistActionErrors} />}
        <div className="space-y-2">
          <p className="text-sm text-stone-700 dark:text-stone-300">{t('checklists.actions.duplicateHelp')}</p>
          <Form method="post">
            <Button type="submit" name="intent" value="duplicate" variant="basic_border">
              {t('checklists.actions.duplicate')}
            </Button>
          </Form>
        </div>
        {checklist.archivedAt ? null : (
          <div className="space-y-2">
            <p className="text-sm text-stone-700 dark:text-stone-300">{t('checklists.actions.archiveHelp')}</p>
            <Form method="post">
              <Button type="submit" name="intent" value="archive" variant="basic_border">
                {t('checklists.actions.archive')}
              </Button>
            </Form>
          </div>
        )}
      </section>

      <DangerZone
        trigger={t('checklists.actions.delete')}
        title={t('checklists.actions.deleteTitle', { name: checklist.name })}
        help={t('checklists.actions.deleteHelp')}
        errors={deleteErrors}
      />
    </div>
  )
}

/** The range of a number item as text, or null when it has none. */
function rangeText(item: ChecklistItem, t: (key: string, vars?: Record<string, unknown>) => string): string | null {
  if (item.type !== 'number') return null
  if (item.min != null && item.max != null) return t('checklists.items.rangeBoth', { min: item.min, max: item.max })
  if (item.min != null) return t('checklists.items.rangeMin', { min: item.min })
  if (item.max != null) return t('checklists.items.rangeMax', { max: item.max })
  return null
}

/** The form that adds an item (remounted, so emptied, after each item added). */
function AddItemForm({ lastResult }: { lastResult?: FormResult }) {
  const { t } = useTranslation('org-settings')
  const { t: tc } = useTranslation('common')
  const form = useServerForm({ id: 'add-item-form', lastResult, defaultValue: itemDefaults() })
  return (
    <Form method="post" className="space-y-4" {...form.formProps}>
      <FormError errors={form.formErrors} />
      <ItemFields form={form} />
      <IntentButton intent="addItem" pendingLabel={tc('actions.working')}>
        {t('checklists.items.addSubmit')}
      </IntentButton>
    </Form>
  )
}

/** An item's own form (remounted, so showing the saved values, after each change). */
function ItemEditForm({ item, lastResult }: { item: ChecklistItem; lastResult?: FormResult }) {
  const { t } = useTranslation('org-settings')
  const { t: tc } = useTranslation('common')
  const form = useServerForm({ id: `item-form-${item.id}`, lastResult, defaultValue: itemDefaults(item) })
  return (
    <Form method="post" className="space-y-4" {...form.formProps}>
      <input type="hidden" name="itemId" value={item.id} />
      <FormError errors={form.formErrors} />
      <ItemFields form={form} />
      <IntentButton intent="saveItem" itemId={item.id} size="md" pendingLabel={tc('actions.working')}>
        {t('checklists.items.save')}
        <span className="sr-only">: {item.label}</span>
      </IntentButton>
    </Form>
  )
}

/** One item: what it asks for, and (behind "Edit") its form, archive/restore and delete. */
function ItemRow({ item, result }: { item: ChecklistItem; result?: ActionResult }) {
  const { t } = useTranslation('org-settings')
  const range = rangeText(item, t)
  const saveResult = result?.intent === 'saveItem' ? result.result : undefined
  const otherError = result && result.intent !== 'saveItem' ? resultErrors(result.result) : undefined
  // A saved change gives the disclosure a new key, so it closes and shows the new values.
  const version = [item.label, item.type, item.required, item.min, item.max, item.instructions, item.archivedAt].join('|')
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <span className="mr-auto min-w-0 font-semibold break-words">{item.label}</span>
        {item.archivedAt ? <ArchivedBadge /> : null}
      </div>
      <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-stone-700 dark:text-stone-300">
        <span>{t(`checklists.types.${item.type}`)}</span>
        <span>{item.required ? t('checklists.items.required') : t('checklists.items.optional')}</span>
        {range ? <span>{range}</span> : null}
      </p>
      {item.instructions ? <p className="text-sm break-words whitespace-pre-line text-stone-700 dark:text-stone-300">{item.instructions}</p> : null}
      <FormError errors={otherError} />
      {item.archivedAt ? (
        <ItemRemoval item={item} />
      ) : (
        <details key={version} open={saveResult ? true : undefined}>
          <summary className={`list-none [&::-webkit-details-marker]:hidden ${buttonClasses({ variant: 'basic_border', size: 'md' })}`}>
            {t('checklists.items.edit')}
            <span className="sr-only">: {item.label}</span>
          </summary>
          <div className="mt-3 space-y-4 border-s-2 border-stone-300 ps-3 dark:border-stone-700">
            <ItemEditForm item={item} lastResult={saveResult} />
            <ItemRemoval item={item} />
          </div>
        </details>
      )}
    </div>
  )
}

/** Archive (or restore) an item, and delete it after confirmation. */
function ItemRemoval({ item }: { item: ChecklistItem }) {
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
        title={t('checklists.items.deleteTitle', { label: item.label })}
        description={t('checklists.items.deleteHelp')}
        confirmLabel={t('checklists.items.delete')}
        cancelLabel={tc('actions.cancel')}
        defaultTitle={tc('confirm.defaultTitle')}
      />
    </div>
  )
}

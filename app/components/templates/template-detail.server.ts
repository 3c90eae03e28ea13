/**
 * The settings page of one template (a checklist, a temperature log), server side: one action for
 * both kinds — save the template, duplicate, archive, restore, delete (archived instead when it has
 * records), move/reorder its items, add, save, archive, restore and delete an item. A kind gives its
 * API names, translation key groups, and how its forms become request bodies.
 */
import type { Submission } from '@conform-to/react'
import { data, redirect } from 'react-router'
import type { z } from 'zod'
import { api, must, unauthorizedRedirect, type ApiClient, type ApiErrorInfo, type RequestArgs } from '../../lib/api.server'
import type { FormResult } from '../../lib/forms'
import { invalidForm, noFields, parseForm, refusedForm, rejectedForm } from '../../lib/forms.server'
import { getLocale, translator } from '../../lib/i18n.server'
import { redirectWithToast } from '../../lib/toast.server'
import { DETAIL_LAYOUTS, type DetailKindName } from './detail-kinds'
import { formIds, mergeOrder, moveId, sameOrder } from './reorder'

export const DETAIL_INTENTS = ['save', 'duplicate', 'archive', 'restore', 'delete', 'move', 'reorder', 'addItem', 'saveItem', 'archiveItem', 'restoreItem', 'deleteItem'] as const
export type DetailIntent = (typeof DETAIL_INTENTS)[number]

export interface DetailResult {
  intent: DetailIntent
  itemId?: string
  ok?: boolean
  result?: FormResult
}

type Translate = ReturnType<typeof translator>
type BodyOutcome = { body: Record<string, unknown>; fieldErrors: Record<string, string> }

export interface DetailKind<TS extends z.ZodType, IS extends z.ZodType> {
  /** API collections: `checklists` and `checklist-items`. */
  resource: string
  itemResource: string
  /** JSON key of one template: `checklist`. */
  one: string
  /** `/settings/checklists`. */
  settingsPath: string
  /** Item rows are `#${itemPrefix}${id}`; the items section is `#${itemsAnchor}`, the add form `#add-${itemPrefix}` without its dash. */
  itemPrefix: string
  itemsAnchor: string
  addAnchor: string
  /** Translation key groups: `org-settings:checklists` and `org-settings:checklists.items`. */
  keys: string
  itemKeys: string
  templateSchema: TS
  templateFields: readonly string[]
  templateBody: (values: z.output<TS>) => Record<string, unknown>
  itemSchema: IS
  itemFields: readonly string[]
  /** The item's request body, or field errors found before asking the API. */
  itemBody: (values: z.output<IS>, mode: 'create' | 'update', ctx: { t: Translate; client: ApiClient; request: Request; orgId: string }) => Promise<BodyOutcome> | BodyOutcome
}

interface Named {
  name: string
}
interface Labelled {
  id: string
  label: string
  archivedAt: string | null
}

/** The action of a template's settings page; the caller has checked the role. */
export async function templateDetailAction<TS extends z.ZodType, IS extends z.ZodType>(args: RequestArgs, orgId: string, templateId: string, kind: DetailKind<TS, IS>) {
  const form = await args.request.formData()
  const intent = String(form.get('intent') ?? 'save') as DetailIntent
  if (!DETAIL_INTENTS.includes(intent)) throw new Response('Bad Request', { status: 400 })
  const client = api(args)
  const locale = getLocale(args.request)
  const t = translator(locale)
  const id = encodeURIComponent(templateId)
  const path = `/v1/orgs/${orgId}/${kind.resource}/${id}`
  const here = `${kind.settingsPath}/${id}`
  const itemId = String(form.get('itemId') ?? '')
  const itemPath = `/v1/orgs/${orgId}/${kind.itemResource}/${encodeURIComponent(itemId)}`
  const done = (to: string, title: string) => redirectWithToast(to, { type: 'success', title }, { headers: client.headers() })
  // The forms that only have a button: a submission with no fields, for their form-level message.
  const buttonOnly = parseForm(form, noFields, locale)
  const failed = (error: ApiErrorInfo, submission: Submission<unknown, string[], unknown> = buttonOnly, fields: readonly string[] = [], extra: Partial<DetailResult> = {}) => {
    if (error.name === 'UnauthorizedError') throw unauthorizedRedirect(args.request, client.headers())
    return rejectedForm(submission, error, locale, { fields, extra: { intent, ...extra }, headers: client.headers() })
  }
  const one = (body: Record<string, unknown>) => body[kind.one] as Named & { id: string }

  switch (intent) {
    case 'save': {
      const submission = parseForm(form, kind.templateSchema, locale)
      if (submission.status !== 'success') return invalidForm(submission, { intent })
      const result = await client.put<Record<string, unknown>>(path, kind.templateBody(submission.value))
      if (!result.ok) return failed(result.error, submission, kind.templateFields)
      return done(here, t(`${kind.keys}.saved`, { name: one(result.data).name }))
    }
    case 'duplicate': {
      const result = await client.post<Record<string, unknown>>(`${path}/duplicate`)
      if (!result.ok) return failed(result.error)
      const copy = one(result.data)
      return done(`${kind.settingsPath}/${copy.id}`, t(`${kind.keys}.duplicated`, { name: copy.name }))
    }
    case 'archive':
    case 'restore': {
      const result = await client.post<Record<string, unknown>>(`${path}/${intent}`)
      if (!result.ok) return failed(result.error)
      return done(here, t(`${kind.keys}.${intent === 'archive' ? 'archivedToast' : 'restored'}`, { name: one(result.data).name }))
    }
    case 'delete': {
      const { name } = one(must(args.request, client, await client.get<Record<string, unknown>>(path)))
      const result = await client.del<{ archived?: boolean }>(path)
      if (!result.ok) return failed(result.error)
      // With records it is archived instead of deleted (records are never destroyed).
      return done(kind.settingsPath, t(`${kind.keys}.${result.data?.archived ? 'deletedArchived' : 'deleted'}`, { name }))
    }
    case 'move':
    case 'reorder': {
      const { items } = must(args.request, client, await client.get<{ items: Labelled[] }>(path))
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
      if (intent === 'reorder') return data<DetailResult>({ intent, ok: true }, { headers: client.headers() })
      const back = `${here}#${kind.itemPrefix}${encodeURIComponent(movedId)}`
      if (sameOrder(next, full)) return redirect(back, { headers: client.headers() })
      return done(back, t('org-settings:checklists.reorder.toast'))
    }
    case 'addItem':
    case 'saveItem': {
      const extra = { intent, itemId: intent === 'saveItem' ? itemId : undefined }
      const submission = parseForm(form, kind.itemSchema, locale)
      if (submission.status !== 'success') return invalidForm(submission, extra)
      const { body, fieldErrors } = await kind.itemBody(submission.value, intent === 'addItem' ? 'create' : 'update', { t, client, request: args.request, orgId })
      if (Object.keys(fieldErrors).length) return refusedForm(submission, { fieldErrors }, extra)
      const result = intent === 'addItem' ? await client.post<{ item: Labelled }>(`${path}/items`, body) : await client.put<{ item: Labelled }>(itemPath, body)
      if (!result.ok) return failed(result.error, submission, kind.itemFields, extra)
      const { item } = result.data
      return intent === 'addItem'
        ? done(`${here}#${kind.addAnchor}`, t(`${kind.itemKeys}.added`, { label: item.label }))
        : done(`${here}#${kind.itemPrefix}${item.id}`, t(`${kind.itemKeys}.saved`, { label: item.label }))
    }
    case 'archiveItem':
    case 'restoreItem': {
      const result = await client.post<{ item: Labelled }>(`${itemPath}/${intent === 'archiveItem' ? 'archive' : 'restore'}`)
      if (!result.ok) return failed(result.error, buttonOnly, [], { itemId })
      const key = intent === 'archiveItem' ? 'archivedToast' : 'restoredToast'
      return done(`${here}#${kind.itemPrefix}${encodeURIComponent(itemId)}`, t(`${kind.itemKeys}.${key}`, { label: result.data.item.label }))
    }
    case 'deleteItem': {
      const { item } = must(args.request, client, await client.get<{ item: Labelled }>(itemPath))
      const result = await client.del<{ archived?: boolean }>(itemPath)
      if (!result.ok) return failed(result.error, buttonOnly, [], { itemId })
      return done(`${here}#${kind.itemsAnchor}`, t(`${kind.itemKeys}.${result.data?.archived ? 'deletedArchived' : 'deleted'}`, { label: item.label }))
    }
  }
}

/**
 * The "new" page's action of a kind: create the template from the form, then on to its page at the
 * add-item form (where its items are added), with the kind's `created` toast.
 */
export async function createTemplateAction<S extends z.ZodType>(
  args: RequestArgs,
  orgId: string,
  kind: DetailKindName,
  form: { schema: S; fields: readonly string[]; body: (values: z.output<S>) => Record<string, unknown> },
) {
  const layout = DETAIL_LAYOUTS[kind]
  const locale = getLocale(args.request)
  const submission = parseForm(await args.request.formData(), form.schema, locale)
  if (submission.status !== 'success') return invalidForm(submission)
  const client = api(args)
  const result = await client.post<Record<string, unknown>>(`/v1/orgs/${orgId}/${kind}`, form.body(submission.value))
  if (!result.ok) {
    if (result.error.name === 'UnauthorizedError') throw unauthorizedRedirect(args.request, client.headers())
    return rejectedForm(submission, result.error, locale, { fields: form.fields, headers: client.headers() })
  }
  const created = result.data[layout.one] as { id: string; name: string }
  const t = translator(locale)
  return redirectWithToast(
    `/settings/${kind}/${created.id}#${layout.addAnchor}`,
    { type: 'success', title: t(`org-settings:${kind}.created`, { name: created.name }) },
    { headers: client.headers() },
  )
}

import { data, Form, Link, redirect } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { Submission } from '@conform-to/react'
import type { Route } from './+types/temperatures.$temperatureId'
import { can } from '../../../server/auth/permissions'
import { IntentButton } from '../../components/templates/intent-button'
import { formIds, mergeOrder, moveId, sameOrder } from '../../components/templates/reorder'
import { ReorderList } from '../../components/templates/reorder-list'
import { ArchivedBadge } from '../../components/templates/template-fields'
import { LOG_FIELDS, logBody, logSchema, UNIT_FIELDS, unitBody, unitSchema } from '../../components/temperatures/form-bodies.server'
import { logDefaults, LogFields, rangeText, unitDefaults, UnitFields } from '../../components/temperatures/log-fields'
import type { TemperatureLog, TemperatureUnit, TemperatureUnitItem } from '../../components/temperatures/types'
import { Button, buttonClasses } from '../../components/ui/button'
import { ConfirmForm } from '../../components/ui/confirm-dialog'
import { FormError } from '../../components/ui/field'
import { api, must, unauthorizedRedirect, type ApiErrorInfo } from '../../lib/api.server'
import { resultErrors, useServerForm, type FormResult } from '../../lib/forms'
import { invalidForm, noFields, parseForm, refusedForm, rejectedForm } from '../../lib/forms.server'
import { getLocale, translator } from '../../lib/i18n.server'
import { requireOrg } from '../../lib/selection.server'
import { redirectWithToast } from '../../lib/toast.server'

const INTENTS = ['save', 'duplicate', 'archive', 'restore', 'delete', 'move', 'reorder', 'addUnit', 'saveUnit', 'archiveUnit', 'restoreUnit', 'deleteUnit'] as const
type Intent = (typeof INTENTS)[number]

interface ActionResult {
  intent: Intent
  itemId?: string
  ok?: boolean
  result?: FormResult
}

export async function loader(args: Route.LoaderArgs) {
  const { org } = await requireOrg(args)
  if (!can(org.role, 'temperatures.manage')) throw new Response('Forbidden', { status: 403 })
  const client = api(args)
  const [logResult, orgResult] = await Promise.all([
    client.get<{ temperature: TemperatureLog; items: TemperatureUnitItem[] }>(`/v1/orgs/${org.id}/temperatures/${encodeURIComponent(args.params.temperatureId)}`),
    client.get<{ organisation: { temperatureUnit: TemperatureUnit } }>(`/v1/orgs/${org.id}`),
  ])
  const { temperature, items } = must(args.request, client, logResult)
  return { temperature, items, venues: org.venues, unit: must(args.request, client, orgResult).organisation.temperatureUnit }
}

export async function action(args: Route.ActionArgs) {
  const { org } = await requireOrg(args)
  if (!can(org.role, 'temperatures.manage')) throw new Response('Forbidden', { status: 403 })
  const form = await args.request.formData()
  const intent = String(form.get('intent') ?? 'save') as Intent
  if (!INTENTS.includes(intent)) throw new Response('Bad Request', { status: 400 })
  const client = api(args)
  const locale = getLocale(args.request)
  const t = translator(locale)
  const id = encodeURIComponent(args.params.temperatureId)
  const path = `/v1/orgs/${org.id}/temperatures/${id}`
  const here = `/settings/temperatures/${id}`
  const itemId = String(form.get('itemId') ?? '')
  const itemPath = `/v1/orgs/${org.id}/temperature-items/${encodeURIComponent(itemId)}`
  const done = (to: string, title: string) => redirectWithToast(to, { type: 'success', title }, { headers: client.headers() })
  const buttonOnly = parseForm(form, noFields, locale)
  const failed = (error: ApiErrorInfo, submission: Submission<unknown, string[], unknown> = buttonOnly, fields: readonly string[] = [], extra: Partial<ActionResult> = {}) => {
    if (error.name === 'UnauthorizedError') throw unauthorizedRedirect(args.request, client.headers())
    return rejectedForm(submission, error, locale, { fields, extra: { intent, ...extra }, headers: client.headers() })
  }
  const current = async () => must(args.request, client, await client.get<{ temperature: TemperatureLog; items: TemperatureUnitItem[] }>(path))

  switch (intent) {
    case 'save': {
      const submission = parseForm(form, logSchema, locale)
      if (submission.status !== 'success') return invalidForm(submission, { intent })
      const result = await client.put<{ temperature: TemperatureLog }>(path, logBody(submission.value))
      if (!result.ok) return failed(result.error, submission, LOG_FIELDS)
      return done(here, t('org-settings:temperatures.saved', { name: result.data.temperature.name }))
    }
    case 'duplicate': {
      const result = await client.post<{ temperature: TemperatureLog }>(`${path}/duplicate`)
      if (!result.ok) return failed(result.error)
      return done(`/settings/temperatures/${result.data.temperature.id}`, t('org-settings:temperatures.duplicated', { name: result.data.temperature.name }))
    }
    case 'archive':
    case 'restore': {
      const result = await client.post<{ temperature: TemperatureLog }>(`${path}/${intent}`)
      if (!result.ok) return failed(result.error)
      return done(here, t(`org-settings:temperatures.${intent === 'archive' ? 'archivedToast' : 'restored'}`, { name: result.data.temperature.name }))
    }
    case 'delete': {
      const { temperature } = await current()
      const result = await client.del<{ archived?: boolean }>(path)
      if (!result.ok) return failed(result.error)
      return done('/settings/temperatures', t(`org-settings:temperatures.${result.data?.archived ? 'deletedArchived' : 'deleted'}`, { name: temperature.name }))
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
      const back = `${here}#unit-${encodeURIComponent(movedId)}`
      if (sameOrder(next, full)) return redirect(back, { headers: client.headers() })
      return done(back, t('org-settings:checklists.reorder.toast'))
    }
    case 'addUnit':
    case 'saveUnit': {
      const extra = { intent, itemId: intent === 'saveUnit' ? itemId : undefined }
      const submission = parseForm(form, unitSchema, locale)
      if (submission.status !== 'success') return invalidForm(submission, extra)
      const orgInfo = must(args.request, client, await client.get<{ organisation: { temperatureUnit: TemperatureUnit } }>(`/v1/orgs/${org.id}`))
      const { body, fieldErrors } = unitBody(submission.value, orgInfo.organisation.temperatureUnit, { number: t('org-settings:temperatures.units.numberInvalid') })
      if (Object.keys(fieldErrors).length) return refusedForm(submission, { fieldErrors }, extra)
      if (intent === 'saveUnit') {
        // An emptied bound clears it.
        for (const name of ['min', 'max'] as const) if (!(name in body)) body[name] = null
      }
      const result = intent === 'addUnit' ? await client.post<{ item: TemperatureUnitItem }>(`${path}/items`, body) : await client.put<{ item: TemperatureUnitItem }>(itemPath, body)
      if (!result.ok) return failed(result.error, submission, UNIT_FIELDS, extra)
      const { item } = result.data
      return intent === 'addUnit'
        ? done(`${here}#add-unit`, t('org-settings:temperatures.units.added', { label: item.label }))
        : done(`${here}#unit-${item.id}`, t('org-settings:temperatures.units.saved', { label: item.label }))
    }
    case 'archiveUnit':
    case 'restoreUnit': {
      const result = await client.post<{ item: TemperatureUnitItem }>(`${itemPath}/${intent === 'archiveUnit' ? 'archive' : 'restore'}`)
      if (!result.ok) return failed(result.error, buttonOnly, [], { itemId })
      return done(`${here}#unit-${encodeURIComponent(itemId)}`, t(`org-settings:temperatures.units.${intent === 'archiveUnit' ? 'archivedToast' : 'restoredToast'}`, { label: result.data.item.label }))
    }
    case 'deleteUnit': {
      const { item } = must(args.request, client, await client.get<{ item: TemperatureUnitItem }>(itemPath))
      const result = await client.del<{ archived?: boolean }>(itemPath)
      if (!result.ok) return failed(result.error, buttonOnly, [], { itemId })
      return done(`${here}#units`, t(`org-settings:temperatures.units.${result.data?.archived ? 'deletedArchived' : 'deleted'}`, { label: item.label }))
    }
  }
}

export default function EditTemperatureLog({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('org-settings')
  const { t: tc } = useTranslation('common')
  const { temperature, items, venues, unit } = loaderData
  const result = actionData as ActionResult | undefined
  const only = (...intents: Intent[]) => (result && intents.includes(result.intent) ? result.result : undefined)
  const details = useServerForm({ id: 'temperature-form', lastResult: only('save'), defaultValue: logDefaults(temperature) })
  const addForm = useServerForm({ id: `add-unit-form-${items.length}`, lastResult: only('addUnit'), defaultValue: unitDefaults(undefined, unit) })
  const active = items.filter((i) => !i.archivedAt)
  const archived = items.filter((i) => i.archivedAt)
  const row = (item: TemperatureUnitItem) => <UnitRow item={item} unit={unit} result={result?.itemId === item.id ? result : undefined} />

  return (
    <div className="max-w-2xl space-y-8">
      <div className="space-y-2">
        <p>
          <Link to="/settings/temperatures" className="text-sm underline">
            {t('temperatures.backToList')}
          </Link>
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="min-w-0 text-2xl font-bold break-words">{temperature.name}</h1>
          {temperature.archivedAt ? <ArchivedBadge /> : null}
        </div>
        <FormError errors={resultErrors(only('duplicate', 'archive', 'restore', 'delete', 'move', 'reorder'))} />
      </div>

      <section aria-labelledby="temperature-details" className="rounded-lg border border-stone-200 p-4 dark:border-stone-800">
        <h2 id="temperature-details" className="mb-3 text-lg font-semibold">
          {t('checklists.details')}
        </h2>
        <Form method="post" className="space-y-4" {...details.formProps}>
          <FormError errors={details.formErrors} />
          <LogFields venues={venues} form={details} />
          <IntentButton intent="save" pendingLabel={tc('actions.working')}>
            {tc('actions.save')}
          </IntentButton>
        </Form>
      </section>

      <section id="units" aria-labelledby="temperature-units" className="scroll-mt-4 space-y-3">
        <h2 id="temperature-units" className="text-lg font-semibold">
          {t('temperatures.units.title')}
        </h2>
        {active.length ? (
          <ReorderList items={active} nameOf={(i) => i.label} label={t('temperatures.units.listLabel')} idPrefix="unit-" renderItem={row} />
        ) : (
          <p className="rounded-lg border border-dashed border-stone-400 p-4">{t('temperatures.units.empty')}</p>
        )}
        {archived.length ? (
          <ul className="space-y-2" aria-label={t('temperatures.units.archivedTitle')}>
            {archived.map((item) => (
              <li key={item.id} id={`unit-${item.id}`} className="scroll-mt-4 rounded-lg border border-stone-200 p-3 dark:border-stone-800">
                {row(item)}
              </li>
            ))}
          </ul>
        ) : null}
      </section>

      <section id="add-unit" aria-labelledby="add-unit-title" className="scroll-mt-4 rounded-lg border border-stone-200 p-4 dark:border-stone-800">
        <h2 id="add-unit-title" className="mb-3 text-lg font-semibold">
          {t('temperatures.units.add')}
        </h2>
        <Form method="post" className="space-y-4" {...addForm.formProps}>
          <FormError errors={addForm.formErrors} />
          <UnitFields form={addForm} unit={unit} adding />
          <IntentButton intent="addUnit" pendingLabel={tc('actions.working')}>
            {t('temperatures.units.addSubmit')}
          </IntentButton>
        </Form>
      </section>

      <section aria-labelledby="temperature-actions" className="space-y-3 rounded-lg border border-stone-200 p-4 dark:border-stone-800">
        <h2 id="temperature-actions" className="text-lg font-semibold">
          {t('checklists.actions.title')}
        </h2>
        <Form method="post" className="flex flex-wrap gap-2">
          <Button type="submit" name="intent" value="duplicate" variant="basic_border">
            {t('temperatures.duplicate')}
          </Button>
          <Button type="submit" name="intent" value={temperature.archivedAt ? 'restore' : 'archive'} variant="basic_border">
            {temperature.archivedAt ? t('temperatures.restore') : t('temperatures.archive')}
          </Button>
        </Form>
        <ConfirmForm
          dangerous
          intent="delete"
          trigger={t('temperatures.delete')}
          title={t('temperatures.deleteTitle', { name: temperature.name })}
          description={t('temperatures.deleteHelp')}
          confirmLabel={t('temperatures.delete')}
          cancelLabel={tc('actions.cancel')}
          defaultTitle={tc('confirm.defaultTitle')}
        />
      </section>
    </div>
  )
}

/** One unit: kind and range, and (behind "Edit") its form, archive/restore and delete. */
function UnitRow({ item, unit, result }: { item: TemperatureUnitItem; unit: TemperatureUnit; result?: ActionResult }) {
  const { t } = useTranslation('org-settings')
  const { t: tc } = useTranslation('common')
  const saveResult = result?.intent === 'saveUnit' ? result.result : undefined
  const form = useServerForm({ id: `unit-form-${item.id}`, lastResult: saveResult, defaultValue: unitDefaults(item, unit) })
  const version = [item.label, item.kind, item.min, item.max, item.archivedAt].join('|')
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <span className="mr-auto min-w-0 font-semibold break-words">{item.label}</span>
        {item.archivedAt ? <ArchivedBadge /> : null}
      </div>
      <p className="flex flex-wrap gap-x-3 text-sm text-stone-700 dark:text-stone-300">
        <span>{t(`temperatures.kinds.${item.kind}`)}</span>
        <span>{rangeText(item.min, item.max, unit, t)}</span>
      </p>
      <FormError errors={result && result.intent !== 'saveUnit' ? resultErrors(result.result) : undefined} />
      <details key={version} open={saveResult ? true : undefined}>
        <summary className={`list-none [&::-webkit-details-marker]:hidden ${buttonClasses({ variant: 'basic_border', size: 'md' })}`}>
          {t('checklists.items.edit')}
          <span className="sr-only">: {item.label}</span>
        </summary>
        <div className="mt-3 space-y-4 border-s-2 border-stone-300 ps-3 dark:border-stone-700">
          {item.archivedAt ? null : (
            <Form method="post" className="space-y-4" {...form.formProps}>
              <input type="hidden" name="itemId" value={item.id} />
              <FormError errors={form.formErrors} />
              <UnitFields form={form} unit={unit} adding={false} />
              <IntentButton intent="saveUnit" itemId={item.id} size="md" pendingLabel={tc('actions.working')}>
                {t('checklists.items.save')}
                <span className="sr-only">: {item.label}</span>
              </IntentButton>
            </Form>
          )}
          <div className="flex flex-wrap items-start gap-2">
            <Form method="post">
              <input type="hidden" name="itemId" value={item.id} />
              <Button type="submit" name="intent" value={item.archivedAt ? 'restoreUnit' : 'archiveUnit'} size="md" variant="basic_border">
                {item.archivedAt ? t('checklists.items.restore') : t('checklists.items.archive')}
                <span className="sr-only">: {item.label}</span>
              </Button>
            </Form>
            <ConfirmForm
              dangerous
              intent="deleteUnit"
              hiddenFields={{ itemId: item.id }}
              trigger={
                <>
                  {t('checklists.items.delete')}
                  <span className="sr-only">: {item.label}</span>
                </>
              }
              triggerStyle={{ size: 'md' }}
              title={t('temperatures.units.deleteTitle', { label: item.label })}
              description={t('temperatures.units.deleteHelp')}
              confirmLabel={t('checklists.items.delete')}
              cancelLabel={tc('actions.cancel')}
              defaultTitle={tc('confirm.defaultTitle')}
            />
          </div>
        </div>
      </details>
    </div>
  )
}

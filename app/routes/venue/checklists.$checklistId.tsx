import type { ReactNode } from 'react'
import { Form, Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import type { Route } from './+types/checklists.$checklistId'
import { completeBody } from '../../../server/checklists/entry-routes'
import { Badge } from '../../components/records/badges'
import { formatDay, isDay } from '../../components/records/dates'
import { DayNav } from '../../components/records/day-nav'
import { EntryStateBadges, PastDayBanner, type EntryProgress } from '../../components/records/entry-state'
import { PendingButton, TextareaField } from '../../components/records/fields'
import { ProgressMeter } from '../../components/records/progress-meter'
import { RecordCard, RecordHistory } from '../../components/records/record-card'
import { useLimitsText } from '../../components/records/record-value'
import type { RecordData } from '../../components/records/types'
import { ButtonLink } from '../../components/ui/button'
import { Field, FormError } from '../../components/ui/field'
import { api, must, unauthorizedRedirect, type ApiErrorInfo } from '../../lib/api.server'
import { useServerForm, type FormResult } from '../../lib/forms'
import { invalidForm, optionalText, parseForm, rejectedForm, requiredText } from '../../lib/forms.server'
import { getLocale, translator } from '../../lib/i18n.server'
import { requireVenue } from '../../lib/selection.server'
import { redirectWithToast } from '../../lib/toast.server'

type ItemType = 'check' | 'yes_no' | 'number' | 'text' | 'photo'

interface EntryItem {
  id: string
  checklistId: string
  label: string
  instructions: string | null
  type: ItemType
  required: boolean
  min: number | null
  max: number | null
  position: number
  archivedAt: string | null
}

interface ChecklistEntry {
  date: string
  today: string
  isPast: boolean
  venue: { id: string; name: string; timeZone: string }
  checklist: { id: string; name: string; description: string | null; dueTime: string | null; archivedAt: string | null }
  complete: boolean
  overdue: boolean
  dueThatDay: boolean
  progress: EntryProgress
  items: Array<{ item: EntryItem; record: RecordData | null; history: RecordData[] }>
}

/** What an item's form sent back with its errors, so only that item's form shows them (and keeps what was typed). */
interface ItemFailure {
  intent: 'complete' | 'resolve'
  itemId: string
  result: FormResult
}

/** The item and day every item form sends. */
const itemForm = { itemId: z.string().max(100), date: completeBody.shape.date, correction: z.string().optional() }
/** A record: the value its type asks for (the API checks it against the item) and an optional note; only spaces is no value. */
const completeSchema = z.object({ ...itemForm, value: optionalText(2000), note: optionalText(2000) })
/** A failed record's corrective action: required, and more than spaces. */
const resolveSchema = z.object({ ...itemForm, note: requiredText(2000) })

const PHOTO_TYPES = 'image/jpeg,image/png,image/webp'

export async function loader(args: Route.LoaderArgs) {
  const { org, venue } = await requireVenue(args)
  const client = api(args)
  const requested = new URL(args.request.url).searchParams.get('date') || null
  const query = new URLSearchParams({ venueId: venue.id })
  if (requested) query.set('date', requested)
  const id = encodeURIComponent(args.params.checklistId)
  const result = await client.get<ChecklistEntry>(`/v1/orgs/${org.id}/checklist-entries/${id}?${query}`)
  // A future or malformed day: a friendly message and a way back to today, not an error page.
  if (!result.ok && result.error.name === 'ValidationError' && result.error.data?.date) {
    return { kind: 'badDate' as const, venue, checklistId: args.params.checklistId, future: isDay(requested) }
  }
  const entry = must(args.request, client, result)
  return { kind: 'entry' as const, entry, due: entry.dueThatDay }
}

export async function action(args: Route.ActionArgs) {
  const { org, venue } = await requireVenue(args)
  const checklistId = args.params.checklistId
  const form = await args.request.formData()
  const field = (name: string) => {
    const v = form.get(name)
    return typeof v === 'string' ? v : undefined
  }
  const intent = field('intent')
  const itemId = field('itemId')
  if ((intent !== 'complete' && intent !== 'resolve') || !itemId) throw new Response('Bad Request', { status: 400 })
  const date = field('date') || new URL(args.request.url).searchParams.get('date') || undefined
  const client = api(args)
  const locale = getLocale(args.request)
  const t = translator(locale)
  const base = `/v1/orgs/${org.id}/checklist-entries/${encodeURIComponent(checklistId)}/items/${encodeURIComponent(itemId)}`
  // Post/Redirect/Get back to the day of the form, scrolled to the item.
  const back = `/checklists/${encodeURIComponent(checklistId)}${date ? `?${new URLSearchParams({ date })}` : ''}#item-${encodeURIComponent(itemId)}`
  const extra = { intent, itemId }
  const submission = parseForm(form, intent === 'resolve' ? resolveSchema : completeSchema, locale)
  if (submission.status !== 'success') return invalidForm(submission, extra)
  const { note } = submission.value
  const rejected = (error: ApiErrorInfo, fields: readonly string[]) => {
    if (error.name === 'UnauthorizedError') throw unauthorizedRedirect(args.request, client.headers())
    // The API names the photo by its upload; the page shows it on the file input.
    return rejectedForm(submission, error, locale, { fields, rename: { uploadId: 'file' }, extra })
  }

  if (intent === 'resolve') {
    const result = await client.post<{ record: RecordData }>(`${base}/resolve`, { venueId: venue.id, ...(date ? { date } : {}), note })
    if (!result.ok) return rejected(result.error, ['note'])
    return redirectWithToast(back, { type: 'success', title: t('org:checklists.toast.resolved', { label: result.data.record.label }) }, { headers: client.headers() })
  }

  // intent === 'complete': a photo is uploaded first, then recorded by its upload id.
  let uploadId: string | undefined
  const file = form.get('file')
  if (file && typeof file !== 'string' && file.size > 0) {
    const upload = new FormData()
    upload.append('file', file, file.name)
    const uploaded = await client.upload<{ id: string }>(`/v1/orgs/${org.id}/uploads`, upload)
    if (!uploaded.ok) return rejected(uploaded.error, ['file'])
    uploadId = uploaded.data.id
  }
  const value = 'value' in submission.value ? submission.value.value : undefined
  const body = {
    venueId: venue.id,
    ...(date ? { date } : {}),
    ...(value !== undefined ? { value } : {}),
    ...(note ? { note } : {}),
    ...(uploadId ? { uploadId } : {}),
  }
  const result = await client.post<{ record: RecordData }>(`${base}/complete`, body)
  if (!result.ok) return rejected(result.error, ['value', 'note', 'file'])
  const { record } = result.data
  const key = field('correction') ? 'corrected' : record.status === 'failed' ? 'savedFailed' : 'saved'
  return redirectWithToast(
    back,
    { type: record.status === 'failed' ? 'info' : 'success', title: t(`org:checklists.toast.${key}`, { label: record.label }) },
    { headers: client.headers() },
  )
}

export default function ChecklistDay({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation('org')
  if (loaderData.kind === 'badDate') {
    return (
      <div className="mx-auto max-w-2xl space-y-4">
        <div>
          <p className="text-sm text-stone-700 dark:text-stone-300">{loaderData.venue.name}</p>
          <h1 className="text-2xl font-bold">{t('checklists.title')}</h1>
        </div>
        <p role="alert" className="rounded-md border border-amber-700 bg-amber-50 p-3 text-amber-950 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-50">
          {loaderData.future ? t('checklists.futureDate') : t('checklists.invalidDate')}
        </p>
        <ButtonLink to={`/checklists/${loaderData.checklistId}`} variant="primary">
          {t('checklists.goToToday')}
        </ButtonLink>
      </div>
    )
  }

  const { entry, due } = loaderData
  const { checklist, date, today, venue } = entry
  const archived = checklist.archivedAt !== null
  const closed = archived || !due
  const failure = actionData && 'itemId' in actionData && actionData.result ? (actionData as ItemFailure) : undefined
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <p>
        <Link to={`/checklists?date=${date}`} className="inline-flex min-h-11 items-center gap-1 underline">
          <span aria-hidden="true">←</span> {t('checklists.allChecklists')}
        </Link>
      </p>

      <div className="space-y-3">
        <p className="text-sm text-stone-700 dark:text-stone-300">{venue.name}</p>
        <h1 className="text-2xl font-bold break-words">{checklist.name}</h1>
        {checklist.description ? <p className="break-words whitespace-pre-wrap text-stone-700 dark:text-stone-300">{checklist.description}</p> : null}
        <p className="text-lg font-medium">
          <time dateTime={date}>{formatDay(date, i18n.language)}</time>
          {date === today ? <span className="text-stone-700 dark:text-stone-300"> · {t('checklists.today')}</span> : null}
        </p>
        {checklist.dueTime ? <p className="text-stone-700 dark:text-stone-300">{t('checklists.dueBy', { time: checklist.dueTime })}</p> : null}
        <EntryStateBadges checklist={entry} />
        {entry.progress.total > 0 ? (
          <ProgressMeter
            done={entry.progress.done}
            total={entry.progress.total}
            label={t('checklists.progressLabel', { name: checklist.name })}
            text={t('checklists.progress', { done: entry.progress.done, total: entry.progress.total })}
          />
        ) : null}
        <DayNav path={`/checklists/${checklist.id}`} date={date} today={today} picker={false} />
      </div>

      {entry.isPast && !closed ? <PastDayBanner /> : null}
      {closed ? (
        <p className="rounded-md border border-stone-500 bg-stone-100 p-3 text-stone-900 dark:border-stone-400 dark:bg-stone-800 dark:text-stone-100">
          {archived ? t('checklists.archived') : t('checklists.notDue')}
        </p>
      ) : null}

      {entry.items.length === 0 ? (
        <p className="text-stone-700 dark:text-stone-300">{t('checklists.noItems')}</p>
      ) : (
        <ol className="space-y-4">
          {entry.items.map((e) => (
            <ItemEntry
              key={e.item.id}
              item={e.item}
              record={e.record}
              history={e.history}
              date={date}
              timeZone={venue.timeZone}
              readOnly={closed || e.item.archivedAt !== null}
              failure={failure?.itemId === e.item.id ? failure : undefined}
            />
          ))}
        </ol>
      )}
    </div>
  )
}

function ItemEntry({
  item,
  record,
  history,
  date,
  timeZone,
  readOnly,
  failure,
}: {
  item: EntryItem
  record: RecordData | null
  history: RecordData[]
  date: string
  timeZone: string
  readOnly: boolean
  failure?: ItemFailure
}) {
  const { t } = useTranslation('org')
  const titleId = `item-${item.id}-title`
  const unresolved = record?.status === 'failed' && !record.resolution
  const completeFailure = failure?.intent === 'complete' ? failure : undefined
  const resolveFailure = failure?.intent === 'resolve' ? failure : undefined
  return (
    <li
      id={`item-${item.id}`}
      aria-labelledby={titleId}
      className={`scroll-mt-4 space-y-3 rounded-lg border p-3 sm:p-4 ${unresolved ? 'border-2 border-red-700 dark:border-red-400' : 'border-stone-300 dark:border-stone-700'}`}
    >
      <div className="space-y-1">
        <h2 id={titleId} className="text-lg font-semibold break-words">
          {item.label}
        </h2>
        {!item.required || item.archivedAt ? (
          <p className="flex flex-wrap gap-2">
            {!item.required ? <Badge tone="neutral">{t('checklists.item.optional')}</Badge> : null}
            {item.archivedAt ? <Badge tone="neutral">{t('checklists.item.archived')}</Badge> : null}
          </p>
        ) : null}
        {item.instructions ? <p className="text-sm break-words whitespace-pre-wrap text-stone-700 dark:text-stone-300">{item.instructions}</p> : null}
      </div>

      {record ? (
        <RecordCard record={record} timeZone={timeZone} day={date}>
          {unresolved ? (
            readOnly ? (
              <p className="font-medium text-red-800 dark:text-red-200">{t('checklists.item.noAction')}</p>
            ) : (
              <ResolveForm itemId={item.id} date={date} titleId={titleId} failure={resolveFailure} />
            )
          ) : null}
        </RecordCard>
      ) : readOnly ? (
        <p className="text-stone-700 dark:text-stone-300">{t('checklists.item.notRecorded')}</p>
      ) : (
        <CompleteForm item={item} date={date} titleId={titleId} failure={completeFailure} />
      )}

      {record && !readOnly ? (
        // Keyed by the record: after a correction the form starts closed and empty again.
        <details key={record.id} open={completeFailure ? true : undefined} className="rounded-md border border-stone-300 px-3 dark:border-stone-700">
          <summary className="cursor-pointer py-3 font-medium">{t('checklists.item.correct')}</summary>
          <div className="space-y-3 pb-3">
            <p className="text-sm text-stone-700 dark:text-stone-300">{t('checklists.item.correctHelp')}</p>
            <CompleteForm item={item} date={date} titleId={titleId} failure={completeFailure} correction={record} />
          </div>
        </details>
      ) : null}

      <RecordHistory records={history} timeZone={timeZone} day={date} />
    </li>
  )
}

/** The control that fits the item type, an optional note, and the submit button(s): one small form per item. */
function CompleteForm({ item, date, titleId, failure, correction }: { item: EntryItem; date: string; titleId: string; failure?: ItemFailure; correction?: RecordData }) {
  const { t } = useTranslation('org')
  const limits = useLimitsText(item.min, item.max)
  const f = useServerForm({
    id: `${correction ? 'correct' : 'complete'}-${item.id}`,
    lastResult: failure?.result,
    defaultValue: { value: correction?.value ?? undefined },
  })
  const match = { intent: 'complete', itemId: item.id }
  const saving = t('checklists.item.saving')
  const wide = 'sm:w-fit sm:min-w-40'
  // Errors this type has no field for (a tick or yes/no has no box to show them on) go at the top of the form.
  const shown = item.type === 'photo' ? ['file', 'note'] : item.type === 'check' || item.type === 'yes_no' ? ['note'] : ['value', 'note']
  const otherErrors = Object.entries(failure?.result.error ?? {})
    .filter(([name]) => name !== '' && !shown.includes(name))
    .flatMap(([, messages]) => messages ?? [])
  const formErrors = [...(f.formErrors ?? []), ...otherErrors]

  let control: ReactNode = null
  let buttons: ReactNode
  switch (item.type) {
    case 'yes_no':
      buttons = (
        <div className="grid grid-cols-2 gap-2 sm:flex">
          <PendingButton name="value" value="yes" match={{ ...match, value: 'yes' }} pendingLabel={saving} variant="primary" width="full" className={wide} aria-describedby={titleId}>
            {t('checklists.item.yes')}
          </PendingButton>
          <PendingButton name="value" value="no" match={{ ...match, value: 'no' }} pendingLabel={saving} variant="alert_border" width="full" className={wide} aria-describedby={titleId}>
            {t('checklists.item.no')}
          </PendingButton>
        </div>
      )
      break
    case 'number':
      control = (
        <Field
          label={t('checklists.item.reading')}
          type="number"
          step="any"
          inputMode="decimal"
          required
          autoComplete="off"
          {...f.field('value')}
          hint={limits ?? undefined}
          aria-describedby={titleId}
          inputClassName="sm:max-w-48"
        />
      )
      break
    case 'text':
      control = <TextareaField label={t('checklists.item.answer')} {...f.field('value')} required maxLength={2000} rows={3} />
      break
    case 'photo':
      control = (
        <Field
          label={t('checklists.item.photo')}
          {...f.field('file')}
          type="file"
          accept={PHOTO_TYPES}
          capture="environment"
          required
          hint={t('checklists.item.photoHint')}
          aria-describedby={titleId}
          inputClassName="file:me-3 file:min-h-9 file:rounded file:border file:border-stone-500 file:bg-stone-100 file:px-3 file:text-stone-900 dark:file:bg-stone-800 dark:file:text-stone-100"
        />
      )
      break
  }
  buttons ??= (
    <PendingButton match={match} pendingLabel={saving} variant="primary" width="full" className={wide} aria-describedby={titleId}>
      {item.type === 'check' ? (
        <>
          <span aria-hidden="true">✓</span> {t('checklists.item.done')}
        </>
      ) : item.type === 'photo' ? (
        t('checklists.item.savePhoto')
      ) : (
        t('checklists.item.save')
      )}
    </PendingButton>
  )

  const note = f.field('note')
  return (
    <Form method="post" encType={item.type === 'photo' ? 'multipart/form-data' : undefined} className="space-y-3" {...f.formProps}>
      <input type="hidden" name="intent" value="complete" />
      <input type="hidden" name="itemId" value={item.id} />
      <input type="hidden" name="date" value={date} />
      {correction ? <input type="hidden" name="correction" value="1" /> : null}
      <FormError errors={formErrors} />
      {control}
      <details open={note.errors || note.defaultValue ? true : undefined}>
        <summary className="cursor-pointer py-3 text-sm font-medium">{t('checklists.item.addNote')}</summary>
        <TextareaField label={t('checklists.item.note')} {...note} maxLength={2000} rows={2} />
      </details>
      {buttons}
    </Form>
  )
}

/** A failed record's corrective action (required), until one is recorded. */
function ResolveForm({ itemId, date, titleId, failure }: { itemId: string; date: string; titleId: string; failure?: ItemFailure }) {
  const { t } = useTranslation('org')
  const f = useServerForm({ id: `resolve-${itemId}`, lastResult: failure?.result })
  return (
    <Form method="post" className="space-y-3 rounded-md border border-red-700 bg-white p-3 dark:border-red-400 dark:bg-stone-900" {...f.formProps}>
      <input type="hidden" name="intent" value="resolve" />
      <input type="hidden" name="itemId" value={itemId} />
      <input type="hidden" name="date" value={date} />
      <p className="font-medium text-red-800 dark:text-red-200">{t('checklists.item.needsAction')}</p>
      <FormError errors={f.formErrors} />
      <TextareaField
        label={t('checklists.item.correctiveAction')}
        {...f.field('note')}
        required
        maxLength={2000}
        rows={3}
        hint={t('checklists.item.correctiveActionHint')}
      />
      <PendingButton match={{ intent: 'resolve', itemId }} pendingLabel={t('checklists.item.saving')} variant="primary" width="full" className="sm:w-fit" aria-describedby={titleId}>
        {t('checklists.item.resolve')}
      </PendingButton>
    </Form>
  )
}

import type { ReactNode } from 'react'
import { data, Form, Link } from 'react-router'
import { useTranslation } from '../../lib/use-translation'
import { z } from 'zod'
import type { Route } from './+types/checklists.$checklistId'
import { can } from '../../../server/auth/permissions'
import { completeBody } from '../../../server/checklists/entry-routes'
import { Badge } from '../../components/records/badges'
import { isDay } from '../../components/records/dates'
import { requestedSlot } from '../../components/records/checks-nav'
import { DayNav } from '../../components/records/day-nav'
import { EntryProgressMeter, EntryStateBadges, PastDayBanner, type EntryProgress } from '../../components/records/entry-state'
import { PendingButton, SignToggle, TextareaField, useReadingKeyboard } from '../../components/records/fields'
import { offlineForm, PendingRecords, recordingAction } from '../../components/records/offline'
import { BadDayNotice } from '../../components/records/day-page'
import { RecordCard } from '../../components/records/record-card'
import { useLimitsText } from '../../components/records/record-value'
import { dayTexts, momentOf, withMoments } from '../../components/records/moments.server'
import type { CheckProgress, RecordData, ShownRecord } from '../../components/records/types'
import { Field, FormError } from '../../components/ui/field'
import { api, must, unauthorizedRedirect, type ApiErrorInfo } from '../../lib/api.server'
import { useServerForm, type FormResult } from '../../lib/forms'
import { failureStatus, invalidForm, optionalText, parseForm, rejectedForm, requiredText } from '../../lib/forms.server'
import { getLocale, translator } from '../../lib/i18n.server'
import { requireVenue } from '../../lib/selection.server'
import { redirectWithToast } from '../../lib/toast.server'
import { lazyComponent } from '../../lib/lazy'

/** The corrective-action form: loaded by the browser only when a failure waits for one (app/lib/lazy.tsx). */
const ResolveForm = lazyComponent(() => import('../../components/records/resolve-form').then((m) => m.ResolveForm))
// What only some checklists or days show, loaded when shown (ADR 061): several checks a day, a
// manager's sign-off, records replaced by corrections.
const ChecksNav = lazyComponent(() => import('../../components/records/checks-nav').then((m) => m.ChecksNav))
const SignOffSection = lazyComponent(() => import('../../components/checklists/sign-off').then((m) => m.SignOffSection))
const RecordHistory = lazyComponent(() => import('../../components/records/record-history').then((m) => m.RecordHistory))

type ItemType = 'check' | 'yes_no' | 'number' | 'measure' | 'choice' | 'text' | 'photo'

interface EntryItem {
  id: string
  checklistId: string
  label: string
  instructions: string | null
  type: ItemType
  required: boolean
  min: number | null
  max: number | null
  /** Yes/no items: the answer that fails ("none": neither). */
  failsOn: 'no' | 'yes' | 'none' | null
  /** Measure items: the unit read. */
  unit: string | null
  /** Choice items: the answers, the failing ones marked. */
  options: { label: string; fails: boolean }[] | null
  /** A failing record must carry a photo / a note. */
  photoWhenFailing: boolean
  noteWhenFailing: boolean
  position: number
  archivedAt: string | null
}

/** An item as the page's loader data carries it. */
type ShownItem = Omit<EntryItem, 'checklistId' | 'position'>

interface ChecklistEntry {
  date: string
  today: string
  isPast: boolean
  venue: { id: string; name: string; timeZone: string }
  checklist: {
    id: string
    name: string
    description: string | null
    dueTime: string | null
    checksPerDay: number
    checkTimes: (string | null)[]
    requiresSignOff: boolean
    archivedAt: string | null
  }
  /** A manager's sign-off of the day, if given. */
  signOff: { signedBy: { membershipId: string | null; name: string }; signedAt: string } | null
  complete: boolean
  /** Each check of the day (one for a checklist due once a day). */
  checks: CheckProgress[]
  /** The check whose records `items` shows (0-based). */
  slot: number
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
const itemForm = { itemId: z.string().max(100), date: completeBody.shape.date, slot: z.string().max(2).optional(), correction: z.string().optional() }
/** A record: the value its type asks for (the API checks it against the item) and an optional note; only spaces is no value. */
const completeSchema = z.object({ ...itemForm, value: optionalText(2000), note: optionalText(2000) })
/** A failed record's corrective action: required, and more than spaces. */
const resolveSchema = z.object({ ...itemForm, note: requiredText(2000) })

const PHOTO_TYPES = 'image/jpeg,image/png,image/webp'

/** Where a record made offline shows while it waits: the item, and its check when there are several. */
function offlineCell(itemId: string, slot: number | undefined) {
  return slot === undefined ? `item-${itemId}` : `item-${itemId}-${slot}`
}

/** An item's /v1 calls (…/items/{itemId}, then /complete or /resolve) and the fields every call sends. */
interface OfflineApi {
  url: string
  body: Record<string, unknown>
}

export async function loader(args: Route.LoaderArgs) {
  const { org, venue } = await requireVenue(args)
  const client = api(args)
  const search = new URL(args.request.url).searchParams
  const requested = search.get('date') || null
  const query = new URLSearchParams({ venueId: venue.id })
  if (requested) query.set('date', requested)
  // ?check=2 shows the second check of a checklist due several times a day (the API counts from 0).
  const slot = requestedSlot(search)
  if (slot !== undefined) query.set('slot', String(slot))
  const id = encodeURIComponent(args.params.checklistId)
  const result = await client.get<ChecklistEntry>(`/v1/orgs/${org.id}/checklist-entries/${id}?${query}`)
  // A future or malformed day: a friendly message and a way back to today, not an error page.
  if (!result.ok && result.error.name === 'ValidationError' && result.error.data?.date) {
    return { kind: 'badDate' as const, venue, checklistId: args.params.checklistId, future: isDay(requested) }
  }
  const entry = must(args.request, client, result)
  const language = getLocale(args.request)
  return {
    kind: 'entry' as const,
    entry: shownEntry(entry, language),
    texts: dayTexts(entry.date, language),
    due: entry.dueThatDay,
    orgId: org.id,
    canSignOff: can(org.role, 'checklists.signOff'),
  }
}

/** A person as the page shows them: name and device (the membership id is not shown). */
function shownPerson({ name, device }: RecordData['recordedBy']): RecordData['recordedBy'] {
  return device === undefined ? { name } : { name, device }
}

/**
 * A record as the page shows it: without the chain link and membership ids the API sends for other
 * clients, with its times written out in the venue's zone (moments.server.ts).
 */
function shownRecord(record: RecordData, entry: ChecklistEntry, language: string): ShownRecord {
  const { supersedesId: _chain, recordedBy, resolution, ...rest } = record
  return withMoments(
    { ...rest, recordedBy: shownPerson(recordedBy), resolution: resolution && { ...resolution, resolvedBy: shownPerson(resolution.resolvedBy) } },
    entry.venue.timeZone,
    language,
    entry.date,
  )
}

/** The loader data carries what the page shows (issue #18): items without their position and checklist id, records trimmed. */
function shownEntry(entry: ChecklistEntry, language: string) {
  const { signOff } = entry
  return {
    ...entry,
    signOff: signOff && { ...signOff, moment: momentOf(signOff.signedAt, null, entry.venue.timeZone, language, entry.date) },
    items: entry.items.map(({ item: { checklistId: _checklist, position: _position, ...item }, record, history }) => ({
      item,
      record: record && shownRecord(record, entry, language),
      history: history.map((r) => shownRecord(r, entry, language)),
    })),
  }
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
  const date = field('date') || new URL(args.request.url).searchParams.get('date') || undefined
  if (intent === 'signOff') return signOffAction(args, org.id, venue.id, checklistId, date)
  if ((intent !== 'complete' && intent !== 'resolve') || !itemId) throw new Response('Bad Request', { status: 400 })
  const slotText = field('slot')
  const slot = slotText && /^[0-5]$/.test(slotText) ? Number(slotText) : undefined
  const client = api(args)
  const locale = getLocale(args.request)
  const t = translator(locale)
  const base = `/v1/orgs/${org.id}/checklist-entries/${encodeURIComponent(checklistId)}/items/${encodeURIComponent(itemId)}`
  // Post/Redirect/Get back to the day of the form, scrolled to the item.
  const backQuery = new URLSearchParams({ ...(date ? { date } : {}), ...(slot !== undefined ? { check: String(slot + 1) } : {}) })
  const back = `/checklists/${encodeURIComponent(checklistId)}${backQuery.size ? `?${backQuery}` : ''}#item-${encodeURIComponent(itemId)}`
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
    const result = await client.post<{ record: RecordData }>(`${base}/resolve`, { venueId: venue.id, ...(date ? { date } : {}), ...(slot !== undefined ? { slot } : {}), note })
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
    ...(slot !== undefined ? { slot } : {}),
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

/** A manager signs the day off (ADR 045); a refusal (not complete, already signed) is shown on the sign-off form. */
async function signOffAction(args: Route.ActionArgs, orgId: string, venueId: string, checklistId: string, date: string | undefined) {
  const client = api(args)
  const locale = getLocale(args.request)
  const t = translator(locale)
  const back = `/checklists/${encodeURIComponent(checklistId)}${date ? `?${new URLSearchParams({ date })}` : ''}#sign-off`
  const result = await client.post<{ signOff: unknown }>(`/v1/orgs/${orgId}/checklist-entries/${encodeURIComponent(checklistId)}/sign-off`, { venueId, ...(date ? { date } : {}) })
  if (!result.ok) {
    if (result.error.name === 'UnauthorizedError') throw unauthorizedRedirect(args.request, client.headers())
    const messages = Object.values(result.error.data ?? {})
    return data({ intent: 'signOff' as const, signOffError: messages.length ? messages : [result.error.message] }, { status: failureStatus(result.error), headers: client.headers() })
  }
  return redirectWithToast(back, { type: 'success', title: t('org:checklists.signOff.toast') }, { headers: client.headers() })
}

/** With JavaScript: a record sent with no answer (a server out of reach, online) is kept on the device (ADR 083). */
export const clientAction = (args: Route.ClientActionArgs) => recordingAction(args)

export default function ChecklistDay({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('org')
  if (loaderData.kind === 'badDate') {
    return <BadDayNotice title={t('checklists.title')} venueName={loaderData.venue.name} future={loaderData.future} futureText={t('checklists.futureDate')} todayTo={`/checklists/${loaderData.checklistId}`} />
  }

  const { entry, texts, due, orgId, canSignOff } = loaderData
  const { checklist, date, today, venue } = entry
  const archived = checklist.archivedAt !== null
  const closed = archived || !due
  const failure = actionData && 'itemId' in actionData && actionData.result ? (actionData as ItemFailure) : undefined
  const signOffError = actionData && 'signOffError' in actionData ? (actionData.signOffError as string[]) : undefined
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
          <time dateTime={date}>{texts.text}</time>
          {date === today ? <span className="text-stone-700 dark:text-stone-300"> · {t('records.day.today')}</span> : null}
        </p>
        {checklist.dueTime && entry.checks.length === 1 ? <p className="text-stone-700 dark:text-stone-300">{t('checklists.dueBy', { time: checklist.dueTime })}</p> : null}
        <EntryStateBadges checklist={entry} />
        {entry.progress.total + entry.progress.optional.total > 0 ? (
          <EntryProgressMeter name={checklist.name} progress={entry.progress} />
        ) : null}
        <DayNav path={`/checklists/${checklist.id}`} date={date} today={today} texts={texts} picker={false} />
        {entry.checks.length > 1 ? <ChecksNav path={`/checklists/${checklist.id}`} date={date} today={today} checks={entry.checks} current={entry.slot} /> : null}
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
              slot={entry.checks.length > 1 ? entry.slot : undefined}
              timeZone={venue.timeZone}
              readOnly={closed || e.item.archivedAt !== null}
              failure={failure?.itemId === e.item.id ? failure : undefined}
              api={{
                url: `/v1/orgs/${orgId}/checklist-entries/${checklist.id}/items/${e.item.id}`,
                body: { venueId: venue.id, date, ...(entry.checks.length > 1 ? { slot: entry.slot } : {}) },
              }}
            />
          ))}
        </ol>
      )}

      {checklist.requiresSignOff ? (
        <SignOffSection entry={entry} canSignOff={canSignOff && !archived && due} errors={signOffError} />
      ) : null}
    </div>
  )
}

function ItemEntry({
  item,
  record,
  history,
  date,
  slot,
  timeZone,
  readOnly,
  failure,
  api,
}: {
  item: ShownItem
  record: ShownRecord | null
  history: ShownRecord[]
  date: string
  slot?: number
  timeZone: string
  readOnly: boolean
  failure?: ItemFailure
  /** The item's /v1 calls and their fixed fields: what the offline queue sends (ADR 053). */
  api: OfflineApi
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
        <RecordCard record={record}>
          {unresolved ? (
            readOnly ? (
              <p className="font-medium text-red-800 dark:text-red-200">{t('checklists.item.noAction')}</p>
            ) : (
              <ResolveForm
                formId={`resolve-${item.id}`}
                hidden={{ itemId: item.id, date, ...(slot !== undefined ? { slot: String(slot) } : {}) }}
                failure={resolveFailure?.result}
                describedBy={titleId}
                intro={t('checklists.item.needsAction')}
                noteLabel={t('records.resolve.correctiveAction')}
                noteRequired
                submit={t('checklists.item.resolve')}
                offline={offlineForm({ url: `${api.url}/resolve`, body: api.body, cell: offlineCell(item.id, slot), kind: 'resolve' })}
              />
            )
          ) : null}
        </RecordCard>
      ) : readOnly ? (
        <p className="text-stone-700 dark:text-stone-300">{t('checklists.item.notRecorded')}</p>
      ) : (
        <CompleteForm item={item} date={date} slot={slot} titleId={titleId} failure={completeFailure} api={api} />
      )}

      <PendingRecords cell={offlineCell(item.id, slot)} timeZone={timeZone} day={date} />

      {record && !readOnly ? (
        // Keyed by the record: after a correction the form starts closed and empty again.
        <details key={record.id} open={completeFailure ? true : undefined} className="rounded-md border border-stone-300 px-3 dark:border-stone-700">
          <summary className="cursor-pointer py-3 font-medium">{t('checklists.item.correct')}</summary>
          <div className="space-y-3 pb-3">
            <p className="text-sm text-stone-700 dark:text-stone-300">{t('checklists.item.correctHelp')}</p>
            <CompleteForm item={item} date={date} slot={slot} titleId={titleId} failure={completeFailure} correction={record} api={api} />
          </div>
        </details>
      ) : null}

      {history.length ? <RecordHistory records={history} /> : null}
    </li>
  )
}

/** The control that fits the item type, an optional note, and the submit button(s): one small form per item. */
function CompleteForm({
  item,
  date,
  slot,
  titleId,
  failure,
  correction,
  api,
}: {
  item: ShownItem
  date: string
  slot?: number
  titleId: string
  failure?: ItemFailure
  correction?: ShownRecord
  api: OfflineApi
}) {
  const { t } = useTranslation('org')
  const limits = useLimitsText(item.min, item.max)
  const keyboard = useReadingKeyboard()
  const f = useServerForm({
    id: `${correction ? 'correct' : 'complete'}-${item.id}`,
    lastResult: failure?.result,
    defaultValue: { value: correction?.value ?? undefined },
  })
  const match = { intent: 'complete', itemId: item.id }
  const saving = t('checklists.item.saving')
  const wide = 'sm:w-fit sm:min-w-40'
  // Errors this type has no field for (a tick or yes/no has no box to show them on) go at the top of the form.
  const withPhoto = item.type === 'photo' || item.photoWhenFailing
  const shown = [...(item.type === 'check' || item.type === 'yes_no' || item.type === 'choice' || item.type === 'photo' ? [] : ['value']), 'note', ...(withPhoto ? ['file'] : [])]
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
          <PendingButton name="value" value="yes" match={{ ...match, value: 'yes' }} pendingLabel={saving} variant={item.failsOn === 'yes' ? 'alert_border' : 'primary'} width="full" className={wide} aria-describedby={titleId}>
            {t('records.yes')}
          </PendingButton>
          <PendingButton name="value" value="no" match={{ ...match, value: 'no' }} pendingLabel={saving} variant={item.failsOn === 'no' ? 'alert_border' : item.failsOn === 'yes' ? 'primary' : 'basic_border'} width="full" className={wide} aria-describedby={titleId}>
            {t('records.no')}
          </PendingButton>
        </div>
      )
      break
    case 'choice':
      // One button per answer; a failing one is outlined in red, as yes/no's failing answer.
      buttons = (
        <div className="grid grid-cols-1 gap-2 min-[360px]:grid-cols-2 sm:flex sm:flex-wrap">
          {(item.options ?? []).map((option) => (
            <PendingButton
              key={option.label}
              name="value"
              value={option.label}
              match={{ ...match, value: option.label }}
              pendingLabel={saving}
              variant={option.fails ? 'alert_border' : 'primary'}
              width="full"
              className={wide}
              aria-describedby={titleId}
            >
              {option.label}
            </PendingButton>
          ))}
          {item.options?.some((o) => o.fails) ? (
            <p className="text-sm text-stone-700 sm:basis-full dark:text-stone-300">
              {t('checklists.item.failingAnswers', { answers: item.options.filter((o) => o.fails).map((o) => o.label).join(', ') })}
            </p>
          ) : null}
        </div>
      )
      break
    case 'number':
    case 'measure':
      control = (
        <div className="flex flex-wrap items-end gap-2">
          <Field
            label={item.type === 'measure' && item.unit ? t('checklists.item.readingIn', { unit: item.unit }) : t('checklists.item.reading')}
            type="number"
            step="any"
            // Without JavaScript, a number field's own keyboard (it has a minus sign); with it, the decimal pad and the switch.
            inputMode={keyboard === 'decimal' ? 'decimal' : undefined}
            required={item.required}
            autoComplete="off"
            {...f.field('value')}
            hint={limits ?? undefined}
            aria-describedby={titleId}
            inputClassName="sm:max-w-48"
          />
          <SignToggle inputId={f.field('value').id} label={t('checklists.item.changeSign', { label: item.label })} />
        </div>
      )
      break
    case 'text':
      control = <TextareaField label={t('checklists.item.answer')} {...f.field('value')} required={item.required} maxLength={2000} rows={3} />
      break
    case 'photo':
      control = (
        <Field
          label={t('checklists.item.photo')}
          {...f.field('file')}
          type="file"
          accept={PHOTO_TYPES}
          capture="environment"
          required={item.required}
          hint={t('checklists.item.photoHint')}
          aria-describedby={titleId}
          inputClassName="file:me-3 file:min-h-9 file:rounded file:border file:border-stone-500 file:bg-stone-100 file:px-3 file:text-stone-900 dark:file:bg-stone-800 dark:file:text-stone-100"
        />
      )
      break
  }
  // Any other type may ask for a photo when it fails: the file goes with the answer.
  if (item.type !== 'photo' && item.photoWhenFailing) {
    control = (
      <>
        {control}
        <Field
          label={t('checklists.item.photoIfFailing')}
          {...f.field('file')}
          type="file"
          accept={PHOTO_TYPES}
          capture="environment"
          hint={t('checklists.item.photoIfFailingHint')}
          aria-describedby={titleId}
          inputClassName="file:me-3 file:min-h-9 file:rounded file:border file:border-stone-500 file:bg-stone-100 file:px-3 file:text-stone-900 dark:file:bg-stone-800 dark:file:text-stone-100"
        />
      </>
    )
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
    <Form
      method="post"
      encType={withPhoto ? 'multipart/form-data' : undefined}
      className="space-y-3"
      {...f.formProps}
      // A photo needs the network (the upload comes first): forms without one are kept offline.
      {...(withPhoto ? {} : offlineForm({ url: `${api.url}/complete`, body: api.body, cell: offlineCell(item.id, slot), kind: 'complete' }))}
    >
      <input type="hidden" name="intent" value="complete" />
      <input type="hidden" name="itemId" value={item.id} />
      <input type="hidden" name="date" value={date} />
      {slot !== undefined ? <input type="hidden" name="slot" value={String(slot)} /> : null}
      {correction ? <input type="hidden" name="correction" value="1" /> : null}
      <FormError errors={formErrors} />
      {control}
      {item.noteWhenFailing ? (
        // Asked for when it fails: always in view, saying so.
        <TextareaField label={t('checklists.item.note')} {...note} maxLength={2000} rows={2} hint={t('checklists.item.noteIfFailingHint')} />
      ) : (
        <details open={note.errors || note.defaultValue ? true : undefined}>
          <summary className="cursor-pointer py-3 text-sm font-medium">{t('checklists.item.addNote')}</summary>
          <TextareaField label={t('checklists.item.note')} {...note} maxLength={2000} rows={2} />
        </details>
      )}
      {buttons}
    </Form>
  )
}


import { Form, Link } from 'react-router'
import { useTranslation } from '../../lib/use-translation'
import { z } from 'zod'
import type { Route } from './+types/temperatures.$temperatureId'
import { Badge, LateBadge } from '../../components/records/badges'
import { isDay } from '../../components/records/dates'
import { dayTexts, momentOf } from '../../components/records/moments.server'
import { requestedSlot } from '../../components/records/checks-nav'
import { DayNav } from '../../components/records/day-nav'
import { EntryStateBadges, PastDayBanner, type EntryProgress } from '../../components/records/entry-state'
import { RecordedBy } from '../../components/records/recorded-by'
import { offlineForm, PendingRecords, recordingAction } from '../../components/records/offline'
import { BadDayNotice } from '../../components/records/day-page'
import type { RecordData, ShownMoment } from '../../components/records/types'
import { chartPoints, TemperatureChart, type ApiChartPoint } from '../../components/temperatures/chart'
import { checkName, type DayCheck } from '../../components/temperatures/checks'
import { CORRECTIVE_ACTIONS, type TemperatureUnit, type UnitKind } from '../../components/temperatures/types'
import { Button } from '../../components/ui/button'
import { SignToggle, useReadingKeyboard } from '../../components/records/fields'
import { Field, FormError } from '../../components/ui/field'
import { api, must, unauthorizedRedirect, type ApiErrorInfo } from '../../lib/api.server'
import { useServerForm, type FormResult } from '../../lib/forms'
import { invalidForm, optionalText, parseForm, refusedForm, rejectedForm, requiredText } from '../../lib/forms.server'
import { getLocale, translator } from '../../lib/i18n.server'
import { requireVenue } from '../../lib/selection.server'
import { redirectWithToast } from '../../lib/toast.server'
import { lazyComponent } from '../../lib/lazy'
import type { TemperatureDay } from './temperatures'
import { numberFormat } from '../../../server/numbers'

/** The corrective-action form: loaded by the browser only when a failure waits for one (app/lib/lazy.tsx). */
const ResolveForm = lazyComponent(() => import('../../components/records/resolve-form').then((m) => m.ResolveForm))
// Several checks a day: what only some logs show, loaded when shown (ADR 061).
const ChecksNav = lazyComponent(() => import('../../components/records/checks-nav').then((m) => m.ChecksNav))

type Reading = RecordData & { slot: number; valueC: number | null; recheck: boolean }
/** What the page shows of a reading: its times written out in the venue's zone (moments.server.ts). */
type ShownReading = Pick<Reading, 'id' | 'value' | 'note' | 'status' | 'late' | 'recheck' | 'recordedBy' | 'recordedAt'> & {
  moment: ShownMoment
  resolution: (NonNullable<Reading['resolution']> & { moment: ShownMoment }) | null
}

/** A reading as the page shows it, for the log's day in the venue's zone. */
const shownReading =
  (timeZone: string, language: string, day: string) =>
  ({ id, value, note, status, late, recheck, recordedBy, recordedAt, deviceRecordedAt, resolution }: Reading): ShownReading => ({
    id,
    value,
    note,
    status,
    late,
    recheck,
    recordedBy,
    recordedAt,
    moment: momentOf(recordedAt, deviceRecordedAt, timeZone, language, day),
    resolution: resolution && { ...resolution, moment: momentOf(resolution.resolvedAt, resolution.deviceResolvedAt, timeZone, language, day) },
  })

interface TemperatureEntry {
  id: string
  date: string
  today: string
  isPast: boolean
  venue: { id: string; name: string; timeZone: string }
  unit: TemperatureUnit
  temperature: { id: string; name: string; checksPerDay: number; checkTimes: (string | null)[]; archivedAt: string | null }
  dueThatDay: boolean
  checks: DayCheck[]
  complete: boolean
  overdue: boolean
  progress: EntryProgress
  /** The check each unit shows (0-based): the one asked for with ?check=, else the first not complete. */
  slot?: number
  items: Array<{
    item: { id: string; label: string; kind: UnitKind; min: number | null; max: number | null; archivedAt: string | null }
    checks: Array<{ slot: number; time: string | null; record: Reading | null; history: Reading[]; openFailures: number }>
    chart: ApiChartPoint[]
  }>
}

interface CellFailure {
  intent: 'record' | 'resolve'
  cell: string
  result: FormResult
}

const cellFields = { itemId: z.string().max(100), slot: z.coerce.number().int().min(0).max(5) }
const recordSchema = z.object({ ...cellFields, value: requiredText(20), note: optionalText(2000) })
const resolveSchema = z.object({ ...cellFields, action: optionalText(100), note: optionalText(2000) })

export async function loader(args: Route.LoaderArgs) {
  const { org, venue } = await requireVenue(args)
  const client = api(args)
  const url = new URL(args.request.url)
  const requested = url.searchParams.get('date') || null
  const days = url.searchParams.get('chart') === '30' ? (30 as const) : (7 as const)
  const search = new URLSearchParams(requested ? { date: requested } : {})
  // ?check=2 shows the second check of a log due several times a day (the API counts from 0).
  const asked = requestedSlot(url.searchParams)
  if (asked !== undefined) search.set('slot', String(asked))
  search.set('chart', String(days)) // the chart's days only: a week, not the API's default month
  const query = `?${search}`
  // The log's entry that day in one call (not the day list, then the entry): a log the day list does not show is 404.
  const found = await client.get<TemperatureEntry>(`/v1/orgs/${org.id}/venues/${venue.id}/temperature-entries/${encodeURIComponent(args.params.temperatureId)}${query}`)
  if (!found.ok && found.error.name === 'ValidationError' && found.error.data?.date) {
    return { kind: 'badDate' as const, temperatureId: args.params.temperatureId, future: isDay(requested) }
  }
  const entry = must(args.request, client, found)
  // The page's data carries what the page shows only (issue #18): each chart's points of the days
  // shown, without what a point never uses, and of the entry, units and readings the fields rendered.
  const language = getLocale(args.request)
  const shown = shownReading(entry.venue.timeZone, language, entry.date)
  const items = entry.items.map(({ item, checks, chart }) => ({
    item: { id: item.id, label: item.label, kind: item.kind, min: item.min, max: item.max },
    checks: checks.map(({ slot, time, record, history, openFailures }) => ({
      slot,
      time,
      record: record && shown(record),
      history: history.map(shown),
      openFailures,
    })),
    chart: chartPoints(chart, entry.date, days),
  }))
  const { id, date, today, isPast, venue: place, unit, temperature, dueThatDay, checks, complete, overdue, progress, slot } = entry
  return {
    kind: 'entry' as const,
    texts: dayTexts(date, language),
    entry: {
      id,
      date,
      today,
      isPast,
      venue: { id: place.id, name: place.name, timeZone: place.timeZone },
      unit,
      temperature: { id: temperature.id, name: temperature.name, archivedAt: temperature.archivedAt },
      dueThatDay,
      checks,
      complete,
      overdue,
      progress,
      slot: slot ?? 0,
      items,
    },
    days,
    orgId: org.id,
  }
}

export async function action(args: Route.ActionArgs) {
  const { org, venue } = await requireVenue(args)
  const form = await args.request.formData()
  const intent = form.get('intent')
  if (intent !== 'record' && intent !== 'resolve') throw new Response('Bad Request', { status: 400 })
  const locale = getLocale(args.request)
  const t = translator(locale)
  const client = api(args)
  const date = new URL(args.request.url).searchParams.get('date') || undefined
  const cell = `${form.get('itemId')}-${form.get('slot')}`
  const extra = { intent, cell }
  const submission = parseForm(form, intent === 'record' ? recordSchema : resolveSchema, locale)
  if (submission.status !== 'success') return invalidForm(submission, extra)
  const list = must(args.request, client, await client.get<TemperatureDay>(`/v1/orgs/${org.id}/venues/${venue.id}/temperature-entries${date ? `?date=${date}` : ''}`))
  const listed = list.temperatures.find((l) => l.id === args.params.temperatureId)
  if (!listed) throw new Response('Not Found', { status: 404 })
  const { itemId, slot } = submission.value
  const base = `/v1/orgs/${org.id}/temperature-entries/${listed.entryId}/items/${encodeURIComponent(itemId)}`
  // Post/Redirect/Get back to the day and check of the form, scrolled to the unit's cell.
  const backQuery = new URLSearchParams({ ...(date ? { date } : {}), check: String(slot + 1) })
  const back = `/temperatures/${encodeURIComponent(args.params.temperatureId)}?${backQuery}#cell-${itemId}-${slot}`
  const fail = (error: ApiErrorInfo, fields: readonly string[]) => {
    if (error.name === 'UnauthorizedError') throw unauthorizedRedirect(args.request, client.headers())
    return rejectedForm(submission, error, locale, { fields, extra })
  }
  if (intent === 'resolve') {
    const values = submission.value as z.output<typeof resolveSchema>
    const note = [values.action ? t(`org:temperatures.actions.${values.action}`) : '', values.note ?? ''].filter(Boolean).join(' — ')
    if (!note) return refusedForm(submission, { fieldErrors: { note: t('org:temperatures.actionRequired') } }, extra)
    const result = await client.post<{ record: Reading }>(`${base}/resolve`, { note, slot })
    if (!result.ok) return fail(result.error, ['note'])
    return redirectWithToast(back, { type: 'success', title: t('org:temperatures.toast.resolved', { label: result.data.record.label }) }, { headers: client.headers() })
  }
  const values = submission.value as z.output<typeof recordSchema>
  const result = await client.post<{ record: Reading }>(`${base}/complete`, { value: values.value, slot, ...(values.note ? { note: values.note } : {}) })
  if (!result.ok) return fail(result.error, ['value', 'note'])
  const { record } = result.data
  return redirectWithToast(
    back,
    { type: record.status === 'failed' ? 'info' : 'success', title: t(`org:temperatures.toast.${record.status === 'failed' ? 'outOfRange' : 'saved'}`, { label: record.label }) },
    { headers: client.headers() },
  )
}

/** With JavaScript: a record sent with no answer (a server out of reach, online) is kept on the device (ADR 083). */
export const clientAction = (args: Route.ClientActionArgs) => recordingAction(args)

export default function TemperatureLogDay({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('org')
  if (loaderData.kind === 'badDate') {
    return <BadDayNotice title={t('temperatures.title')} future={loaderData.future} futureText={t('temperatures.futureDate')} todayTo={`/temperatures/${loaderData.temperatureId}`} />
  }
  const { entry, texts, days, orgId } = loaderData
  const failure = actionData && 'cell' in actionData ? (actionData as CellFailure) : undefined
  const itemApi = (itemId: string) => `/v1/orgs/${orgId}/temperature-entries/${entry.id}/items/${itemId}`
  const closed = entry.temperature.archivedAt !== null || !entry.dueThatDay
  const path = `/temperatures/${entry.temperature.id}`
  const checkNames = entry.checks.map((check) => checkName(check, t))
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <p>
        <Link to={`/temperatures?date=${entry.date}`} className="inline-flex min-h-11 items-center gap-1 underline">
          <span aria-hidden="true">←</span> {t('temperatures.allLogs')}
        </Link>
      </p>
      <div className="space-y-3">
        <p className="text-sm text-stone-700 dark:text-stone-300">{entry.venue.name}</p>
        <h1 className="text-2xl font-bold break-words">{entry.temperature.name}</h1>
        <p className="text-lg font-medium">
          <time dateTime={entry.date}>{texts.text}</time>
          {entry.date === entry.today ? <span className="text-stone-700 dark:text-stone-300"> · {t('records.day.today')}</span> : null}
        </p>
        <EntryStateBadges checklist={entry} />
        {entry.checks.length > 1 ? <ChecksNav path={path} date={entry.date} today={entry.today} checks={entry.checks} current={entry.slot} keep={days === 30 ? { chart: '30' } : {}} /> : null}
        <DayNav path={path} date={entry.date} today={entry.today} texts={texts} picker={false} />
      </div>
      {entry.isPast ? <PastDayBanner /> : null}
      {closed ? <p className="rounded-md border border-stone-400 p-3">{t('temperatures.closed')}</p> : null}
      <nav aria-label={t('temperatures.chart.range')} className="flex gap-3 text-sm">
        {([7, 30] as const).map((n) => (
          <Link key={n} to={`${path}?${new URLSearchParams({ date: entry.date, ...(entry.checks.length > 1 ? { check: String(entry.slot + 1) } : {}), chart: String(n) })}`} aria-current={days === n ? 'true' : undefined} className={`inline-flex min-h-11 items-center underline ${days === n ? 'font-bold' : ''}`}>
            {t('temperatures.chart.days', { count: n })}
          </Link>
        ))}
      </nav>
      <ol className="space-y-6">
        {entry.items.map(({ item, checks, chart }) => (
          <li key={item.id} id={`unit-${item.id}`} className="space-y-3 rounded-lg border border-stone-300 p-4 dark:border-stone-700">
            <h2 className="text-lg font-semibold break-words">{item.label}</h2>
            <p className="text-sm text-stone-700 dark:text-stone-300">
              {`${t(`temperatures.kinds.${item.kind}`)} · ${rangeLabel(item.min, item.max, entry.unit, t)}`}
            </p>
            <ul className="space-y-3">
              {checks.map((check) => (
                <li key={check.slot} id={`cell-${item.id}-${check.slot}`} className="scroll-mt-4 space-y-2 border-t border-stone-200 pt-3 dark:border-stone-800">
                  <h3 className="font-medium">{checkName(check, t)}</h3>
                  {check.record ? <ReadingLine reading={check.record} unit={entry.unit} /> : null}
                  {check.history.map((r) => (
                    <ReadingLine key={r.id} reading={r} unit={entry.unit} earlier />
                  ))}
                  {closed ? null : (
                    <>
                      {check.openFailures > 0 ? (
                        <ResolveForm
                          formId={`resolve-${item.id}-${check.slot}`}
                          hidden={{ itemId: item.id, slot: String(check.slot) }}
                          label={item.label}
                          failure={failure?.intent === 'resolve' && failure.cell === `${item.id}-${check.slot}` ? failure.result : undefined}
                          choices={{
                            label: t('temperatures.action', { label: item.label }),
                            other: t('temperatures.actionOther'),
                            options: CORRECTIVE_ACTIONS[item.kind].map((key) => ({ value: key, label: t(`temperatures.actions.${key}`) })),
                          }}
                          noteLabel={t('temperatures.actionNote')}
                          noteRequired={false}
                          submit={t('temperatures.resolve')}
                          offline={offlineForm({ url: `${itemApi(item.id)}/resolve`, body: { slot: check.slot }, cell: `cell-${item.id}-${check.slot}`, kind: 'resolve' })}
                        />
                      ) : null}
                      <RecordForm
                        // A new reading (this one saved, or another's) starts the field empty again.
                        key={check.record?.id ?? 'none'}
                        itemId={item.id}
                        slot={check.slot}
                        unit={entry.unit}
                        label={`${item.label} · ${checkName(check, t)}`}
                        recheck={Boolean(check.record)}
                        failure={failure?.intent === 'record' && failure.cell === `${item.id}-${check.slot}` ? failure.result : undefined}
                        offline={offlineForm({ url: `${itemApi(item.id)}/complete`, body: { slot: check.slot }, cell: `cell-${item.id}-${check.slot}`, kind: 'complete', unit: `°${entry.unit}` })}
                      />
                      <PendingRecords cell={`cell-${item.id}-${check.slot}`} timeZone={entry.venue.timeZone} day={entry.date} />
                    </>
                  )}
                </li>
              ))}
            </ul>
            <TemperatureChart id={`chart-${item.id}`} label={item.label} points={chart} min={item.min} max={item.max} unit={entry.unit} until={entry.date} days={days} checks={checkNames} />
          </li>
        ))}
      </ol>
    </div>
  )
}

function rangeLabel(min: number | null, max: number | null, unit: TemperatureUnit, t: (key: string, vars?: Record<string, unknown>) => string) {
  if (min !== null && max !== null) return t('temperatures.range.between', { min, max, unit })
  if (min !== null) return t('temperatures.range.atLeast', { min, unit })
  if (max !== null) return t('temperatures.range.atMost', { max, unit })
  return t('temperatures.range.none')
}

/** One reading: value in the unit, in or out of range, re-check, late, corrective action, who and when. */
function ReadingLine({ reading, unit, earlier }: { reading: ShownReading; unit: TemperatureUnit; earlier?: boolean }) {
  const { t, i18n } = useTranslation('org')
  const value = reading.value === null ? '' : numberFormat(i18n.language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(Number(reading.value))
  return (
    <div className={`space-y-1 ${earlier ? 'text-stone-700 dark:text-stone-300' : ''}`}>
      <p className="flex flex-wrap items-center gap-2">
        <span className="text-lg font-semibold tabular-nums">
          {`${value} °${unit}`}
        </span>
        {reading.status === 'failed' ? (
          <Badge tone="danger" icon="✗">
            {t('temperatures.outOfRange')}
          </Badge>
        ) : (
          <Badge tone="success" icon="✓">
            {t('temperatures.inRange')}
          </Badge>
        )}
        {reading.recheck ? <Badge tone="info">{t('temperatures.recheck')}</Badge> : null}
        {reading.late ? <LateBadge /> : null}
        {earlier ? <Badge tone="neutral">{t('temperatures.earlier')}</Badge> : null}
      </p>
      {reading.note ? <p className="text-sm break-words">{reading.note}</p> : null}
      <RecordedBy person={reading.recordedBy} at={reading.recordedAt} moment={reading.moment} />
      {reading.resolution ? (
        <div className="rounded-md border border-green-700 p-2 text-sm dark:border-green-400">
          <p className="font-semibold">{t('records.correctiveAction')}</p>
          <p className="break-words">{reading.resolution.note}</p>
          <RecordedBy person={reading.resolution.resolvedBy} at={reading.resolution.resolvedAt} moment={reading.resolution.moment} />
        </div>
      ) : reading.status === 'failed' ? (
        <p className="text-sm font-medium text-red-800 dark:text-red-300">{t('temperatures.needsAction')}</p>
      ) : null}
    </div>
  )
}

/** The reading of one unit at one check (a re-check when it has one): a numeric keypad and a sign switch, a comma or a point. */
function RecordForm({
  itemId,
  slot,
  unit,
  label,
  recheck,
  failure,
  offline,
}: {
  itemId: string
  slot: number
  unit: TemperatureUnit
  label: string
  recheck: boolean
  failure?: FormResult
  /** What the offline queue needs to keep this form's submission (ADR 053). */
  offline: Record<string, string>
}) {
  const { t } = useTranslation('org')
  const form = useServerForm({ id: `record-${itemId}-${slot}`, lastResult: failure, defaultValue: { value: '', note: '' } })
  const value = form.field('value')
  const keyboard = useReadingKeyboard()
  return (
    <Form method="post" className="space-y-2" {...form.formProps} {...offline}>
      <input type="hidden" name="itemId" value={itemId} />
      <input type="hidden" name="slot" value={slot} />
      <FormError errors={form.formErrors} />
      <div className="flex flex-wrap items-end gap-2">
        <Field
          label={recheck ? t('temperatures.recheckValue', { unit, label }) : t('temperatures.value', { unit, label })}
          {...value}
          inputMode={keyboard}
          autoComplete="off"
          required
          className="w-40"
        />
        <SignToggle inputId={value.id} label={t('temperatures.changeSign', { label })} />
        <Button type="submit" name="intent" value="record" variant="primary" width="fit">
          {recheck ? t('temperatures.saveRecheck') : t('temperatures.save')}
          <span className="sr-only">{`: ${label}`}</span>
        </Button>
      </div>
    </Form>
  )
}


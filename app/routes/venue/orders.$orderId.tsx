import { Form, Link } from 'react-router'
import { useTranslation } from '../../lib/use-translation'
import type { Route } from './+types/orders.$orderId'
import { OrderStatusBadge } from '../../components/orders/status-badge'
import { formatMoney, ISSUES, typedNumber, type Order } from '../../components/orders/types'
import { formatDay, formatMoment } from '../../components/records/dates'
import { SubmitButton } from '../../components/submit-button'
import { ConfirmForm } from '../../components/ui/confirm-dialog'
import { Field, FormError, inputClasses } from '../../components/ui/field'
import { api, must, unauthorizedRedirect } from '../../lib/api.server'
import { resultErrors, useServerForm, type FormResult } from '../../lib/forms'
import { noFields, parseForm, refusedForm, rejectedForm } from '../../lib/forms.server'
import { getLocale, translator } from '../../lib/i18n.server'
import { requireVenue } from '../../lib/selection.server'
import { redirectWithToast } from '../../lib/toast.server'
import { numberFormat } from '../../../server/numbers'

export async function loader(args: Route.LoaderArgs) {
  const { org } = await requireVenue(args)
  const client = api(args)
  const { order } = must(args.request, client, await client.get<{ order: Order }>(`/v1/orgs/${org.id}/orders/${encodeURIComponent(args.params.orderId)}`))
  const { venue } = must(args.request, client, await client.get<{ venue: { timeZone: string } }>(`/v1/orgs/${org.id}/venues/${order.venue.id}`))
  return { order, timeZone: venue.timeZone }
}

type Intent = 'save' | 'send' | 'delete' | 'cancel' | 'receive' | 'credit'

export async function action(args: Route.ActionArgs) {
  const { org } = await requireVenue(args)
  const form = await args.request.formData()
  const client = api(args)
  const locale = getLocale(args.request)
  const t = translator(locale)
  const path = `/v1/orgs/${org.id}/orders/${encodeURIComponent(args.params.orderId)}`
  const here = `/orders/${encodeURIComponent(args.params.orderId)}`
  const intent = (form.get('intent') as Intent | null) ?? 'save'
  const submission = parseForm(form, noFields, locale)
  const failed = (error: Parameters<typeof rejectedForm>[1]) => {
    if (error.name === 'UnauthorizedError') throw unauthorizedRedirect(args.request, client.headers())
    return rejectedForm(submission, error, locale, { fields: [], extra: { intent }, headers: client.headers() })
  }
  const invalid = () => refusedForm(submission, { formError: t('common:validation.invalid') }, { intent })
  const done = (title: string, to = here) => redirectWithToast(to, { type: 'success', title }, { headers: client.headers() })

  if (intent === 'save') {
    const names = form.getAll('lineName').map((v) => String(v).trim())
    const quantities = form.getAll('lineQuantity').map(typedNumber)
    const units = form.getAll('lineUnit').map(String)
    const notes = form.getAll('lineNote').map(String)
    const productIds = form.getAll('lineProductId').map(String)
    const lines = names.flatMap((name, i) => (name ? [{ ...(productIds[i] ? { productId: productIds[i] } : {}), name, quantity: quantities[i] ?? Number.NaN, unit: units[i]?.trim() ?? '', note: notes[i]?.trim() ?? '' }] : []))
    if (lines.some((l) => !Number.isFinite(l.quantity))) return invalid()
    const result = await client.put<{ order: Order }>(path, { deliveryDate: String(form.get('deliveryDate') ?? ''), notes: String(form.get('notes') ?? '').trim(), lines })
    if (!result.ok) return failed(result.error)
    return done(t('org:orders.detail.saved'))
  }
  if (intent === 'send') {
    const result = await client.post<{ order: Order }>(`${path}/send`)
    if (!result.ok) return failed(result.error)
    return done(t('org:orders.detail.sent', { name: result.data.order.supplier.name }))
  }
  if (intent === 'delete') {
    const result = await client.del(path)
    if (!result.ok) return failed(result.error)
    return done(t('org:orders.detail.deleted'), '/orders')
  }
  if (intent === 'cancel') {
    const result = await client.post<{ order: Order }>(`${path}/cancel`)
    if (!result.ok) return failed(result.error)
    return done(t('org:orders.detail.cancelled'))
  }
  if (intent === 'credit') {
    const result = await client.post<{ order: Order }>(`${path}/credit-request`)
    if (!result.ok) return failed(result.error)
    return done(t('org:orders.detail.creditSent', { name: result.data.order.supplier.name }))
  }
  // receive
  const ids = form.getAll('lineId').map(String)
  const received = form.getAll('receivedQuantity').map(typedNumber)
  const issues = form.getAll('issue').map(String)
  const lineNotes = form.getAll('receivedNote').map(String)
  const lines = ids.map((lineId, i) => ({ lineId, receivedQuantity: received[i] ?? 0, issue: issues[i] ? issues[i] : null, note: lineNotes[i]?.trim() ?? '' }))
  const temperature = typedNumber(form.get('deliveryTemperature'))
  if (lines.some((l) => !Number.isFinite(l.receivedQuantity)) || (temperature !== null && !Number.isFinite(temperature))) return invalid()
  const result = await client.post<{ order: Order }>(`${path}/receive`, { lines, deliveryTemperature: temperature })
  if (!result.ok) return failed(result.error)
  return done(t('org:orders.detail.received'))
}

export default function OrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation('org')
  const { t: tc } = useTranslation('common')
  const { order, timeZone } = loaderData
  const answer = actionData as { intent: Intent; result: FormResult } | undefined
  const errorsFor = (intent: Intent) => (answer?.intent === intent ? resultErrors(answer.result) : undefined)
  // A refused edit or delivery shows what was typed in every row, not what is saved.
  const edit = useServerForm({ id: 'order-edit-form', lastResult: answer?.intent === 'save' ? answer.result : null })
  const delivery = useServerForm({ id: 'order-receive-form', lastResult: answer?.intent === 'receive' ? answer.result : null })
  const when = (iso: string) => formatMoment(iso, timeZone, i18n.language).text
  const qty = (n: number | null) => (n === null ? '—' : numberFormat(i18n.language, { maximumFractionDigits: 3 }).format(n))
  const open = order.status === 'sent' || order.status === 'confirmed'
  const cell = `${inputClasses} min-w-20`
  const shortfalls = order.lines.filter((l) => l.shortfall)
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <p>
        <Link to={`/orders?date=${order.deliveryDate}`} className="text-sm underline">
          {t('orders.detail.back')}
        </Link>
      </p>
      <div className="space-y-2">
        <p className="text-sm text-stone-700 dark:text-stone-300">{order.venue.name}</p>
        <h1 className="text-2xl font-bold break-words">{order.supplier.name}</h1>
        <p className="flex flex-wrap items-center gap-2">
          <OrderStatusBadge status={order.status} />
          <span>{t('orders.deliveredOn', { date: formatDay(order.deliveryDate, i18n.language) })}</span>
        </p>
        {order.notes ? <p className="whitespace-pre-line">{order.notes}</p> : null}
        {open && order.supplierLinkExpiresAt ? <p className="text-sm text-stone-700 dark:text-stone-300">{t('orders.detail.linkExpires', { when: when(order.supplierLinkExpiresAt) })}</p> : null}
      </div>

      {order.status === 'draft' ? (
        <section aria-labelledby="order-edit" className="space-y-3 rounded-lg border border-stone-200 p-4 dark:border-stone-800">
          <h2 id="order-edit" className="text-lg font-semibold">
            {t('orders.detail.edit')}
          </h2>
          <FormError errors={errorsFor('save')} />
          <Form method="post" className="space-y-3" {...edit.formProps}>
            <Field label={t('orders.new.deliveryDate')} id="draft-date" name="deliveryDate" type="date" defaultValue={edit.typed('deliveryDate') ?? order.deliveryDate} required />
            <p className="text-sm text-stone-700 dark:text-stone-300">{t('orders.detail.remove')}</p>
            {[...order.lines, null, null].map((l, i) => (
              <div key={l?.id ?? `new-${i}`} className="grid grid-cols-2 gap-2 sm:grid-cols-4">
                <input type="hidden" name="lineProductId" value={l?.productId ?? ''} />
                <input name="lineName" defaultValue={edit.typed('lineName', i) ?? l?.name ?? ''} maxLength={200} aria-label={`${t('orders.new.row', { n: i + 1 })}: ${t('orders.new.item')}`} placeholder={t('orders.new.item')} className={inputClasses} />
                <input name="lineQuantity" inputMode="decimal" defaultValue={edit.typed('lineQuantity', i) ?? l?.quantity ?? ''} aria-label={`${t('orders.new.row', { n: i + 1 })}: ${t('orders.new.quantity')}`} placeholder={t('orders.new.quantity')} className={inputClasses} />
                <input name="lineUnit" defaultValue={edit.typed('lineUnit', i) ?? l?.unit ?? ''} maxLength={40} aria-label={`${t('orders.new.row', { n: i + 1 })}: ${t('orders.new.unit')}`} placeholder={t('orders.new.unit')} className={inputClasses} />
                <input name="lineNote" defaultValue={edit.typed('lineNote', i) ?? l?.note ?? ''} maxLength={300} aria-label={`${t('orders.new.row', { n: i + 1 })}: ${t('orders.new.note')}`} placeholder={t('orders.new.note')} className={inputClasses} />
              </div>
            ))}
            <div className="flex flex-col gap-1">
              <label htmlFor="draft-notes" className="text-sm font-medium">
                {t('orders.new.notes')}
              </label>
              <textarea id="draft-notes" name="notes" defaultValue={edit.typed('notes') ?? order.notes} maxLength={2000} className={`${inputClasses} min-h-20`} />
            </div>
            <SubmitButton name="intent" value="save" width="fit" variant="basic_border" pendingLabel={tc('actions.working')}>
              {t('orders.detail.save')}
            </SubmitButton>
          </Form>
          <div className="space-y-2 border-t border-stone-200 pt-3 dark:border-stone-800">
            <p className="text-sm text-stone-700 dark:text-stone-300">{t('orders.detail.sendHelp', { email: order.supplier.email || '—' })}</p>
            <FormError errors={errorsFor('send')} />
            <Form method="post">
              <SubmitButton name="intent" value="send" width="fit" pendingLabel={tc('actions.working')}>
                {t('orders.detail.send', { name: order.supplier.name })}
              </SubmitButton>
            </Form>
          </div>
        </section>
      ) : (
        <section aria-labelledby="order-lines" className="space-y-2">
          <h2 id="order-lines" className="text-lg font-semibold">
            {t('orders.detail.lines')}
          </h2>
          {open ? (
            <div className="space-y-3 rounded-lg border border-stone-200 p-4 dark:border-stone-800">
              <h3 className="font-semibold">{t('orders.detail.receive')}</h3>
              <p className="text-sm text-stone-700 dark:text-stone-300">{t('orders.detail.receiveHelp')}</p>
              <FormError errors={errorsFor('receive')} />
              <Form method="post" className="space-y-3" {...delivery.formProps}>
                <ul className="space-y-3">
                  {order.lines.map((l, i) => (
                    <li key={l.id} className="space-y-2 rounded-md border border-stone-200 p-2 dark:border-stone-800">
                      <input type="hidden" name="lineId" value={l.id} />
                      <p className="font-medium">
                        {l.name} — {t('orders.detail.ordered')} {qty(l.quantity)} {l.unit}
                        {l.lineTotal !== null ? ` · ${formatMoney(l.lineTotal, i18n.language)}` : ''}
                      </p>
                      <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
                        <Field label={`${t('orders.detail.receivedQuantity')} (${l.unit || '#'})`} id={`rq-${l.id}`} name="receivedQuantity" inputMode="decimal" defaultValue={delivery.typed('receivedQuantity', i) ?? String(l.quantity)} inputClassName={cell} />
                        <div className="flex flex-col gap-1">
                          <label htmlFor={`issue-${l.id}`} className="text-sm font-medium">
                            {t('orders.detail.issue')}
                          </label>
                          <select id={`issue-${l.id}`} name="issue" defaultValue={delivery.typed('issue', i) ?? ''} className={inputClasses}>
                            <option value="">{t('orders.detail.noIssue')}</option>
                            {ISSUES.map((issue) => (
                              <option key={issue} value={issue}>
                                {t(`orders.issue.${issue}`)}
                              </option>
                            ))}
                          </select>
                        </div>
                        <Field label={t('orders.detail.receiveNote')} id={`rn-${l.id}`} name="receivedNote" maxLength={300} defaultValue={delivery.typed('receivedNote', i)} />
                      </div>
                    </li>
                  ))}
                </ul>
                {order.total !== null ? <p className="font-semibold">{t(order.fullyPriced ? 'orders.total' : 'orders.pricedTotal', { amount: formatMoney(order.total, i18n.language) })}</p> : null}
                <Field label={t('orders.detail.temperature')} id="delivery-temperature" name="deliveryTemperature" inputMode="decimal" defaultValue={delivery.typed('deliveryTemperature')} />
                <SubmitButton name="intent" value="receive" width="fit" pendingLabel={tc('actions.working')}>
                  {t('orders.detail.confirmReceive')}
                </SubmitButton>
              </Form>
            </div>
          ) : (
            <>
              <ul className="space-y-1">
                {order.lines.map((l) => (
                  <li key={l.id}>
                    {qty(l.quantity)} {l.unit} {l.name}
                    {l.unitPrice !== null && l.lineTotal !== null ? ` × ${formatMoney(l.unitPrice, i18n.language)} = ${formatMoney(l.lineTotal, i18n.language)}` : ''}
                    {l.receivedQuantity !== null ? ` — ${t('orders.detail.receivedQuantity')} ${qty(l.receivedQuantity)}${l.receivedIssue ? ` (${t(`orders.issue.${l.receivedIssue}`)})` : ''}${l.receivedNote ? `: ${l.receivedNote}` : ''}` : ''}
                  </li>
                ))}
              </ul>
              {order.total !== null ? <p className="font-semibold">{t(order.fullyPriced ? 'orders.total' : 'orders.pricedTotal', { amount: formatMoney(order.total, i18n.language) })}</p> : null}
              {order.deliveryTemperature !== null ? <DeliveryTemperature order={order} /> : null}
            </>
          )}
        </section>
      )}

      {order.status === 'received' ? (
        <section aria-labelledby="order-shortfalls" className="space-y-2 rounded-lg border border-stone-200 p-4 dark:border-stone-800">
          <h2 id="order-shortfalls" className="text-lg font-semibold">
            {t('orders.detail.shortfalls')}
          </h2>
          {shortfalls.length ? (
            <>
              <ul className="list-disc ps-5">
                {shortfalls.map((l) => (
                  <li key={l.id}>
                    {l.name}: {qty(l.receivedQuantity)} / {qty(l.quantity)} {l.unit}
                    {l.receivedIssue ? ` — ${t(`orders.issue.${l.receivedIssue}`)}` : ''}
                  </li>
                ))}
              </ul>
              {order.creditRequestedAt ? (
                <p>{t('orders.detail.creditDone', { when: when(order.creditRequestedAt) })}</p>
              ) : (
                <>
                  <FormError errors={errorsFor('credit')} />
                  <Form method="post">
                    <SubmitButton name="intent" value="credit" width="fit" pendingLabel={tc('actions.working')}>
                      {t('orders.detail.credit')}
                    </SubmitButton>
                  </Form>
                </>
              )}
            </>
          ) : (
            <p>{t('orders.detail.noShortfalls')}</p>
          )}
        </section>
      ) : null}

      <section aria-labelledby="order-history" className="space-y-2">
        <h2 id="order-history" className="text-lg font-semibold">
          {t('orders.detail.history')}
        </h2>
        <ol className="space-y-1 text-sm">
          {order.history.map((h, i) => (
            <li key={i}>
              <span className="font-medium">{t(`orders.event.${h.kind}`)}</span> — {h.by}, <time dateTime={h.at}>{when(h.at)}</time>
              {h.kind === 'supplier_changed' ? (
                <ul className="list-disc ps-5">
                  {h.detail.deliveryDate ? <li>{t('orders.change.date', { from: formatDay(h.detail.deliveryDate.from, i18n.language), to: formatDay(h.detail.deliveryDate.to, i18n.language) })}</li> : null}
                  {(h.detail.lines ?? []).map((c: { lineId: string; name: string; from: number; to: number }) => (
                    <li key={c.lineId}>{t('orders.change.line', { name: c.name, from: qty(c.from), to: qty(c.to) })}</li>
                  ))}
                  {h.detail.note ? <li>{t('orders.change.note', { note: h.detail.note })}</li> : null}
                </ul>
              ) : null}
            </li>
          ))}
        </ol>
      </section>

      {order.status === 'draft' || open ? (
        <section aria-labelledby="order-danger" className="space-y-3 rounded-lg border border-red-700 p-4 dark:border-red-400">
          <h2 id="order-danger" className="text-lg font-semibold">
            {order.status === 'draft' ? t('orders.detail.delete') : t('orders.detail.cancel')}
          </h2>
          <p className="text-sm text-stone-700 dark:text-stone-300">{t('orders.detail.cancelHelp')}</p>
          <FormError errors={errorsFor(order.status === 'draft' ? 'delete' : 'cancel')} />
          <ConfirmForm
            dangerous
            intent={order.status === 'draft' ? 'delete' : 'cancel'}
            trigger={order.status === 'draft' ? t('orders.detail.delete') : t('orders.detail.cancel')}
            title={order.status === 'draft' ? t('orders.detail.deleteTitle') : t('orders.detail.cancelTitle')}
            description={t('orders.detail.cancelHelp')}
            confirmLabel={order.status === 'draft' ? t('orders.detail.delete') : t('orders.detail.cancel')}
            cancelLabel={order.status === 'draft' ? t('orders.detail.keepDraft') : t('orders.detail.keepOrder')}
            defaultTitle={tc('confirm.defaultTitle')}
          />
        </section>
      ) : null}
    </div>
  )
}

/** The delivery temperature taken on receipt, and the temperature log it went into (or why not). */
function DeliveryTemperature({ order }: { order: Order }) {
  const { t, i18n } = useTranslation('org')
  const received = order.history.findLast((h) => h.kind === 'received')
  const logged = received?.detail.temperatureLog as { temperatureId: string; date: string; name: string; status: 'done' | 'failed' } | undefined
  const value = numberFormat(i18n.language, { maximumFractionDigits: 1 }).format(order.deliveryTemperature ?? 0)
  return (
    <p data-testid="delivery-temperature">
      {t('orders.detail.temperatureTaken', { value })}{' '}
      {logged ? (
        <>
          <Link to={`/temperatures/${logged.temperatureId}?${new URLSearchParams({ date: logged.date })}`} className="underline">
            {t('orders.detail.temperatureLogged', { name: logged.name })}
          </Link>
          {logged.status === 'failed' ? <strong className="ms-1 text-red-700 dark:text-red-400">{t('orders.detail.temperatureOutOfRange')}</strong> : null}
        </>
      ) : (
        t('orders.detail.temperatureNotLogged')
      )}
    </p>
  )
}

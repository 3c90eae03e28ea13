import { data, Form } from 'react-router'
import { useTranslation } from '../../lib/use-translation'
import type { Route } from './+types/supplier-order'
import { HoneypotFields } from '../../components/honeypot'
import { formatMoney, typedNumber } from '../../components/orders/types'
import { formatDay, formatInstant } from '../../components/records/dates'
import { SubmitButton } from '../../components/submit-button'
import { Field, FormError, inputClasses } from '../../components/ui/field'
import { api, must } from '../../lib/api.server'
import { useServerForm, type FormResult } from '../../lib/forms'
import { noFields, parseForm, refusedForm, rejectedForm } from '../../lib/forms.server'
import { getLocale, translator } from '../../lib/i18n.server'
import { honeypotInputProps, isSpam, spamMessage } from '../../lib/honeypot.server'
import type { I18nHandle } from '../../lib/i18n'

export const handle: I18nHandle = { i18n: ['public'] }

interface SupplierOrder {
  id: string
  organisation: string
  venue: string
  /** Where to deliver, and the venue's phone. */
  address: string
  phone: string
  /** The venue's time zone: the confirmation time is shown in it, named. */
  timeZone: string
  supplier: string
  deliveryDate: string
  status: 'sent' | 'confirmed'
  notes: string
  sentAt: string | null
  confirmedAt: string | null
  lines: Array<{ id: string; name: string; code: string; quantity: number; unit: string; unitPrice: number | null; lineTotal: number | null; note: string }>
  total: number | null
  fullyPriced: boolean
}

type State = { state: 'expired' | 'closed' } | { state: 'ok'; order: SupplierOrder }

/** /supplier/orders/:orderId?token= — the supplier's page, without an account: the signed link is the credential. */
export async function loader(args: Route.LoaderArgs) {
  const client = api(args)
  const token = new URL(args.request.url).searchParams.get('token') ?? ''
  const result = await client.get<{ order: SupplierOrder }>(`/v1/supplier/orders/${encodeURIComponent(args.params.orderId)}?${new URLSearchParams({ token })}`)
  let view: State
  if (result.ok) view = { state: 'ok', order: result.data.order }
  // A forged, tampered or unknown link is not found: the whole 404 page, with the header and a way back.
  else if (result.status === 404 || result.error.name === 'ValidationError') throw new Response('Not Found', { status: 404 })
  else if (result.status === 400) view = { state: /expired|caducado/i.test(result.error.message) ? 'expired' : 'closed' }
  else view = { state: 'ok', order: (must(args.request, client, result) as { order: SupplierOrder }).order }
  const headers = client.headers({ 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' })
  return data({ view, token, honeypot: view.state === 'ok' ? await honeypotInputProps() : null }, { headers })
}

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData()
  const client = api(args)
  const locale = getLocale(args.request)
  const t = translator(locale)
  const submission = parseForm(form, noFields, locale)
  if (await isSpam(form)) return refusedForm(submission, { formError: spamMessage(locale) })
  const ids = form.getAll('lineId').map(String)
  const quantities = form.getAll('quantity').map(typedNumber)
  if (quantities.some((q) => q === null || !Number.isFinite(q))) return refusedForm(submission, { formError: t('common:validation.invalid') })
  const note = String(form.get('note') ?? '').trim()
  const body = {
    token: String(form.get('token') ?? ''),
    deliveryDate: String(form.get('deliveryDate') ?? ''),
    lines: ids.map((lineId, i) => ({ lineId, quantity: quantities[i]! })),
    ...(note ? { note } : {}),
  }
  const result = await client.post<{ order: SupplierOrder }>(`/v1/supplier/orders/${encodeURIComponent(args.params.orderId)}/confirm`, body)
  if (!result.ok) return rejectedForm(submission, result.error, locale, { fields: ['deliveryDate'] })
  return data({ confirmed: true as const, result: undefined as FormResult | undefined })
}

export default function SupplierOrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation('public')
  const { view, token, honeypot } = loaderData
  const answer = actionData as { confirmed?: true; result?: FormResult } | undefined
  // A refused confirmation keeps the date typed and shows why on the field.
  const form = useServerForm({ id: 'supplier-order', lastResult: answer?.result, defaultValue: { deliveryDate: view.state === 'ok' ? view.order.deliveryDate : '' } })
  if (view.state !== 'ok') {
    return (
      <div className="mx-auto max-w-2xl space-y-4 p-4">
        <h1 className="text-2xl font-bold">{t(`supplierOrder.${view.state}`)}</h1>
      </div>
    )
  }
  const { order } = view
  const vars = { org: order.organisation, venue: order.venue, date: formatDay(order.deliveryDate, i18n.language) }
  const money = (n: number) => formatMoney(n, i18n.language)
  const price = (l: SupplierOrder['lines'][number]) => (l.unitPrice !== null && l.lineTotal !== null ? `${money(l.unitPrice)} · ${money(l.lineTotal)}` : '')
  // A confirmation is final (docs/decisions/081): once confirmed, the link shows it read-only.
  const confirmed = order.status === 'confirmed'
  return (
    <div className="mx-auto max-w-2xl space-y-4 p-4">
      <h1 className="text-2xl font-bold break-words">{t('supplierOrder.title', vars)}</h1>
      {answer?.confirmed ? (
        <p role="status" className="rounded-md border-2 border-green-700 p-3 font-semibold dark:border-green-400">
          {t('supplierOrder.confirmed', vars)}
        </p>
      ) : order.confirmedAt ? (
        <p>
          {t('supplierOrder.alreadyConfirmed', {
            ...vars,
            when: `${formatInstant(order.confirmedAt, { language: i18n.language, timeZone: order.timeZone })} (${order.timeZone.replace(/_/g, ' ')})`,
          })}
        </p>
      ) : null}
      <p>{confirmed ? t('supplierOrder.confirmedIntro', vars) : t('supplierOrder.intro', vars)}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-md border border-stone-200 p-3 dark:border-stone-800">
        <dt className="font-medium">{t('supplierOrder.deliverTo')}</dt>
        <dd className="break-words">{[order.venue, order.address].filter(Boolean).join(', ')}</dd>
        {order.phone ? (
          <>
            <dt className="font-medium">{t('supplierOrder.phone')}</dt>
            <dd>
              <a href={`tel:${order.phone.replace(/[^+\d]/g, '')}`} className="underline">
                {order.phone}
              </a>
            </dd>
          </>
        ) : null}
        {order.total !== null ? (
          <>
            <dt className="font-medium">{order.fullyPriced ? t('supplierOrder.total') : t('supplierOrder.pricedTotal')}</dt>
            <dd>{money(order.total)}</dd>
          </>
        ) : null}
      </dl>
      {order.notes ? <p className="whitespace-pre-line">{order.notes}</p> : null}
      {confirmed ? (
        <>
          <p>
            <span className="font-medium">{t('supplierOrder.deliveryDate')}:</span> {vars.date}
          </p>
          <ul className="space-y-2">
            {order.lines.map((l) => (
              <li key={l.id} className="rounded-md border border-stone-200 p-2 dark:border-stone-800">
                <p className="font-medium">
                  {l.quantity} {l.unit} {l.name}
                </p>
                <p className="text-sm text-stone-700 dark:text-stone-300">{[l.code, l.note, price(l)].filter(Boolean).join(' · ')}</p>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <>
          <FormError errors={form.formErrors} />
          <Form method="post" className="space-y-4" {...form.formProps}>
            <HoneypotFields inputProps={honeypot} />
            <input type="hidden" name="token" value={token} />
            <Field label={t('supplierOrder.deliveryDate')} {...form.field('deliveryDate')} type="date" required />
            <ul className="space-y-2">
              {order.lines.map((l, i) => (
                <li key={l.id} className="flex flex-wrap items-end gap-3 rounded-md border border-stone-200 p-2 dark:border-stone-800">
                  <input type="hidden" name="lineId" value={l.id} />
                  <div className="min-w-40 flex-1">
                    <p className="font-medium">{l.name}</p>
                    <p className="text-sm text-stone-700 dark:text-stone-300">{[l.code, l.note, price(l)].filter(Boolean).join(' · ')}</p>
                  </div>
                  <div className="flex flex-col gap-1">
                    <label htmlFor={`q-${l.id}`} className="text-sm font-medium">
                      {t('supplierOrder.quantity')} ({l.unit || '#'}) — {l.name}
                    </label>
                    <input id={`q-${l.id}`} name="quantity" inputMode="decimal" defaultValue={form.typed('quantity', i) ?? String(l.quantity)} required className={`${inputClasses} w-28`} />
                  </div>
                </li>
              ))}
            </ul>
            <div className="flex flex-col gap-1">
              <label htmlFor="supplier-note" className="text-sm font-medium">
                {t('supplierOrder.note', vars)}
              </label>
              <textarea id="supplier-note" name="note" maxLength={1000} className={`${inputClasses} min-h-20`} />
            </div>
            <SubmitButton width="fit">{t('supplierOrder.confirm')}</SubmitButton>
          </Form>
        </>
      )}
    </div>
  )
}

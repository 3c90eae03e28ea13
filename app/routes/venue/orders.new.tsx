import { Form, Link } from 'react-router'
import { useTranslation } from '../../lib/use-translation'
import type { Route } from './+types/orders.new'
import type { Contact, SupplierProduct } from '../../components/contacts/types'
import type { Order } from '../../components/orders/types'
import { typedNumber } from '../../components/orders/types'
import { isDay } from '../../components/records/dates'
import { SubmitButton } from '../../components/submit-button'
import { buttonClasses } from '../../components/ui/button'
import { Field, FormError, inputClasses, SelectField } from '../../components/ui/field'
import { api, must, unauthorizedRedirect } from '../../lib/api.server'
import { useServerForm, type FormResult } from '../../lib/forms'
import { noFields, parseForm, refusedForm, rejectedForm } from '../../lib/forms.server'
import { getLocale, translator } from '../../lib/i18n.server'
import { requireVenue } from '../../lib/selection.server'
import { redirectWithToast } from '../../lib/toast.server'

const FREE_ROWS = 3

export async function loader(args: Route.LoaderArgs) {
  const { org, venue } = await requireVenue(args)
  const client = api(args)
  const url = new URL(args.request.url)
  // The venue's orders, as /orders asks for them: a shared device needs an active PIN here too (issue #39).
  must(args.request, client, await client.get(`/v1/orgs/${org.id}/venues/${venue.id}/orders`))
  const { contacts } = must(args.request, client, await client.get<{ contacts: Contact[] }>(`/v1/orgs/${org.id}/venues/${venue.id}/contacts`))
  const suppliers = contacts.filter((c) => c.category?.supplier)
  const supplierId = url.searchParams.get('supplierId') ?? ''
  const supplier = suppliers.find((s) => s.id === supplierId) ?? null
  const date = url.searchParams.get('date') ?? ''
  const products = supplier ? must(args.request, client, await client.get<{ products: SupplierProduct[] }>(`/v1/orgs/${org.id}/contacts/${supplier.id}/products`)).products : []
  return { venue, suppliers, supplier, products, date: isDay(date) ? date : '' }
}

export async function action(args: Route.ActionArgs) {
  const { org, venue } = await requireVenue(args)
  const form = await args.request.formData()
  const client = api(args)
  const locale = getLocale(args.request)
  const t = translator(locale)
  const submission = parseForm(form, noFields, locale)
  const column = (name: string) => form.getAll(name)
  const lines: Array<Record<string, unknown>> = []
  // Each product's fields carry its id: a product without a par level has no on-hand field, so
  // position alone would pair counts with the wrong product.
  for (const productId of column('productId').map(String)) {
    const quantity = typedNumber(form.get(`quantity.${productId}`))
    const counted = typedNumber(form.get(`onHand.${productId}`))
    if (quantity !== null) lines.push({ productId, quantity })
    else if (counted !== null) lines.push({ productId, onHand: counted })
  }
  const names = column('itemName')
  const itemQuantities = column('itemQuantity')
  const units = column('itemUnit')
  const notes = column('itemNote')
  for (const [i, raw] of names.entries()) {
    const name = String(raw).trim()
    if (!name) continue
    lines.push({ name, quantity: typedNumber(itemQuantities[i]) ?? Number.NaN, unit: String(units[i] ?? '').trim(), note: String(notes[i] ?? '').trim() })
  }
  if (lines.some((l) => (l.quantity !== undefined && !Number.isFinite(l.quantity)) || (l.onHand !== undefined && !Number.isFinite(l.onHand)))) {
    return refusedForm(submission, { formError: t('common:validation.invalid') })
  }
  const body = {
    supplierId: String(form.get('supplierId') ?? ''),
    deliveryDate: String(form.get('deliveryDate') ?? ''),
    notes: String(form.get('notes') ?? '').trim(),
    lines,
    ...(form.get('repeatLast') === 'on' ? { repeatLast: true } : {}),
  }
  const result = await client.post<{ order: Order }>(`/v1/orgs/${org.id}/venues/${venue.id}/orders`, body)
  if (!result.ok) {
    if (result.error.name === 'UnauthorizedError') throw unauthorizedRedirect(args.request, client.headers())
    return rejectedForm(submission, result.error, locale, { fields: ['deliveryDate', 'notes'], headers: client.headers() })
  }
  return redirectWithToast(`/orders/${result.data.order.id}`, { type: 'success', title: t('org:orders.new.created', { name: result.data.order.supplier.name }) }, { headers: client.headers() })
}

export default function NewOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('org')
  const { t: tc } = useTranslation('common')
  const { suppliers, supplier, products, date, venue } = loaderData
  const result = (actionData as { result?: FormResult } | undefined)?.result
  const form = useServerForm({ id: 'new-order', lastResult: result, defaultValue: { deliveryDate: date } })
  const cell = `${inputClasses} min-w-20`
  return (
    <div className="mx-auto max-w-3xl space-y-5">
      <p>
        <Link to="/orders" className="text-sm underline">
          {t('orders.detail.back')}
        </Link>
      </p>
      <div>
        <p className="text-sm text-stone-700 dark:text-stone-300">{venue.name}</p>
        <h1 className="text-2xl font-bold">{t('orders.new.title')}</h1>
      </div>
      {suppliers.length ? (
        <Form method="get" className="flex flex-wrap items-end gap-3">
          <SelectField label={t('orders.new.supplier')} id="order-supplier" name="supplierId" defaultValue={supplier?.id ?? ''} required className="min-w-48 flex-1">
            <option value="">—</option>
            {suppliers.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </SelectField>
          {/* The day chosen on /orders rides along; the delivery date itself is asked once, in the order below. */}
          {date ? <input type="hidden" name="date" value={date} /> : null}
          <button type="submit" className={buttonClasses({ variant: supplier ? 'basic_border' : 'primary' })}>
            {t('orders.new.choose')}
          </button>
        </Form>
      ) : (
        <p className="rounded-lg border border-dashed border-stone-400 p-6">{t('orders.new.noSuppliers')}</p>
      )}
      {supplier ? (
        <Form method="post" className="space-y-4" {...form.formProps}>
          <FormError errors={form.formErrors} />
          <input type="hidden" name="supplierId" value={supplier.id} />
          <Field label={t('orders.new.deliveryDate')} {...form.field('deliveryDate')} type="date" required />
          <section aria-labelledby="order-products" className="space-y-2">
            <h2 id="order-products" className="text-lg font-semibold">
              {t('orders.new.products')}
            </h2>
            {products.length ? (
              <>
                <p className="text-sm text-stone-700 dark:text-stone-300">{t('orders.new.productsHint')}</p>
                <div className="overflow-x-auto">
                  <table className="min-w-full text-sm">
                    <thead>
                      <tr className="text-left">
                        <th scope="col" className="p-1">{t('orders.new.product')}</th>
                        <th scope="col" className="p-1">{t('orders.new.par')}</th>
                        <th scope="col" className="p-1">{t('orders.new.onHand')}</th>
                        <th scope="col" className="p-1">{t('orders.new.quantity')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {products.map((p) => {
                        const par = p.parLevels.find((x) => x.venueId === venue.id)?.par
                        return (
                          <tr key={p.id}>
                            <th scope="row" className="p-1 text-left font-normal">
                              {p.name} {p.unit ? <span className="text-stone-700 dark:text-stone-300">({p.unit})</span> : null}
                              <input type="hidden" name="productId" value={p.id} />
                            </th>
                            <td className="p-1">{par ?? '—'}</td>
                            <td className="p-1">
                              <input name={`onHand.${p.id}`} inputMode="decimal" disabled={par === undefined} defaultValue={form.typed(`onHand.${p.id}`)} aria-label={`${p.name}: ${t('orders.new.onHand')}`} className={cell} />
                            </td>
                            <td className="p-1">
                              <input name={`quantity.${p.id}`} inputMode="decimal" defaultValue={form.typed(`quantity.${p.id}`)} aria-label={`${p.name}: ${t('orders.new.quantity')}`} className={cell} />
                            </td>
                          </tr>
                        )
                      })}
                    </tbody>
                  </table>
                </div>
              </>
            ) : (
              <p className="text-sm text-stone-700 dark:text-stone-300">{t('orders.new.noProducts')}</p>
            )}
          </section>
          <section aria-labelledby="order-free" className="space-y-2">
            <h2 id="order-free" className="text-lg font-semibold">
              {t('orders.new.freeText')}
            </h2>
            {Array.from({ length: FREE_ROWS }, (_, i) => (
              <div key={i} className="grid grid-cols-2 gap-2 sm:grid-cols-4">
                <input name="itemName" defaultValue={form.typed('itemName', i)} maxLength={200} aria-label={`${t('orders.new.row', { n: i + 1 })}: ${t('orders.new.item')}`} placeholder={t('orders.new.item')} className={inputClasses} />
                <input name="itemQuantity" defaultValue={form.typed('itemQuantity', i)} inputMode="decimal" aria-label={`${t('orders.new.row', { n: i + 1 })}: ${t('orders.new.quantity')}`} placeholder={t('orders.new.quantity')} className={inputClasses} />
                <input name="itemUnit" defaultValue={form.typed('itemUnit', i)} maxLength={40} aria-label={`${t('orders.new.row', { n: i + 1 })}: ${t('orders.new.unit')}`} placeholder={t('orders.new.unit')} className={inputClasses} />
                <input name="itemNote" defaultValue={form.typed('itemNote', i)} maxLength={300} aria-label={`${t('orders.new.row', { n: i + 1 })}: ${t('orders.new.note')}`} placeholder={t('orders.new.note')} className={inputClasses} />
              </div>
            ))}
          </section>
          <Field type="checkbox" name="repeatLast" id="order-repeat" label={t('orders.new.repeatLast')} defaultChecked={form.checked('repeatLast')} />
          <div className="flex flex-col gap-1">
            <label htmlFor="order-notes" className="text-sm font-medium">
              {t('orders.new.notes')}
            </label>
            <textarea id="order-notes" name="notes" defaultValue={form.typed('notes')} maxLength={2000} className={`${inputClasses} min-h-20`} />
          </div>
          <SubmitButton width="fit" pendingLabel={tc('actions.working')}>
            {t('orders.new.create')}
          </SubmitButton>
        </Form>
      ) : null}
    </div>
  )
}

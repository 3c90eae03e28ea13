import { Form, Link } from 'react-router'
import { useTranslation } from '../../lib/use-translation'
import type { Route } from './+types/contacts.$contactId'
import { can } from '../../../server/auth/permissions'
import { contactDefaults, ContactFields } from '../../components/contacts/contact-fields'
import { CONTACT_FIELDS, contactBody, contactFormSchema } from '../../components/contacts/form.server'
import type { Contact, ContactCategory, SupplierProduct } from '../../components/contacts/types'
import { SubmitButton } from '../../components/submit-button'
import { DangerZone } from '../../components/ui/danger-zone'
import { FormError, inputClasses } from '../../components/ui/field'
import { api, must, unauthorizedRedirect } from '../../lib/api.server'
import { resultErrors, useServerForm, type FormResult } from '../../lib/forms'
import { invalidForm, noFields, parseForm, refusedForm, rejectedForm } from '../../lib/forms.server'
import { getLocale, translator } from '../../lib/i18n.server'
import { requireOrg } from '../../lib/selection.server'
import { redirectWithToast } from '../../lib/toast.server'

/** Empty rows offered for new products. */
const BLANK_ROWS = 3

export async function loader(args: Route.LoaderArgs) {
  const { org } = await requireOrg(args)
  if (!can(org.role, 'contacts.manage')) throw new Response('Forbidden', { status: 403 })
  const client = api(args)
  const path = `/v1/orgs/${org.id}/contacts/${encodeURIComponent(args.params.contactId)}`
  const [contact, categories, products] = await Promise.all([
    client.get<{ contact: Contact }>(path),
    client.get<{ categories: ContactCategory[] }>(`/v1/orgs/${org.id}/contact-categories`),
    client.get<{ products: SupplierProduct[] }>(`${path}/products`),
  ])
  return {
    contact: must(args.request, client, contact).contact,
    categories: must(args.request, client, categories).categories,
    products: must(args.request, client, products).products,
    venues: org.venues,
  }
}

type Intent = 'save' | 'products' | 'delete'

/** The products table as sent: one value per row for each column, par levels as `par.<venueId>`. */
function productRows(form: FormData, venueIds: string[]) {
  const names = form.getAll('productName').map(String)
  const column = (name: string) => form.getAll(name).map(String)
  const ids = column('productId')
  const units = column('productUnit')
  const packs = column('productPackSize')
  const prices = column('productPrice')
  const codes = column('productCode')
  const pars = Object.fromEntries(venueIds.map((v) => [v, column(`par.${v}`)]))
  const rows = []
  for (const [i, raw] of names.entries()) {
    const name = raw.trim()
    if (!name) continue
    const number = (value: string | undefined) => {
      const v = (value ?? '').trim().replace(',', '.')
      return v === '' ? null : Number(v)
    }
    rows.push({
      ...(ids[i] ? { id: ids[i] } : {}),
      name,
      unit: (units[i] ?? '').trim(),
      packSize: (packs[i] ?? '').trim(),
      price: number(prices[i]),
      code: (codes[i] ?? '').trim(),
      parLevels: venueIds.flatMap((venueId) => {
        const par = number(pars[venueId]?.[i])
        return par === null ? [] : [{ venueId, par }]
      }),
    })
  }
  return rows
}

export async function action(args: Route.ActionArgs) {
  const { org } = await requireOrg(args)
  if (!can(org.role, 'contacts.manage')) throw new Response('Forbidden', { status: 403 })
  const form = await args.request.formData()
  const client = api(args)
  const locale = getLocale(args.request)
  const t = translator(locale)
  const path = `/v1/orgs/${org.id}/contacts/${encodeURIComponent(args.params.contactId)}`
  const here = `/settings/contacts/${encodeURIComponent(args.params.contactId)}`
  const intent = (form.get('intent') as Intent | null) ?? 'save'
  const buttons = parseForm(form, noFields, locale)
  const failed = (error: Parameters<typeof rejectedForm>[1], submission: Parameters<typeof rejectedForm>[0] = buttons, fields: readonly string[] = []) => {
    if (error.name === 'UnauthorizedError') throw unauthorizedRedirect(args.request, client.headers())
    return rejectedForm(submission, error, locale, { fields, extra: { intent }, headers: client.headers() })
  }
  if (intent === 'delete') {
    const { contact } = must(args.request, client, await client.get<{ contact: Contact }>(path))
    const result = await client.del(path)
    if (!result.ok) return failed(result.error)
    return redirectWithToast('/settings/contacts', { type: 'success', title: t('org-settings:contacts.deleted', { name: contact.name }) }, { headers: client.headers() })
  }
  if (intent === 'products') {
    const rows = productRows(form, org.venues.map((v) => v.id))
    if (rows.some((r) => (r.price !== null && !Number.isFinite(r.price)) || r.parLevels.some((p) => !Number.isFinite(p.par)))) {
      return refusedForm(buttons, { formError: t('common:validation.invalid') }, { intent })
    }
    const result = await client.put<{ products: SupplierProduct[] }>(`${path}/products`, { products: rows })
    if (!result.ok) return failed(result.error)
    return redirectWithToast(`${here}#products`, { type: 'success', title: t('org-settings:contacts.products.saved') }, { headers: client.headers() })
  }
  const submission = parseForm(form, contactFormSchema, locale)
  if (submission.status !== 'success') return invalidForm(submission, { intent })
  const result = await client.put<{ contact: Contact }>(path, contactBody(submission.value))
  if (!result.ok) return failed(result.error, submission, CONTACT_FIELDS)
  return redirectWithToast(here, { type: 'success', title: t('org-settings:contacts.saved', { name: result.data.contact.name }) }, { headers: client.headers() })
}

export default function EditContact({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('org-settings')
  const { t: tc } = useTranslation('common')
  const { contact, categories, products, venues } = loaderData
  const answer = actionData as { intent: Intent; result: FormResult } | undefined
  const resultFor = (intent: Intent) => (answer?.intent === intent ? answer.result : undefined)
  const form = useServerForm({ id: 'contact-details', lastResult: resultFor('save'), defaultValue: contactDefaults(contact) })
  // A refused products table shows what was typed in every row, not what is saved.
  const table = useServerForm({ id: 'contact-products', lastResult: resultFor('products') })
  const rows: Array<SupplierProduct | null> = [...products, ...Array.from({ length: BLANK_ROWS }, () => null)]
  const cell = `${inputClasses} min-w-24`
  return (
    <div className="max-w-3xl space-y-8">
      <div className="space-y-2">
        <p>
          <Link to="/settings/contacts" className="text-sm underline">
            {t('contacts.back')}
          </Link>
        </p>
        <h1 className="text-2xl font-bold break-words">{contact.name}</h1>
      </div>

      <section aria-labelledby="contact-details" className="max-w-xl rounded-lg border border-stone-200 p-4 dark:border-stone-800">
        <h2 id="contact-details" className="mb-3 text-lg font-semibold">
          {t('contacts.details')}
        </h2>
        <Form method="post" className="space-y-4" {...form.formProps}>
          <FormError errors={form.formErrors} />
          <ContactFields form={form} categories={categories} venues={venues} />
          <SubmitButton name="intent" value="save" width="fit" pendingLabel={tc('actions.working')}>
            {tc('actions.save')}
          </SubmitButton>
        </Form>
      </section>

      <section id="products" aria-labelledby="products-title" className="space-y-3 rounded-lg border border-stone-200 p-4 dark:border-stone-800">
        <h2 id="products-title" className="text-lg font-semibold">
          {t('contacts.products.title')}
        </h2>
        {contact.category?.supplier ? (
          <>
            <p className="text-sm text-stone-700 dark:text-stone-300">{t('contacts.products.intro')}</p>
            <p className="text-sm text-stone-700 dark:text-stone-300">{t('contacts.products.blankHint')}</p>
            <FormError errors={resultErrors(resultFor('products'))} />
            <Form method="post" className="space-y-3" {...table.formProps}>
              <div className="overflow-x-auto">
                <table className="min-w-full text-sm">
                  <thead>
                    <tr className="text-left">
                      <th scope="col" className="p-1">{t('contacts.products.name')}</th>
                      <th scope="col" className="p-1">{t('contacts.products.unit')}</th>
                      <th scope="col" className="p-1">{t('contacts.products.packSize')}</th>
                      <th scope="col" className="p-1">{t('contacts.products.price')}</th>
                      <th scope="col" className="p-1">{t('contacts.products.code')}</th>
                      {venues.map((v) => (
                        <th key={v.id} scope="col" className="p-1">
                          {t('contacts.products.par', { venue: v.name })}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((p, i) => {
                      const label = (column: string) => `${t('contacts.products.row', { n: i + 1 })}: ${column}`
                      return (
                        <tr key={p?.id ?? `new-${i}`}>
                          <td className="p-1">
                            <input type="hidden" name="productId" value={p?.id ?? ''} />
                            <input name="productName" defaultValue={table.typed('productName', i) ?? p?.name ?? ''} maxLength={100} aria-label={label(t('contacts.products.name'))} className={cell} />
                          </td>
                          <td className="p-1">
                            <input name="productUnit" defaultValue={table.typed('productUnit', i) ?? p?.unit ?? ''} maxLength={40} aria-label={label(t('contacts.products.unit'))} className={cell} />
                          </td>
                          <td className="p-1">
                            <input name="productPackSize" defaultValue={table.typed('productPackSize', i) ?? p?.packSize ?? ''} maxLength={100} aria-label={label(t('contacts.products.packSize'))} className={cell} />
                          </td>
                          <td className="p-1">
                            <input name="productPrice" inputMode="decimal" defaultValue={table.typed('productPrice', i) ?? p?.price ?? ''} aria-label={label(t('contacts.products.price'))} className={cell} />
                          </td>
                          <td className="p-1">
                            <input name="productCode" defaultValue={table.typed('productCode', i) ?? p?.code ?? ''} maxLength={100} aria-label={label(t('contacts.products.code'))} className={cell} />
                          </td>
                          {venues.map((v) => (
                            <td key={v.id} className="p-1">
                              <input
                                name={`par.${v.id}`}
                                inputMode="decimal"
                                defaultValue={table.typed(`par.${v.id}`, i) ?? p?.parLevels.find((x) => x.venueId === v.id)?.par ?? ''}
                                aria-label={label(t('contacts.products.par', { venue: v.name }))}
                                className={cell}
                              />
                            </td>
                          ))}
                        </tr>
                      )
                    })}
                  </tbody>
                </table>
              </div>
              <SubmitButton name="intent" value="products" width="fit" pendingLabel={tc('actions.working')}>
                {t('contacts.products.save')}
              </SubmitButton>
            </Form>
          </>
        ) : (
          <p className="text-sm text-stone-700 dark:text-stone-300">{t('contacts.products.notSupplier')}</p>
        )}
      </section>

      <DangerZone
        trigger={t('contacts.delete')}
        title={t('contacts.deleteTitle', { name: contact.name })}
        help={t('contacts.deleteHelp')}
        confirmLabel={t('contacts.deleteConfirm')}
        errors={resultErrors(resultFor('delete'))}
      />
    </div>
  )
}

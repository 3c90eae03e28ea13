import { Form, redirect } from 'react-router'
import { useTranslation } from '../../lib/use-translation'
import { z } from 'zod'
import type { Route } from './+types/billing'
import { can } from '../../../server/auth/permissions'
import type { BillingOverview } from '../../../server/billing/service'
import { SubmitButton } from '../../components/submit-button'
import { FormError } from '../../components/ui/field'
import { api, must, unauthorizedRedirect } from '../../lib/api.server'
import { useServerForm } from '../../lib/forms'
import { parseForm, rejectedForm } from '../../lib/forms.server'
import { getLocale, translator } from '../../lib/i18n.server'
import { requireOrg } from '../../lib/selection.server'
import { redirectWithToast } from '../../lib/toast.server'

type Billing = BillingOverview

const intents = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('plan'), plan: z.enum(['free', 'pro']) }),
  z.object({ intent: z.literal('checkout') }),
  z.object({ intent: z.literal('portal') }),
])

/** Owners only (billing.manage): an admin sees the 403 screen. */
export async function loader(args: Route.LoaderArgs) {
  const { org } = await requireOrg(args)
  if (!can(org.role, 'billing.manage')) throw new Response('Forbidden', { status: 403 })
  const client = api(args)
  const { billing } = must(args.request, client, await client.get<{ billing: Billing }>(`/v1/orgs/${org.id}/billing`))
  const checkout = new URL(args.request.url).searchParams.get('checkout')
  return { billing, checkout: checkout === 'success' || checkout === 'cancelled' ? checkout : null }
}

export async function action(args: Route.ActionArgs) {
  const { org } = await requireOrg(args)
  if (!can(org.role, 'billing.manage')) throw new Response('Forbidden', { status: 403 })
  const form = await args.request.formData()
  const locale = getLocale(args.request)
  const t = translator(locale)
  const submission = parseForm(form, intents, locale)
  if (submission.status !== 'success') throw new Response('Bad Request', { status: 400 })
  const client = api(args)
  const base = `/v1/orgs/${org.id}/billing`
  const value = submission.value
  if (value.intent === 'plan') {
    const result = await client.put<{ billing: Billing }>(`${base}/plan`, { plan: value.plan })
    if (!result.ok) {
      if (result.error.name === 'UnauthorizedError') throw unauthorizedRedirect(args.request, client.headers())
      return rejectedForm(submission, result.error, locale, { fields: [] })
    }
    const plan = t(`common:billing.plans.${value.plan}`)
    return redirectWithToast('/settings/billing', { type: 'success', title: t('org-settings:billing.switched', { plan }) }, { headers: client.headers() })
  }
  // Checkout or the portal: Stripe's page, reached by a redirect (the CSP's form-action allows it, ADR 032).
  const result = await client.post<{ url: string }>(`${base}/${value.intent}`)
  if (!result.ok) {
    if (result.error.name === 'UnauthorizedError') throw unauthorizedRedirect(args.request, client.headers())
    return rejectedForm(submission, result.error, locale, { fields: [] })
  }
  return redirect(result.data.url, { headers: client.headers() })
}

const KINDS = ['venues', 'staff', 'devices'] as const

export default function BillingSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation('org-settings')
  const { t: tc } = useTranslation('common')
  const { billing, checkout } = loaderData
  const { formProps, formErrors } = useServerForm({ id: 'billing-form', lastResult: actionData?.result })
  const locale = i18n.language
  const date = (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(iso))
  const money = (amount: number | null, currency: string | null) =>
    amount === null || !currency ? '—' : new Intl.NumberFormat(locale, { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100)
  const planName = tc(`billing.plans.${billing.plan}`)
  const subscribed = billing.status === 'active' || billing.status === 'past_due'
  return (
    <div className="max-w-2xl space-y-8">
      <h1 className="text-2xl font-bold">{t('billing.title')}</h1>
      {checkout ? (
        <p role="status" className="rounded border border-stone-300 p-3 dark:border-stone-700">
          {t(checkout === 'success' ? 'billing.checkoutSuccess' : 'billing.checkoutCancelled')}
        </p>
      ) : null}

      <section aria-labelledby="billing-plan" className="space-y-4 rounded-lg border border-stone-200 p-4 dark:border-stone-800">
        <h2 id="billing-plan" className="text-lg font-semibold">
          {t('billing.currentPlan')}
        </h2>
        <p className="text-xl font-semibold" data-testid="current-plan">
          {t('billing.planLine', { plan: planName })}
          {billing.status ? <span className="ml-2 text-sm font-normal">({t(`billing.status.${billing.status}`)})</span> : null}
        </p>
        <p className="text-sm text-stone-700 dark:text-stone-300">{t('billing.plansText')}</p>
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t('billing.usage')}</caption>
          <thead>
            <tr>
              <th scope="col" className="py-1">
                {t('billing.usageWhat')}
              </th>
              <th scope="col" className="py-1">
                {t('billing.usageUsed')}
              </th>
              <th scope="col" className="py-1">
                {t('billing.usageLimit')}
              </th>
            </tr>
          </thead>
          <tbody>
            {KINDS.map((kind) => {
              const limit = billing.limits[kind]
              const over = limit !== null && billing.usage[kind] > limit
              return (
                <tr key={kind} className="border-t border-stone-200 dark:border-stone-800">
                  <th scope="row" className="py-2 font-medium">
                    {t(`billing.kinds.${kind}`)}
                  </th>
                  <td className="py-2">
                    {billing.usage[kind]}
                    {over ? <span className="ml-2 text-red-700 dark:text-red-300">{t('billing.overLimit')}</span> : null}
                  </td>
                  <td className="py-2">{limit === null ? t('billing.unlimited') : limit}</td>
                </tr>
              )
            })}
          </tbody>
        </table>
        {billing.plan === 'free' && KINDS.some((k) => billing.limits[k] !== null && billing.usage[k] > billing.limits[k]!) ? (
          <p className="text-sm">{t('billing.downgradeRule')}</p>
        ) : null}
      </section>

      <section aria-labelledby="billing-change" className="space-y-3 rounded-lg border border-stone-200 p-4 dark:border-stone-800">
        <h2 id="billing-change" className="text-lg font-semibold">
          {t('billing.changeTitle')}
        </h2>
        <FormError errors={formErrors} />
        {billing.mode === 'self-hosted' ? (
          <>
            <p className="text-sm text-stone-700 dark:text-stone-300">{t('billing.selfHosted')}</p>
            <Form method="post" {...formProps}>
              <input type="hidden" name="plan" value={billing.plan === 'pro' ? 'free' : 'pro'} />
              <SubmitButton name="intent" value="plan" width="fit" variant={billing.plan === 'pro' ? 'basic_border' : 'primary'} pendingLabel={tc('actions.working')}>
                {billing.plan === 'pro' ? t('billing.switchToFree') : t('billing.switchToPro')}
              </SubmitButton>
            </Form>
          </>
        ) : (
          <>
            {billing.nextInvoice ? (
              <p>{t('billing.nextInvoice', { date: date(billing.nextInvoice.date), amount: money(billing.nextInvoice.amount, billing.nextInvoice.currency) })}</p>
            ) : null}
            <p className="text-sm text-stone-700 dark:text-stone-300">{t('billing.stripeText')}</p>
            <Form method="post" className="flex flex-wrap gap-3" {...formProps}>
              {!subscribed ? (
                <SubmitButton name="intent" value="checkout" width="fit" pendingLabel={tc('actions.working')}>
                  {t('billing.upgrade')}
                </SubmitButton>
              ) : null}
              {billing.hasCustomer ? (
                <SubmitButton name="intent" value="portal" width="fit" variant="basic_border" pendingLabel={tc('actions.working')}>
                  {t('billing.manage')}
                </SubmitButton>
              ) : null}
            </Form>
          </>
        )}
      </section>

      <section aria-labelledby="billing-invoices" className="space-y-3 rounded-lg border border-stone-200 p-4 dark:border-stone-800">
        <h2 id="billing-invoices" className="text-lg font-semibold">
          {t('billing.invoices')}
        </h2>
        {billing.invoices.length ? (
          <table className="w-full text-left text-sm">
            <thead>
              <tr>
                <th scope="col">{t('billing.invoiceDate')}</th>
                <th scope="col">{t('billing.invoiceAmount')}</th>
                <th scope="col">{t('billing.invoiceStatus')}</th>
                <th scope="col">{t('billing.invoicePdf')}</th>
              </tr>
            </thead>
            <tbody>
              {billing.invoices.map((invoice) => (
                <tr key={invoice.id} className="border-t border-stone-200 dark:border-stone-800">
                  <td className="py-2">{date(invoice.date)}</td>
                  <td className="py-2">{money(invoice.amount, invoice.currency)}</td>
                  <td className="py-2">{t(`billing.invoiceStatuses.${invoice.status}`, { defaultValue: invoice.status })}</td>
                  <td className="py-2">
                    {invoice.pdfUrl ? (
                      <a href={invoice.pdfUrl} className="underline" rel="noreferrer">
                        {t('billing.download', { number: invoice.number ?? '' })}
                      </a>
                    ) : (
                      '—'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="text-sm text-stone-700 dark:text-stone-300">{t('billing.noInvoices')}</p>
        )}
      </section>
    </div>
  )
}


import { Form, Link } from 'react-router'
import { useTranslation } from '../../lib/use-translation'
import type { Route } from './+types/home'
import { can } from '../../../server/auth/permissions'
import { buttonClasses } from '../../components/ui/button'
import { api, must } from '../../lib/api.server'
import { isDevice } from '../../lib/device.server'
import { requireVenue } from '../../lib/selection.server'
import { getLocale, translator } from '../../lib/i18n.server'
import { redirectWithToast } from '../../lib/toast.server'
import { venueSections } from './sections'
import { DeliveriesToday } from '../../components/orders/deliveries-today'
import { ComplianceChart } from '../../components/dashboard/compliance-chart'
import { ComplianceSummaries, DueList, OpenFailures } from '../../components/dashboard/venue-day'
import type { Dashboard } from '../../components/dashboard/types'
import { RecentAlerts, type RecentAlert } from '../../components/alerts/recent-alerts'

interface Onboarding {
  hidden: boolean
  complete: boolean
  steps: Array<{ key: string; done: boolean; href: string }>
}

export async function loader(args: Route.LoaderArgs) {
  const { me, org, venue } = await requireVenue(args)
  const client = api(args)
  // The venue's day in one call (issue #14): due work most urgent first, open failures, deliveries
  // (null for a device without a PIN), and compliance for the last 30 days.
  // A shared device has no onboarding and no PIN of its own to set up. The two calls go out together.
  const device = isDevice(me)
  const [dashboardResult, onboardingResult, alertsResult] = await Promise.all([
    client.get<Dashboard>(`/v1/orgs/${org.id}/venues/${venue.id}/dashboard`),
    device ? null : client.get<Onboarding>(`/v1/orgs/${org.id}/onboarding`),
    client.get<{ alerts: RecentAlert[] }>(`/v1/orgs/${org.id}/venues/${venue.id}/alerts`),
  ])
  const dashboard = must(args.request, client, dashboardResult)
  const onboarding = onboardingResult ? must(args.request, client, onboardingResult) : ({ hidden: true, complete: true, steps: [] } as Onboarding)
  const span = new URL(args.request.url).searchParams.get('chart') === '30' ? 30 : 7
  const { alerts } = must(args.request, client, alertsResult)
  return { org, venue, dashboard, span, onboarding, device, alerts }
}

export async function action(args: Route.ActionArgs) {
  const { org } = await requireVenue(args)
  const client = api(args)
  must(args.request, client, await client.post(`/v1/orgs/${org.id}/onboarding/hide`))
  const t = translator(getLocale(args.request))
  return redirectWithToast('/', { type: 'success', title: t('org:home.onboardingHidden') }, { headers: client.headers() })
}

export default function VenueHome({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('org')
  const { org, venue, onboarding, dashboard, span } = loaderData
  const showOnboarding = !onboarding.hidden && !onboarding.complete
  const done = onboarding.steps.filter((s) => s.done).length
  const isUrgent = (w: Dashboard['due'][number]) => w.overdue || w.progress.unresolved > 0
  const urgent = dashboard.due.filter(isUrgent)
  const rest = dashboard.due.filter((w) => !isUrgent(w))
  const olderFailures = dashboard.failures.filter((f) => f.date !== dashboard.date)
  return (
    <div className="space-y-8">
      <div>
        <p className="text-sm text-stone-700 dark:text-stone-300">{org.name}</p>
        <h1 className="text-2xl font-bold">{venue.name}</h1>
      </div>

      {/* The most urgent first: overdue work and open failures, before anything else on a phone. */}
      {urgent.length || olderFailures.length ? (
        <section aria-labelledby="urgent-title" className="space-y-3 rounded-lg border-2 border-red-700 p-4 dark:border-red-400">
          <h2 id="urgent-title" className="text-lg font-semibold">
            {t('dashboard.urgent', { count: urgent.length + olderFailures.length })}
          </h2>
          {urgent.length ? <DueList work={urgent} headingLevel="h3" /> : null}
          {olderFailures.length ? <OpenFailures failures={olderFailures} title={t('dashboard.olderFailures')} /> : null}
        </section>
      ) : null}

      {showOnboarding ? (
        <section aria-labelledby="onboarding-title" className="rounded-lg border border-green-700 p-4">
          <h2 id="onboarding-title" className="text-lg font-semibold">
            {t('home.onboardingTitle')}
          </h2>
          <p className="mb-3 text-sm">{t('home.onboardingProgress', { done, total: onboarding.steps.length })}</p>
          <ol className="space-y-2">
            {onboarding.steps.map((step) => (
              <li key={step.key} className="flex flex-wrap items-center gap-2">
                <span aria-hidden="true">{step.done ? '✓' : '○'}</span>
                {step.done || !can(org.role, 'settings.access') ? (
                  <span className={step.done ? 'line-through' : undefined}>{t(`home.steps.${step.key}`)}</span>
                ) : (
                  <Link to={step.href} className="underline">
                    {t(`home.steps.${step.key}`)}
                  </Link>
                )}
                <span className="sr-only">{step.done ? t('home.stepDone') : t('home.stepPending')}</span>
              </li>
            ))}
          </ol>
          {org.role === 'OWNER' ? (
            <Form method="post" className="mt-3">
              <button type="submit" className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
                {t('home.hideOnboarding')}
              </button>
            </Form>
          ) : null}
        </section>
      ) : null}

      <section aria-labelledby="today-title" className="space-y-3">
        <h2 id="today-title" className="text-lg font-semibold">
          {t('home.today')}
        </h2>
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <Link to="/checklists" className="underline">
            {t('home.todayChecklists')}
          </Link>
          <Link to="/temperatures" className="underline">
            {t('home.todayTemperatures')}
          </Link>
        </p>
        {rest.length ? <DueList work={rest} headingLevel="h3" /> : dashboard.due.length ? null : <p className="text-stone-700 dark:text-stone-300">{t('home.nothingToday')}</p>}
      </section>

      {dashboard.deliveries ? <DeliveriesToday orders={dashboard.deliveries} /> : null}

      <RecentAlerts alerts={loaderData.alerts} timeZone={dashboard.venue.timeZone} />

      <section aria-labelledby="compliance-title" className="space-y-3">
        <h2 id="compliance-title" className="text-lg font-semibold">
          {t('dashboard.compliance')}
        </h2>
        <ComplianceSummaries last7={dashboard.compliance.last7} last30={dashboard.compliance.last30} />
        <nav aria-label={t('dashboard.chart.span')} className="flex gap-4 text-sm">
          {([7, 30] as const).map((n) => (
            <Link key={n} to={`?chart=${n}#compliance-title`} aria-current={span === n ? 'true' : undefined} className={`inline-flex min-h-11 items-center underline ${span === n ? 'font-bold' : ''}`}>
              {t('dashboard.chart.days', { count: n })}
            </Link>
          ))}
        </nav>
        <ComplianceChart id="compliance-chart" days={dashboard.compliance.days.slice(-span)} />
      </section>

      <section aria-labelledby="sections-title">
        <h2 id="sections-title" className="mb-3 text-lg font-semibold">
          {t('home.sections')}
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2">
          {venueSections.map((s) => (
            <li key={s.to}>
              <Link to={s.to} className="block rounded-lg border border-stone-200 p-4 hover:border-green-700 dark:border-stone-800">
                <span className="block font-semibold">{t(s.labelKey)}</span>
              </Link>
            </li>
          ))}
          {loaderData.device ? null : (
            <li>
              <Link to="/pin-setup" className="block rounded-lg border border-stone-200 p-4 hover:border-green-700 dark:border-stone-800">
                <span className="block font-semibold">{t('home.pinSetup')}</span>
              </Link>
            </li>
          )}
          {can(org.role, 'overview.read') ? (
            <li>
              <Link to="/overview" className="block rounded-lg border border-stone-200 p-4 hover:border-green-700 dark:border-stone-800">
                <span className="block font-semibold">{t('overview.title')}</span>
              </Link>
            </li>
          ) : null}
          {can(org.role, 'settings.access') ? (
            <li>
              <Link to="/settings" className="block rounded-lg border border-stone-200 p-4 hover:border-green-700 dark:border-stone-800">
                <span className="block font-semibold">{t('home.settings')}</span>
              </Link>
            </li>
          ) : null}
        </ul>
      </section>
    </div>
  )
}

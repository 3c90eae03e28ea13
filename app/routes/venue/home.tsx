import { Form, Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { Route } from './+types/home'
import { can } from '../../../server/auth/permissions'
import { buttonClasses } from '../../components/ui/button'
import { api, must } from '../../lib/api.server'
import { isDevice } from '../../lib/device.server'
import { requireVenue } from '../../lib/selection.server'
import { getLocale, translator } from '../../lib/i18n.server'
import { redirectWithToast } from '../../lib/toast.server'
import { venueSections } from './sections'
import { DeliveriesToday, loadDeliveriesToday } from '../../components/orders/deliveries-today'
import { EntryStateBadges, type EntryProgress } from '../../components/records/entry-state'
import { TemperatureCards, type TemperatureDay } from './temperatures'

interface Onboarding {
  hidden: boolean
  complete: boolean
  steps: Array<{ key: string; done: boolean; href: string }>
}

interface ChecklistDay {
  date: string
  checklists: Array<{ id: string; name: string; complete: boolean; overdue: boolean; progress: EntryProgress }>
}

export async function loader(args: Route.LoaderArgs) {
  const { me, org, venue } = await requireVenue(args)
  const client = api(args)
  // Today's checklists and temperature logs side by side, and the deliveries expected (issue #13;
  // none when orders are out of reach, e.g. a device without a PIN).
  const [checklists, temperatures, deliveries] = await Promise.all([
    client.get<ChecklistDay>(`/v1/orgs/${org.id}/venues/${venue.id}/checklist-entries`),
    client.get<TemperatureDay>(`/v1/orgs/${org.id}/venues/${venue.id}/temperature-entries`),
    // A shared device reads orders only while someone's PIN is active: without one, none (not the pad).
    isDevice(me) && !me.pin ? null : loadDeliveriesToday(client, org.id, venue.id),
  ])
  const today = { checklists: must(args.request, client, checklists), temperatures: must(args.request, client, temperatures) }
  // A shared device has no onboarding and no PIN of its own to set up.
  if (isDevice(me)) return { org, venue, today, onboarding: { hidden: true, complete: true, steps: [] } as Onboarding, device: true, deliveries }
  const onboarding = must(args.request, client, await client.get<Onboarding>(`/v1/orgs/${org.id}/onboarding`))
  return { org, venue, today, onboarding, device: false, deliveries }
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
  const { org, venue, onboarding, today } = loaderData
  const showOnboarding = !onboarding.hidden && !onboarding.complete
  const done = onboarding.steps.filter((s) => s.done).length
  return (
    <div className="space-y-8">
      <div>
        <p className="text-sm text-stone-700 dark:text-stone-300">{org.name}</p>
        <h1 className="text-2xl font-bold">{venue.name}</h1>
      </div>

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

      <section aria-labelledby="today-title" className="space-y-4">
        <h2 id="today-title" className="text-lg font-semibold">
          {t('home.today')}
        </h2>
        <div className="grid gap-6 lg:grid-cols-2">
          <div className="space-y-2">
            <h3 className="font-semibold">
              <Link to="/checklists" className="underline">
                {t('home.todayChecklists')}
              </Link>
            </h3>
            {today.checklists.checklists.length ? (
              <ul className="space-y-2">
                {today.checklists.checklists.map((c) => (
                  <li key={c.id} className="rounded-lg border border-stone-300 p-3 dark:border-stone-700">
                    <Link to={`/checklists/${c.id}`} className="font-semibold underline">
                      {c.name}
                    </Link>
                    <EntryStateBadges checklist={c} />
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-stone-700 dark:text-stone-300">{t('home.nothingToday')}</p>
            )}
          </div>
          <div className="space-y-2">
            <h3 className="font-semibold">
              <Link to="/temperatures" className="underline">
                {t('home.todayTemperatures')}
              </Link>
            </h3>
            {today.temperatures.temperatures.length ? <TemperatureCards day={today.temperatures} heading="h4" /> : <p className="text-stone-700 dark:text-stone-300">{t('home.nothingToday')}</p>}
          </div>
        </div>
      </section>

      {loaderData.deliveries ? <DeliveriesToday orders={loaderData.deliveries} /> : null}

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

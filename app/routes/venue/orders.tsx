import { Form, Link } from 'react-router'
import { useTranslation } from '../../lib/use-translation'
import type { Route } from './+types/orders'
import { OrderStatusBadge } from '../../components/orders/status-badge'
import { formatMoney, type Order } from '../../components/orders/types'
import { formatDay, isDay, shiftDay } from '../../components/records/dates'
import { buttonClasses, ButtonLink } from '../../components/ui/button'
import { inputClasses } from '../../components/ui/field'
import { api, must } from '../../lib/api.server'
import { requireVenue } from '../../lib/selection.server'

interface VenueOrders {
  venue: { id: string; name: string; timeZone: string }
  date: string
  today: string
  expected: Order[]
  /** Sent or confirmed, whatever the day: what the venue is waiting for. */
  open: Order[]
  drafts: Order[]
}

export async function loader(args: Route.LoaderArgs) {
  const { org, venue } = await requireVenue(args)
  const client = api(args)
  const requested = new URL(args.request.url).searchParams.get('date')
  const query = requested && isDay(requested) ? `?${new URLSearchParams({ date: requested })}` : ''
  return must(args.request, client, await client.get<VenueOrders>(`/v1/orgs/${org.id}/venues/${venue.id}/orders${query}`))
}

function OrderItem({ order, showDate }: { order: Order; showDate?: boolean }) {
  const { t, i18n } = useTranslation('org')
  return (
    <li className="rounded-lg border border-stone-200 p-3 dark:border-stone-800">
      <div className="flex flex-wrap items-center gap-2">
        <Link to={`/orders/${order.id}`} className="mr-auto font-semibold break-words underline">
          {order.supplier.name}
        </Link>
        <OrderStatusBadge status={order.status} />
      </div>
      <p className="text-sm text-stone-700 dark:text-stone-300">
        {[
          showDate ? t('orders.deliveredOn', { date: formatDay(order.deliveryDate, i18n.language) }) : null,
          t('orders.lineCount', { count: order.lines.length }),
          order.total !== null ? t(order.fullyPriced ? 'orders.total' : 'orders.pricedTotal', { amount: formatMoney(order.total, i18n.language) }) : null,
        ]
          .filter(Boolean)
          .join(' · ')}
      </p>
    </li>
  )
}

/** A titled list of orders, or a line saying there are none. */
function OrderSection({ id, title, orders, empty, showDate }: { id: string; title: string; orders: Order[]; empty: string; showDate?: boolean }) {
  return (
    <section aria-labelledby={id} className="space-y-2">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {orders.length ? (
        <ul className="space-y-2">
          {orders.map((o) => (
            <OrderItem key={o.id} order={o} showDate={showDate} />
          ))}
        </ul>
      ) : (
        <p className="text-stone-700 dark:text-stone-300">{empty}</p>
      )}
    </section>
  )
}

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation('org')
  const { venue, date, today, expected, open, drafts } = loaderData
  const link = buttonClasses({ variant: 'basic_border', size: 'lg' })
  return (
    <div className="mx-auto max-w-2xl space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="text-sm text-stone-700 dark:text-stone-300">{venue.name}</p>
          <h1 className="text-2xl font-bold">{t('orders.title')}</h1>
        </div>
        <ButtonLink to={`/orders/new?date=${date < today ? today : date}`} variant="primary">
          {t('orders.newOrder')}
        </ButtonLink>
      </div>
      <OrderSection id="open-title" title={t('orders.open')} orders={open} empty={t('orders.noneOpen')} showDate />
      <nav aria-label={t('orders.pickDate')} className="flex flex-wrap items-end gap-2">
        <Link to={`/orders?date=${shiftDay(date, -1)}`} className={link}>
          <span aria-hidden="true">←</span> {t('orders.previousDay')}
        </Link>
        <Link to={`/orders?date=${shiftDay(date, 1)}`} className={link}>
          {t('orders.nextDay')} <span aria-hidden="true">→</span>
        </Link>
        {date !== today ? (
          <Link to="/orders" className={link}>
            {t('orders.today')}
          </Link>
        ) : null}
        <Form method="get" className="flex flex-wrap items-end gap-2">
          <div className="flex flex-col gap-1">
            <label htmlFor="orders-date" className="text-sm font-medium">
              {t('orders.pickDate')}
            </label>
            <input key={date} id="orders-date" type="date" name="date" defaultValue={date} required className={inputClasses.replace('w-full', 'w-auto')} />
          </div>
          <button type="submit" className={buttonClasses({ variant: 'basic', size: 'lg' })}>
            {t('orders.show')}
          </button>
        </Form>
      </nav>
      <OrderSection id="expected-title" title={t('orders.expected', { date: formatDay(date, i18n.language) })} orders={expected} empty={t('orders.noneExpected')} />
      <OrderSection id="drafts-title" title={t('orders.drafts')} orders={drafts} empty={t('orders.noDrafts')} showDate />
    </div>
  )
}

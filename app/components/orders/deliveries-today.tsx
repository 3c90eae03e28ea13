import { Link } from 'react-router'
import { useTranslation } from '../../lib/use-translation'
import { OrderStatusBadge } from './status-badge'
import type { Order } from './types'

/** Today's expected deliveries of a venue, on its home page (the dashboard's `deliveries`). */
export function DeliveriesToday({ orders }: { orders: Order[] }) {
  const { t } = useTranslation('org')
  return (
    <section aria-labelledby="deliveries-title" className="space-y-2">
      <h2 id="deliveries-title" className="text-lg font-semibold">
        {t('orders.home.title')}
      </h2>
      {orders.length ? (
        <ul className="space-y-2">
          {orders.map((o) => (
            <li key={o.id} className="flex flex-wrap items-center gap-2 rounded-lg border border-stone-200 p-3 dark:border-stone-800">
              <Link to={`/orders/${o.id}`} className="mr-auto font-semibold underline">
                {o.supplier.name}
              </Link>
              <OrderStatusBadge status={o.status} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-stone-700 dark:text-stone-300">{t('orders.home.none')}</p>
      )}
      <p>
        <Link to="/orders" className="text-sm underline">
          {t('orders.home.all')}
        </Link>
      </p>
    </section>
  )
}

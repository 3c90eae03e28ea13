import { useTranslation } from '../../lib/use-translation'
import { Badge } from '../records/badges'
import type { Order } from './types'

const TONES = { draft: 'neutral', sent: 'info', confirmed: 'info', received: 'success', cancelled: 'warning' } as const

export function OrderStatusBadge({ status }: { status: Order['status'] }) {
  const { t } = useTranslation('org')
  return <Badge tone={TONES[status]}>{t(`orders.status.${status}`)}</Badge>
}

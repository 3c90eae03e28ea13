/**
 * The records of one cell made offline and not yet on the server (ADR 053): "waiting to sync", or "not
 * sent" with the server's reason and a way to send again or discard. Loaded only when a cell has some
 * (records/offline.tsx), never rendered by the server.
 */
import { useTranslation } from '../../lib/use-translation'
import { offlineActions, type PendingRecord } from '../../lib/offline-store'
import { formatMoment } from './dates'
import { Badge } from './badges'

export default function PendingList({ records, timeZone, day }: { records: PendingRecord[]; timeZone: string; day: string }) {
  const { t, i18n } = useTranslation('org')
  return (
    <ul className="space-y-2" aria-label={t('offline.pendingLabel')}>
      {records.map((p) => (
        <li key={p.key} className="space-y-1 rounded-md border border-dashed border-amber-700 p-2 dark:border-amber-400">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-semibold break-words">{p.shown}</span>
            {p.status === 'waiting' ? <Badge tone="warning">{t('offline.waiting')}</Badge> : <Badge tone="danger">{t('offline.notSent')}</Badge>}
          </p>
          <p className="text-sm text-stone-700 dark:text-stone-300">
            {t(p.by ? 'offline.madeBy' : 'offline.made', { name: p.by, time: formatMoment(p.madeAt, timeZone, i18n.language, day).text })}
          </p>
          {p.status === 'review' ? (
            <>
              <p className="text-sm break-words text-red-800 dark:text-red-200">{p.message}</p>
              <p className="flex flex-wrap gap-2">
                <button type="button" className="min-h-11 rounded border border-stone-500 px-3" onClick={() => offlineActions.retry?.(p.key)}>
                  {t('offline.retry')}
                </button>
                <button type="button" className="min-h-11 rounded border border-red-700 px-3 text-red-800 dark:border-red-400 dark:text-red-200" onClick={() => offlineActions.discard?.(p.key)}>
                  {t('offline.discard')}
                </button>
              </p>
            </>
          ) : null}
        </li>
      ))}
    </ul>
  )
}

import { useTranslation } from '../../lib/use-translation'
import { LateBadge, RecordStatusBadge, ReplacedBadge } from './badges'
import { ResolutionNote } from './record-card'
import { RecordedBy } from './recorded-by'
import { RecordNote, RecordValue } from './record-value'
import type { ShownRecord } from './types'

/**
 * Records that corrections replaced, newest first: never edited, shown struck through and marked
 * "replaced". Renders nothing when there are none. Pages load it when they show some (ADR 061).
 */
export function RecordHistory({ records, headingLevel = 3 }: { records: ShownRecord[]; headingLevel?: 3 | 4 }) {
  const { t } = useTranslation('org')
  if (records.length === 0) return null
  const Heading = headingLevel === 3 ? 'h3' : 'h4'
  return (
    <div className="space-y-2">
      <Heading className="text-base font-semibold">{t('records.history', { count: records.length })}</Heading>
      <ol className="space-y-2">
        {records.map((record) => (
          <li key={record.id} className="space-y-1 rounded-md border border-dashed border-stone-400 p-3 dark:border-stone-600">
            <div className="flex flex-wrap items-center gap-2">
              <ReplacedBadge />
              <RecordStatusBadge status={record.status} />
              {record.late ? <LateBadge /> : null}
            </div>
            <div className="text-stone-700 line-through decoration-1 dark:text-stone-300">
              <RecordValue record={record} />
              <RecordNote note={record.note} />
            </div>
            <RecordedBy person={record.recordedBy} at={record.recordedAt} moment={record.moment} />
            {record.resolution ? <ResolutionNote resolution={record.resolution} /> : null}
          </li>
        ))}
      </ol>
    </div>
  )
}

import type { ReactNode } from 'react'
import { useTranslation } from '../../lib/use-translation'
import { LateBadge, RecordStatusBadge } from './badges'
import { RecordedBy } from './recorded-by'
import { RecordNote, RecordValue } from './record-value'
import type { ShownRecord, ShownResolution } from './types'

/** The corrective action of a failed record, with who wrote it and when. */
export function ResolutionNote({ resolution }: { resolution: ShownResolution }) {
  const { t } = useTranslation('org')
  return (
    <div className="rounded-md border border-stone-300 bg-white p-3 dark:border-stone-700 dark:bg-stone-900">
      <p className="text-sm font-semibold">{t('records.correctiveAction')}</p>
      <p className="break-words whitespace-pre-wrap">{resolution.note}</p>
      <RecordedBy person={resolution.resolvedBy} at={resolution.resolvedAt} moment={resolution.moment} />
    </div>
  )
}

/**
 * The current record of an item: status, late flag, value, note, who and when, and the corrective
 * action when there is one. `children` go at the end (e.g. the resolution form).
 */
export function RecordCard({ record, children }: { record: ShownRecord; children?: ReactNode }) {
  const failed = record.status === 'failed'
  return (
    <div
      className={`space-y-2 rounded-md border-s-4 p-3 ${
        failed ? 'border-red-700 bg-red-50 dark:border-red-400 dark:bg-red-950/40' : 'border-green-700 bg-green-50 dark:border-green-400 dark:bg-green-950/40'
      }`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <RecordStatusBadge status={record.status} />
        {record.late ? <LateBadge /> : null}
      </div>
      <RecordValue record={record} />
      <RecordNote note={record.note} />
      <RecordedBy person={record.recordedBy} at={record.recordedAt} moment={record.moment} />
      {record.resolution ? <ResolutionNote resolution={record.resolution} /> : null}
      {children}
    </div>
  )
}

import { useTranslation } from 'react-i18next'
import type { RecordData } from './types'

/** "Between 82 and 90", "At least 82", "At most 90", or nothing without limits. */
export function useLimitsText(min: number | null, max: number | null): string | null {
  const { t } = useTranslation('org')
  if (min !== null && max !== null) return t('checklists.item.between', { min, max })
  if (min !== null) return t('checklists.item.atLeast', { min })
  if (max !== null) return t('checklists.item.atMost', { max })
  return null
}

/** A photo as a lazy thumbnail linking to the full image. */
export function RecordPhoto({ upload, alt }: { upload: NonNullable<RecordData['upload']>; alt: string }) {
  const { t } = useTranslation('org')
  if (!upload.contentType.startsWith('image/')) {
    return (
      <a href={upload.url} className="underline">
        {t('checklists.record.openFile')}
      </a>
    )
  }
  return (
    <a href={upload.url} className="inline-block rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600">
      <img
        src={upload.url}
        alt={alt}
        width={160}
        height={160}
        loading="lazy"
        decoding="async"
        className="size-40 max-w-full rounded-md border border-stone-300 bg-stone-100 object-cover dark:border-stone-700 dark:bg-stone-800"
      />
      <span className="mt-1 block text-sm underline">{t('checklists.record.openPhoto')}</span>
    </a>
  )
}

/** What was recorded, by item type (a check needs nothing beyond its status). */
export function RecordValue({ record }: { record: RecordData }) {
  const { t } = useTranslation('org')
  const limits = useLimitsText(record.min, record.max)
  switch (record.itemType) {
    case 'check':
      return null
    case 'yes_no':
      return (
        <p>
          <span className="font-medium">{t('checklists.record.answer')}</span>{' '}
          {record.value === 'yes' ? t('checklists.item.yes') : record.value === 'no' ? t('checklists.item.no') : record.value}
        </p>
      )
    case 'photo':
      return record.upload ? <RecordPhoto upload={record.upload} alt={t('checklists.record.photoAlt', { label: record.label })} /> : null
    case 'text':
      return <p className="break-words whitespace-pre-wrap">{record.value}</p>
    default:
      // number, and the readings of temperature logs
      return (
        <p>
          <span className="font-medium">{t('checklists.record.reading')}</span> <span className="text-lg font-semibold tabular-nums">{record.value}</span>
          {limits ? <span className="text-sm text-stone-700 dark:text-stone-300"> ({limits})</span> : null}
        </p>
      )
  }
}

/** The note kept with a record, if any. */
export function RecordNote({ note }: { note: string | null }) {
  const { t } = useTranslation('org')
  if (!note) return null
  return (
    <p className="text-sm break-words whitespace-pre-wrap">
      <span className="font-medium">{t('checklists.record.note')}</span> {note}
    </p>
  )
}

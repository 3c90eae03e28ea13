import { useTranslation } from '../../lib/use-translation'
import type { RecordData } from './types'

/** "Between 82 and 90", "At least 82", "At most 90", or nothing without limits. */
export function useLimitsText(min: number | null, max: number | null): string | null {
  const { t } = useTranslation('org')
  if (min !== null && max !== null) return t('records.range.between', { min, max })
  if (min !== null) return t('records.range.atLeast', { min })
  if (max !== null) return t('records.range.atMost', { max })
  return null
}

/** A photo as a lazy thumbnail linking to the full image. */
export function RecordPhoto({ upload, alt }: { upload: NonNullable<RecordData['upload']>; alt: string }) {
  const { t } = useTranslation('org')
  if (!upload.contentType.startsWith('image/')) {
    return (
      <a href={upload.url} className="underline">
        {t('records.openFile')}
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
      <span className="mt-1 block text-sm underline">{t('records.openPhoto')}</span>
    </a>
  )
}

/** What was recorded, by item type (a check needs nothing beyond its status), with the photo a failure came with. */
export function RecordValue({ record }: { record: RecordData }) {
  const { t } = useTranslation('org')
  const value = <TypedValue record={record} />
  if (record.itemType === 'photo' || !record.upload) return value
  return (
    <>
      {value}
      <RecordPhoto upload={record.upload} alt={t('records.photoAlt', { label: record.label })} />
    </>
  )
}

function TypedValue({ record }: { record: RecordData }) {
  const { t } = useTranslation('org')
  const limits = useLimitsText(record.min, record.max)
  switch (record.itemType) {
    case 'check':
      return null
    case 'choice':
      return (
        <p className="break-words">
          <span className="font-medium">{t('records.answer')}</span> {record.value}
        </p>
      )
    case 'yes_no':
      return (
        <p>
          <span className="font-medium">{t('records.answer')}</span>{' '}
          {record.value === 'yes' ? t('records.yes') : record.value === 'no' ? t('records.no') : record.value}
        </p>
      )
    case 'photo':
      return record.upload ? <RecordPhoto upload={record.upload} alt={t('records.photoAlt', { label: record.label })} /> : null
    case 'text':
      return <p className="break-words whitespace-pre-wrap">{record.value}</p>
    default:
      // number, and the readings of temperature logs
      return (
        <p>
          <span className="font-medium">{t('records.reading')}</span> <span className="text-lg font-semibold tabular-nums">{record.value}</span>
          {record.unit ? <span className="font-semibold"> {record.unit}</span> : null}
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
      <span className="font-medium">{t('records.note')}</span> {note}
    </p>
  )
}

import type { ReactNode } from 'react'
import { useTranslation } from '../../lib/use-translation'
import type { RecordStatus } from './types'

export type BadgeTone = 'success' | 'danger' | 'warning' | 'neutral' | 'info'

// Text and background pairs meet WCAG AA (≥ 4.5:1) in light and dark mode; the text always says the
// state, the colour only repeats it.
const TONES: Record<BadgeTone, string> = {
  success: 'border-green-700 bg-green-50 text-green-900 dark:border-green-400 dark:bg-green-950 dark:text-green-100',
  danger: 'border-red-700 bg-red-50 text-red-900 dark:border-red-400 dark:bg-red-950 dark:text-red-100',
  warning: 'border-amber-700 bg-amber-50 text-amber-950 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-50',
  neutral: 'border-stone-500 bg-stone-100 text-stone-900 dark:border-stone-400 dark:bg-stone-800 dark:text-stone-100',
  info: 'border-blue-700 bg-blue-50 text-blue-900 dark:border-blue-400 dark:bg-blue-950 dark:text-blue-100',
}

/** A small labelled state: an optional decorative glyph, then the words. */
export function Badge({ tone, icon, children }: { tone: BadgeTone; icon?: string; children: ReactNode }) {
  return (
    <span className={`inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-sm font-medium whitespace-nowrap ${TONES[tone]}`}>
      {icon ? <span aria-hidden="true">{icon}</span> : null}
      {children}
    </span>
  )
}

/** "Done" (✓, green) or "Failed" (✗, red). */
export function RecordStatusBadge({ status }: { status: RecordStatus }) {
  const { t } = useTranslation('org')
  return status === 'failed' ? (
    <Badge tone="danger" icon="✗">
      {t('records.failed')}
    </Badge>
  ) : (
    <Badge tone="success" icon="✓">
      {t('records.done')}
    </Badge>
  )
}

/** Recorded after the day it belongs to. */
export function LateBadge() {
  const { t } = useTranslation('org')
  return (
    <Badge tone="warning">
      {t('records.late')}
    </Badge>
  )
}

/** A record a correction has replaced. */
export function ReplacedBadge() {
  const { t } = useTranslation('org')
  return <Badge tone="neutral">{t('records.replaced')}</Badge>
}

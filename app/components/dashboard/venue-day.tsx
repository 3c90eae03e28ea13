import { Link } from 'react-router'
import { useTranslation } from '../../lib/use-translation'
import { Badge } from '../records/badges'
import { EntryProgressMeter, EntryStateBadges } from '../records/entry-state'
import type { ComplianceSummary, DueWork, OpenFailure } from './types'

/** The day's checklists and temperature logs in the order given (the API's: most urgent first). */
export function DueList({ work, headingLevel: Heading }: { work: DueWork[]; headingLevel: 'h3' | 'h4' }) {
  const { t } = useTranslation('org')
  return (
    <ul className="space-y-3">
      {work.map((w) => (
        <li
          key={`${w.kind}-${w.id}`}
          className={`space-y-2 rounded-lg border p-3 ${w.overdue || w.progress.unresolved > 0 ? 'border-red-700 dark:border-red-400' : 'border-stone-300 dark:border-stone-700'}`}
        >
          <Heading className="flex flex-wrap items-baseline gap-x-2 font-semibold break-words">
            <Link to={w.href} className="underline">
              {w.name}
            </Link>
            <span className="text-sm font-normal text-stone-700 dark:text-stone-300">
              {w.kind === 'checklist' ? t('dashboard.kind.checklist') : t('dashboard.kind.temperature')}
              {w.dueTime ? ` · ${t('dashboard.dueBy', { time: w.dueTime })}` : ''}
            </span>
          </Heading>
          <EntryStateBadges checklist={w} />
          <EntryProgressMeter name={w.name} progress={w.progress} />
          {w.failures.length ? <FailureLinks failures={w.failures} /> : null}
        </li>
      ))}
    </ul>
  )
}

function FailureLinks({ failures, withDate }: { failures: OpenFailure[]; withDate?: boolean }) {
  const { t } = useTranslation('org')
  return (
    <ul className="space-y-1 text-sm">
      {failures.map((f) => (
        <li key={`${f.kind}-${f.templateId}-${f.itemId}-${f.date}-${f.slot}`}>
          <Link to={f.href} className="inline-flex min-h-11 items-center underline">
            {withDate
              ? t('dashboard.failureOn', { name: f.templateName, label: f.label, date: f.date })
              : f.kind === 'temperature'
                ? t('dashboard.failureCheck', { label: f.label, check: f.slot + 1 })
                : t('dashboard.failure', { label: f.label })}
          </Link>
        </li>
      ))}
    </ul>
  )
}

/** Unresolved failures of earlier days, each a link to where it is resolved. */
export function OpenFailures({ failures, title }: { failures: OpenFailure[]; title: string }) {
  return (
    <div className="space-y-1">
      <h3 className="font-semibold">{title}</h3>
      <FailureLinks failures={failures} withDate />
    </div>
  )
}

/** The 7- and 30-day totals: the score (share done on time) and what it is made of. */
export function ComplianceSummaries({ last7, last30 }: { last7: ComplianceSummary; last30: ComplianceSummary }) {
  const { t } = useTranslation('org')
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {[last7, last30].map((s) => (
        <section key={s.days} aria-label={t('dashboard.chart.days', { count: s.days })} className="rounded-lg border border-stone-300 p-3 dark:border-stone-700">
          <p className="text-sm text-stone-700 dark:text-stone-300">{t('dashboard.chart.days', { count: s.days })}</p>
          <p className="text-2xl font-bold tabular-nums">{s.score === null ? '—' : `${s.score}%`}</p>
          <p className="text-sm">{t('dashboard.scoreMeaning')}</p>
          <dl className="mt-2 grid grid-cols-2 gap-x-3 text-sm tabular-nums">
            <dt>{t('dashboard.chart.onTime')}</dt>
            <dd>{s.onTime}</dd>
            <dt>{t('dashboard.chart.late')}</dt>
            <dd>{s.late}</dd>
            <dt>{t('dashboard.chart.missed')}</dt>
            <dd>{s.missed}</dd>
            <dt>{t('dashboard.chart.unresolved')}</dt>
            <dd>{s.failures.unresolved > 0 ? <Badge tone="danger">{s.failures.unresolved}</Badge> : s.failures.unresolved}</dd>
          </dl>
        </section>
      ))}
    </div>
  )
}

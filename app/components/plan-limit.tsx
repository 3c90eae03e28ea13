import { Link } from 'react-router'
import { useTranslation } from '../lib/use-translation'
import type { LimitKind } from '../../server/billing/limits'
import type { PlanSummary } from '../lib/plan-limits.server'

/**
 * The plan's limit on a page that creates venues, staff or devices (docs/decisions/031): how many are
 * in use, whether the limit is reached, and where to upgrade (the billing page is the owners').
 * Nothing on a plan without a limit of this kind.
 */
export function PlanLimitNotice({ summary, kind, billingLink }: { summary: PlanSummary | null; kind: LimitKind; billingLink: boolean }) {
  const { t } = useTranslation('common')
  const limit = summary?.limits[kind]
  if (!summary || limit === null || limit === undefined) return null
  const used = summary.usage[kind]
  const full = used >= limit
  // Over the limit (the plan was changed after they were added): "2 venues in use, 1 allowed", not "2 of 1".
  const over = used > limit
  const plan = t(`billing.plans.${summary.plan}`)
  return (
    <div
      role="status"
      className={`space-y-1 rounded border p-3 text-sm ${full ? 'border-amber-600 bg-amber-50 text-amber-950 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-50' : 'border-stone-300 dark:border-stone-700'}`}
    >
      <p>{over ? t(`planLimit.over_${kind}`, { plan, count: used, limit }) : t(`planLimit.usage_${kind}`, { plan, used, limit })}</p>
      {full ? <p className="font-semibold">{over ? t('planLimit.overFull') : t('planLimit.full')}</p> : null}
      {billingLink ? (
        <p>
          <Link to="/settings/billing" className="underline">
            {t('planLimit.upgrade')}
          </Link>
        </p>
      ) : full ? (
        <p>{t('planLimit.askOwner')}</p>
      ) : null}
    </div>
  )
}

/**
 * The settings list of a kind of template (checklists, temperature logs): heading and "new" button,
 * filters, the empty and no-match states, the active ones in a reorderable list and the archived ones
 * below; each row a summary (name, venues, days) the kind completes with its own facts.
 */
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { useTranslation } from '../../lib/use-translation'
import { ButtonLink } from '../ui/button'
import { FormError, type FieldErrors } from '../ui/field'
import { ReorderList } from './reorder-list'
import { ArchivedBadge } from './archived-badge'
import { TemplateFilters, type TemplateFilterValues } from './template-filters'

type Venue = { id: string; name: string }
interface ListedTemplate {
  id: string
  name: string
  venueIds: string[]
  days: number[]
  /** Dates of the month instead of weekdays (absent or [] = by weekday). */
  monthDays?: number[]
  archivedAt: string | null
}

/** A template's row: its name (a link), archived badge, optional description, venues, days and the kind's own facts. */
export function TemplateSummary({ template, to, venues, description, children }: { template: ListedTemplate; to: string; venues: Venue[]; description?: string; children: ReactNode }) {
  const { t } = useTranslation('org-settings')
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <Link to={to} className="mr-auto min-w-0 font-semibold break-words underline">
          {template.name}
        </Link>
        {template.archivedAt ? <ArchivedBadge /> : null}
      </div>
      {description ? <p className="mt-1 text-sm break-words text-stone-700 dark:text-stone-300">{description}</p> : null}
      <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium">{t('checklists.venues')}</dt>
        <dd className="min-w-0 break-words text-stone-700 dark:text-stone-300">{venueNames(template.venueIds, venues, t('checklists.allVenues'))}</dd>
        <dt className="font-medium">{t('checklists.days')}</dt>
        <dd className="text-stone-700 dark:text-stone-300">
          {template.monthDays?.length ? t('schedule.monthDaysSummary', { dates: template.monthDays.join(', ') }) : daysSummary(template.days, t)}
        </dd>
        {children}
      </dl>
    </>
  )
}

/** One fact of a template's row (a term and its value). */
export function SummaryRow({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium">{term}</dt>
      <dd className="text-stone-700 dark:text-stone-300">{children}</dd>
    </>
  )
}

/**
 * A kind's list. Its strings are the kind's key group of org-settings (`checklists`, `temperatures`):
 * title, new, intro, empty, createFirst, listLabel, archivedTitle, and optionally emptyHelp and
 * orderHint / orderHintFiltered; the page is /settings/{kind} and its rows `${kind without s}-{id}`.
 */
export function TemplateList<T extends ListedTemplate>({
  kind,
  list: { templates, venues, filters },
  errors,
  renderItem,
}: {
  kind: 'checklists' | 'temperatures'
  list: { templates: T[]; venues: Venue[]; filters: TemplateFilterValues }
  errors?: FieldErrors
  renderItem: (template: T) => ReactNode
}) {
  const { t } = useTranslation('org-settings')
  const settingsPath = `/settings/${kind}`
  const idPrefix = `${kind.slice(0, -1)}-`
  const optional = (key: string) => t(`${kind}.${key}`, { defaultValue: '' }) || undefined
  const active = templates.filter((x) => !x.archivedAt)
  const archived = templates.filter((x) => x.archivedAt)
  const filtered = Boolean(filters.search || filters.venue)
  const nothingYet = !templates.length && !filtered && !filters.showArchived
  const archivedId = `archived-${idPrefix}list`
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t(`${kind}.title`)}</h1>
        <ButtonLink to={`${settingsPath}/new`} variant="primary">
          {t(`${kind}.new`)}
        </ButtonLink>
      </div>
      <p className="text-stone-700 dark:text-stone-300">{t(`${kind}.intro`)}</p>
      {nothingYet ? null : <TemplateFilters filters={filters} venues={venues} clearTo={settingsPath} />}
      <FormError errors={errors} />
      {nothingYet ? (
        <div className="space-y-3 rounded-lg border border-dashed border-stone-400 p-6">
          <p className="font-semibold">{t(`${kind}.empty`)}</p>
          {optional('emptyHelp') ? <p className="text-stone-700 dark:text-stone-300">{optional('emptyHelp')}</p> : null}
          <ButtonLink to={`${settingsPath}/new`} variant="primary">
            {t(`${kind}.createFirst`)}
          </ButtonLink>
        </div>
      ) : !templates.length ? (
        <p className="rounded-lg border border-dashed border-stone-400 p-6">{t('checklists.noMatch')}</p>
      ) : (
        <>
          {active.length ? (
            <>
              {optional('orderHint') ? <p className="text-sm text-stone-700 dark:text-stone-300">{filtered ? optional('orderHintFiltered') : optional('orderHint')}</p> : null}
              <ReorderList items={active} nameOf={(x) => x.name} label={t(`${kind}.listLabel`)} idPrefix={idPrefix} renderItem={renderItem} />
            </>
          ) : null}
          {archived.length ? (
            <section aria-labelledby={archivedId} className="space-y-2">
              <h2 id={archivedId} className="text-lg font-semibold">
                {t(`${kind}.archivedTitle`)}
              </h2>
              <ul className="space-y-2">
                {archived.map((x) => (
                  <li key={x.id} id={`${idPrefix}${x.id}`} className="rounded-lg border border-stone-200 p-3 dark:border-stone-800">
                    {renderItem(x)}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </>
      )}
    </div>
  )
}

/** "Every day", "Monday to Friday", "Weekends" or the short names of the days, Monday first. */
function daysSummary(days: readonly number[], t: (key: string) => string): string {
  const set = new Set(days)
  if (set.size === 7) return t('checklists.everyDay')
  if (set.size === 5 && [1, 2, 3, 4, 5].every((d) => set.has(d))) return t('checklists.mondayToFriday')
  if (set.size === 2 && set.has(0) && set.has(6)) return t('checklists.weekends')
  return [1, 2, 3, 4, 5, 6, 0]
    .filter((d) => set.has(d))
    .map((d) => t(`checklists.dayShort.${d}`))
    .join(', ')
}

/** The names of a template's venues, or "All venues" when the list is empty. */
function venueNames(venueIds: readonly string[], venues: Array<{ id: string; name: string }>, allLabel: string): string {
  if (!venueIds.length) return allLabel
  const names = venues.filter((v) => venueIds.includes(v.id)).map((v) => v.name)
  return names.length ? names.join(', ') : '—'
}

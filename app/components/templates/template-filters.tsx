import { Form, Link } from 'react-router'
import { useTranslation } from '../../lib/use-translation'
import { Button } from '../ui/button'
import { Field, SelectField } from '../ui/field'

export interface TemplateFilterValues {
  search: string
  venue: string
  showArchived: boolean
}

/** The filters of a settings list of templates (search, venue, archived ones): a GET form that works without JavaScript. */
export function TemplateFilters({ filters, venues, clearTo }: { filters: TemplateFilterValues; venues: Array<{ id: string; name: string }>; clearTo: string }) {
  const { t } = useTranslation('org-settings')
  const filtered = Boolean(filters.search || filters.venue)
  return (
    <Form method="get" role="search" aria-label={t('checklists.filters.label')} className="rounded-lg border border-stone-200 p-3 dark:border-stone-800">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Field label={t('checklists.filters.search')} name="search" type="search" defaultValue={filters.search} autoComplete="off" maxLength={100} />
        <SelectField label={t('checklists.filters.venue')} name="venue" defaultValue={filters.venue}>
          <option value="">{t('checklists.allVenues')}</option>
          {venues.map((v) => (
            <option key={v.id} value={v.id}>
              {v.name}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2">
        <Field type="checkbox" name="showArchived" value="true" label={t('checklists.filters.showArchived')} defaultChecked={filters.showArchived} className="mr-auto" />
        {filtered || filters.showArchived ? (
          <Link to={clearTo} className="inline-flex min-h-10 items-center text-sm underline">
            {t('checklists.filters.clear')}
          </Link>
        ) : null}
        <Button type="submit" size="md" variant="basic_border">
          {t('checklists.filters.apply')}
        </Button>
      </div>
    </Form>
  )
}

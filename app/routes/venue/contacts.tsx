import { Form, Link } from 'react-router'
import { useTranslation } from '../../lib/use-translation'
import type { Route } from './+types/contacts'
import { can } from '../../../server/auth/permissions'
import { MailIcon, PhoneIcon } from '../../components/contacts/icons'
import { groupByCategory, type Contact, type ContactCategory } from '../../components/contacts/types'
import { buttonClasses } from '../../components/ui/button'
import { inputClasses } from '../../components/ui/field'
import { api, must } from '../../lib/api.server'
import { requireVenue } from '../../lib/selection.server'

interface VenueContacts {
  venue: { id: string; name: string; country: string | null }
  categories: ContactCategory[]
  contacts: Contact[]
}

export async function loader(args: Route.LoaderArgs) {
  const { org, venue } = await requireVenue(args)
  const client = api(args)
  const url = new URL(args.request.url)
  const category = url.searchParams.get('category') ?? ''
  const search = (url.searchParams.get('search') ?? '').slice(0, 100)
  const query = new URLSearchParams()
  if (category) query.set('category', category)
  if (search) query.set('search', search)
  const result = await client.get<VenueContacts>(`/v1/orgs/${org.id}/venues/${venue.id}/contacts${query.size ? `?${query}` : ''}`)
  // An unknown category in the address: show every category rather than an error page.
  if (!result.ok && result.error.name === 'ValidationError') {
    const all = must(args.request, client, await client.get<VenueContacts>(`/v1/orgs/${org.id}/venues/${venue.id}/contacts`))
    return { ...all, category: '', search: '', canManage: can(org.role, 'contacts.manage') }
  }
  return { ...must(args.request, client, result), category, search, canManage: can(org.role, 'contacts.manage') }
}

export default function Contacts({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('org')
  const { venue, categories, contacts, category, search, canManage } = loaderData
  const groups = groupByCategory(contacts, categories)
  const filterLink = (id: string) => {
    const q = new URLSearchParams()
    if (id) q.set('category', id)
    if (search) q.set('search', search)
    return `/contacts${q.size ? `?${q}` : ''}`
  }
  return (
    <div className="mx-auto max-w-2xl space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="text-sm text-stone-700 dark:text-stone-300">{venue.name}</p>
          <h1 className="text-2xl font-bold">{t('contacts.title')}</h1>
        </div>
        {canManage ? (
          <Link to="/settings/contacts" className="text-sm underline">
            {t('contacts.manage')}
          </Link>
        ) : null}
      </div>

      <Form method="get" role="search" className="flex flex-wrap items-end gap-2">
        {category ? <input type="hidden" name="category" value={category} /> : null}
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <label htmlFor="contact-search" className="text-sm font-medium">
            {t('contacts.search')}
          </label>
          <input id="contact-search" type="search" name="search" defaultValue={search} maxLength={100} className={inputClasses} />
        </div>
        <button type="submit" className={buttonClasses({ variant: 'primary' })}>
          {t('contacts.searchButton')}
        </button>
      </Form>

      <nav aria-label={t('contacts.filter')}>
        <ul className="flex flex-wrap gap-2">
          {[{ id: '', name: t('contacts.all') }, ...categories].map((c) => (
            <li key={c.id || 'all'}>
              <Link
                to={filterLink(c.id)}
                aria-current={category === c.id ? 'page' : undefined}
                className={buttonClasses({ variant: category === c.id ? 'primary' : 'basic_border', size: 'md' })}
              >
                {c.name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      {groups.length ? (
        groups.map((group) => (
          <section key={group.category?.id ?? 'none'} aria-labelledby={`cat-${group.category?.id ?? 'none'}`} className="space-y-2">
            <h2 id={`cat-${group.category?.id ?? 'none'}`} className="text-lg font-semibold">
              {group.category?.name ?? t('contacts.uncategorised')}
            </h2>
            <ul className="space-y-2">
              {group.contacts.map((c) => (
                <li key={c.id} className="space-y-2 rounded-lg border border-stone-200 p-3 dark:border-stone-800">
                  <div>
                    <p className="font-semibold break-words">{c.name}</p>
                    {c.company || c.role ? <p className="text-sm text-stone-700 dark:text-stone-300">{[c.role, c.company].filter(Boolean).join(' · ')}</p> : null}
                  </div>
                  <div className="flex flex-wrap gap-2">
                    {c.phone ? (
                      <a href={`tel:${c.phone}`} className={buttonClasses({ variant: 'primary', size: 'md' })}>
                        <PhoneIcon />
                        <span className="sr-only">{t('contacts.call', { name: c.name })}</span>
                        <span>{c.phoneDisplay}</span>
                      </a>
                    ) : null}
                    {c.email ? (
                      <a href={`mailto:${c.email}`} className={buttonClasses({ variant: 'basic_border', size: 'md' })}>
                        <MailIcon />
                        <span className="sr-only">{t('contacts.mail', { name: c.name })}</span>
                        <span className="break-all">{c.email}</span>
                      </a>
                    ) : null}
                    <a href={`/contacts/${c.id}/vcard`} download className={buttonClasses({ variant: 'ghost', size: 'md' })}>
                      {t('contacts.vcardShort')}{' '}
                      <span className="sr-only">{t('contacts.vcard', { name: c.name })}</span>
                    </a>
                  </div>
                  {c.address ? <p className="text-sm whitespace-pre-line">{c.address}</p> : null}
                  {c.website ? (
                    <p className="text-sm">
                      <a href={c.website} rel="noopener noreferrer nofollow" target="_blank" className="break-all underline">
                        {c.website}
                      </a>
                    </p>
                  ) : null}
                  {c.notes ? <p className="text-sm whitespace-pre-line text-stone-700 dark:text-stone-300">{c.notes}</p> : null}
                </li>
              ))}
            </ul>
          </section>
        ))
      ) : (
        <p className="rounded-lg border border-dashed border-stone-400 p-6">{search || category ? t('contacts.empty') : t('contacts.emptyAll')}</p>
      )}
    </div>
  )
}

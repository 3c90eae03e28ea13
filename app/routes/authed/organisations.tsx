import { Form, Link } from 'react-router'
import { useTranslation } from '../../lib/use-translation'
import type { Route } from './+types/organisations'
import { buttonClasses } from '../../components/ui/button'
import { getLocale, translator } from '../../lib/i18n.server'
import { getSelection, selectOrgCookies } from '../../lib/selection.server'
import { requireUser } from '../../lib/session.server'
import { redirectWithToast } from '../../lib/toast.server'
import type { I18nHandle } from '../../lib/i18n'

export const handle: I18nHandle = { i18n: ['org'] }

export async function loader(args: Route.LoaderArgs) {
  const me = await requireUser(args)
  const { org } = await getSelection(args)
  return { orgs: me.orgs.map((o) => ({ id: o.id, name: o.name, role: o.role, venueCount: o.venues.length })), currentId: org?.id ?? null }
}

/** Switching organisation clears the venue and starts from the new organisation's home. */
export async function action(args: Route.ActionArgs) {
  const me = await requireUser(args)
  const form = await args.request.formData()
  const org = me.orgs.find((o) => o.id === form.get('orgId'))
  if (!org) throw new Response('Not Found', { status: 404 })
  const headers = new Headers()
  for (const c of selectOrgCookies(org.id)) headers.append('Set-Cookie', c)
  const t = translator(getLocale(args.request))
  return redirectWithToast('/', { type: 'success', title: t('org:organisations.switched', { name: org.name }) }, { headers })
}

export default function Organisations({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('org')
  const { orgs, currentId } = loaderData
  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <h1 className="text-2xl font-bold">{t('organisations.title')}</h1>
      {orgs.length ? (
        <>
          <p>{t('organisations.intro')}</p>
          <ul className="space-y-2">
            {orgs.map((o) => (
              <li key={o.id} className="flex flex-wrap items-center gap-3 rounded-lg border border-stone-200 p-3 dark:border-stone-800">
                <div className="mr-auto min-w-0">
                  <p className="font-semibold break-words">
                    {o.name} {o.id === currentId ? <span className="ml-1 rounded bg-green-100 px-2 py-0.5 text-xs text-green-900 dark:bg-green-950 dark:text-green-100">{t('organisations.current')}</span> : null}
                  </p>
                  <p className="text-sm text-stone-700 dark:text-stone-300">{t('organisations.role', { role: t(`roles.${o.role}`) })}</p>
                </div>
                <Form method="post">
                  <input type="hidden" name="orgId" value={o.id} />
                  <button type="submit" className={buttonClasses({ variant: o.id === currentId ? 'basic_border' : 'primary', size: 'md' })}>
                    {t('organisations.switch', { name: o.name })}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <div className="rounded-lg border border-dashed border-stone-400 p-6">
          <p className="font-semibold">{t('organisations.empty')}</p>
          <p className="text-stone-700 dark:text-stone-300">{t('organisations.emptyHelp')}</p>
        </div>
      )}
      <Link to="/organisations/create" className={buttonClasses({ variant: orgs.length ? 'basic_border' : 'primary' })}>
        {t('organisations.create')}
      </Link>
    </div>
  )
}

import { Form, Link } from 'react-router'
import { useTranslation } from '../../lib/use-translation'
import { z } from 'zod'
import type { Route } from './+types/contacts'
import { can } from '../../../server/auth/permissions'
import { Badge } from '../../components/records/badges'
import { groupByCategory, type Contact, type ContactCategory } from '../../components/contacts/types'
import { SubmitButton } from '../../components/submit-button'
import { buttonClasses, ButtonLink } from '../../components/ui/button'
import { ConfirmForm } from '../../components/ui/confirm-dialog'
import { Field, FormError } from '../../components/ui/field'
import { api, must, unauthorizedRedirect } from '../../lib/api.server'
import { resultErrors, useServerForm, type FormResult } from '../../lib/forms'
import { invalidForm, noFields, parseForm, rejectedForm, requiredText } from '../../lib/forms.server'
import { getLocale, translator } from '../../lib/i18n.server'
import { requireOrg } from '../../lib/selection.server'
import { redirectWithToast } from '../../lib/toast.server'

const categorySchema = z.object({ name: requiredText(100), supplier: z.literal('on').optional() })

export async function loader(args: Route.LoaderArgs) {
  const { org } = await requireOrg(args)
  if (!can(org.role, 'contacts.manage')) throw new Response('Forbidden', { status: 403 })
  const client = api(args)
  const [contacts, categories] = await Promise.all([
    client.get<{ contacts: Contact[] }>(`/v1/orgs/${org.id}/contacts`),
    client.get<{ categories: ContactCategory[] }>(`/v1/orgs/${org.id}/contact-categories`),
  ])
  return { contacts: must(args.request, client, contacts).contacts, categories: must(args.request, client, categories).categories, venues: org.venues }
}

type Intent = 'addCategory' | 'renameCategory' | 'deleteCategory' | 'moveUp' | 'moveDown'

export async function action(args: Route.ActionArgs) {
  const { org } = await requireOrg(args)
  if (!can(org.role, 'contacts.manage')) throw new Response('Forbidden', { status: 403 })
  const form = await args.request.formData()
  const client = api(args)
  const locale = getLocale(args.request)
  const t = translator(locale)
  const intent = (form.get('intent') as Intent | null) ?? 'addCategory'
  const categoryId = String(form.get('categoryId') ?? '')
  const base = `/v1/orgs/${org.id}/contact-categories`
  const buttons = parseForm(form, noFields, locale)
  const failed = (error: Parameters<typeof rejectedForm>[1], submission: Parameters<typeof rejectedForm>[0] = buttons, fields: readonly string[] = []) => {
    if (error.name === 'UnauthorizedError') throw unauthorizedRedirect(args.request, client.headers())
    return rejectedForm(submission, error, locale, { fields, extra: { intent, categoryId }, headers: client.headers() })
  }
  if (intent === 'addCategory' || intent === 'renameCategory') {
    const submission = parseForm(form, categorySchema, locale)
    if (submission.status !== 'success') return invalidForm(submission, { intent, categoryId })
    const body = { name: submission.value.name, supplier: submission.value.supplier === 'on' }
    const result =
      intent === 'addCategory'
        ? await client.post<{ category: ContactCategory }>(base, body)
        : await client.put<{ category: ContactCategory }>(`${base}/${encodeURIComponent(categoryId)}`, body)
    if (!result.ok) return failed(result.error, submission, ['name'])
    const title = intent === 'addCategory' ? t('org-settings:contacts.categories.added', { name: result.data.category.name }) : t('org-settings:contacts.categories.saved')
    return redirectWithToast('/settings/contacts#categories', { type: 'success', title }, { headers: client.headers() })
  }
  if (intent === 'deleteCategory') {
    const current = must(args.request, client, await client.get<{ category: ContactCategory }>(`${base}/${encodeURIComponent(categoryId)}`))
    const result = await client.del(`${base}/${encodeURIComponent(categoryId)}`)
    if (!result.ok) return failed(result.error)
    return redirectWithToast('/settings/contacts#categories', { type: 'success', title: t('org-settings:contacts.categories.deleted', { name: current.category.name }) }, { headers: client.headers() })
  }
  // moveUp / moveDown: the current order with this category swapped with its neighbour.
  const { categories } = must(args.request, client, await client.get<{ categories: ContactCategory[] }>(base))
  const ids = categories.map((c) => c.id)
  const at = ids.indexOf(categoryId)
  const to = intent === 'moveUp' ? at - 1 : at + 1
  if (at >= 0 && to >= 0 && to < ids.length) {
    ;[ids[at], ids[to]] = [ids[to]!, ids[at]!]
    const result = await client.post(`${base}/reorder`, { ids })
    if (!result.ok) return failed(result.error)
  }
  return redirectWithToast('/settings/contacts#categories', { type: 'success', title: t('org-settings:contacts.categories.saved') }, { headers: client.headers() })
}

export default function SettingsContacts({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('org-settings')
  const { t: tc } = useTranslation('common')
  const { contacts, categories, venues } = loaderData
  const answer = actionData as { intent: Intent; categoryId: string; result: FormResult } | undefined
  const resultFor = (intent: Intent, categoryId = '') => (answer?.intent === intent && answer.categoryId === categoryId ? answer.result : undefined)
  const addForm = useServerForm({ id: 'add-category', lastResult: resultFor('addCategory') })
  const venueNames = (ids: string[]) => (ids.length ? venues.filter((v) => ids.includes(v.id)).map((v) => v.name).join(', ') : t('contacts.allVenues'))
  return (
    <div className="space-y-8">
      <div className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-bold">{t('contacts.title')}</h1>
          <ButtonLink to="/settings/contacts/new" variant="primary">
            {t('contacts.add')}
          </ButtonLink>
        </div>
        <p className="text-stone-700 dark:text-stone-300">{t('contacts.intro')}</p>
        {contacts.length ? (
          groupByCategory(contacts, categories).map((group) => (
            <section key={group.category?.id ?? 'none'} aria-labelledby={`group-${group.category?.id ?? 'none'}`} className="space-y-2">
              <h2 id={`group-${group.category?.id ?? 'none'}`} className="text-lg font-semibold">
                {group.category?.name ?? t('contacts.uncategorised')}
              </h2>
              <ul className="space-y-2">
                {group.contacts.map((c) => (
                  <li key={c.id} className="rounded-lg border border-stone-200 p-3 dark:border-stone-800">
                    <Link to={`/settings/contacts/${c.id}`} className="font-semibold break-words underline">
                      {c.name}
                    </Link>
                    {c.company ? <span className="ms-2 text-sm text-stone-700 dark:text-stone-300">{c.company}</span> : null}
                    <p className="text-sm text-stone-700 dark:text-stone-300">
                      {[c.phoneDisplay, c.email, venueNames(c.venueIds)].filter(Boolean).join(' · ')}
                    </p>
                  </li>
                ))}
              </ul>
            </section>
          ))
        ) : (
          <div className="space-y-3 rounded-lg border border-dashed border-stone-400 p-6">
            <p className="font-semibold">{t('contacts.empty')}</p>
            <ButtonLink to="/settings/contacts/new" variant="primary">
              {t('contacts.addFirst')}
            </ButtonLink>
          </div>
        )}
      </div>

      <section id="categories" aria-labelledby="categories-title" className="space-y-3 rounded-lg border border-stone-200 p-4 dark:border-stone-800">
        <h2 id="categories-title" className="text-lg font-semibold">
          {t('contacts.categories.title')}
        </h2>
        <p className="text-sm text-stone-700 dark:text-stone-300">{t('contacts.categories.intro')}</p>
        <ol className="space-y-3">
          {categories.map((category, index) => (
            <CategoryRow
              key={category.id}
              category={category}
              first={index === 0}
              last={index === categories.length - 1}
              result={resultFor('renameCategory', category.id)}
              otherResult={resultFor('deleteCategory', category.id) ?? resultFor('moveUp', category.id) ?? resultFor('moveDown', category.id)}
            />
          ))}
        </ol>
        <Form method="post" className="space-y-3 border-t border-stone-200 pt-3 dark:border-stone-800" {...addForm.formProps}>
          <FormError errors={addForm.formErrors} />
          <Field label={t('contacts.categories.name')} {...addForm.field('name')} required maxLength={100} autoComplete="off" />
          <Field type="checkbox" label={t('contacts.categories.supplier')} {...addForm.checkbox('supplier')} />
          <SubmitButton name="intent" value="addCategory" width="fit" pendingLabel={tc('actions.working')}>
            {t('contacts.categories.add')}
          </SubmitButton>
        </Form>
      </section>
    </div>
  )
}

function CategoryRow({ category, first, last, result, otherResult }: { category: ContactCategory; first: boolean; last: boolean; result?: FormResult; otherResult?: FormResult }) {
  const { t } = useTranslation('org-settings')
  const { t: tc } = useTranslation('common')
  const form = useServerForm({ id: `category-${category.id}`, lastResult: result, defaultValue: { name: category.name, supplier: category.supplier ? 'on' : undefined } })
  return (
    <li className="space-y-2 rounded-md border border-stone-200 p-3 dark:border-stone-800">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold">{category.name}</span>
        {category.supplier ? <Badge tone="neutral">{t('contacts.categories.supplierBadge')}</Badge> : null}
        <span className="text-sm text-stone-700 dark:text-stone-300">{t('contacts.categories.count', { count: category.contactCount ?? 0 })}</span>
      </div>
      <FormError errors={resultErrors(otherResult)} />
      <Form method="post" className="flex flex-wrap items-end gap-3" {...form.formProps}>
        <input type="hidden" name="categoryId" value={category.id} />
        <Field label={t('contacts.categories.name')} {...form.field('name')} required maxLength={100} autoComplete="off" className="min-w-48 flex-1" />
        <Field type="checkbox" label={t('contacts.categories.supplier')} {...form.checkbox('supplier')} />
        <SubmitButton name="intent" value="renameCategory" width="fit" variant="basic_border" pendingLabel={tc('actions.working')}>
          {t('contacts.categories.rename')}
        </SubmitButton>
      </Form>
      <div className="flex flex-wrap gap-2">
        <Form method="post">
          <input type="hidden" name="categoryId" value={category.id} />
          <button type="submit" name="intent" value="moveUp" disabled={first} aria-label={t('contacts.categories.up', { name: category.name })} className={buttonClasses({ variant: 'basic_border', size: 'sm' })}>
            ↑
          </button>
        </Form>
        <Form method="post">
          <input type="hidden" name="categoryId" value={category.id} />
          <button type="submit" name="intent" value="moveDown" disabled={last} aria-label={t('contacts.categories.down', { name: category.name })} className={buttonClasses({ variant: 'basic_border', size: 'sm' })}>
            ↓
          </button>
        </Form>
        <ConfirmForm
          dangerous
          intent="deleteCategory"
          hiddenFields={{ categoryId: category.id }}
          trigger={t('contacts.categories.delete')}
          triggerLabel={`${t('contacts.categories.delete')} ${category.name}`}
          title={t('contacts.categories.deleteTitle', { name: category.name })}
          description={t('contacts.categories.intro')}
          confirmLabel={t('contacts.categories.delete')}
          cancelLabel={tc('actions.cancel')}
          defaultTitle={tc('confirm.defaultTitle')}
        />
      </div>
    </li>
  )
}

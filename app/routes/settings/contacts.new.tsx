import { Form, Link } from 'react-router'
import { useTranslation } from '../../lib/use-translation'
import type { Route } from './+types/contacts.new'
import { can } from '../../../server/auth/permissions'
import { contactDefaults, ContactFields } from '../../components/contacts/contact-fields'
import { CONTACT_FIELDS, contactBody, contactFormSchema } from '../../components/contacts/form.server'
import type { Contact, ContactCategory } from '../../components/contacts/types'
import { SubmitButton } from '../../components/submit-button'
import { FormError } from '../../components/ui/field'
import { api, must, unauthorizedRedirect } from '../../lib/api.server'
import { useServerForm } from '../../lib/forms'
import { invalidForm, parseForm, rejectedForm } from '../../lib/forms.server'
import { getLocale, translator } from '../../lib/i18n.server'
import { requireOrg } from '../../lib/selection.server'
import { redirectWithToast } from '../../lib/toast.server'

export async function loader(args: Route.LoaderArgs) {
  const { org } = await requireOrg(args)
  if (!can(org.role, 'contacts.manage')) throw new Response('Forbidden', { status: 403 })
  const client = api(args)
  const { categories } = must(args.request, client, await client.get<{ categories: ContactCategory[] }>(`/v1/orgs/${org.id}/contact-categories`))
  const category = new URL(args.request.url).searchParams.get('category') ?? ''
  return { categories, venues: org.venues, category }
}

export async function action(args: Route.ActionArgs) {
  const { org } = await requireOrg(args)
  if (!can(org.role, 'contacts.manage')) throw new Response('Forbidden', { status: 403 })
  const form = await args.request.formData()
  const locale = getLocale(args.request)
  const submission = parseForm(form, contactFormSchema, locale)
  if (submission.status !== 'success') return invalidForm(submission)
  const client = api(args)
  const result = await client.post<{ contact: Contact }>(`/v1/orgs/${org.id}/contacts`, contactBody(submission.value))
  if (!result.ok) {
    if (result.error.name === 'UnauthorizedError') throw unauthorizedRedirect(args.request, client.headers())
    return rejectedForm(submission, result.error, locale, { fields: CONTACT_FIELDS, headers: client.headers() })
  }
  const { contact } = result.data
  const t = translator(locale)
  // A supplier's products are added on its own page.
  const next = contact.category?.supplier ? `/settings/contacts/${contact.id}#products` : '/settings/contacts'
  return redirectWithToast(next, { type: 'success', title: t('org-settings:contacts.created', { name: contact.name }) }, { headers: client.headers() })
}

export default function NewContact({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('org-settings')
  const { t: tc } = useTranslation('common')
  const form = useServerForm({ id: 'new-contact', lastResult: actionData?.result, defaultValue: { ...contactDefaults(), categoryId: loaderData.category } })
  return (
    <div className="max-w-xl space-y-4">
      <p>
        <Link to="/settings/contacts" className="text-sm underline">
          {t('contacts.back')}
        </Link>
      </p>
      <h1 className="text-2xl font-bold">{t('contacts.newTitle')}</h1>
      <Form method="post" className="space-y-4" {...form.formProps}>
        <FormError errors={form.formErrors} />
        <ContactFields form={form} categories={loaderData.categories} venues={loaderData.venues} />
        <SubmitButton width="fit" pendingLabel={tc('actions.working')}>
          {t('contacts.create')}
        </SubmitButton>
      </Form>
    </div>
  )
}

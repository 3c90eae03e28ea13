import { Form, Link } from 'react-router'
import { useTranslation } from '../../lib/use-translation'
import { z } from 'zod'
import type { Route } from './+types/support'
import { TextareaField } from '../../components/records/fields'
import { SubmitButton } from '../../components/submit-button'
import { Field, FormError } from '../../components/ui/field'
import { api, unauthorizedRedirect } from '../../lib/api.server'
import { useServerForm } from '../../lib/forms'
import { invalidForm, parseForm, rejectedForm, requiredText } from '../../lib/forms.server'
import type { I18nHandle } from '../../lib/i18n'
import { getLocale } from '../../lib/i18n.server'
import { getSelection } from '../../lib/selection.server'
import { requireUser } from '../../lib/session.server'

export const handle: I18nHandle = { i18n: ['authed'] }

const schema = z.object({ subject: requiredText(200), message: requiredText(5000) })

/**
 * /support for signed-in people (docs/decisions/033): subject, message and an optional screenshot;
 * who they are and the organisation and venue they are working in go with it automatically.
 * A shared device has no one to answer: 403.
 */
export async function loader(args: Route.LoaderArgs) {
  const me = await requireUser(args)
  if (me.user.type === 'device') throw new Response('Forbidden', { status: 403 })
  const { org, venue } = await getSelection(args)
  return { person: { name: me.user.name, email: me.user.email }, org: org && { id: org.id, name: org.name }, venue }
}

export async function action(args: Route.ActionArgs) {
  const me = await requireUser(args)
  if (me.user.type === 'device') throw new Response('Forbidden', { status: 403 })
  const { org, venue } = await getSelection(args)
  const form = await args.request.formData()
  const locale = getLocale(args.request)
  const submission = parseForm(form, schema, locale)
  if (submission.status !== 'success') return invalidForm(submission, { sent: false })
  const client = api(args)
  const fail = (error: Parameters<typeof rejectedForm>[1]) => {
    if (error.name === 'UnauthorizedError') throw unauthorizedRedirect(args.request, client.headers())
    return rejectedForm(submission, error, locale, { fields: ['subject', 'message', 'file'], rename: { uploadId: 'file' }, extra: { sent: false } })
  }
  // The screenshot goes through the organisation's uploads first (they are kept per organisation).
  let uploadId: string | undefined
  const file = form.get('file')
  if (org && file && typeof file !== 'string' && file.size > 0) {
    const upload = new FormData()
    upload.append('file', file, file.name)
    const uploaded = await client.upload<{ id: string }>(`/v1/orgs/${org.id}/uploads`, upload)
    if (!uploaded.ok) return fail(uploaded.error)
    uploadId = uploaded.data.id
  }
  const result = await client.post('/v1/forms/support', {
    name: me.user.name,
    email: me.user.email,
    locale,
    ...submission.value,
    ...(org ? { orgId: org.id } : {}),
    ...(org && venue ? { venueId: venue.id } : {}),
    ...(uploadId ? { uploadId } : {}),
  })
  if (!result.ok) return fail(result.error)
  return { sent: true, result: undefined }
}

export default function Support({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('authed')
  const { person, org, venue } = loaderData
  const { field, formProps, formErrors } = useServerForm({ id: 'support', lastResult: actionData?.result })
  return (
    <div className="mx-auto w-full max-w-xl space-y-4">
      <h1 className="text-2xl font-bold">{t('support.title')}</h1>
      <p className="text-stone-700 dark:text-stone-300">{t('support.intro', { email: person.email })}</p>
      {actionData?.sent ? (
        <div role="status" className="space-y-2 rounded-lg border border-stone-200 p-4 dark:border-stone-800">
          <p className="font-medium">{t('support.sent')}</p>
          <p>
            <Link className="underline" to="/support">
              {t('support.another')}
            </Link>
          </p>
        </div>
      ) : (
        <Form method="post" encType="multipart/form-data" className="space-y-4 rounded-lg border border-stone-200 p-4 dark:border-stone-800" {...formProps}>
          <FormError errors={formErrors} />
          <Field label={t('support.subject')} {...field('subject')} required maxLength={200} />
          <TextareaField label={t('support.message')} {...field('message')} required maxLength={5000} rows={6} />
          {org ? (
            <Field label={t('support.screenshot')} {...field('file')} defaultValue={undefined} type="file" accept="image/jpeg,image/png,image/webp,application/pdf" hint={t('support.screenshotHint')} />
          ) : null}
          <p className="text-sm text-stone-700 dark:text-stone-300" data-testid="support-context">
            {org ? (venue ? t('support.contextVenue', { org: org.name, venue: venue.name }) : t('support.contextOrg', { org: org.name })) : t('support.contextNone')}
          </p>
          <SubmitButton pendingLabel={t('support.pending')}>{t('support.submit')}</SubmitButton>
        </Form>
      )}
    </div>
  )
}

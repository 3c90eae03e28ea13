import { Form, Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { Route } from './+types/temperatures.new'
import { can } from '../../../server/auth/permissions'
import { LOG_FIELDS, logBody, logSchema } from '../../components/temperatures/form-bodies.server'
import { logDefaults, LogFields } from '../../components/temperatures/log-fields'
import type { TemperatureLog } from '../../components/temperatures/types'
import { SubmitButton } from '../../components/submit-button'
import { FormError } from '../../components/ui/field'
import { api, unauthorizedRedirect } from '../../lib/api.server'
import { useServerForm } from '../../lib/forms'
import { invalidForm, parseForm, rejectedForm } from '../../lib/forms.server'
import { getLocale, translator } from '../../lib/i18n.server'
import { requireOrg } from '../../lib/selection.server'
import { redirectWithToast } from '../../lib/toast.server'

export async function loader(args: Route.LoaderArgs) {
  const { org } = await requireOrg(args)
  if (!can(org.role, 'temperatures.manage')) throw new Response('Forbidden', { status: 403 })
  return { venues: org.venues }
}

export async function action(args: Route.ActionArgs) {
  const { org } = await requireOrg(args)
  if (!can(org.role, 'temperatures.manage')) throw new Response('Forbidden', { status: 403 })
  const locale = getLocale(args.request)
  const submission = parseForm(await args.request.formData(), logSchema, locale)
  if (submission.status !== 'success') return invalidForm(submission)
  const client = api(args)
  const result = await client.post<{ temperature: TemperatureLog }>(`/v1/orgs/${org.id}/temperatures`, logBody(submission.value))
  if (!result.ok) {
    if (result.error.name === 'UnauthorizedError') throw unauthorizedRedirect(args.request, client.headers())
    return rejectedForm(submission, result.error, locale, { fields: LOG_FIELDS, headers: client.headers() })
  }
  const { temperature } = result.data
  const t = translator(locale)
  // On to the log's page, where its units are added.
  return redirectWithToast(
    `/settings/temperatures/${temperature.id}#add-unit`,
    { type: 'success', title: t('org-settings:temperatures.created', { name: temperature.name }) },
    { headers: client.headers() },
  )
}

export default function NewTemperatureLog({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('org-settings')
  const form = useServerForm({ id: 'new-temperature', lastResult: actionData?.result, defaultValue: logDefaults() })
  return (
    <div className="max-w-xl space-y-4">
      <p>
        <Link to="/settings/temperatures" className="text-sm underline">
          {t('temperatures.backToList')}
        </Link>
      </p>
      <h1 className="text-2xl font-bold">{t('temperatures.newTitle')}</h1>
      <p className="text-stone-700 dark:text-stone-300">{t('temperatures.newIntro')}</p>
      <Form method="post" className="space-y-4" {...form.formProps}>
        <FormError errors={form.formErrors} />
        <LogFields venues={loaderData.venues} form={form} />
        <SubmitButton width="fit" pendingLabel={t('common:actions.working')}>
          {t('temperatures.create')}
        </SubmitButton>
      </Form>
    </div>
  )
}

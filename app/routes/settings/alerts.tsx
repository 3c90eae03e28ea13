import { Form } from 'react-router'
import { useTranslation } from '../../lib/use-translation'
import { z } from 'zod'
import type { Route } from './+types/alerts'
import { can } from '../../../server/auth/permissions'
import type { AlertSettings } from '../../../server/alerts/settings'
import { AlertChoiceFields } from '../../components/alerts/alert-fields'
import { SubmitButton } from '../../components/submit-button'
import { FieldMessage, FormError } from '../../components/ui/field'
import { api, must, unauthorizedRedirect } from '../../lib/api.server'
import { useServerForm } from '../../lib/forms'
import { invalidForm, parseForm, rejectedForm } from '../../lib/forms.server'
import { getLocale, translator } from '../../lib/i18n.server'
import { requireOrg } from '../../lib/selection.server'
import { redirectWithToast } from '../../lib/toast.server'

interface Member {
  id: string
  name: string
  role: 'OWNER' | 'ADMIN' | 'BASIC'
  status: string
  hasAccount: boolean
}

/** The form as sent: unticked boxes are absent (off); the API judges numbers, times and members. */
const schema = z.object({
  overdue: z.boolean().optional(),
  overdueDelayMinutes: z.number(),
  failures: z.boolean().optional(),
  failureDelayMinutes: z.number(),
  digest: z.boolean().optional(),
  digestTime: z.string(),
  quietStart: z.string().optional(),
  quietEnd: z.string().optional(),
  recipientIds: z.array(z.string()).optional(),
})

const FIELDS = ['overdue', 'overdueDelayMinutes', 'failures', 'failureDelayMinutes', 'digest', 'digestTime', 'quietStart', 'quietEnd', 'recipientIds']

/** ADMIN and up (the settings layout already refuses BASIC). */
export async function loader(args: Route.LoaderArgs) {
  const { org } = await requireOrg(args)
  if (!can(org.role, 'settings.access')) throw new Response('Forbidden', { status: 403 })
  const client = api(args)
  const [settings, staff] = await Promise.all([
    client.get<{ settings: AlertSettings }>(`/v1/orgs/${org.id}/alert-settings`),
    client.get<{ staff: Member[] }>(`/v1/orgs/${org.id}/staff`),
  ])
  return {
    settings: must(args.request, client, settings).settings,
    // Managers get alerts anyway; the others with an account may be chosen.
    members: must(args.request, client, staff).staff.filter((m) => m.role === 'BASIC' && m.hasAccount && m.status === 'active'),
  }
}

export async function action(args: Route.ActionArgs) {
  const { org } = await requireOrg(args)
  if (!can(org.role, 'settings.access')) throw new Response('Forbidden', { status: 403 })
  const form = await args.request.formData()
  const locale = getLocale(args.request)
  const submission = parseForm(form, schema, locale)
  if (submission.status !== 'success') return invalidForm(submission)
  const v = submission.value
  const client = api(args)
  const result = await client.put(`/v1/orgs/${org.id}/alert-settings`, {
    overdue: v.overdue ?? false,
    overdueDelayMinutes: v.overdueDelayMinutes,
    failures: v.failures ?? false,
    failureDelayMinutes: v.failureDelayMinutes,
    digest: v.digest ?? false,
    digestTime: v.digestTime,
    quietStart: v.quietStart ?? null,
    quietEnd: v.quietEnd ?? null,
    recipientIds: v.recipientIds ?? [],
  })
  if (!result.ok) {
    if (result.error.name === 'UnauthorizedError') throw unauthorizedRedirect(args.request, client.headers())
    return rejectedForm(submission, result.error, locale, { fields: FIELDS })
  }
  return redirectWithToast('/settings/alerts', { type: 'success', title: translator(locale)('org-settings:alerts.saved') }, { headers: client.headers() })
}

export default function AlertSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('org-settings')
  const { t: tc } = useTranslation('common')
  const { settings, members } = loaderData
  const form = useServerForm({
    id: 'alert-settings-form',
    lastResult: actionData?.result,
    defaultValue: { ...settings, quietStart: settings.quietStart ?? '', quietEnd: settings.quietEnd ?? '' },
  })
  const chosen = form.values('recipientIds')
  const recipients = form.group('recipientIds')
  return (
    <div className="max-w-xl space-y-6">
      <h1 className="text-2xl font-bold">{t('alerts.title')}</h1>
      <p className="text-stone-700 dark:text-stone-300">{t('alerts.intro')}</p>
      <Form method="post" className="space-y-6 rounded-lg border border-stone-200 p-4 dark:border-stone-800" {...form.formProps}>
        <FormError errors={form.formErrors} />
        <AlertChoiceFields form={form} quietHint={t('alerts.quietHint')} delays />
        <fieldset className="space-y-1" aria-describedby={recipients.errors ? recipients.errorId : undefined}>
          <legend className="text-sm font-medium">{t('alerts.recipients')}</legend>
          <p className="text-sm text-stone-700 dark:text-stone-300">{t('alerts.recipientsHint')}</p>
          {members.length ? (
            members.map((m) => (
              <label key={m.id} className="flex min-h-11 items-center gap-3">
                <input type="checkbox" name="recipientIds" value={m.id} defaultChecked={chosen.includes(m.id)} className="size-5" /> <span className="break-words">{m.name}</span>
              </label>
            ))
          ) : (
            <p className="text-sm">{t('alerts.noMembers')}</p>
          )}
          <FieldMessage id={recipients.errorId} errors={recipients.errors} />
        </fieldset>
        <SubmitButton width="fit" pendingLabel={tc('actions.working')}>
          {tc('actions.save')}
        </SubmitButton>
      </Form>
    </div>
  )
}


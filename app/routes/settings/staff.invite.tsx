import { data, Form, Link } from 'react-router'
import { useTranslation } from '../../lib/use-translation'
import { z } from 'zod'
import type { I18nHandle } from '../../lib/i18n'
import type { Route } from './+types/staff.invite'
import { can, manageableRoles } from '../../../server/auth/permissions'
import { createStaffBody } from '../../../server/staff/routes'
import { SubmitButton } from '../../components/submit-button'
import { ButtonLink } from '../../components/ui/button'
import { Field, FormError } from '../../components/ui/field'
import { PlanLimitNotice } from '../../components/plan-limit'
import { loadPlanSummary } from '../../lib/plan-limits.server'
import { api, unauthorizedRedirect } from '../../lib/api.server'
import { useServerForm } from '../../lib/forms'
import { invalidForm, parseForm, refusedForm, rejectedForm, requiredText } from '../../lib/forms.server'
import { getLocale, translator } from '../../lib/i18n.server'
import { requireOrg } from '../../lib/selection.server'
import { redirectWithToast } from '../../lib/toast.server'
import { RoleSelect, VenueCheckboxes, type Member } from './staff-fields'

/** The role names (`org:roles.*`) are the organisation namespace's: the settings layout sends only its own. */
export const handle: I18nHandle = { i18n: ['org'] }

/** The API's contract; a name of only spaces gets the web's message. No e-mail address: a PIN-only member. */
const schema = z.object({ ...createStaffBody.shape, name: requiredText(100) })

export async function loader(args: Route.LoaderArgs) {
  const { org } = await requireOrg(args)
  if (!can(org.role, 'staff.manage')) throw new Response('Forbidden', { status: 403 })
  return { roles: manageableRoles(org.role), venues: org.venues, planSummary: await loadPlanSummary(args, org.id), billingLink: can(org.role, 'billing.manage') }
}

export async function action(args: Route.ActionArgs) {
  const { org } = await requireOrg(args)
  const form = await args.request.formData()
  const locale = getLocale(args.request)
  const t = translator(locale)
  const extra = { created: undefined }
  const submission = parseForm(form, schema, locale)
  if (submission.status !== 'success') return invalidForm(submission, extra)
  const { email, pin, ...rest } = submission.value

  // PIN-only members (no e-mail address) are Basic or Admin.
  if (!email && rest.role === 'OWNER') return refusedForm(submission, { fieldErrors: { role: t('org-settings:staff.pinOnlyRole') } }, extra)

  const client = api(args)
  const result = await client.post<{ member: Member; pin?: string }>(`/v1/orgs/${org.id}/staff`, { ...rest, ...(email ? { email } : {}), ...(pin ? { pin } : {}) })
  if (!result.ok) {
    if (result.error.name === 'UnauthorizedError') throw unauthorizedRedirect(args.request, client.headers())
    // A 403 (e.g. "verify your e-mail address first") carries its message: it becomes the form error.
    return rejectedForm(submission, result.error, locale, { fields: ['name', 'email', 'role', 'venueIds', 'pin'], extra })
  }
  const { member, pin: generated } = result.data
  if (generated) {
    // A generated PIN is shown once, here: never in a URL, a cookie or a later page.
    return data({ result: undefined, created: { id: member.id, name: member.name, pin: generated } }, { headers: client.headers({ 'Cache-Control': 'no-store' }) })
  }
  const title = member.email ? t('org-settings:staff.invited', { email: member.email }) : t('org-settings:staff.added', { name: member.name })
  return redirectWithToast('/settings/staff', { type: 'success', title }, { headers: client.headers() })
}

export default function InviteStaff({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('org-settings')
  const { t: tc } = useTranslation('common')
  const { roles, venues } = loaderData
  const created = actionData?.created
  const { field, group, values, formProps, formErrors } = useServerForm({ id: 'invite-staff', lastResult: actionData?.result, defaultValue: { role: 'BASIC' } })
  if (created) {
    return (
      <div className="max-w-xl space-y-4">
        <h1 className="text-2xl font-bold break-words">{t('staff.createdTitle', { name: created.name })}</h1>
        <div role="status" className="space-y-2 rounded-lg border border-green-700 p-4 dark:border-green-400">
          <p>{t('staff.createdPin', { name: created.name })}</p>
          <p className="font-mono text-3xl font-bold tracking-widest" translate="no">
            {created.pin}
          </p>
          <p className="text-sm text-stone-700 dark:text-stone-300">{t('staff.createdPinOnce')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <ButtonLink to="/settings/staff" variant="primary">
            {t('staff.backToList')}
          </ButtonLink>
          <ButtonLink to={`/settings/staff/${created.id}`} variant="basic_border">
            {t('staff.openMember', { name: created.name })}
          </ButtonLink>
        </div>
      </div>
    )
  }
  return (
    <div className="max-w-xl space-y-4">
      <p>
        <Link to="/settings/staff" className="text-sm underline">
          {t('staff.backToList')}
        </Link>
      </p>
      <h1 className="text-2xl font-bold">{t('staff.inviteTitle')}</h1>
      <p className="text-stone-700 dark:text-stone-300">{t('staff.inviteIntro')}</p>
      <PlanLimitNotice summary={loaderData.planSummary} kind="staff" billingLink={loaderData.billingLink} />
      <Form method="post" className="space-y-4" {...formProps}>
        <FormError errors={formErrors} />
        <Field label={t('staff.name')} {...field('name')} required maxLength={100} autoComplete="off" />
        <Field label={t('staff.email')} {...field('email')} type="email" autoComplete="off" hint={t('staff.emailHint')} />
        <RoleSelect roles={roles} {...field('role')} />
        <VenueCheckboxes venues={venues} selected={values('venueIds')} errors={group('venueIds').errors} />
        <Field
          label={t('staff.pinOptional')}
          {...field('pin')}
          inputMode="numeric"
          pattern="\d{4,6}"
          minLength={4}
          maxLength={6}
          autoComplete="off"
          hint={t('staff.pinHint')}
        />
        <SubmitButton width="fit" pendingLabel={tc('actions.working')}>
          {t('staff.inviteSubmit')}
        </SubmitButton>
      </Form>
    </div>
  )
}

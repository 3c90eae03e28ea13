import { Form, Link } from 'react-router'
import { useTranslation } from '../../lib/use-translation'
import { z } from 'zod'
import type { I18nHandle } from '../../lib/i18n'
import type { Route } from './+types/staff.$staffId'
import { can, manageableRoles } from '../../../server/auth/permissions'
import { updateStaffBody } from '../../../server/staff/routes'
import { SubmitButton } from '../../components/submit-button'
import { Button } from '../../components/ui/button'
import { DangerZone } from '../../components/ui/danger-zone'
import { Field, FormError } from '../../components/ui/field'
import { api, must, unauthorizedRedirect, type ApiErrorInfo } from '../../lib/api.server'
import { resultErrors, useServerForm } from '../../lib/forms'
import { invalidForm, noFields, parseForm, rejectedForm, requiredText } from '../../lib/forms.server'
import { getLocale, translator } from '../../lib/i18n.server'
import { clearSelectionCookies, requireOrg } from '../../lib/selection.server'
import { redirectWithToast } from '../../lib/toast.server'
import { RoleSelect, ROLE_ORDER, StatusBadge, venueNames, VenueCheckboxes, type Member } from './staff-fields'
import { formatInstant } from '../../components/records/dates'

/** The role names (`org:roles.*`) are the organisation namespace's: the settings layout sends only its own. */
export const handle: I18nHandle = { i18n: ['org'] }

/** The API's role and venues; a name of only spaces gets the web's message; no venue ticked means all. */
const schema = z.object({ name: requiredText(100), role: updateStaffBody.shape.role.unwrap(), venueIds: updateStaffBody.shape.venueIds.unwrap() })

export async function loader(args: Route.LoaderArgs) {
  const { org } = await requireOrg(args)
  if (!can(org.role, 'staff.read')) throw new Response('Forbidden', { status: 403 })
  const client = api(args)
  const [memberResult, profileResult, orgResult] = await Promise.all([
    client.get<{ member: Member }>(`/v1/orgs/${org.id}/staff/${encodeURIComponent(args.params.staffId)}`),
    client.get<{ profile: { membershipId: string } }>(`/v1/orgs/${org.id}/profile`),
    client.get<{ organisation: { timeZone: string } }>(`/v1/orgs/${org.id}`),
  ])
  const { member } = must(args.request, client, memberResult)
  const { profile } = must(args.request, client, profileResult)
  const { organisation } = must(args.request, client, orgResult)
  // Dates are written here, in the organisation's zone, so server and browser render the same text.
  const language = getLocale(args.request)
  const when = (iso: string | null) => (iso ? formatInstant(iso, { language, timeZone: organisation.timeZone }) : null)
  // The member's own role is shown even when this viewer may not give it (the API then explains why not).
  const manageable = manageableRoles(org.role)
  const pinOnly = member.email === null
  const roles = ROLE_ORDER.filter((r) => r === member.role || (manageable.includes(r) && !(pinOnly && r === 'OWNER')))
  return {
    member,
    venues: org.venues,
    roles,
    isSelf: profile.membershipId === member.id,
    canManage: can(org.role, member.role === 'OWNER' ? 'staff.manageOwners' : 'staff.manage'),
    dates: {
      invitedAt: when(member.invitedAt),
      inviteExpiresAt: when(member.inviteExpiresAt),
      joinedAt: when(member.joinedAt),
      inviteExpired: member.inviteExpiresAt ? new Date(member.inviteExpiresAt).getTime() < Date.now() : false,
    },
  }
}

export async function action(args: Route.ActionArgs) {
  const { org } = await requireOrg(args)
  const form = await args.request.formData()
  const intent = form.get('intent')
  const client = api(args)
  const locale = getLocale(args.request)
  const t = translator(locale)
  const path = `/v1/orgs/${org.id}/staff/${encodeURIComponent(args.params.staffId)}`
  const failed = (name: 'resend' | 'remove', error: ApiErrorInfo) => {
    if (error.name === 'UnauthorizedError') throw unauthorizedRedirect(args.request, client.headers())
    return rejectedForm(parseForm(form, noFields, locale), error, locale, { fields: [], extra: { intent: name } })
  }

  if (intent === 'resend') {
    const { member } = must(args.request, client, await client.get<{ member: Member }>(path))
    const result = await client.post(`${path}/resend-invite`)
    if (!result.ok) return failed('resend', result.error)
    const here = `/settings/staff/${member.id}`
    return redirectWithToast(here, { type: 'success', title: t('org-settings:staff.resent', { email: member.email ?? member.name }) }, { headers: client.headers() })
  }

  if (intent === 'remove') {
    const [memberResult, profileResult] = await Promise.all([
      client.get<{ member: Member }>(path),
      client.get<{ profile: { membershipId: string } }>(`/v1/orgs/${org.id}/profile`),
    ])
    const { member } = must(args.request, client, memberResult)
    const { profile } = must(args.request, client, profileResult)
    const result = await client.del(path)
    if (!result.ok) return failed('remove', result.error)
    const headers = client.headers()
    // Someone who removed themselves has left the organisation: start again from the list of organisations.
    if (profile.membershipId === member.id) {
      for (const c of clearSelectionCookies()) headers.append('Set-Cookie', c)
      return redirectWithToast('/organisations', { type: 'success', title: t('org-settings:staff.left', { org: org.name }) }, { headers })
    }
    return redirectWithToast('/settings/staff', { type: 'success', title: t('org-settings:staff.removed', { name: member.name }) }, { headers })
  }

  // intent === 'save'
  const submission = parseForm(form, schema, locale)
  if (submission.status !== 'success') return invalidForm(submission, { intent: 'save' })
  const result = await client.put<{ member: Member }>(path, submission.value)
  if (!result.ok) {
    if (result.error.name === 'UnauthorizedError') throw unauthorizedRedirect(args.request, client.headers())
    return rejectedForm(submission, result.error, locale, { fields: ['name', 'role', 'venueIds'], extra: { intent: 'save' } })
  }
  return redirectWithToast('/settings/staff', { type: 'success', title: t('org-settings:staff.saved', { name: result.data.member.name }) }, { headers: client.headers() })
}

export default function StaffMember({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('org-settings')
  const { t: tc } = useTranslation('common')
  const { member, venues, roles, isSelf, canManage, dates } = loaderData
  const resultOf = (intent: string) => (actionData?.intent === intent ? actionData.result : undefined)
  const { field, group, values, formProps, formErrors } = useServerForm({
    id: 'member-form',
    lastResult: resultOf('save'),
    defaultValue: { name: member.name, role: member.role, venueIds: member.venueIds },
  })
  const resendErrors = resultErrors(resultOf('resend'))
  const removeErrors = resultErrors(resultOf('remove'))
  return (
    <div className="max-w-xl space-y-8">
      <div className="space-y-2">
        <p>
          <Link to="/settings/staff" className="text-sm underline">
            {t('staff.backToList')}
          </Link>
        </p>
        <h1 className="text-2xl font-bold break-words">{member.name}</h1>
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <StatusBadge status={member.status} />
          {isSelf ? <span className="text-stone-700 dark:text-stone-300">{t('staff.you')}</span> : null}
        </div>
        <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="font-medium">{t('staff.email')}</dt>
          <dd className="min-w-0 break-words text-stone-700 dark:text-stone-300">{member.email ?? t('staff.pinOnly')}</dd>
          <dt className="font-medium">{t('staff.venues')}</dt>
          <dd className="min-w-0 break-words text-stone-700 dark:text-stone-300">{venueNames(member.venueIds, venues, t('staff.allVenues'))}</dd>
          <dt className="font-medium">{t('staff.pin')}</dt>
          <dd className="text-stone-700 dark:text-stone-300">{member.hasPin ? t('staff.pinSet') : t('staff.pinNotSet')}</dd>
          {dates.joinedAt ? (
            <>
              <dt className="font-medium">{t('staff.joinedAt')}</dt>
              <dd className="text-stone-700 dark:text-stone-300">{dates.joinedAt}</dd>
            </>
          ) : null}
          {member.status === 'invited' && dates.invitedAt ? (
            <>
              <dt className="font-medium">{t('staff.invitedAt')}</dt>
              <dd className="text-stone-700 dark:text-stone-300">{dates.invitedAt}</dd>
            </>
          ) : null}
          {member.status === 'invited' && dates.inviteExpiresAt ? (
            <>
              <dt className="font-medium">{dates.inviteExpired ? t('staff.inviteExpiredAt') : t('staff.inviteExpiresAt')}</dt>
              <dd className="text-stone-700 dark:text-stone-300">{dates.inviteExpiresAt}</dd>
            </>
          ) : null}
        </dl>
      </div>

      <section aria-labelledby="member-details" className="rounded-lg border border-stone-200 p-4 dark:border-stone-800">
        <h2 id="member-details" className="mb-3 text-lg font-semibold">
          {t('staff.details')}
        </h2>
        {!canManage ? <p className="mb-3 text-sm text-stone-700 dark:text-stone-300">{t('staff.ownersOnlyHint')}</p> : null}
        <Form method="post" className="space-y-4" {...formProps}>
          <FormError errors={formErrors} />
          <Field label={t('staff.name')} {...field('name')} required maxLength={100} autoComplete="off" />
          <RoleSelect roles={roles} {...field('role')} />
          <VenueCheckboxes venues={venues} selected={values('venueIds')} errors={group('venueIds').errors} />
          <SubmitButton name="intent" value="save" width="fit" pendingLabel={tc('actions.working')}>
            {tc('actions.save')}
          </SubmitButton>
        </Form>
      </section>

      {member.status === 'invited' ? (
        <section aria-labelledby="member-invitation" className="space-y-3 rounded-lg border border-stone-200 p-4 dark:border-stone-800">
          <h2 id="member-invitation" className="text-lg font-semibold">
            {t('staff.invitation')}
          </h2>
          <p className="text-sm text-stone-700 dark:text-stone-300">{t('staff.resendHelp')}</p>
          <FormError errors={resendErrors} />
          <Form method="post">
            <Button type="submit" name="intent" value="resend" variant="basic_border">
              {t('staff.resend')}
            </Button>
          </Form>
        </section>
      ) : null}

      <DangerZone
        intent="remove"
        trigger={isSelf ? t('staff.leave') : t('staff.remove')}
        title={isSelf ? t('staff.leaveTitle') : t('staff.removeTitle', { name: member.name })}
        help={isSelf ? t('staff.removeSelfHelp') : t('staff.removeHelp', { name: member.name })}
        errors={removeErrors}
      />
    </div>
  )
}

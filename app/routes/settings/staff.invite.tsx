import { data, Form, Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { Route } from './+types/staff.invite'
import { can, manageableRoles, type Role } from '../../../server/auth/permissions'
import { SubmitButton } from '../../components/submit-button'
import { ButtonLink } from '../../components/ui/button'
import { Field, FormError } from '../../components/ui/field'
import { api, unauthorizedRedirect } from '../../lib/api.server'
import { failureMessages, failureStatus, formValues } from '../../lib/forms.server'
import { getLocale, translator } from '../../lib/i18n.server'
import { requireOrg } from '../../lib/selection.server'
import { redirectWithToast } from '../../lib/toast.server'
import { formVenueIds, RoleSelect, VenueCheckboxes, type Member } from './staff-fields'

const FIELDS = ['name', 'email', 'role', 'venueIds', 'pin'] as const

export async function loader(args: Route.LoaderArgs) {
  const { org } = await requireOrg(args)
  if (!can(org.role, 'staff.manage')) throw new Response('Forbidden', { status: 403 })
  return { roles: manageableRoles(org.role), venues: org.venues }
}

export async function action(args: Route.ActionArgs) {
  const { org } = await requireOrg(args)
  const form = await args.request.formData()
  const locale = getLocale(args.request)
  const t = translator(locale)
  const text = formValues(form, ['name', 'email', 'role', 'pin'])
  const values = { name: text.name ?? '', email: (text.email ?? '').trim(), role: text.role ?? 'BASIC', venueIds: formVenueIds(form) }
  const fail = (failure: { fieldErrors: Record<string, string>; formError?: string }, status = 400) => data({ ...failure, values, created: undefined }, { status })

  // PIN-only members (no e-mail address) are Basic or Admin.
  if (!values.email && values.role === 'OWNER') return fail({ fieldErrors: { role: t('org-settings:staff.pinOnlyRole') } })

  const body: Record<string, unknown> = { name: values.name, role: values.role, venueIds: values.venueIds }
  if (values.email) body.email = values.email
  if (text.pin) body.pin = text.pin
  const client = api(args)
  const result = await client.post<{ member: Member; pin?: string }>(`/v1/orgs/${org.id}/staff`, body)
  if (!result.ok) {
    if (result.error.name === 'UnauthorizedError') throw unauthorizedRedirect(args.request, client.headers())
    // A 403 (e.g. "verify your e-mail address first") carries its message: it becomes the form error.
    const failure = failureMessages(result.error, locale, FIELDS)
    const failureCode = failureStatus(result.error)
    return fail(failure, failureCode)
  }
  const { member, pin } = result.data
  if (pin) {
    // A generated PIN is shown once, here: never in a URL, a cookie or a later page.
    return data(
      { fieldErrors: {} as Record<string, string>, formError: undefined, values: undefined, created: { id: member.id, name: member.name, pin } },
      { headers: client.headers({ 'Cache-Control': 'no-store' }) },
    )
  }
  const title = member.email ? t('org-settings:staff.invited', { email: member.email }) : t('org-settings:staff.added', { name: member.name })
  return redirectWithToast('/settings/staff', { type: 'success', title }, { headers: client.headers() })
}

export default function InviteStaff({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('org-settings')
  const { t: tc } = useTranslation('common')
  const { roles, venues } = loaderData
  const created = actionData?.created
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
  const errors = actionData?.fieldErrors ?? {}
  const values = actionData?.values
  return (
    <div className="max-w-xl space-y-4">
      <p>
        <Link to="/settings/staff" className="text-sm underline">
          {t('staff.backToList')}
        </Link>
      </p>
      <h1 className="text-2xl font-bold">{t('staff.inviteTitle')}</h1>
      <p className="text-stone-700 dark:text-stone-300">{t('staff.inviteIntro')}</p>
      <Form method="post" className="space-y-4">
        <FormError>{actionData?.formError}</FormError>
        <Field label={t('staff.name')} name="name" required maxLength={100} autoComplete="off" defaultValue={values?.name} error={errors.name} />
        <Field
          label={t('staff.email')}
          name="email"
          type="email"
          autoComplete="off"
          defaultValue={values?.email}
          hint={t('staff.emailHint')}
          error={errors.email}
        />
        <RoleSelect roles={roles} defaultValue={(values?.role as Role | undefined) ?? 'BASIC'} error={errors.role} />
        <VenueCheckboxes venues={venues} selected={values?.venueIds ?? []} error={errors.venueIds} />
        <Field
          label={t('staff.pinOptional')}
          name="pin"
          inputMode="numeric"
          pattern="\d{4,6}"
          minLength={4}
          maxLength={6}
          autoComplete="off"
          hint={t('staff.pinHint')}
          error={errors.pin}
        />
        <SubmitButton width="fit" pendingLabel={tc('actions.working')}>
          {t('staff.inviteSubmit')}
        </SubmitButton>
      </Form>
    </div>
  )
}

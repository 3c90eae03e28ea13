import { data, Form, Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { Route } from './+types/profile'
import { SubmitButton } from '../../components/submit-button'
import { Field, FormError, SelectField } from '../../components/ui/field'
import { api, must, unauthorizedRedirect } from '../../lib/api.server'
import { LOCALE_COOKIE, preferenceCookie } from '../../lib/cookies.server'
import { formFailure, formValues } from '../../lib/forms.server'
import { getLocale, translator } from '../../lib/i18n.server'
import { isLocale } from '../../lib/i18n'
import { getSelection } from '../../lib/selection.server'
import { redirectWithToast } from '../../lib/toast.server'
import type { SessionUser } from '../../root'

interface OrgProfile {
  membershipId: string
  name: string
  hasPin: boolean
}

export async function loader(args: Route.LoaderArgs) {
  const client = api(args)
  const { org } = await getSelection(args)
  const [profileResult, orgProfileResult] = await Promise.all([
    client.get<{ profile: SessionUser }>('/v1/profile'),
    org ? client.get<{ profile: OrgProfile }>(`/v1/orgs/${org.id}/profile`) : null,
  ])
  const { profile } = must(args.request, client, profileResult)
  // The member's name and PIN in the organisation being worked in, when one is chosen.
  const membership = org && orgProfileResult ? { orgName: org.name, ...must(args.request, client, orgProfileResult).profile } : null
  return { profile, membership }
}

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData()
  const intent = form.get('intent')
  const client = api(args)
  if (intent === 'password') {
    const fields = ['currentPassword', 'newPassword'] as const
    const values = formValues(form, fields)
    const locale = getLocale(args.request)
    if (values.newPassword !== form.get('confirmPassword')) {
      return data(
        { intent, fieldErrors: { confirmPassword: translator(locale)('validation.passwordsDiffer') } as Record<string, string>, formError: undefined as string | undefined },
        { status: 400 },
      )
    }
    const result = await client.post('/v1/auth/update-password', values)
    if (!result.ok) {
      return formFailure(result.error, locale, fields, { intent })
    }
    return redirectWithToast('/profile', { type: 'success', title: translator(locale)('authed:profile.passwordChanged') }, { headers: client.headers() })
  }
  if (intent === 'email') {
    const fields = ['email', 'currentPassword'] as const
    const values = formValues(form, fields)
    const locale = getLocale(args.request)
    const result = await client.put('/v1/profile', values)
    if (!result.ok) {
      if (result.error.name === 'UnauthorizedError') throw unauthorizedRedirect(args.request, client.headers())
      return formFailure(result.error, locale, fields, { intent })
    }
    return redirectWithToast('/profile', { type: 'success', title: translator(locale)('authed:profile.emailChanged', { email: values.email ?? '' }) }, { headers: client.headers() })
  }
  if (intent === 'orgName') {
    const locale = getLocale(args.request)
    const { org } = await getSelection(args)
    if (!org) throw new Response('Not Found', { status: 404 })
    const result = await client.put(`/v1/orgs/${org.id}/profile`, formValues(form, ['name']))
    if (!result.ok) {
      if (result.error.name === 'UnauthorizedError') throw unauthorizedRedirect(args.request, client.headers())
      return formFailure(result.error, locale, ['name'], { intent })
    }
    return redirectWithToast('/profile', { type: 'success', title: translator(locale)('authed:profile.orgNameSaved', { org: org.name }) }, { headers: client.headers() })
  }
  // intent === 'profile'
  const fields = ['name', 'locale'] as const
  const values = formValues(form, fields)
  const result = await client.put<{ profile: SessionUser }>('/v1/profile', values)
  const requestLocale = getLocale(args.request)
  if (!result.ok) {
    return formFailure(result.error, requestLocale, fields, { intent: 'profile' })
  }
  const locale = isLocale(result.data.profile.locale) ? result.data.profile.locale : requestLocale
  const headers = client.headers()
  headers.append('Set-Cookie', preferenceCookie(LOCALE_COOKIE, locale))
  return redirectWithToast('/profile', { type: 'success', title: translator(locale)('authed:profile.saved') }, { headers })
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('authed')
  const { t: tc } = useTranslation('common')
  const { profile, membership } = loaderData
  const profileErrors = actionData?.intent === 'profile' ? actionData : undefined
  const passwordErrors = actionData?.intent === 'password' ? actionData : undefined
  const emailErrors = actionData?.intent === 'email' ? actionData : undefined
  const orgNameErrors = actionData?.intent === 'orgName' ? actionData : undefined
  return (
    <div className="mx-auto max-w-2xl space-y-8">
      <h1 className="text-2xl font-bold">{t('profile.title')}</h1>

      <section aria-labelledby="profile-details" className="rounded-lg border border-stone-200 p-4 dark:border-stone-800">
        <h2 id="profile-details" className="mb-3 text-lg font-semibold">
          {t('profile.details')}
        </h2>
        <p className="mb-3 text-sm">
          {t('profile.email')}: <strong>{profile.email}</strong>{' '}
          {profile.emailVerified ? `(${t('profile.verified')})` : `(${t('profile.unverified')})`}
        </p>
        <Form method="post" className="space-y-4">
          <FormError>{profileErrors?.formError}</FormError>
          <Field label={t('profile.name')} name="name" defaultValue={profile.name} required maxLength={100} autoComplete="name" error={profileErrors?.fieldErrors?.name} />
          <SelectField label={tc('language.label')} name="locale" defaultValue={profile.locale} error={profileErrors?.fieldErrors?.locale}>
            <option value="en" lang="en">
              {tc('language.en')}
            </option>
            <option value="es" lang="es">
              {tc('language.es')}
            </option>
          </SelectField>
          <SubmitButton name="intent" value="profile" width="fit" pendingLabel={tc('actions.working')}>
            {tc('actions.save')}
          </SubmitButton>
        </Form>
      </section>

      <section aria-labelledby="profile-email" className="rounded-lg border border-stone-200 p-4 dark:border-stone-800">
        <h2 id="profile-email" className="mb-3 text-lg font-semibold">
          {t('profile.changeEmail')}
        </h2>
        <p className="mb-3 text-sm text-stone-700 dark:text-stone-300">{t('profile.changeEmailHelp')}</p>
        <Form method="post" className="space-y-4">
          <FormError>{emailErrors?.formError}</FormError>
          <Field label={t('profile.newEmail')} name="email" type="email" autoComplete="email" required error={emailErrors?.fieldErrors?.email} />
          <Field
            label={t('profile.currentPassword')}
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            required
            error={emailErrors?.fieldErrors?.currentPassword}
          />
          <SubmitButton name="intent" value="email" width="fit" pendingLabel={tc('actions.working')}>
            {t('profile.updateEmail')}
          </SubmitButton>
        </Form>
      </section>

      <section aria-labelledby="profile-password" className="rounded-lg border border-stone-200 p-4 dark:border-stone-800">
        <h2 id="profile-password" className="mb-3 text-lg font-semibold">
          {t('profile.changePassword')}
        </h2>
        <Form method="post" className="space-y-4">
          <FormError>{passwordErrors?.formError}</FormError>
          <Field
            label={t('profile.currentPassword')}
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            required
            error={passwordErrors?.fieldErrors?.currentPassword}
          />
          <Field
            label={t('profile.newPassword')}
            name="newPassword"
            type="password"
            autoComplete="new-password"
            required
            minLength={8}
            hint={t('profile.passwordHint')}
            error={passwordErrors?.fieldErrors?.newPassword}
          />
          <Field
            label={t('profile.confirmPassword')}
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            required
            minLength={8}
            error={passwordErrors?.fieldErrors?.confirmPassword}
          />
          <SubmitButton name="intent" value="password" width="fit" pendingLabel={tc('actions.working')}>
            {t('profile.updatePassword')}
          </SubmitButton>
        </Form>
      </section>

      {membership ? (
        <section aria-labelledby="profile-org" className="rounded-lg border border-stone-200 p-4 dark:border-stone-800">
          <h2 id="profile-org" className="mb-3 text-lg font-semibold break-words">
            {t('profile.inOrg', { org: membership.orgName })}
          </h2>
          <Form method="post" className="space-y-4">
            <FormError>{orgNameErrors?.formError}</FormError>
            <Field
              label={t('profile.orgName')}
              name="name"
              defaultValue={membership.name}
              required
              maxLength={100}
              autoComplete="off"
              hint={t('profile.orgNameHint')}
              error={orgNameErrors?.fieldErrors?.name}
            />
            <SubmitButton name="intent" value="orgName" width="fit" pendingLabel={tc('actions.working')}>
              {tc('actions.save')}
            </SubmitButton>
          </Form>
          <p className="mt-4 text-sm">
            {membership.hasPin ? t('profile.pinSet') : t('profile.pinNotSet')}{' '}
            <Link to="/pin-setup" className="underline">
              {membership.hasPin ? t('profile.changePin') : t('profile.setPin')}
            </Link>
          </p>
        </section>
      ) : null}
    </div>
  )
}

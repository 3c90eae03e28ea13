import { Form, Link } from 'react-router'
import { useTranslation } from '../../lib/use-translation'
import { z } from 'zod'
import type { Route } from './+types/profile'
import { updatePasswordBody } from '../../../server/auth/routes'
import { profileBody } from '../../../server/profile/routes'
import { SubmitButton } from '../../components/submit-button'
import { Field, FormError, SelectField } from '../../components/ui/field'
import { api, must, unauthorizedRedirect } from '../../lib/api.server'
import { LOCALE_COOKIE, preferenceCookie } from '../../lib/cookies.server'
import { useServerForm } from '../../lib/forms'
import { invalidForm, parseForm, rejectedForm, requiredText } from '../../lib/forms.server'
import { getLocale, translator } from '../../lib/i18n.server'
import { isLocale, type I18nHandle } from '../../lib/i18n'
import { getSelection } from '../../lib/selection.server'
import { redirectWithToast } from '../../lib/toast.server'
import type { SessionUser } from '../../root'
import { LanguageOptions } from '../../components/language-options'
import { AlertChoiceFields } from '../../components/alerts/alert-fields'

export const handle: I18nHandle = { i18n: ['authed'] }

/** Name and language: the API's languages; a name of only spaces gets the web's message. */
const profileSchema = z.object({ name: requiredText(100), locale: profileBody.shape.locale })
/** A new address needs the current password (the API's rules for both). */
const emailSchema = z.object({ email: profileBody.shape.email.unwrap(), currentPassword: updatePasswordBody.shape.currentPassword })
/** The API's password rules, and the repeated new password (a check only the web needs). */
const passwordSchema = z
  .object({ ...updatePasswordBody.shape, confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], error: 'validation.passwordsDiffer' })
/** The name shown in the chosen organisation. */
const orgNameSchema = z.object({ name: requiredText(100) })
/** The member's own alerts in the chosen organisation: unticked boxes are off; the API judges the times. */
const alertsSchema = z.object({ overdue: z.boolean().optional(), failures: z.boolean().optional(), digest: z.boolean().optional(), quietStart: z.string().optional(), quietEnd: z.string().optional() })

interface AlertPreferences {
  overdue: boolean
  failures: boolean
  digest: boolean
  quietStart: string | null
  quietEnd: string | null
}

interface OrgProfile {
  membershipId: string
  name: string
  hasPin: boolean
}

export async function loader(args: Route.LoaderArgs) {
  const client = api(args)
  const { org } = await getSelection(args)
  const [profileResult, orgProfileResult, alertsResult] = await Promise.all([
    client.get<{ profile: SessionUser }>('/v1/profile'),
    org ? client.get<{ profile: OrgProfile }>(`/v1/orgs/${org.id}/profile`) : null,
    org ? client.get<{ preferences: AlertPreferences }>(`/v1/orgs/${org.id}/alert-preferences`) : null,
  ])
  const { profile } = must(args.request, client, profileResult)
  // The member's name and PIN in the organisation being worked in, when one is chosen.
  const membership = org && orgProfileResult ? { orgName: org.name, ...must(args.request, client, orgProfileResult).profile } : null
  const alerts = membership && alertsResult ? must(args.request, client, alertsResult).preferences : null
  return { profile, membership, alerts }
}

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData()
  const intent = form.get('intent')
  const client = api(args)
  const locale = getLocale(args.request)
  const t = translator(locale)
  if (intent === 'password') {
    const submission = parseForm(form, passwordSchema, locale)
    if (submission.status !== 'success') return invalidForm(submission, { intent })
    const { currentPassword, newPassword } = submission.value
    const result = await client.post('/v1/auth/update-password', { currentPassword, newPassword })
    if (!result.ok) {
      return rejectedForm(submission, result.error, locale, { fields: ['currentPassword', 'newPassword'], extra: { intent } })
    }
    return redirectWithToast('/profile', { type: 'success', title: t('authed:profile.passwordChanged') }, { headers: client.headers() })
  }
  if (intent === 'email') {
    const submission = parseForm(form, emailSchema, locale)
    if (submission.status !== 'success') return invalidForm(submission, { intent })
    const result = await client.put('/v1/profile', submission.value)
    if (!result.ok) {
      if (result.error.name === 'UnauthorizedError') throw unauthorizedRedirect(args.request, client.headers())
      return rejectedForm(submission, result.error, locale, { fields: ['email', 'currentPassword'], extra: { intent } })
    }
    return redirectWithToast('/profile', { type: 'success', title: t('authed:profile.emailChanged', { email: submission.value.email }) }, { headers: client.headers() })
  }
  if (intent === 'orgName') {
    const { org } = await getSelection(args)
    if (!org) throw new Response('Not Found', { status: 404 })
    const submission = parseForm(form, orgNameSchema, locale)
    if (submission.status !== 'success') return invalidForm(submission, { intent })
    const result = await client.put(`/v1/orgs/${org.id}/profile`, submission.value)
    if (!result.ok) {
      if (result.error.name === 'UnauthorizedError') throw unauthorizedRedirect(args.request, client.headers())
      return rejectedForm(submission, result.error, locale, { fields: ['name'], extra: { intent } })
    }
    return redirectWithToast('/profile', { type: 'success', title: t('authed:profile.orgNameSaved', { org: org.name }) }, { headers: client.headers() })
  }
  if (intent === 'alerts') {
    const { org } = await getSelection(args)
    if (!org) throw new Response('Not Found', { status: 404 })
    const submission = parseForm(form, alertsSchema, locale)
    if (submission.status !== 'success') return invalidForm(submission, { intent })
    const v = submission.value
    const body = { overdue: v.overdue ?? false, failures: v.failures ?? false, digest: v.digest ?? false, quietStart: v.quietStart ?? null, quietEnd: v.quietEnd ?? null }
    const result = await client.put(`/v1/orgs/${org.id}/alert-preferences`, body)
    if (!result.ok) {
      if (result.error.name === 'UnauthorizedError') throw unauthorizedRedirect(args.request, client.headers())
      return rejectedForm(submission, result.error, locale, { fields: ['overdue', 'failures', 'digest', 'quietStart', 'quietEnd'], extra: { intent } })
    }
    return redirectWithToast('/profile', { type: 'success', title: t('authed:profile.alertsSaved', { org: org.name }) }, { headers: client.headers() })
  }
  // intent === 'profile'
  const submission = parseForm(form, profileSchema, locale)
  if (submission.status !== 'success') return invalidForm(submission, { intent: 'profile' })
  const result = await client.put<{ profile: SessionUser }>('/v1/profile', submission.value)
  if (!result.ok) {
    return rejectedForm(submission, result.error, locale, { fields: ['name', 'locale'], extra: { intent: 'profile' } })
  }
  const saved = isLocale(result.data.profile.locale) ? result.data.profile.locale : locale
  const headers = client.headers()
  headers.append('Set-Cookie', preferenceCookie(LOCALE_COOKIE, saved))
  return redirectWithToast('/profile', { type: 'success', title: translator(saved)('authed:profile.saved') }, { headers })
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('authed')
  const { t: tc } = useTranslation('common')
  const { profile, membership, alerts } = loaderData
  const resultOf = (intent: string) => (actionData?.intent === intent ? actionData.result : undefined)
  const details = useServerForm({ id: 'profile-details-form', lastResult: resultOf('profile'), defaultValue: { name: profile.name, locale: profile.locale } })
  const email = useServerForm({ id: 'profile-email-form', lastResult: resultOf('email') })
  const password = useServerForm({ id: 'profile-password-form', lastResult: resultOf('password') })
  const orgName = useServerForm({ id: 'profile-org-form', lastResult: resultOf('orgName'), defaultValue: { name: membership?.name } })
  const alertForm = useServerForm({
    id: 'profile-alerts-form',
    lastResult: resultOf('alerts'),
    defaultValue: alerts ? { ...alerts, quietStart: alerts.quietStart ?? '', quietEnd: alerts.quietEnd ?? '' } : undefined,
  })
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
        <Form method="post" className="space-y-4" {...details.formProps}>
          <FormError errors={details.formErrors} />
          <Field label={t('profile.name')} {...details.field('name')} required maxLength={100} autoComplete="name" />
          <SelectField label={tc('language.label')} {...details.field('locale')}>
            <LanguageOptions />
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
        <Form method="post" className="space-y-4" {...email.formProps}>
          <FormError errors={email.formErrors} />
          <Field label={t('profile.newEmail')} {...email.field('email')} type="email" autoComplete="email" required />
          <Field label={t('profile.currentPassword')} {...email.field('currentPassword')} type="password" autoComplete="current-password" required />
          <SubmitButton name="intent" value="email" width="fit" pendingLabel={tc('actions.working')}>
            {t('profile.updateEmail')}
          </SubmitButton>
        </Form>
      </section>

      <section aria-labelledby="profile-password" className="rounded-lg border border-stone-200 p-4 dark:border-stone-800">
        <h2 id="profile-password" className="mb-3 text-lg font-semibold">
          {t('profile.changePassword')}
        </h2>
        <Form method="post" className="space-y-4" {...password.formProps}>
          <FormError errors={password.formErrors} />
          <Field label={t('profile.currentPassword')} {...password.field('currentPassword')} type="password" autoComplete="current-password" required />
          <Field
            label={t('profile.newPassword')}
            {...password.field('newPassword')}
            type="password"
            autoComplete="new-password"
            required
            minLength={8}
            hint={t('profile.passwordHint')}
          />
          <Field label={t('profile.confirmPassword')} {...password.field('confirmPassword')} type="password" autoComplete="new-password" required minLength={8} />
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
          <Form method="post" className="space-y-4" {...orgName.formProps}>
            <FormError errors={orgName.formErrors} />
            <Field label={t('profile.orgName')} {...orgName.field('name')} required maxLength={100} autoComplete="off" hint={t('profile.orgNameHint')} />
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

      {membership && alerts ? (
        <section aria-labelledby="profile-alerts" className="rounded-lg border border-stone-200 p-4 dark:border-stone-800">
          <h2 id="profile-alerts" className="mb-3 text-lg font-semibold break-words">
            {t('profile.alerts', { org: membership.orgName })}
          </h2>
          <p className="mb-3 text-sm text-stone-700 dark:text-stone-300">{t('profile.alertsHelp')}</p>
          <Form method="post" className="space-y-4" {...alertForm.formProps}>
            <FormError errors={alertForm.formErrors} />
            <AlertChoiceFields form={alertForm} quietHint={t('profile.alertsQuietHint')} />
            <SubmitButton name="intent" value="alerts" width="fit" pendingLabel={tc('actions.working')}>
              {tc('actions.save')}
            </SubmitButton>
          </Form>
        </section>
      ) : null}
    </div>
  )
}

import { data, Form, Link, useSearchParams } from 'react-router'
import { useTranslation } from '../../lib/use-translation'
import { z } from 'zod'
import type { Route } from './+types/invite'
import { inviteAcceptBody, inviteRegisterBody } from '../../../server/staff/invite-routes'
import { AuthCard } from '../../components/auth-card'
import { HoneypotFields } from '../../components/honeypot'
import { SubmitButton } from '../../components/submit-button'
import { Button, ButtonLink } from '../../components/ui/button'
import { Field, FormError } from '../../components/ui/field'
import { api, must, unauthorizedRedirect, type ApiClient } from '../../lib/api.server'
import { useServerForm } from '../../lib/forms'
import { failureMessages, failureStatus, invalidForm, parseForm, refusedForm, rejectedForm, requiredText } from '../../lib/forms.server'
import { getLocale, translator } from '../../lib/i18n.server'
import { honeypotInputProps, isSpam, spamMessage } from '../../lib/honeypot.server'
import { clearSelectionCookies, selectOrgCookies } from '../../lib/selection.server'
import { getMe } from '../../lib/session.server'
import { redirectWithToast } from '../../lib/toast.server'
import type { I18nHandle } from '../../lib/i18n'

export const handle: I18nHandle = { i18n: ['public'] }

interface Invite {
  organisation: { id: string; name: string }
  email: string
  name: string
  role: string
  hasAccount: boolean
  expiresAt: string
}

type Lookup = { state: 'missing' } | { state: 'invalid' } | { state: 'expired' } | { state: 'ok'; invite: Invite }

/** The invitation behind an id and token: 404 → not valid (used, replaced, unknown); 400 → expired. */
async function lookUp(request: Request, client: ApiClient, id: string | null, token: string | null): Promise<Lookup> {
  if (!id || !token) return { state: 'missing' }
  const result = await client.get<{ invite: Invite }>(`/v1/auth/invite?${new URLSearchParams({ id, token })}`)
  if (result.ok) return { state: 'ok', invite: result.data.invite }
  if (result.status === 404) return { state: 'invalid' }
  if (result.status === 400) return { state: 'expired' }
  return must(request, client, result)
}

export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url)
  const client = api(args)
  const lookup = await lookUp(args.request, client, url.searchParams.get('id'), url.searchParams.get('token'))
  if (lookup.state !== 'ok') return data({ lookup, signedInAs: null as string | null, honeypot: null }, { headers: client.headers() })
  const { me } = await getMe(args)
  // Signing up for the invitation is an anonymous form: it carries the honeypot.
  const honeypot = me || lookup.invite.hasAccount ? null : await honeypotInputProps()
  return data({ lookup, signedInAs: me ? (me.user.email ?? me.user.name) : null, honeypot }, { headers: client.headers() })
}

/** Joining as the signed-in user: the link only. */
const acceptSchema = z.object(inviteAcceptBody.shape)
/** A new account for the invited address: the API's password rule; a name of only spaces gets the web's message. */
const registerSchema = z.object({ ...inviteAcceptBody.shape, name: requiredText(100), password: inviteRegisterBody.shape.password })

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData()
  const locale = getLocale(args.request)
  const t = translator(locale)
  const intent = form.get('intent') === 'accept' ? 'accept' : 'register'
  const extra = { intent, wrongUser: false }
  const submission = parseForm(form, intent === 'accept' ? acceptSchema : registerSchema, locale)
  if (intent === 'register' && (await isSpam(form))) return refusedForm(submission, { formError: spamMessage(locale) }, extra)
  if (submission.status !== 'success') return invalidForm(submission, extra)
  const { id, token } = submission.value
  const client = api(args)
  const lookup = await lookUp(args.request, client, id, token)
  // The invitation went stale while the page was open: the loader shows why.
  if (lookup.state !== 'ok') return refusedForm(submission, {}, extra)
  const { organisation } = lookup.invite

  if (intent === 'accept') {
    const result = await client.post<{ organisation: { id: string; name: string } }>('/v1/auth/invite/accept', { id, token })
    if (!result.ok) {
      if (result.error.name === 'UnauthorizedError') throw unauthorizedRedirect(args.request, client.headers())
      const failure = failureMessages(result.error, locale, [])
      const wrongUser = result.error.name === 'ForbiddenError'
      return refusedForm(submission, { formError: wrongUser ? t('public:invite.wrongUser') : failure.formError }, { intent, wrongUser }, failureStatus(result.error))
    }
    const headers = client.headers()
    for (const c of selectOrgCookies(result.data.organisation.id)) headers.append('Set-Cookie', c)
    return redirectWithToast('/', { type: 'success', title: t('public:invite.joined', { org: result.data.organisation.name }) }, { headers })
  }

  // intent === 'register': a new account for the invited address.
  const result = await client.post('/v1/auth/invite/register', { ...submission.value, locale })
  if (!result.ok) {
    return rejectedForm(submission, result.error, locale, { fields: ['name', 'password'], extra })
  }
  const headers = client.headers()
  for (const c of [...clearSelectionCookies(), ...selectOrgCookies(organisation.id)]) headers.append('Set-Cookie', c)
  return redirectWithToast('/', { type: 'success', title: t('public:invite.welcome', { org: organisation.name }) }, { headers })
}

export default function InvitePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('public')
  const { t: tc } = useTranslation('common')
  const [params] = useSearchParams()
  const { lookup, signedInAs } = loaderData
  const accept = useServerForm({ id: 'invite-accept', lastResult: actionData?.intent === 'accept' ? actionData.result : undefined })
  const register = useServerForm({
    id: 'invite-register',
    lastResult: actionData?.intent === 'register' ? actionData.result : undefined,
    defaultValue: { name: lookup.state === 'ok' ? lookup.invite.name : '' },
  })

  if (lookup.state !== 'ok') {
    const message = lookup.state === 'missing' ? t('invite.missing') : lookup.state === 'invalid' ? t('invite.invalid') : t('invite.expired')
    return (
      <AuthCard title={t('invite.title')}>
        <p role="alert">{message}</p>
      </AuthCard>
    )
  }

  const { invite } = lookup
  const id = params.get('id') ?? ''
  const token = params.get('token') ?? ''
  const here = `/invite?${new URLSearchParams({ id, token })}`
  const hidden = (
    <>
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="token" value={token} />
    </>
  )
  const intro = (
    <>
      <p>{t('invite.intro', { org: invite.organisation.name })}</p>
      <p>
        {t('invite.for')} <strong className="break-words">{invite.email}</strong>
      </p>
    </>
  )

  if (signedInAs) {
    return (
      <AuthCard title={t('invite.joinTitle', { org: invite.organisation.name })} intro={intro}>
        <div className="space-y-4">
          <p className="text-sm">{t('invite.signedInAs', { email: signedInAs })}</p>
          {accept.formErrors?.length ? (
            <FormError errors={accept.formErrors}>
              {actionData?.wrongUser ? <p className="mt-1 font-normal">{t('invite.logoutHint')}</p> : null}
            </FormError>
          ) : null}
          <Form method="post" {...accept.formProps}>
            {hidden}
            <SubmitButton name="intent" value="accept" pendingLabel={tc('actions.working')}>
              {t('invite.join', { org: invite.organisation.name })}
            </SubmitButton>
          </Form>
          {actionData?.wrongUser ? (
            <Form method="post" action="/logout">
              <Button type="submit" variant="basic_border" width="full">
                {tc('nav.logout')}
              </Button>
            </Form>
          ) : null}
        </div>
      </AuthCard>
    )
  }

  if (invite.hasAccount) {
    return (
      <AuthCard title={t('invite.joinTitle', { org: invite.organisation.name })} intro={intro}>
        <div className="space-y-4">
          <p>{t('invite.hasAccount')}</p>
          <ButtonLink to={`/login?${new URLSearchParams({ redirectTo: here })}`} variant="primary" width="full">
            {t('invite.loginToAccept')}
          </ButtonLink>
        </div>
      </AuthCard>
    )
  }

  return (
    <AuthCard
      title={t('invite.joinTitle', { org: invite.organisation.name })}
      intro={intro}
      footer={
        <p>
          {t('invite.haveAccount')}{' '}
          <Link className="underline" to={`/login?${new URLSearchParams({ redirectTo: here })}`}>
            {t('invite.loginToAccept')}
          </Link>
        </p>
      }
    >
      <Form method="post" className="space-y-4" {...register.formProps}>
        <FormError errors={register.formErrors} />
        {hidden}
        <HoneypotFields inputProps={loaderData.honeypot} />
        <p className="text-sm text-stone-700 dark:text-stone-300">{t('invite.signUpIntro')}</p>
        {/* Read-only: the account is for the invited address (also lets password managers file the password under it). */}
        <Field label={t('fields.email')} name="email" type="email" value={invite.email} readOnly autoComplete="username" />
        <Field label={t('fields.name')} {...register.field('name')} autoComplete="name" required maxLength={100} />
        <Field
          label={t('fields.password')}
          {...register.field('password')}
          type="password"
          autoComplete="new-password"
          required
          minLength={8}
          hint={t('fields.passwordHint')}
        />
        <SubmitButton name="intent" value="register" pendingLabel={t('register.pending')}>
          {t('invite.signUp', { org: invite.organisation.name })}
        </SubmitButton>
      </Form>
    </AuthCard>
  )
}

export { RouteErrorBoundary as ErrorBoundary } from '../../components/route-error-boundary'

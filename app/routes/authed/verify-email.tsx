import { Form, Link, redirect } from 'react-router'
import { useTranslation } from '../../lib/use-translation'
import type { Route } from './+types/verify-email'
import { AuthCard } from '../../components/auth-card'
import { getMe } from '../../lib/session.server'
import { SubmitButton } from '../../components/submit-button'
import { api } from '../../lib/api.server'
import { buttonClasses } from '../../components/ui/button'
import type { I18nHandle } from '../../lib/i18n'

export const handle: I18nHandle = { i18n: ['authed'] }

const STATUSES = ['success', 'expired', 'invalid'] as const
type Status = (typeof STATUSES)[number]

/** The e-mailed link's id and token, when both are present. */
function linkParams(request: Request): { id: string; token: string } | null {
  const url = new URL(request.url)
  const id = url.searchParams.get('id')
  const token = url.searchParams.get('token')
  return id && token ? { id, token } : null
}

/**
 * With id and token the page asks (opening a link changes nothing, ADR 082) and its form posts to the
 * action, which verifies; the answer comes back here as `status`. Someone whose address is already
 * verified is told so (not "we sent you a link", nor that an old link has expired), with nothing to ask for.
 */
export async function loader(args: Route.LoaderArgs) {
  const { me } = await getMe(args)
  const verified = me?.user.emailVerified === true
  if (linkParams(args.request)) return { status: null, confirm: !verified, verified }
  const status = new URL(args.request.url).searchParams.get('status')
  return { status: (STATUSES as readonly string[]).includes(status ?? '') ? (status as Status) : null, confirm: false, verified }
}

export async function action(args: Route.ActionArgs) {
  const link = linkParams(args.request)
  const client = api(args)
  const result = link ? await client.post<{ status: Status }>('/v1/auth/verification/verify', link) : null
  const status = result?.ok ? result.data.status : 'invalid'
  return redirect(`/verify-email?status=${status}`, { headers: client.headers() })
}

export default function VerifyEmail({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('authed')
  const { status, verified, confirm } = loaderData
  const done = status === 'success' || verified
  if (confirm) {
    return (
      <AuthCard title={t('verify.title')} intro={t('verify.confirmIntro')}>
        <Form method="post">
          <SubmitButton>{t('verify.confirm')}</SubmitButton>
        </Form>
      </AuthCard>
    )
  }
  return (
    <AuthCard title={done ? t('verify.verifiedTitle') : t('verify.title')}>
      <div role="status" className="space-y-4">
        {status === 'success' ? <p>{t('verify.success')}</p> : null}
        {status !== 'success' && verified ? <p>{t('verify.already')}</p> : null}
        {!done && status === 'expired' ? <p>{t('verify.expired')}</p> : null}
        {!done && status === 'invalid' ? <p>{t('verify.invalid')}</p> : null}
        {!done && status === null ? <p>{t('verify.pending')}</p> : null}
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        {!done ? (
          <Form method="post" action="/resend-verification">
            <input type="hidden" name="redirectTo" value="/verify-email" />
            <button type="submit" className={buttonClasses({ variant: 'primary' })}>
              {t('verify.resend')}
            </button>
          </Form>
        ) : null}
        <Link to="/" className={buttonClasses({ variant: 'basic_border' })}>
          {t('verify.continue')}
        </Link>
      </div>
    </AuthCard>
  )
}

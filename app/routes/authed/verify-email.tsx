import { Form, Link, redirect } from 'react-router'
import { useTranslation } from '../../lib/use-translation'
import type { Route } from './+types/verify-email'
import { AuthCard } from '../../components/auth-card'
import { getMe } from '../../lib/session.server'
import { buttonClasses } from '../../components/ui/button'
import type { I18nHandle } from '../../lib/i18n'

export const handle: I18nHandle = { i18n: ['authed'] }

const STATUSES = ['success', 'expired', 'invalid'] as const
type Status = (typeof STATUSES)[number]

/**
 * With id and token (both present), the browser is sent to the API's verification endpoint, which
 * redirects back here with a status. Someone whose address is already verified is told so (not "we
 * sent you a link", nor that an old link has expired), with no link to ask for.
 */
export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url)
  const id = url.searchParams.get('id')
  const token = url.searchParams.get('token')
  if (id && token) throw redirect(`/v1/auth/verification/verify?${new URLSearchParams({ id, token })}`)
  const status = url.searchParams.get('status')
  const { me } = await getMe(args)
  return { status: (STATUSES as readonly string[]).includes(status ?? '') ? (status as Status) : null, verified: me?.user.emailVerified === true }
}

export default function VerifyEmail({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('authed')
  const { status, verified } = loaderData
  const done = status === 'success' || verified
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

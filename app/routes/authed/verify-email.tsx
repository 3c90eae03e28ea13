import { Form, Link, redirect } from 'react-router'
import { useTranslation } from '../../lib/use-translation'
import type { Route } from './+types/verify-email'
import { AuthCard } from '../../components/auth-card'
import { buttonClasses } from '../../components/ui/button'
import type { I18nHandle } from '../../lib/i18n'

export const handle: I18nHandle = { i18n: ['authed'] }

const STATUSES = ['success', 'expired', 'invalid'] as const
type Status = (typeof STATUSES)[number]

/**
 * With id and token (both present), the browser is sent to the API's verification endpoint, which
 * redirects back here with a status.
 */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const id = url.searchParams.get('id')
  const token = url.searchParams.get('token')
  if (id && token) throw redirect(`/v1/auth/verification/verify?${new URLSearchParams({ id, token })}`)
  const status = url.searchParams.get('status')
  return { status: (STATUSES as readonly string[]).includes(status ?? '') ? (status as Status) : null }
}

export default function VerifyEmail({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('authed')
  const { status } = loaderData
  return (
    <AuthCard title={t('verify.title')}>
      <div role="status" className="space-y-4">
        {status === 'success' ? <p>{t('verify.success')}</p> : null}
        {status === 'expired' ? <p>{t('verify.expired')}</p> : null}
        {status === 'invalid' ? <p>{t('verify.invalid')}</p> : null}
        {status === null ? <p>{t('verify.pending')}</p> : null}
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        {status !== 'success' ? (
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

import { redirect } from 'react-router'
import type { Route } from './+types/resend-verification'
import { api, unauthorizedRedirect } from '../../lib/api.server'
import { getLocale, translator } from '../../lib/i18n.server'
import { safeRedirect } from '../../lib/safe-redirect'
import { redirectWithToast } from '../../lib/toast.server'

export async function action(args: Route.ActionArgs) {
  const client = api(args)
  const form = await args.request.formData()
  const back = safeRedirect(form.get('redirectTo'), '/profile')
  const result = await client.post('/v1/auth/verification/resend')
  const t = translator(getLocale(args.request))
  if (result.ok) return redirectWithToast(back, { type: 'success', title: t('verifyBanner.sent') }, { headers: client.headers() })
  if (result.error.name === 'UnauthorizedError') return unauthorizedRedirect(args.request)
  const title =
    result.error.name === 'TooManyRequestsError'
      ? t('errors.tooMany', { seconds: result.error.retryAfter ?? 60 })
      : result.error.message || t('errors.unknownServer')
  return redirectWithToast(back, { type: 'error', title }, { headers: client.headers() })
}

export function loader() {
  return redirect('/')
}

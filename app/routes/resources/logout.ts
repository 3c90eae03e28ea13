import { redirect } from 'react-router'
import type { Route } from './+types/logout'
import { api } from '../../lib/api.server'
import { getLocale, translator } from '../../lib/i18n.server'
import { redirectWithToast } from '../../lib/toast.server'

export async function action(args: Route.ActionArgs) {
  const client = api(args)
  await client.post('/v1/auth/logout')
  const t = translator(getLocale(args.request))
  return redirectWithToast('/login', { type: 'success', title: t('public:logout.done') }, { headers: client.headers() })
}

export function loader() {
  return redirect('/')
}

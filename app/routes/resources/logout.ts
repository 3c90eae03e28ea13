import { clearSelectionCookies } from '../../lib/selection.server'
import { redirect } from 'react-router'
import type { Route } from './+types/logout'
import { api } from '../../lib/api.server'
import { getLocale, translator } from '../../lib/i18n.server'
import { redirectWithToast } from '../../lib/toast.server'

export async function action(args: Route.ActionArgs) {
  const client = api(args)
  await client.post('/v1/auth/logout')
  const t = translator(getLocale(args.request))
  const headers = client.headers()
  for (const c of clearSelectionCookies()) headers.append('Set-Cookie', c)
  return redirectWithToast('/login', { type: 'success', title: t('public:logout.done') }, { headers })
}

export function loader() {
  return redirect('/')
}

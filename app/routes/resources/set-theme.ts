import { redirect } from 'react-router'
import type { Route } from './+types/set-theme'
import { preferenceCookie, THEME_COOKIE } from '../../lib/cookies.server'
import { safeRedirect } from '../../lib/safe-redirect'

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData()
  const theme = form.get('theme') === 'dark' ? 'dark' : 'light'
  return redirect(safeRedirect(form.get('redirectTo'), '/'), {
    headers: { 'Set-Cookie': preferenceCookie(THEME_COOKIE, theme) },
  })
}

export function loader() {
  return redirect('/')
}

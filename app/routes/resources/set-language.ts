import { redirect } from 'react-router'
import type { Route } from './+types/set-language'
import { api } from '../../lib/api.server'
import { LOCALE_COOKIE, preferenceCookie } from '../../lib/cookies.server'
import { isLocale } from '../../lib/i18n'
import { safeRedirect } from '../../lib/safe-redirect'
import { getMe } from '../../lib/session.server'

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData()
  const requested = form.get('locale')
  const locale = isLocale(requested) ? requested : 'en'
  const headers = new Headers({ 'Set-Cookie': preferenceCookie(LOCALE_COOKIE, locale) })
  // A signed-in user's language also follows them to e-mails and other devices.
  const { me } = await getMe(args)
  if (me && me.user.type === 'user') {
    const client = api(args)
    await client.put('/v1/profile', { locale })
    for (const c of client.setCookies) headers.append('Set-Cookie', c)
  }
  return redirect(safeRedirect(form.get('redirectTo'), '/'), { headers })
}

export function loader() {
  return redirect('/')
}

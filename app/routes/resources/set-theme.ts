import { redirect } from 'react-router'
import type { Route } from './+types/set-theme'
import { safeRedirect } from '../../lib/safe-redirect'
import { themeCookie, themeJsonAction } from '../../lib/theme.server'

/**
 * The header's theme form: `theme` = light | dark | system, then back to the page (works without
 * JavaScript). With JavaScript, remix-themes switches in place and posts `{ theme }` as JSON here.
 */
export async function action(args: Route.ActionArgs) {
  const type = args.request.headers.get('content-type') ?? ''
  if (!type.includes('application/x-www-form-urlencoded') && !type.includes('multipart/form-data')) {
    try {
      return await themeJsonAction(args)
    } catch {
      return Response.json({ success: false }, { status: 400 })
    }
  }
  const form = await args.request.formData()
  const value = form.get('theme')
  const headers = new Headers()
  if (value === 'light' || value === 'dark') headers.set('Set-Cookie', themeCookie(value))
  else if (value === 'system') headers.set('Set-Cookie', themeCookie(null))
  return redirect(safeRedirect(form.get('redirectTo'), '/'), { headers })
}

export function loader() {
  return redirect('/')
}

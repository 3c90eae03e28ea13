import { randomUUID } from 'node:crypto'
import { redirect } from 'react-router'
import { flashCookie } from './cookies.server.ts'

export interface Toast {
  id: string
  type: 'success' | 'error' | 'info'
  title: string
  description?: string
}

/** Post/Redirect/Get with a one-time message carried by a short-lived signed cookie. */
export async function redirectWithToast(url: string, toast: Omit<Toast, 'id'>, init?: { headers?: Headers }) {
  const headers = new Headers(init?.headers)
  headers.append('Set-Cookie', await flashCookie().serialize({ ...toast, id: randomUUID() }))
  return redirect(url, { headers })
}

/** Read (and clear) the flash message of this request. */
export async function takeToast(request: Request): Promise<{ toast: Toast | null; setCookie: string | null }> {
  const header = request.headers.get('cookie')
  // Most pages have no message: React Router's cookie object is made only when there is one to read.
  if (!header?.includes('mise_flash=')) return { toast: null, setCookie: null }
  const cookie = flashCookie()
  const value = (await cookie.parse(header)) as Toast | null
  return {
    toast: value && typeof value.title === 'string' ? value : null,
    setCookie: await cookie.serialize('', { maxAge: 0 }),
  }
}

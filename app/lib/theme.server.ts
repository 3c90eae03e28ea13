import { readCookie, THEME_COOKIE } from './cookies.server.ts'

export type Theme = 'light' | 'dark'

export function getTheme(request: Request): Theme {
  return readCookie(request.headers.get('cookie'), THEME_COOKIE) === 'dark' ? 'dark' : 'light'
}

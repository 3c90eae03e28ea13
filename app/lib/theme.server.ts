import { createThemeAction, isTheme, type Theme as RemixTheme, type ThemeSessionResolver } from 'remix-themes'
import { clearPreferenceCookie, preferenceCookie, readCookie, THEME_COOKIE } from './cookies.server.ts'

/**
 * Light or dark (docs/decisions/018-themes-honeypot-msw.md). Until the person chooses, the page
 * follows the device's `prefers-color-scheme`: the server renders it when the browser tells it (the
 * `Sec-CH-Prefers-Color-Scheme` client hint), else remix-themes' inline script sets it before the
 * first paint, else (no JavaScript) the stylesheet's media query does.
 */
export type Theme = 'light' | 'dark'
export type ThemeChoice = Theme | 'system'

export interface ThemeState {
  /** What the person chose; "system" until they do (no cookie). */
  choice: ThemeChoice
  /** The theme rendered on the server: the choice, else the device's as hinted, else unknown. */
  ssr: Theme | null
}

export const THEME_HINT = 'Sec-CH-Prefers-Color-Scheme'

/** The chosen theme from the cookie (kept as a plain `light`/`dark` value), or null. */
function chosen(request: Request): Theme | null {
  const value = readCookie(request.headers.get('cookie'), THEME_COOKIE)
  return value === 'light' || value === 'dark' ? value : null
}

/** The device's preference as the browser hinted it (Chromium, once asked by THEME_HINT headers). */
function hinted(request: Request): Theme | null {
  const value = request.headers.get(THEME_HINT)?.replaceAll('"', '').trim()
  return value === 'light' || value === 'dark' ? value : null
}

export function getTheme(request: Request): ThemeState {
  const choice = chosen(request)
  return { choice: choice ?? 'system', ssr: choice ?? hinted(request) }
}

/**
 * Headers for a page that follows the device: ask for the colour-scheme hint from now on
 * (Accept-CH), and on the very first visit (no hint yet) have the browser retry at once with it
 * (Critical-CH), so that page is rendered in the right theme too. Only for GET documents: a
 * retried POST would be sent twice.
 */
export function themeHintHeaders(request: Request, state: ThemeState): Record<string, string> {
  if (state.choice !== 'system') return {}
  const headers: Record<string, string> = { 'Accept-CH': THEME_HINT, Vary: THEME_HINT }
  // Critical-CH makes Chromium repeat the request with the hint: never for a link that carries a
  // one-time token (a device's sign-in link is used up by the first request; the repeat would find it
  // used). Such a page follows the device's theme from the next page on, or through the no-flash script.
  const oneTime = new URL(request.url).searchParams.has('token')
  if (request.method === 'GET' && !request.headers.has(THEME_HINT) && !oneTime) headers['Critical-CH'] = THEME_HINT
  return headers
}

export function themeCookie(theme: Theme | null): string {
  return theme ? preferenceCookie(THEME_COOKIE, theme) : clearPreferenceCookie(THEME_COOKIE)
}

/**
 * remix-themes' session interface over the plain preference cookie (not a signed session: a theme
 * needs no integrity, and a per-process secret would forget the choice at every restart).
 */
export const themeSessionResolver: ThemeSessionResolver = async (request) => {
  let theme: Theme | null = chosen(request)
  return {
    getTheme: () => theme as RemixTheme | null,
    setTheme: (next) => {
      theme = isTheme(next) ? next : null
    },
    commit: async () => themeCookie(theme),
    destroy: async () => themeCookie(null),
  }
}

/** The answer to remix-themes' own `fetch` (a JSON `{ theme }`, null for "system") when JavaScript switches. */
export const themeJsonAction = createThemeAction(themeSessionResolver)

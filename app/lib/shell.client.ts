/**
 * Browser-side rules of original-spec §4 and §9, as enhancements of a server-rendered app
 * (docs/decisions/003-shell-rules-server-rendered.md).
 */

let firstWebVersion: string | undefined

/** Reload when the server's webVersion differs from the first one this page saw. */
export function checkWebVersion(webVersion: string) {
  firstWebVersion ??= webVersion
  if (webVersion !== firstWebVersion) window.location.reload()
}

export const COOKIE_POLL_MS = 300

function readMarker(): string {
  const match = document.cookie.match(/(?:^|;\s*)mise_auth=([^;]*)/)
  return match ? match[1]! : ''
}

/**
 * Notice a sign-in or sign-out in another tab: watch the readable auth marker cookie with the
 * Cookie Store API where it exists, else poll document.cookie every 300 ms.
 */
export function watchAuthCookie(onChange: () => void): () => void {
  let last = readMarker()
  // This page is being left (a typed URL, a scanned sign-in link): the cookie may change with the
  // next page's answer, and reloading this one then would cancel that navigation.
  let leaving = false
  const leave = () => {
    leaving = true
    window.setTimeout(() => (leaving = false), 10_000)
  }
  window.addEventListener('beforeunload', leave)
  const check = () => {
    const now = readMarker()
    if (now !== last) {
      last = now
      if (!leaving) onChange()
    }
  }
  const store = (window as unknown as { cookieStore?: EventTarget }).cookieStore
  if (store && typeof store.addEventListener === 'function') {
    store.addEventListener('change', check)
    return () => {
      window.removeEventListener('beforeunload', leave)
      store.removeEventListener('change', check)
    }
  }
  const timer = window.setInterval(check, COOKIE_POLL_MS)
  return () => {
    window.removeEventListener('beforeunload', leave)
    window.clearInterval(timer)
  }
}

/** Register the service worker at the root; reload when a new version takes control. */
export function registerServiceWorker(version: string) {
  if (!('serviceWorker' in navigator)) return
  const hadController = Boolean(navigator.serviceWorker.controller)
  let reloading = false
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (!hadController || reloading) return
    reloading = true
    window.location.reload()
  })
  navigator.serviceWorker.register(`/sw.js?v=${encodeURIComponent(version)}`, { scope: '/' }).catch(() => {})
}

/** Mirror the server-side choices into localStorage, as the spec keeps them there. */
export function mirrorPreferences(locale: string, theme: string, orgId: string | null, venueId: string | null) {
  try {
    localStorage.setItem('i18nextLng', locale)
    localStorage.setItem('mise_theme', theme)
    for (const [key, value] of [
      ['mise_org_id', orgId],
      ['mise_venue_id', venueId],
    ] as const) {
      if (value) localStorage.setItem(key, value)
      else localStorage.removeItem(key)
    }
  } catch {
    /* storage may be unavailable (private mode) */
  }
}

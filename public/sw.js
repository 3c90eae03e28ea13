/* global Headers, Response */
/* Mise service worker (ADR 053).
   - Hashed assets (immutable, content-addressed): from the cache first, kept for poor connections.
   - The pages a kitchen needs today (the venue home, checklists and temperature logs with their detail
     pages, the PIN pad) and their data (React Router's `.data` requests): from the network, a copy kept;
     when the network is gone, the copy made today is shown instead (the page deletes the copies when
     someone else signs in on this browser: app/lib/offline.client.ts); a network that gives no answer
     within 8 seconds counts as gone when there is such a copy (ADR 083). Nothing else is cached: other pages
     and /v1 always go to the network, and without a copy an offline browser shows its own error. */
const VERSION = new URL(self.location.href).searchParams.get('v') || 'dev'
const CACHE = `mise-assets-${VERSION}`
const PAGES = 'mise-pages'

self.addEventListener('install', () => {
  self.skipWaiting()
})

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (key !== CACHE && key !== PAGES) await caches.delete(key)
      await self.clients.claim()
    })(),
  )
})

/** The venue home, checklists, temperature logs (lists and one log), the PIN pad; with `.data` for their data. */
const KEPT = /^\/(_root)?(|checklists|checklists\/[0-9a-f-]{36}|temperatures|temperatures\/[0-9a-f-]{36}|pin)(\.data)?$/

function kept(url) {
  return url.origin === self.location.origin && KEPT.test(url.pathname)
}

/** yyyy-MM-dd of the device's day. */
function dayOf(date) {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`
}

async function fromCache(request) {
  const cache = await caches.open(PAGES)
  const hit = (await cache.match(request)) || (await cache.match(request, { ignoreSearch: true }))
  if (!hit) return undefined
  // Only today's copies: yesterday's checklists are not today's.
  const stored = hit.headers.get('X-Mise-Stored')
  if (!stored || dayOf(new Date(stored)) !== dayOf(new Date())) return undefined
  return hit
}

async function keep(request, response) {
  const url = new URL(response.url || request.url)
  // Signed out (sent to /login): what is kept belonged to whoever was signed in.
  if (response.redirected && url.pathname === '/login') {
    await caches.delete(PAGES)
    return
  }
  // Redirects (opaque for navigations) are not kept: only the pages themselves.
  if (!response.ok || response.type !== 'basic' || response.redirected) return
  const headers = new Headers(response.headers)
  headers.set('X-Mise-Stored', new Date().toISOString())
  const copy = new Response(await response.clone().blob(), { status: response.status, statusText: response.statusText, headers })
  const cache = await caches.open(PAGES)
  await cache.put(request, copy)
}

/** A server that does not answer (a Wi-Fi that lets nothing through): today's copy after this long (ADR 083). */
const PATIENCE_MS = 8000

async function networkFirst(event) {
  const request = event.request
  const network = fetch(request).then((response) => {
    event.waitUntil(keep(request, response.clone()).catch(() => {}))
    return response
  })
  // No answer yet: today's copy if there is one, else wait for the network (its answer is still kept).
  const patience = new Promise((resolve) => setTimeout(resolve, PATIENCE_MS)).then(() => fromCache(request))
  event.waitUntil(network.catch(() => {}))
  try {
    const first = await Promise.race([network, patience])
    if (first) return first
    return await network
  } catch (error) {
    const hit = await fromCache(request)
    if (hit) return hit
    throw error
  }
}

self.addEventListener('fetch', (event) => {
  const request = event.request
  if (request.method !== 'GET') return
  const url = new URL(request.url)
  if (url.origin !== self.location.origin) return
  if (kept(url)) {
    event.respondWith(networkFirst(event))
    return
  }
  if (!url.pathname.startsWith('/assets/')) return
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE)
      const hit = await cache.match(request)
      if (hit) return hit
      const response = await fetch(request)
      if (response.ok) await cache.put(request, response.clone())
      return response
    })(),
  )
})

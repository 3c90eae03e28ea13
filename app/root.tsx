import { useEffect, useMemo, useRef } from 'react'
import { PreventFlashOnWrongTheme, ThemeProvider, useTheme, type Theme as RemixTheme } from 'remix-themes'
import { I18nextProvider } from 'react-i18next'
import { useTranslation } from './lib/use-translation'
import {
  data,
  Form,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useNavigation,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from 'react-router'
import type { Route } from './+types/root'
import './app.css'
import { AppHeader } from './components/app-header'
import { RootError } from './components/root-error'
import { ProgressBar } from './components/progress-bar'
import { Toaster } from './components/toaster'
import { getMe } from './lib/session.server'
import { getSelection } from './lib/selection.server'
import { getConfig } from './lib/config.server'
import { createI18n, namespacesInBrowser, type I18nHandle, type Locale } from './lib/i18n'
import { getClientResources, getLocale, i18nMiddleware, routeNamespaces } from './lib/i18n.server'
import { getTheme, themeHintHeaders, type Theme } from './lib/theme.server'
import { useNonce } from './lib/nonce'
import { OwnSubmissions } from './lib/own-submissions'
import { originCheckMiddleware, securityHeadersMiddleware } from './lib/security.server'
import { useThemeChoice } from './components/theme-switch'
import { takeToast } from './lib/toast.server'
import { buildTitle, type TitleParts } from './lib/title'
import { buttonClasses } from './components/ui/button'

export interface SessionUser {
  id: string
  type: 'user' | 'device'
  name: string
  email?: string
  locale: string
  superAdmin: boolean
  emailVerified: boolean
}

/**
 * Security headers and the CSP nonce on every answer; no state-changing request from another site
 * (refused before anything else runs); then language detection (remix-i18next) — the splat route makes
 * it run for unknown URLs too.
 */
export const middleware: Route.MiddlewareFunction[] = [securityHeadersMiddleware, originCheckMiddleware, ...i18nMiddleware]

export const handle: I18nHandle = { i18n: ['common'] }

export async function loader(args: Route.LoaderArgs) {
  const { request } = args
  const { client } = await getMe(args)
  const selection = await getSelection(args)
  const locale = getLocale(request)
  const { toast, setCookie } = await takeToast(request)
  const headers = client.headers()
  for (const c of selection.setCookies) headers.append('Set-Cookie', c)
  if (setCookie) headers.append('Set-Cookie', setCookie)
  const theme = getTheme(request)
  for (const [name, value] of Object.entries(themeHintHeaders(request, theme))) headers.set(name, value)
  const config = getConfig()
  const role = selection.org?.role ?? null
  return data(
    {
      user: selection.me?.user ?? null,
      webVersion: selection.me?.webVersion ?? config.webVersion,
      appName: config.APP_NAME,
      locale,
      resources: getClientResources(locale, await routeNamespaces(args.url.pathname)),
      theme,
      toast,
      loadedAt: Date.now(),
      org: selection.org ? { id: selection.org.id, name: selection.org.name, role } : null,
      venue: selection.venue,
      orgCount: selection.me?.orgs.length ?? 0,
      // A shared device: whose PIN is active on it now (docs/api-contract-devices.md).
      pin: selection.me?.user.type === 'device' ? (selection.me.pin ?? null) : null,
      // …and whether it asks for a PIN before recording (offline too: ADR 054).
      pinRequired: selection.me?.user.type === 'device' ? (selection.me.device?.pinRequired ?? true) : false,
      title: { organisation: selection.org?.name, venue: selection.venue?.name },
    },
    { headers },
  )
}

/** The theme's client-hint headers (theme.server.ts) on every page; cookies are passed on by React Router. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  const out = new Headers()
  for (const name of ['Accept-CH', 'Critical-CH', 'Vary']) {
    const value = loaderHeaders.get(name)
    if (value) out.set(name, value)
  }
  return out
}

/**
 * The browser-side shell rules (ADR 003: reload on a new version or a sign-in elsewhere, the service
 * worker, the preferences in localStorage), loaded once the page is interactive, as the other
 * `*.client.ts` modules are (ADR 061): none of it draws anything.
 */
const shellRules = () => import('./lib/shell.client')

/** Session data stays fresh for an hour: refetched after any form submission, not on every navigation. */
const SESSION_FRESH_MS = 60 * 60 * 1000
let lastRootLoad = Date.now()
/** The namespaces the root loader last sent (the page's, from its routes' handles). */
let loadedNamespaces: readonly string[] = []
export function shouldRevalidate({ formMethod, defaultShouldRevalidate, nextUrl }: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== 'GET') return defaultShouldRevalidate
  // The next page needs translations the browser does not have (or its routes are not loaded yet).
  const needed = namespacesInBrowser(nextUrl.pathname)
  if (!needed || needed.some((ns) => !loadedNamespaces.includes(ns))) return true
  if (Date.now() - lastRootLoad > SESSION_FRESH_MS) return true
  return false
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>('root')
  const locale = (root?.locale ?? 'en') as Locale
  const choice = root?.theme.choice ?? 'system'
  return (
    <ThemeProvider specifiedTheme={choice === 'system' ? null : (choice as RemixTheme)} themeAction="/set-theme">
      <Document locale={locale} ssrTheme={root?.theme.ssr ?? null}>
        {children}
      </Document>
    </ThemeProvider>
  )
}

/**
 * The html shell. The theme class is the chosen or hinted one from the server; unknown there, the
 * no-flash script sets it before the first paint (docs/decisions/018-themes-honeypot-msw.md).
 */
function Document({ locale, ssrTheme, children }: { locale: Locale; ssrTheme: Theme | null; children: React.ReactNode }) {
  const [clientTheme] = useTheme()
  const theme = clientTheme ?? ssrTheme
  const nonce = useNonce()
  // Hydration keeps the server's class; follow the browser's own answer (and later switches).
  useEffect(() => {
    const classes = document.documentElement.classList
    if (theme) classes.toggle('dark', theme === 'dark')
    if (theme) classes.toggle('light', theme === 'light')
  }, [theme])
  return (
    <html lang={locale} className={theme ?? undefined} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <PreventFlashOnWrongTheme ssrTheme={Boolean(ssrTheme)} nonce={nonce} />
        <link rel="manifest" href="/manifest.webmanifest" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links nonce={nonce} />
      </head>
      <body className="min-h-screen bg-white text-stone-900 antialiased dark:bg-stone-950 dark:text-stone-100">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { locale, resources, user, webVersion, toast, loadedAt } = loaderData
  const theme = useThemeChoice()
  const i18n = useMemo(() => createI18n(locale as Locale, resources), [locale, resources])
  useEffect(() => {
    lastRootLoad = loadedAt
    loadedNamespaces = Object.keys(resources)
  }, [loadedAt, resources])
  useEffect(() => void shellRules().then((m) => m.checkWebVersion(webVersion)), [webVersion])
  useEffect(() => {
    const [orgId, venueId] = [loaderData.org?.id ?? null, loaderData.venue?.id ?? null]
    void shellRules().then((m) => m.mirrorPreferences(locale, theme, orgId, venueId))
  }, [locale, theme, loaderData.org, loaderData.venue])
  useEffect(() => void shellRules().then((m) => m.registerServiceWorker(webVersion)), [webVersion])
  // Sign-ins and sign-outs made by this tab's own forms are not "another tab" (app/lib/own-submissions.ts).
  const navigation = useNavigation()
  const navigationState = useRef(navigation.state)
  navigationState.current = navigation.state
  const own = useRef<OwnSubmissions | null>(null)
  own.current ??= new OwnSubmissions(() => navigationState.current === 'idle')
  if (navigation.formMethod && navigation.formMethod !== 'GET') own.current.mark()
  useEffect(() => {
    const submissions = own.current!
    // Also from the moment a form is submitted: on a busy device the answer (and its cookie) can arrive
    // before React renders the submitting state, and reloading then would cancel the redirect that follows.
    const submitted = (event: Event) => {
      const method = ((event.target as HTMLFormElement | null)?.getAttribute('method') ?? 'get').toLowerCase()
      if (method !== 'get') submissions.submitted()
    }
    document.addEventListener('submit', submitted, true)
    return () => {
      document.removeEventListener('submit', submitted, true)
      submissions.stop()
    }
  }, [])
  useEffect(() => {
    let stop: (() => void) | undefined
    let live = true
    void shellRules().then((m) => {
      if (live)
        stop = m.watchAuthCookie(() => {
          if (!own.current!.active) window.location.reload()
        })
    })
    return () => {
      live = false
      stop?.()
    }
  }, [])
  // An UnauthorizedError on the current-user call while signed in (the session ended elsewhere).
  const previousUser = useRef(user?.id)
  useEffect(() => {
    if (previousUser.current && !user && !own.current!.active) window.location.reload()
    previousUser.current = user?.id
    // The cookie change of our own submission can be reported after the navigation settles (the
    // Cookie Store API's events are asynchronous): stop ignoring changes a moment later, not at once.
    if (navigation.state !== 'idle') return
    return own.current!.settled()
  }, [user, navigation.state])
  return (
    <I18nextProvider i18n={i18n}>
      <Shell user={user} locale={locale as Locale} toast={toast} org={loaderData.org} venue={loaderData.venue} pin={loaderData.pin}>
        <Outlet />
      </Shell>
    </I18nextProvider>
  )
}

function Shell({
  user,
  locale,
  toast,
  org,
  venue,
  pin,
  children,
}: {
  user: SessionUser | null
  locale: Locale
  toast: Route.ComponentProps['loaderData']['toast']
  org: Route.ComponentProps['loaderData']['org']
  venue: Route.ComponentProps['loaderData']['venue']
  pin: Route.ComponentProps['loaderData']['pin']
  children: React.ReactNode
}) {
  const { t } = useTranslation()
  const location = useLocation()
  const here = location.pathname + location.search
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-white focus:p-2 focus:text-stone-900">
        {t('nav.skip')}
      </a>
      <AppHeader
        user={user}
        locale={locale}
        org={org}
        venue={venue}
        pin={pin}
        pathname={location.pathname}
        here={here}
        banner={user && !user.emailVerified ? <VerifyBanner redirectTo={here} /> : null}
      />
      <main id="main" className="mx-auto w-full max-w-5xl px-3 py-6">
        {/* Fixed to the top of the viewport, but inside a landmark (axe "region") while it shows. */}
        <ProgressBar label={t('progress')} />
        <Toaster toast={toast} closeLabel={t('toast.close')} />
        {children}
      </main>
    </>
  )
}

function VerifyBanner({ redirectTo }: { redirectTo: string }) {
  const { t } = useTranslation()
  return (
    <div className="border-b border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-2 px-3 py-2 text-sm">
        <p className="mr-auto">{t('verifyBanner.text')}</p>
        <Form method="post" action="/resend-verification">
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <button type="submit" className={buttonClasses({ variant: 'basic_border', size: 'sm' })}>
            {t('verifyBanner.resend')}
          </button>
        </Form>
      </div>
    </div>
  )
}

/** The title rule: the display name, then the venue, then the organisation when known. */
export function meta({ loaderData, matches }: Route.MetaArgs) {
  const parts: TitleParts = { appName: loaderData?.appName ?? 'Mise' }
  for (const match of matches) {
    const d = match?.loaderData as { title?: Partial<TitleParts> } | undefined
    if (d?.title) Object.assign(parts, d.title)
  }
  return [{ title: buildTitle(parts) }]
}

/**
 * The root's error screens (not found, not allowed, a failure), with the app's header when the root
 * loader ran. In the first load (the shell chunk), never fetched when an error shows: the error may be
 * that the network is gone (ADR 083).
 */
export const ErrorBoundary = RootError

import { useEffect, useMemo, useRef } from 'react'
import { I18nextProvider, useTranslation } from 'react-i18next'
import {
  data,
  Form,
  isRouteErrorResponse,
  Link,
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
import { GlobalErrorScreen, NotFoundScreen } from './components/error-screens'
import { ProgressBar } from './components/progress-bar'
import { Toaster } from './components/toaster'
import { getMe } from './lib/session.server'
import { getSelection } from './lib/selection.server'
import { getConfig } from './lib/config.server'
import { createI18n, namespacesFor, type Locale } from './lib/i18n'
import { getClientResources, getLocale } from './lib/i18n.server'
import { checkWebVersion, mirrorPreferences, registerServiceWorker, watchAuthCookie } from './lib/shell.client'
import { getTheme } from './lib/theme.server'
import { takeToast } from './lib/toast.server'
import { buildTitle, type TitleParts } from './lib/title'
import { buttonClasses } from './components/ui/button'
import { can } from '../server/auth/permissions'

export interface SessionUser {
  id: string
  type: 'user' | 'device'
  name: string
  email?: string
  locale: string
  superAdmin: boolean
  emailVerified: boolean
}

export async function loader(args: Route.LoaderArgs) {
  const { request } = args
  const { client } = await getMe(args)
  const selection = await getSelection(args)
  const locale = getLocale(request)
  const { toast, setCookie } = await takeToast(request)
  const headers = client.headers()
  for (const c of selection.setCookies) headers.append('Set-Cookie', c)
  if (setCookie) headers.append('Set-Cookie', setCookie)
  const config = getConfig()
  const role = selection.org?.role ?? null
  return data(
    {
      user: selection.me?.user ?? null,
      webVersion: selection.me?.webVersion ?? config.webVersion,
      appName: config.APP_NAME,
      locale,
      resources: getClientResources(locale, new URL(request.url).pathname.replace(/(\/_)?\.data$/, '') || '/'),
      theme: getTheme(request),
      toast,
      loadedAt: Date.now(),
      org: selection.org ? { id: selection.org.id, name: selection.org.name, role } : null,
      venue: selection.venue,
      orgCount: selection.me?.orgs.length ?? 0,
      title: { organisation: selection.org?.name, venue: selection.venue?.name },
    },
    { headers },
  )
}

/** Session data stays fresh for an hour: refetched after any form submission, not on every navigation. */
const SESSION_FRESH_MS = 60 * 60 * 1000
let lastRootLoad = Date.now()
export function shouldRevalidate({ formMethod, defaultShouldRevalidate, currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== 'GET') return defaultShouldRevalidate
  // Another set of translations is needed (e.g. from a public page to the app).
  if (namespacesFor(currentUrl.pathname).join() !== namespacesFor(nextUrl.pathname).join()) return true
  if (Date.now() - lastRootLoad > SESSION_FRESH_MS) return true
  return false
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>('root')
  const locale = (root?.locale ?? 'en') as Locale
  return (
    <html lang={locale} className={root?.theme === 'dark' ? 'dark' : undefined} data-theme={root?.theme ?? 'light'}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content={root?.theme === 'dark' ? 'dark' : 'light'} />
        <link rel="manifest" href="/manifest.webmanifest" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-white text-stone-900 antialiased dark:bg-stone-950 dark:text-stone-100">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  )
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { locale, resources, user, webVersion, theme, toast, loadedAt } = loaderData
  const i18n = useMemo(() => createI18n(locale as Locale, resources), [locale, resources])
  useEffect(() => {
    lastRootLoad = loadedAt
  }, [loadedAt])
  useEffect(() => checkWebVersion(webVersion), [webVersion])
  useEffect(() => mirrorPreferences(locale, theme, loaderData.org?.id ?? null, loaderData.venue?.id ?? null), [locale, theme, loaderData.org, loaderData.venue])
  useEffect(() => registerServiceWorker(webVersion), [webVersion])
  // Sign-ins and sign-outs made by this tab's own forms are not "another tab".
  const navigation = useNavigation()
  const ownSubmission = useRef(false)
  if (navigation.formMethod && navigation.formMethod !== 'GET') ownSubmission.current = true
  useEffect(
    () =>
      watchAuthCookie(() => {
        if (!ownSubmission.current) window.location.reload()
      }),
    [],
  )
  // An UnauthorizedError on the current-user call while signed in (the session ended elsewhere).
  const previousUser = useRef(user?.id)
  useEffect(() => {
    if (previousUser.current && !user && !ownSubmission.current) window.location.reload()
    previousUser.current = user?.id
    if (navigation.state === 'idle') ownSubmission.current = false
  }, [user, navigation.state])
  return (
    <I18nextProvider i18n={i18n}>
      <Shell user={user} theme={theme} locale={locale as Locale} toast={toast} org={loaderData.org} venue={loaderData.venue}>
        <Outlet />
      </Shell>
    </I18nextProvider>
  )
}

function Shell({
  user,
  theme,
  locale,
  toast,
  org,
  venue,
  children,
}: {
  user: SessionUser | null
  theme: 'light' | 'dark'
  locale: Locale
  toast: Route.ComponentProps['loaderData']['toast']
  org: Route.ComponentProps['loaderData']['org']
  venue: Route.ComponentProps['loaderData']['venue']
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
      <ProgressBar label={t('progress')} />
      <header className="border-b border-stone-200 dark:border-stone-800">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-2 px-3 py-2">
          <Link to="/" className="mr-auto text-lg font-bold text-green-800 dark:text-green-300">
            {t('appName')}
          </Link>
          <nav aria-label={t('nav.main')} className="flex flex-wrap items-center gap-2">
            {user && org ? (
              <>
                <Link to="/venues" className={buttonClasses({ variant: 'ghost', size: 'sm' })} aria-label={t('nav.venueSwitch', { name: venue?.name ?? t('nav.noVenue') })}>
                  {venue?.name ?? t('nav.noVenue')}
                </Link>
                <Link to="/organisations" className={buttonClasses({ variant: 'ghost', size: 'sm' })} aria-label={t('nav.orgSwitch', { name: org.name })}>
                  {org.name}
                </Link>
                {can(org.role, 'settings.access') ? (
                  <Link to="/settings" className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
                    {t('nav.settings')}
                  </Link>
                ) : null}
              </>
            ) : user ? (
              <Link to="/organisations" className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
                {t('nav.organisations')}
              </Link>
            ) : null}
            {user ? (
              <>
                <Link to="/profile" className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
                  {t('nav.profile')}
                </Link>
                <Form method="post" action="/logout">
                  <button type="submit" className={buttonClasses({ variant: 'basic_border', size: 'sm' })}>
                    {t('nav.logout')}
                  </button>
                </Form>
              </>
            ) : null}
            <Form method="post" action="/set-theme" className="inline">
              <input type="hidden" name="redirectTo" value={here} />
              <input type="hidden" name="theme" value={theme === 'dark' ? 'light' : 'dark'} />
              <button type="submit" className={buttonClasses({ variant: 'ghost', size: 'sm' })} aria-pressed={theme === 'dark'}>
                {theme === 'dark' ? t('theme.toLight') : t('theme.toDark')}
              </button>
            </Form>
            <Form method="post" action="/set-language" className="flex items-center gap-1">
              <input type="hidden" name="redirectTo" value={here} />
              <label htmlFor="shell-language" className="sr-only">
                {t('language.label')}
              </label>
              <select
                id="shell-language"
                name="locale"
                defaultValue={locale}
                key={locale}
                className="h-9 rounded border border-stone-400 bg-white px-2 text-sm dark:border-stone-600 dark:bg-stone-900"
              >
                <option value="en" lang="en">
                  {t('language.en')}
                </option>
                <option value="es" lang="es">
                  {t('language.es')}
                </option>
              </select>
              <button type="submit" className={buttonClasses({ variant: 'basic_border', size: 'sm' })}>
                {t('language.change')}
              </button>
            </Form>
          </nav>
        </div>
        {user && !user.emailVerified ? <VerifyBanner redirectTo={here} /> : null}
      </header>
      <main id="main" className="mx-auto w-full max-w-5xl px-3 py-6">
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

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const root = useRouteLoaderData<typeof loader>('root')
  const i18n = useMemo(() => (root ? createI18n(root.locale as Locale, root.resources) : null), [root])
  const t = (key: string, fallback: string) => (i18n ? i18n.t(key) : fallback)
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <main id="main" className="mx-auto max-w-xl px-3 py-10">
        <NotFoundScreen title={t('errors.notFound', 'Not Found')} backLabel={t('errors.backHome', 'Back to home')} />
      </main>
    )
  }
  return (
    <main id="main" className="mx-auto max-w-xl px-3 py-10">
      <GlobalErrorScreen message={t('errors.global', 'Sorry, an error occured...')} goBackLabel={t('actions.goBack', 'Go back')} />
    </main>
  )
}

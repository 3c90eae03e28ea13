/**
 * The root's error boundary (app/root.tsx; in the shell chunk, ADR 083): 404 and 403 screens, a refused request
 * from another site, or the global error screen, inside the app's header when the root loader ran.
 */
import { useMemo } from 'react'
import { I18nextProvider } from 'react-i18next'
import { isRouteErrorResponse, useLocation, useRouteLoaderData } from 'react-router'
import type { loader } from '../root'
import { createI18n, type Locale } from '../lib/i18n'
import { AppHeader } from './app-header'
import { GlobalErrorScreen, NotFoundScreen } from './error-screens'

export function RootError({ error }: { error: unknown }) {
  const root = useRouteLoaderData<typeof loader>('root')
  const i18n = useMemo(() => (root ? createI18n(root.locale as Locale, root.resources) : null), [root])
  const t = (key: string, fallback: string) => (i18n ? i18n.t(key) : fallback)
  let screen: React.ReactNode
  if (isRouteErrorResponse(error) && error.status === 404) {
    screen = <NotFoundScreen title={t('errors.notFound', 'Not Found')} backLabel={t('errors.backHome', 'Back to home')} />
  } else if (isRouteErrorResponse(error) && error.status === 403 && typeof error.data === 'string' && error.data.includes('\n\n')) {
    // A request from another site, refused before any loader ran (app/lib/security.server.ts): its
    // text, already in the user's language, is "title\n\nexplanation\n\nback-link label".
    const [title, text, back] = error.data.split('\n\n', 3)
    screen = <NotFoundScreen title={title} description={text} backLabel={back || t('errors.backHome', 'Back to home')} />
  } else if (isRouteErrorResponse(error) && error.status === 403) {
    screen = <NotFoundScreen title={t('errors.forbiddenTitle', 'Not allowed')} description={t('errors.forbidden', '')} backLabel={t('errors.backHome', 'Back to home')} />
  } else {
    screen = <GlobalErrorScreen message={t('errors.global', 'Sorry, an error occured...')} goBackLabel={t('actions.goBack', 'Go back')} />
  }
  const main = (
    <main id="main" className="mx-auto max-w-xl px-3 py-10">
      {screen}
    </main>
  )
  // With what the root loader knew, the screen keeps the app's header (and its way back).
  if (!root || !i18n) return main
  return (
    <I18nextProvider i18n={i18n}>
      <ErrorHeader root={root} />
      {main}
    </I18nextProvider>
  )
}

function ErrorHeader({ root }: { root: NonNullable<ReturnType<typeof useRouteLoaderData<typeof loader>>> }) {
  const location = useLocation()
  return (
    <AppHeader
      user={root.user}
      locale={root.locale as Locale}
      org={root.org}
      venue={root.venue}
      pin={root.pin}
      pathname={location.pathname}
      here={location.pathname + location.search}
    />
  )
}

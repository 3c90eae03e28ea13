import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router'
import { useTranslation } from '../lib/use-translation'
import { NotFoundScreen, RouteErrorScreen } from './error-screens'

/** Errors inside a route group: 404 → not-found page, 403 → not allowed, anything else → details toggle. */
export function RouteError() {
  const error = useRouteError()
  const { t } = useTranslation()
  const location = useLocation()
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFoundScreen title={t('errors.notFound')} backLabel={t('errors.backHome')} />
  }
  if (isRouteErrorResponse(error) && error.status === 403) {
    return <NotFoundScreen title={t('errors.forbiddenTitle')} description={t('errors.forbidden')} backLabel={t('errors.backHome')} />
  }
  if (isRouteErrorResponse(error) && error.status >= 400 && error.status < 500) {
    // The API refused what the address asked for (e.g. a search too long): its message, in the
    // person's language, and a way back to the same page without the query.
    return <NotFoundScreen title={t('errors.refusedTitle')} description={apiMessages(error.data)} backLabel={t('errors.backToPage')} backTo={location.pathname} />
  }
  return <RouteErrorScreen error={error} title={t('errors.route')} showLabel={t('errors.showError')} hideLabel={t('errors.hideError')} backLabel={t('errors.backHome')} />
}

/** The messages of an API error answer (`{ error: { message, data } }`), field messages first. */
function apiMessages(data: unknown): string | undefined {
  const parsed = typeof data === 'string' ? safeJson(data) : data
  const error = (parsed as { error?: { message?: unknown; data?: Record<string, unknown> } } | null)?.error
  if (!error) return undefined
  const fields = Object.values(error.data ?? {}).filter((m): m is string => typeof m === 'string')
  return fields.length ? fields.join(' ') : typeof error.message === 'string' ? error.message : undefined
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

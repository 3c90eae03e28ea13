import { isRouteErrorResponse, useRouteError } from 'react-router'
import { useTranslation } from 'react-i18next'
import { NotFoundScreen, RouteErrorScreen } from './error-screens'

/** Errors inside a route group: 404 → not-found page, 403 → not allowed, anything else → details toggle. */
export function RouteErrorBoundary() {
  const error = useRouteError()
  const { t } = useTranslation()
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFoundScreen title={t('errors.notFound')} backLabel={t('errors.backHome')} />
  }
  if (isRouteErrorResponse(error) && error.status === 403) {
    return <NotFoundScreen title={t('errors.forbiddenTitle')} description={t('errors.forbidden')} backLabel={t('errors.backHome')} />
  }
  return <RouteErrorScreen error={error} title={t('errors.route')} showLabel={t('errors.showError')} hideLabel={t('errors.hideError')} />
}

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
    return (
      <div role="alert" className="space-y-2">
        <h1 className="text-2xl font-bold">{t('errors.forbiddenTitle')}</h1>
        <p>{t('errors.forbidden')}</p>
      </div>
    )
  }
  return <RouteErrorScreen error={error} title={t('errors.route')} showLabel={t('errors.showError')} hideLabel={t('errors.hideError')} />
}

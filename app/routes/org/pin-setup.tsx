import { data, Form } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { Route } from './+types/pin-setup'
import { AuthCard } from '../../components/auth-card'
import { SubmitButton } from '../../components/submit-button'
import { Button } from '../../components/ui/button'
import { Field, FormError } from '../../components/ui/field'
import { api, must, unauthorizedRedirect } from '../../lib/api.server'
import { formFailure, formValues } from '../../lib/forms.server'
import { getLocale, translator } from '../../lib/i18n.server'
import { requireOrg } from '../../lib/selection.server'
import { redirectWithToast } from '../../lib/toast.server'

export async function loader(args: Route.LoaderArgs) {
  const { org } = await requireOrg(args)
  const client = api(args)
  const { profile } = must(args.request, client, await client.get<{ profile: { hasPin: boolean } }>(`/v1/orgs/${org.id}/profile`))
  return { orgName: org.name, hasPin: profile.hasPin }
}

export async function action(args: Route.ActionArgs) {
  const { org } = await requireOrg(args)
  const form = await args.request.formData()
  const client = api(args)
  const locale = getLocale(args.request)

  if (form.get('intent') === 'suggest') {
    // The suggestion travels in this response only (not in a URL), and is not kept by caches.
    const { pin } = must(args.request, client, await client.post<{ pin: string }>(`/v1/orgs/${org.id}/staff/generate-pin`))
    return data({ suggested: pin, fieldErrors: {} as Record<string, string>, formError: undefined as string | undefined }, { headers: client.headers({ 'Cache-Control': 'no-store' }) })
  }

  // intent === 'save'
  const result = await client.put(`/v1/orgs/${org.id}/profile`, formValues(form, ['pin']))
  if (!result.ok) {
    if (result.error.name === 'UnauthorizedError') throw unauthorizedRedirect(args.request, client.headers())
    return formFailure(result.error, locale, ['pin'], { suggested: undefined })
  }
  return redirectWithToast('/pin-setup', { type: 'success', title: translator(locale)('org:pin.saved', { org: org.name }) }, { headers: client.headers() })
}

export default function PinSetup({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('org')
  const { t: tc } = useTranslation('common')
  const { orgName, hasPin } = loaderData
  const suggested = actionData?.suggested
  return (
    <AuthCard title={t('pin.title')} intro={t('pin.intro', { org: orgName })}>
      <p className="mb-4" role="status">
        {hasPin ? t('pin.hasPin') : t('pin.noPin')}
      </p>
      <Form method="post" className="space-y-4">
        <FormError>{actionData?.formError}</FormError>
        {suggested ? (
          <p className="rounded-md border border-green-700 p-3 dark:border-green-400">
            {t('pin.suggested')}{' '}
            <strong className="font-mono text-xl tracking-widest" translate="no">
              {suggested}
            </strong>
          </p>
        ) : null}
        <Field
          // A new suggestion replaces whatever was typed.
          key={suggested ?? 'typed'}
          label={hasPin ? t('pin.newPin') : t('pin.pin')}
          name="pin"
          inputMode="numeric"
          pattern="\d{4,6}"
          minLength={4}
          maxLength={6}
          autoComplete="off"
          required
          defaultValue={suggested}
          hint={t('pin.hint')}
          error={actionData?.fieldErrors?.pin}
        />
        <div className="flex flex-wrap gap-2">
          <SubmitButton name="intent" value="save" width="fit" pendingLabel={tc('actions.working')}>
            {t('pin.save')}
          </SubmitButton>
          {/* No validation: asking for a suggestion needs no PIN typed first. */}
          <Button type="submit" name="intent" value="suggest" variant="basic_border" formNoValidate>
            {t('pin.suggest')}
          </Button>
        </div>
      </Form>
    </AuthCard>
  )
}

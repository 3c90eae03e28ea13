import { data, Form } from 'react-router'
import { useTranslation } from '../../lib/use-translation'
import { z } from 'zod'
import type { Route } from './+types/pin-setup'
import { orgProfileBody } from '../../../server/profile/org-routes'
import { AuthCard } from '../../components/auth-card'
import { SubmitButton } from '../../components/submit-button'
import { Button } from '../../components/ui/button'
import { Field, FormError } from '../../components/ui/field'
import { api, must, unauthorizedRedirect } from '../../lib/api.server'
import { useServerForm } from '../../lib/forms'
import { invalidForm, noFields, parseForm, rejectedForm } from '../../lib/forms.server'
import { getLocale, translator } from '../../lib/i18n.server'
import { requireOrg } from '../../lib/selection.server'
import { redirectWithToast } from '../../lib/toast.server'
import type { I18nHandle } from '../../lib/i18n'

export const handle: I18nHandle = { i18n: ['org'] }

export async function loader(args: Route.LoaderArgs) {
  const { org } = await requireOrg(args)
  const client = api(args)
  const { profile } = must(args.request, client, await client.get<{ profile: { hasPin: boolean } }>(`/v1/orgs/${org.id}/profile`))
  return { orgName: org.name, hasPin: profile.hasPin }
}

/** The API's PIN rule, required here. */
const schema = z.object({ pin: orgProfileBody.shape.pin.unwrap() })

export async function action(args: Route.ActionArgs) {
  const { org } = await requireOrg(args)
  const form = await args.request.formData()
  const client = api(args)
  const locale = getLocale(args.request)

  if (form.get('intent') === 'suggest') {
    // The suggestion travels in this response only (not in a URL), and is not kept by caches.
    const suggestion = await client.post<{ pin: string }>(`/v1/orgs/${org.id}/staff/generate-pin`)
    if (!suggestion.ok) {
      if (suggestion.error.name === 'UnauthorizedError') throw unauthorizedRedirect(args.request, client.headers())
      // Too many PIN answers (ADR 016): the page says when to try again.
      return rejectedForm(parseForm(form, noFields, locale), suggestion.error, locale, {
        fields: ['pin'],
        extra: { suggested: undefined },
        headers: client.headers({ 'Cache-Control': 'no-store' }),
      })
    }
    return data({ suggested: suggestion.data.pin, result: undefined }, { headers: client.headers({ 'Cache-Control': 'no-store' }) })
  }

  // intent === 'save'
  const submission = parseForm(form, schema, locale)
  if (submission.status !== 'success') return invalidForm(submission, { suggested: undefined })
  const result = await client.put(`/v1/orgs/${org.id}/profile`, submission.value)
  if (!result.ok) {
    if (result.error.name === 'UnauthorizedError') throw unauthorizedRedirect(args.request, client.headers())
    return rejectedForm(submission, result.error, locale, { fields: ['pin'], extra: { suggested: undefined } })
  }
  return redirectWithToast('/pin-setup', { type: 'success', title: translator(locale)('org:pin.saved', { org: org.name }) }, { headers: client.headers() })
}

export default function PinSetup({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('org')
  const { t: tc } = useTranslation('common')
  const { orgName, hasPin } = loaderData
  const suggested = actionData?.suggested
  const { field, formProps, formErrors } = useServerForm({ id: 'pin-setup', lastResult: actionData?.result })
  return (
    <AuthCard title={t('pin.title')} intro={t('pin.intro', { org: orgName })}>
      <p className="mb-4" role="status">
        {hasPin ? t('pin.hasPin') : t('pin.noPin')}
      </p>
      <Form method="post" className="space-y-4" {...formProps}>
        <FormError errors={formErrors} />
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
          {...field('pin')}
          inputMode="numeric"
          pattern="\d{4,6}"
          minLength={4}
          maxLength={6}
          autoComplete="off"
          required
          defaultValue={suggested}
          hint={t('pin.hint')}
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

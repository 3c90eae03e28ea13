import { data, Form, Link } from 'react-router'
import { useTranslation } from '../../lib/use-translation'
import type { Route } from './+types/unsubscribe'
import { SubmitButton } from '../../components/submit-button'
import { FormError } from '../../components/ui/field'
import { api } from '../../lib/api.server'
import { resultErrors } from '../../lib/forms'
import { noFields, parseForm, rejectedForm } from '../../lib/forms.server'
import { getLocale } from '../../lib/i18n.server'
import type { I18nHandle } from '../../lib/i18n'

export const handle: I18nHandle = { i18n: ['public'] }

type Kind = 'overdue' | 'failure' | 'digest'
type View = { state: 'invalid' | 'expired' } | { state: 'ok'; kind: Kind; orgName: string; subscribed: boolean }

const noStore = { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' }

async function read(args: Route.LoaderArgs | Route.ActionArgs, token: string): Promise<View> {
  const result = await api(args).get<{ kind: Kind; orgName: string; subscribed: boolean }>(`/v1/alerts/unsubscribe?${new URLSearchParams({ token })}`)
  if (result.ok) return { state: 'ok', ...result.data }
  return { state: result.status === 400 && result.error.name === 'BadRequestError' ? 'expired' : 'invalid' }
}

/**
 * /unsubscribe?token= — an alert e-mail's unsubscribe link, without signing in (ADR 051). GET asks
 * (a link opened by a mail scanner changes nothing); the form's POST stops that kind of alert. A mail
 * client's one-click POST (RFC 8058: `List-Unsubscribe=One-Click`, token in the URL) does the same.
 */
export async function loader(args: Route.LoaderArgs) {
  const token = new URL(args.request.url).searchParams.get('token') ?? ''
  return data({ view: await read(args, token), token, done: false }, { headers: noStore })
}

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData()
  const locale = getLocale(args.request)
  const token = String(form.get('token') ?? new URL(args.request.url).searchParams.get('token') ?? '')
  const submission = parseForm(form, noFields, locale)
  const result = await api(args).post<{ kind: Kind; orgName: string; subscribed: boolean }>('/v1/alerts/unsubscribe', { token })
  if (!result.ok) {
    if (result.status === 404 || result.status === 400) return data({ view: await read(args, token), token, done: false, result: undefined }, { status: result.status, headers: noStore })
    return rejectedForm(submission, result.error, locale, { fields: [] })
  }
  return data({ view: { state: 'ok', ...result.data } as View, token, done: true, result: undefined }, { headers: noStore })
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('public')
  const answer = actionData && 'view' in actionData ? actionData : undefined
  const view = answer?.view ?? loaderData.view
  const done = answer?.done ?? false
  const profileLink = (
    <p>
      <Link to="/profile" className="underline">
        {t('unsubscribe.profile')}
      </Link>
    </p>
  )
  const errors = resultErrors(actionData && 'result' in actionData ? actionData.result : undefined)
  return (
    <div className="mx-auto max-w-xl space-y-4 p-4">
      {view.state !== 'ok' ? (
        <>
          <h1 className="text-2xl font-bold">{t(`unsubscribe.${view.state}`)}</h1>
          {profileLink}
        </>
      ) : done || !view.subscribed ? (
        <>
          <h1 className="text-2xl font-bold">{t('unsubscribe.doneTitle')}</h1>
          <p role="status">{t(`unsubscribe.done.${view.kind}`, { org: view.orgName })}</p>
          {profileLink}
        </>
      ) : (
        <>
          <h1 className="text-2xl font-bold">{t('unsubscribe.title')}</h1>
          <p>{t(`unsubscribe.ask.${view.kind}`, { org: view.orgName })}</p>
          <Form method="post" className="space-y-4">
            <FormError errors={errors} />
            <input type="hidden" name="token" value={loaderData.token} />
            <SubmitButton width="fit" variant="primary">
              {t('unsubscribe.confirm')}
            </SubmitButton>
          </Form>
        </>
      )}
    </div>
  )
}

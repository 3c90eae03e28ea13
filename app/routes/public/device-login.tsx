import { data, Form, redirect } from 'react-router'
import { useTranslation } from '../../lib/use-translation'
import type { Route } from './+types/device-login'
import { AuthCard } from '../../components/auth-card'
import { SubmitButton } from '../../components/submit-button'
import { ButtonLink } from '../../components/ui/button'
import { api, must, type ApiClient, type ApiResult, type RequestArgs } from '../../lib/api.server'
import { getLocale, translator } from '../../lib/i18n.server'
import { clearSelectionCookies } from '../../lib/selection.server'
import { getMe } from '../../lib/session.server'
import { redirectWithToast } from '../../lib/toast.server'
import type { I18nHandle } from '../../lib/i18n'

export const handle: I18nHandle = { i18n: ['public'] }

type LinkProblem = 'invalid' | 'expired' | 'used' | 'replaced'
const PROBLEMS: readonly string[] = ['invalid', 'expired', 'used', 'replaced']

interface Paired {
  device: { id: string; name: string }
  organisation: { id: string; name: string }
  venue: { id: string; name: string }
}

const NO_STORE = { 'Cache-Control': 'no-store' }

/** The id and token of the link: used only when both are present (original-spec §2). */
function linkParams(request: Request): { id: string; token: string } | null {
  const url = new URL(request.url)
  const id = url.searchParams.get('id')
  const token = url.searchParams.get('token')
  return id && token ? { id, token } : null
}

/**
 * A link that cannot be used says why and what to do; the same link opened again by the tablet it
 * signed in (a second tap, a reload, or Chromium repeating the navigation for a client hint) goes on.
 */
async function linkFailed(args: RequestArgs, client: ApiClient, result: Extract<ApiResult<Paired>, { ok: false }>, link: { id: string }) {
  const problem = result.error.data?.link
  if (!problem || !PROBLEMS.includes(problem)) must(args.request, client, result)
  // An old link opened on a tablet that is signed in already: say so, and where to go.
  const { me } = await getMe(args)
  if (problem === 'used' && me?.user.type === 'device' && me.user.id === link.id) {
    return redirect('/', { headers: client.headers(NO_STORE) })
  }
  const device = me?.user.type === 'device' ? { name: me.user.name, venue: me.orgs[0]?.venues[0]?.name ?? '' } : null
  return data({ state: 'failed' as const, problem: (problem ?? 'invalid') as LinkProblem, device }, { status: result.status, headers: client.headers(NO_STORE) })
}

/**
 * Sign this browser in as the device (POST /v1/auth/device/login uses the link up) and land on its
 * venue home; the organisation and venue are then forced by the selection (§4).
 */
async function pair(args: RequestArgs, link: { id: string; token: string }) {
  const client = api(args)
  const result = await client.post<Paired>('/v1/auth/device/login', link)
  if (!result.ok) return linkFailed(args, client, result, link)
  const headers = client.headers(NO_STORE)
  for (const c of clearSelectionCookies()) headers.append('Set-Cookie', c)
  const t = translator(getLocale(args.request))
  const { device, venue } = result.data
  return redirectWithToast('/', { type: 'success', title: t('public:deviceLogin.paired', { device: device.name, venue: venue.name }) }, { headers })
}

/**
 * Opening the link changes nothing (ADR 082): the page says what it would sign in and asks; its form
 * posts to the action, which signs in. A person is told that they will be logged out here.
 */
export async function loader(args: Route.LoaderArgs) {
  const link = linkParams(args.request)
  if (!link) return data({ state: 'missing' as const }, { headers: NO_STORE })
  const client = api(args)
  const result = await client.get<Paired>(`/v1/auth/device/login?${new URLSearchParams(link)}`)
  if (!result.ok) return linkFailed(args, client, result, link)
  const { me } = await getMe(args)
  if (me?.user.type === 'user') return data({ state: 'confirm' as const, name: me.user.email ?? me.user.name }, { headers: NO_STORE })
  const { device, venue, organisation } = result.data
  return data({ state: 'ready' as const, device: device.name, venue: venue.name, organisation: organisation.name }, { headers: NO_STORE })
}

export async function action(args: Route.ActionArgs) {
  const link = linkParams(args.request)
  if (!link) return data({ state: 'missing' as const }, { headers: NO_STORE })
  return pair(args, link)
}

export default function DeviceLogin({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('public')
  const { t: tc } = useTranslation('common')
  const view = actionData ?? loaderData
  if (view.state === 'confirm') {
    return (
      <AuthCard title={t('deviceLogin.confirmTitle')} intro={t('deviceLogin.confirmIntro', { name: view.name })}>
        <Form method="post" className="space-y-3">
          <SubmitButton pendingLabel={tc('actions.working')}>{t('deviceLogin.confirm')}</SubmitButton>
          <ButtonLink to="/" variant="basic_border" width="full">
            {tc('actions.cancel')}
          </ButtonLink>
        </Form>
      </AuthCard>
    )
  }
  if (view.state === 'ready') {
    return (
      <AuthCard title={t('deviceLogin.title')} intro={t('deviceLogin.readyIntro', { device: view.device, venue: view.venue, organisation: view.organisation })}>
        <Form method="post">
          <SubmitButton pendingLabel={tc('actions.working')}>{t('deviceLogin.signIn')}</SubmitButton>
        </Form>
      </AuthCard>
    )
  }
  if (view.state === 'failed') {
    return (
      <AuthCard title={t('deviceLogin.failedTitle')}>
        <div role="alert" className="space-y-3">
          <p className="font-semibold">{t(`deviceLogin.problem.${view.problem}`)}</p>
          <p>{view.device ? t('deviceLogin.alreadySignedIn', { device: view.device.name, venue: view.device.venue }) : t('deviceLogin.askForLink')}</p>
        </div>
        {view.device ? (
          <ButtonLink to="/" variant="primary" width="full" className="mt-4">
            {t('deviceLogin.goHome')}
          </ButtonLink>
        ) : null}
      </AuthCard>
    )
  }
  return (
    <AuthCard title={t('deviceLogin.title')}>
      <div className="space-y-3">
        <p>{t('deviceLogin.missing')}</p>
        <p>{t('deviceLogin.askForLink')}</p>
      </div>
    </AuthCard>
  )
}

import { data, Link, redirect, useSearchParams } from 'react-router'
import { useTranslation } from '../../lib/use-translation'
import type { Route } from './+types/pin'
import { PinPad } from '../../components/pin-pad'
import { api, unauthorizedRedirect } from '../../lib/api.server'
import { isPinReason, pinPadPath, type PinHolder } from '../../lib/device'
import { getPinLength, isDevice } from '../../lib/device.server'
import { getLocale, translator } from '../../lib/i18n.server'
import { safeRedirect } from '../../lib/safe-redirect'
import { requireUser } from '../../lib/session.server'
import { redirectWithToast } from '../../lib/toast.server'
import type { I18nHandle } from '../../lib/i18n'
import { useHydrated } from 'remix-utils/use-hydrated'

export const handle: I18nHandle = { i18n: ['authed'] }

/**
 * The PIN pad of a shared device (docs/decisions/021): who is about to record says who they are, then
 * goes back to the page they came from. Also the target of "Done" and of the browser's idle timer
 * (intent=forget). A person's session has no PIN to enter: it is sent home.
 */
export async function loader(args: Route.LoaderArgs) {
  const me = await requireUser(args)
  if (!isDevice(me)) throw redirect('/')
  const url = new URL(args.request.url)
  const reason = url.searchParams.get('reason')
  // "Tap your name, then your PIN" (ADR 080 "Per person"): who may enter a PIN here, by name.
  const people = await api(args).get<{ people: Person[] }>('/v1/auth/device/people')
  return data(
    {
      people: people.ok ? people.data.people : [],
      redirectTo: safeRedirect(url.searchParams.get('redirectTo'), '/'),
      reason: isPinReason(reason) ? reason : null,
      holder: me.pin ?? null,
      deviceName: me.user.name,
      deviceId: me.user.id,
      venueName: me.orgs[0]?.venues[0]?.name ?? null,
      length: getPinLength(args.request),
    },
    // Nothing here may be kept by a cache: it names who is recording.
    { headers: { 'Cache-Control': 'no-store' } },
  )
}

type Person = { membershipId: string; name: string }

type PinAnswer = { attempt: string; error?: string; lockedSeconds?: number }

export async function action(args: Route.ActionArgs) {
  const me = await requireUser(args)
  const form = await args.request.formData()
  const redirectTo = safeRedirect(form.get('redirectTo'), '/')
  const client = api(args)
  const t = translator(getLocale(args.request))

  if (form.get('intent') === 'forget') {
    // "Done", or 5 idle minutes in the browser. A person has no PIN to forget: nothing to do.
    if (isDevice(me)) {
      const result = await client.del('/v1/auth/device/pin')
      if (!result.ok && result.error.name === 'UnauthorizedError') throw unauthorizedRedirect(args.request, client.headers())
    }
    // Back to the pad itself after the idle timer; with a "see you" after "Done".
    if (redirectTo.startsWith('/pin?') || !me.pin) return redirect(redirectTo, { headers: client.headers() })
    return redirectWithToast(redirectTo, { type: 'success', title: t('authed:device.pin.forgotten', { name: me.pin.name }) }, { headers: client.headers() })
  }

  if (!isDevice(me)) throw redirect('/')
  const pin = form.get('pin')
  const membershipId = form.get('membershipId')
  // The name comes first: a PIN without one goes back to the list of names.
  if (typeof membershipId !== 'string' || !membershipId) throw redirect(pinPadPath(redirectTo), { headers: client.headers() })
  const result = await client.post<{ pin: PinHolder }>('/v1/auth/device/pin', { pin: typeof pin === 'string' ? pin.trim() : '', membershipId: membershipId.trim() })
  if (result.ok) {
    return redirectWithToast(redirectTo, { type: 'success', title: t('authed:device.pin.welcome', { name: result.data.pin.name }) }, { headers: client.headers() })
  }
  const { error } = result
  if (error.name === 'UnauthorizedError') throw unauthorizedRedirect(args.request, client.headers())
  const headers = client.headers({ 'Cache-Control': 'no-store' })
  if (error.name === 'TooManyRequestsError') {
    const seconds = error.retryAfter ?? secondsUntil(error.data?.until) ?? 300
    return data({ attempt: crypto.randomUUID(), lockedSeconds: seconds } satisfies PinAnswer, { status: 429, headers })
  }
  // A wrong PIN (with the tries left) or one that is not 4–6 digits: the API's message, in this language.
  const message = error.name === 'ValidationError' ? (error.data?.pin ?? error.message) : error.message || t('errors.unknownServer')
  return data({ attempt: crypto.randomUUID(), error: message } satisfies PinAnswer, { status: error.code >= 400 && error.code < 600 ? error.code : 400, headers })
}

function secondsUntil(iso: string | undefined): number | undefined {
  const at = iso ? Date.parse(iso) : NaN
  return Number.isFinite(at) ? Math.max(1, Math.ceil((at - Date.now()) / 1000)) : undefined
}

export default function PinPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('authed')
  const { holder, deviceName, deviceId, venueName, length, people } = loaderData
  // Where to go back to, why and who was picked, read from the address itself: offline, the page is
  // the service worker's copy of the pad (ADR 054), whose loader data was for another address.
  const [params] = useSearchParams()
  const redirectTo = safeRedirect(params.get('redirectTo'), '/')
  const reasonParam = params.get('reason')
  const reason = isPinReason(reasonParam) ? reasonParam : null
  const member = people.find((p) => p.membershipId === params.get('member')) ?? null
  const answer = actionData as PinAnswer | undefined
  const hydrated = useHydrated()
  return (
    <div className="mx-auto w-full max-w-sm space-y-4">
      <div className="space-y-1 text-center">
        <p className="text-sm text-stone-700 dark:text-stone-300">{venueName ? t('device.pin.where', { device: deviceName, venue: venueName }) : deviceName}</p>
        <h1 className="text-2xl font-bold">{t('device.pin.title')}</h1>
        <p className="text-stone-700 dark:text-stone-300">{t('device.pin.intro')}</p>
      </div>
      {reason && !answer ? (
        <p role="status" className="rounded-md border border-amber-700 bg-amber-50 p-3 text-amber-950 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-50">
          {t(`device.pin.reason.${reason}`)}
        </p>
      ) : null}
      {holder ? <p className="text-center text-sm">{t('device.pin.holder', { name: holder.name })}</p> : null}
      {/* Remounted once hydrated: offline the HTML is a copy rendered for another address, and hydration
          keeps its attributes (links, the form's action); these must follow this address. */}
      <div key={hydrated ? 'here' : 'copy'} className="space-y-4">
        {member ? (
          <>
            <div className="space-y-1 text-center">
              <h2 className="text-xl font-semibold">{t('device.pin.pinFor', { name: member.name })}</h2>
              <Link to={pinPadPath(redirectTo, reason)} reloadDocument replace className="inline-flex min-h-12 items-center underline">
                {t('device.pin.changePerson')}
              </Link>
            </div>
            {/* A new key per answer: a wrong PIN starts from an empty pad. */}
            {/* Posted to the address with the person and the way back, so a wrong PIN keeps both (JavaScript on and off). */}
            <PinPad
              key={answer?.attempt ?? 'first'}
              action={pinPadPath(redirectTo, null, member.membershipId)}
              redirectTo={redirectTo}
              member={member}
              length={length} error={answer?.error} lockedSeconds={answer?.lockedSeconds ?? null} deviceId={deviceId} />
          </>
        ) : people.length ? (
          <nav aria-labelledby="pin-who" className="space-y-2">
            <h2 id="pin-who" className="text-lg font-semibold">
              {t('device.pin.who')}
            </h2>
            {/* A simple list sorted by name: a tablet with many staff scrolls it. */}
            <ul aria-label={t('device.pin.whoList')} className="space-y-2">
              {people.map((p) => (
                <li key={p.membershipId}>
                  {/* A page load: offline it is the service worker's copy of the pad (ADR 054), which has no data requests. */}
                  <Link
                    to={pinPadPath(redirectTo, reason, p.membershipId)}
                    reloadDocument
                    className="flex min-h-12 w-full items-center justify-center rounded-md border border-gray-300 bg-gray-100 px-4 py-2 text-center text-xl font-semibold text-gray-900 hover:bg-gray-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:border-gray-600 dark:bg-gray-800 dark:text-gray-100 dark:hover:bg-gray-700 dark:focus-visible:outline-blue-400"
                  >
                    {p.name}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : (
          <p role="status" className="rounded-md border border-stone-400 p-3">
            {t('device.pin.nobody')}
          </p>
        )}
        <p className="text-center">
          <Link to={redirectTo} className="inline-flex min-h-11 items-center underline">
            {t('device.pin.cancel')}
          </Link>
        </p>
      </div>
    </div>
  )
}

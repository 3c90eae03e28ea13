import { useEffect, useRef } from 'react'
import { Form, Link, useSubmit } from 'react-router'
import { useTranslation } from '../lib/use-translation'
import { pinPadPath, type PinHolder } from '../lib/device'
import { clearStoredPin, watchIdle } from '../lib/idle.client'
import { forgetHoldersOffline, useDeviceHolder } from '../lib/offline-store'
import { buttonClasses } from './ui/button'

/**
 * A shared device in the bar (docs/decisions/021): who holds the PIN with a "Done" button, or a way to
 * enter one. No people's pages anywhere in its header: no profile, no organisations or venues to switch
 * to, no settings, no sign-out a passer-by could press.
 */
export function DevicePinStatus({ pin, deviceId, here, onPinPad }: { pin: PinHolder | null; deviceId: string; here: string; onPinPad: boolean }) {
  const { t } = useTranslation()
  // Offline, a PIN checked on the tablet (ADR 054) holds it; else whoever the server last named.
  const holder = useDeviceHolder(pin, deviceId)
  if (holder) {
    return (
      <>
        <span className="max-w-32 truncate rounded-full border border-green-700 px-3 py-1 text-sm dark:border-green-400" data-testid="pin-holder">
          <span className="sr-only">{t(holder.offline ? 'nav.pinOffline' : 'nav.pinHolderLabel')} </span>
          {holder.name}
        </span>
        {holder.offline ? (
          <button type="button" className={buttonClasses({ variant: 'primary', size: 'lg' })} aria-label={t('nav.pinDoneLabel', { name: holder.name })} onClick={() => forgetHoldersOffline(pin?.membershipId ?? null)}>
            {t('nav.pinDone')}
          </button>
        ) : (
          <Form method="post" action="/pin" replace>
            <input type="hidden" name="intent" value="forget" />
            <input type="hidden" name="redirectTo" value={here} />
            <button type="submit" className={buttonClasses({ variant: 'primary', size: 'lg' })} aria-label={t('nav.pinDoneLabel', { name: holder.name })}>
              {t('nav.pinDone')}
            </button>
          </Form>
        )}
        <PinIdle here={here} holder={holder.membershipId} onlinePin={pin?.membershipId ?? null} />
      </>
    )
  }
  if (onPinPad) return null
  return (
    <Link to={pinPadPath(here)} className={buttonClasses({ variant: 'primary_border', size: 'lg' })}>
      {t('nav.enterPin')}
    </Link>
  )
}

/** A shared device's menu: only its own settings (language and theme are added by the header). */
export function DeviceMenuItems({ itemClass }: { itemClass: string }) {
  const { t } = useTranslation()
  return (
    <Link to="/device-settings" className={itemClass}>
      {t('nav.deviceSettings')}
    </Link>
  )
}

/**
 * 5 minutes without a pointer, key or touch event (debounced 500 ms): forget the PIN in the browser
 * and on the server, and show the PIN pad, ready to come back here.
 */
function PinIdle({ here, holder, onlinePin }: { here: string; holder: string; onlinePin: string | null }) {
  const submit = useSubmit()
  const hereRef = useRef(here)
  const onlinePinRef = useRef(onlinePin)
  useEffect(() => {
    hereRef.current = here
    onlinePinRef.current = onlinePin
  }, [here, onlinePin])
  useEffect(
    () =>
      watchIdle({
        onIdle: () => {
          clearStoredPin()
          const back = hereRef.current.startsWith('/pin') ? '/' : hereRef.current
          if (!navigator.onLine) {
            // No server to tell: forget here (the PIN checked offline, and the one the page's copy names).
            forgetHoldersOffline(onlinePinRef.current)
            window.location.replace(pinPadPath(back, 'idle'))
            return
          }
          void submit({ intent: 'forget', redirectTo: pinPadPath(back, 'idle') }, { method: 'post', action: '/pin', replace: true })
        },
      }),
    [submit, holder],
  )
  return null
}

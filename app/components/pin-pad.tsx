import { useEffect, useId, useRef, useState } from 'react'
import { Form, useNavigation, useSubmit } from 'react-router'
import { setOfflineHolder } from '../lib/offline-store'
import { useTranslation } from '../lib/use-translation'
import { Button } from './ui/button'
import { FormError, inputClasses } from './ui/field'
import { useHydrated } from 'remix-utils/use-hydrated'

export const PIN_MIN = 4
export const PIN_MAX = 6

/** "4:59" for a number of seconds. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds))
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`
}

/** The next value of the PIN after a key: a digit is appended (up to 6), backspace removes the last one. */
export function pressKey(value: string, key: string): string {
  if (key === 'backspace') return value.slice(0, -1)
  if (/^[0-9]$/.test(key) && value.length < PIN_MAX) return value + key
  return value
}

/** Whether a PIN of this length is sent at once: only when the organisation's PINs all have one length. */
export function shouldAutoSubmit(value: string, length: number | null | undefined): boolean {
  return typeof length === 'number' && length >= PIN_MIN && length <= PIN_MAX && value.length === length
}

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const

/**
 * The PIN pad of a shared device (docs/decisions/021). Without JavaScript it is a plain form with a
 * numeric field; with JavaScript, large buttons fill the same field and the form is sent as soon as
 * the PIN has the organisation's length (or with the submit button when lengths differ).
 */
export function PinPad({
  action = '/pin',
  redirectTo,
  length,
  error,
  lockedSeconds,
  deviceId,
  member,
}: {
  action?: string
  redirectTo: string
  /** The person picked before the PIN ("tap your name, then your PIN"): the PIN is checked against them alone. */
  member?: { membershipId: string; name: string } | null
  /** The signed-in device: offline, the PIN is checked here against what it was given online (ADR 054). */
  deviceId?: string | null
  /** The length every PIN of the organisation has, when they all have one; null when they differ. */
  length: number | null
  error?: string
  /** Seconds left before PIN entry opens again (5 wrong PINs), from the API's Retry-After. */
  lockedSeconds?: number | null
}) {
  const { t } = useTranslation('authed')
  const hydrated = useHydrated()
  const navigation = useNavigation()
  const submit = useSubmit()
  const [value, setValue] = useState('')
  // Offline (ADR 080): the PIN typed, then who typed it — sealed for the server, checked when the records sync.
  const [offline, setOffline] = useState<{ error?: string; checking?: boolean; choose?: { pin: string; members: { membershipId: string; name: string }[] } } | null>(null)
  const shownError = offline ? offline.error : error
  const shownLock = offline ? null : lockedSeconds
  const [secondsLeft, setSecondsLeft] = useState(shownLock ?? 0)
  const id = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  const busy = (navigation.state !== 'idle' && navigation.formAction === action) || Boolean(offline?.checking)
  const locked = secondsLeft > 0

  // A lock counts down once a second; at zero the pad opens again.
  useEffect(() => {
    setSecondsLeft(shownLock ?? 0)
    if (!shownLock || shownLock <= 0) return
    const end = Date.now() + shownLock * 1000
    const timer = setInterval(() => {
      const left = Math.ceil((end - Date.now()) / 1000)
      setSecondsLeft(Math.max(0, left))
      if (left <= 0) clearInterval(timer)
    }, 1000)
    return () => clearInterval(timer)
  }, [shownLock])

  /** No network: ask who typed the PIN (members who entered theirs here online), then keep it sealed for the server. */
  const checkOffline = (pin: string) => {
    if (!deviceId) return
    // The person was picked first: seal the PIN for them (refused here if they cannot record offline).
    if (member) return chooseOffline(pin, member.membershipId)
    setOffline({ checking: true })
    void import('../lib/offline-pin.client')
      .then((m) => m.offlineMembers(deviceId))
      .then((members) => {
        setValue('')
        setOffline(members.length ? { choose: { pin, members } } : { error: t('device.pad.offlineNone') })
      })
  }
  const chooseOffline = (pin: string, membershipId: string) => {
    if (!deviceId) return
    setOffline({ checking: true })
    void import('../lib/offline-pin.client')
      .then((m) => m.sealPinOffline(deviceId, membershipId, pin))
      .then((outcome) => {
        if (outcome.status === 'none') return setOffline({ error: member ? t('device.pin.offlineNotHere', { name: member.name }) : t('device.pad.offlineNone') })
        setOfflineHolder(outcome.holder)
        // A page load, not a client navigation: offline it is served from the service worker's copy
        // of today's page (its data requests may never have been made online).
        window.location.replace(redirectTo)
      })
  }
  const offlineNow = () => Boolean(deviceId) && !navigator.onLine

  const send = (pin: string) => {
    if (offlineNow()) return checkOffline(pin)
    void submit({ intent: 'enter', pin, redirectTo, ...(member ? { membershipId: member.membershipId } : {}) }, { method: 'post', action, replace: true })
  }

  const change = (next: string) => {
    setValue(next)
    if (shouldAutoSubmit(next, length) && !busy && !locked) send(next)
  }

  if (offline?.choose) {
    const { pin, members } = offline.choose
    return (
      <fieldset className="mx-auto w-full max-w-sm space-y-3">
        <legend className="mb-2 text-lg font-semibold">{t('device.pad.offlineWho')}</legend>
        <p className="text-sm text-stone-700 dark:text-stone-300">{t('device.pad.offlineLater')}</p>
        {members.map((m) => (
          <Button key={m.membershipId} type="button" variant="basic_border" size="xl" width="full" className="min-h-12" onClick={() => chooseOffline(pin, m.membershipId)}>
            {m.name}
          </Button>
        ))}
        <Button type="button" variant="ghost" size="lg" width="full" className="min-h-12" onClick={() => setOffline(null)}>
          {t('device.pad.offlineBack')}
        </Button>
      </fieldset>
    )
  }

  const digits = length ?? Math.max(PIN_MIN, value.length)
  const errorId = `${id}-error`
  const hintId = `${id}-hint`
  const lockId = `${id}-lock`
  return (
    <Form
      method="post"
      action={action}
      replace
      className="mx-auto w-full max-w-sm space-y-4"
      onSubmit={(event) => {
        if (!offlineNow()) return
        event.preventDefault()
        if (!busy && !locked) checkOffline(value)
      }}
    >
      <input type="hidden" name="intent" value="enter" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {member ? <input type="hidden" name="membershipId" value={member.membershipId} /> : null}
      {locked || shownLock ? (
        <div
          id={lockId}
          role="alert"
          className="rounded-md border-2 border-red-700 bg-red-50 p-3 text-red-950 dark:border-red-400 dark:bg-red-950 dark:text-red-50"
        >
          {locked ? (
            <>
              <p className="font-semibold">{t('device.pad.lockedTitle')}</p>
              <p>
                {member ? t('device.pin.lockedForPerson', { name: member.name }) : t('device.pad.lockedFor')}{' '}
                <span className="font-mono text-lg font-semibold" aria-live="off">
                  {formatCountdown(secondsLeft)}
                </span>
              </p>
            </>
          ) : (
            <p className="font-semibold">{t('device.pad.unlocked')}</p>
          )}
        </div>
      ) : null}
      {shownError && !locked ? <FormError id={errorId}>{shownError}</FormError> : null}
      {offline?.checking ? (
        <p role="status" className="text-center">
          {t('device.pad.offlineChecking')} {member ? t('device.pad.offlineLater') : null}
        </p>
      ) : null}
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-pin`} className="block text-base font-medium">
          {t('device.pad.label')}
        </label>
        <input
          ref={inputRef}
          id={`${id}-pin`}
          name="pin"
          type="text"
          // With the keypad on screen, the system keyboard would only cover it.
          inputMode={hydrated ? 'none' : 'numeric'}
          autoComplete="off"
          autoCorrect="off"
          spellCheck={false}
          pattern="[0-9]{4,6}"
          minLength={PIN_MIN}
          maxLength={PIN_MAX}
          required
          disabled={hydrated && locked}
          aria-invalid={shownError && !locked ? true : undefined}
          aria-describedby={[shownError && !locked ? errorId : null, hintId, locked ? lockId : null].filter(Boolean).join(' ')}
          value={hydrated ? value : undefined}
          onChange={hydrated ? (event) => change(event.target.value.replace(/[^0-9]/g, '').slice(0, PIN_MAX)) : undefined}
          className={`${inputClasses} text-center font-mono text-3xl tracking-[0.5em] [-webkit-text-security:disc]`}
        />
        <p id={hintId} className="text-sm text-stone-700 dark:text-stone-300">
          {length ? t('device.pad.hintLength', { count: length }) : t('device.pad.hint')}
        </p>
      </div>
      {hydrated ? (
        <>
          <p aria-hidden="true" className="flex justify-center gap-3 text-2xl" data-testid="pin-dots">
            {Array.from({ length: Math.min(PIN_MAX, digits) }, (_, i) => (
              <span key={i} className={i < value.length ? 'text-stone-900 dark:text-stone-100' : 'text-stone-400 dark:text-stone-600'}>
                {i < value.length ? '●' : '○'}
              </span>
            ))}
          </p>
          <div role="group" aria-label={t('device.pad.keypad')} className="grid grid-cols-3 gap-3">
            {KEYS.map((key) => (
              <PadKey key={key} disabled={locked || busy} onPress={() => change(pressKey(value, key))}>
                {key}
              </PadKey>
            ))}
            <PadKey disabled={locked || busy || value.length === 0} onPress={() => change(pressKey(value, 'backspace'))} label={t('device.pad.backspace')}>
              <span aria-hidden="true">⌫</span>
            </PadKey>
            <PadKey disabled={locked || busy} onPress={() => change(pressKey(value, '0'))}>
              0
            </PadKey>
            <Button type="submit" variant="primary" size="xl" width="full" disabled={locked || busy || value.length < PIN_MIN} className="min-h-16 touch-manipulation" aria-busy={busy || undefined}>
              {t('device.pad.submit')}
            </Button>
          </div>
        </>
      ) : (
        <Button type="submit" variant="primary" size="xl" width="full">
          {t('device.pad.submit')}
        </Button>
      )}
    </Form>
  )
}

// Thumb-sized (64 px high, a third of the pad wide), large digits, no double-tap zoom delay.
const KEY_CLASSES =
  'inline-flex min-h-16 w-full touch-manipulation items-center justify-center rounded-md border border-gray-300 bg-gray-100 text-3xl font-semibold text-gray-900 select-none hover:bg-gray-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:cursor-not-allowed disabled:opacity-50 dark:border-gray-600 dark:bg-gray-800 dark:text-gray-100 dark:hover:bg-gray-700 dark:focus-visible:outline-blue-400'

function PadKey({ children, onPress, disabled, label }: { children: React.ReactNode; onPress: () => void; disabled?: boolean; label?: string }) {
  return (
    <button type="button" aria-label={label} disabled={disabled} onClick={onPress} className={KEY_CLASSES}>
      {children}
    </button>
  )
}

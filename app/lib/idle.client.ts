/**
 * The device PIN's idle rule in the browser (original-spec §4 and §9, docs/decisions/021): after
 * 5 minutes without a pointer, key or touch event the PIN is forgotten. Activity is debounced
 * 500 ms, so a stream of pointer moves costs one timer reset, not hundreds. The server keeps the
 * same rule on its own (a PIN unused for 5 minutes is refused), so this only makes it visible
 * sooner, and works with no JavaScript at all on the server's side.
 */

export const PIN_IDLE_MS = 5 * 60 * 1000
export const ACTIVITY_DEBOUNCE_MS = 500
export const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'touchstart', 'wheel'] as const

/** Keys a page may have left in storage about the PIN holder; cleared when the PIN is forgotten. */
export const PIN_STORAGE_KEYS = ['mise_device_pin'] as const

export interface IdleOptions {
  onIdle: () => void
  idleMs?: number
  debounceMs?: number
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'>
}

/**
 * Call `onIdle` once, after `idleMs` without activity. Returns a function that stops watching.
 * Activity during the debounce window counts: the PIN is never forgotten while someone is busy.
 */
export function watchIdle({ onIdle, idleMs = PIN_IDLE_MS, debounceMs = ACTIVITY_DEBOUNCE_MS, target = window }: IdleOptions): () => void {
  let idleTimer: ReturnType<typeof setTimeout> | undefined
  let debounceTimer: ReturnType<typeof setTimeout> | undefined
  let done = false

  const expire = () => {
    if (done) return
    // Someone is touching the screen right now: their debounced activity restarts the count.
    if (debounceTimer !== undefined) return
    done = true
    stop()
    onIdle()
  }
  const restart = () => {
    clearTimeout(idleTimer)
    idleTimer = setTimeout(expire, idleMs)
  }
  const onActivity = () => {
    clearTimeout(debounceTimer)
    debounceTimer = setTimeout(() => {
      debounceTimer = undefined
      restart()
    }, debounceMs)
  }
  function stop() {
    clearTimeout(idleTimer)
    clearTimeout(debounceTimer)
    debounceTimer = undefined
    for (const name of ACTIVITY_EVENTS) target.removeEventListener(name, onActivity, listenerOptions)
  }

  for (const name of ACTIVITY_EVENTS) target.addEventListener(name, onActivity, listenerOptions)
  restart()
  return () => {
    done = true
    stop()
  }
}

const listenerOptions: AddEventListenerOptions = { passive: true, capture: true }

/** Forget whatever this browser kept about the PIN holder. */
export function clearStoredPin(storage: Pick<Storage, 'removeItem'>[] = safeStorages()) {
  for (const store of storage) for (const key of PIN_STORAGE_KEYS) store.removeItem(key)
}

function safeStorages(): Storage[] {
  try {
    return [window.sessionStorage, window.localStorage]
  } catch {
    return []
  }
}

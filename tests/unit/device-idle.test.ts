/**
 * The browser's half of the PIN idle rule (original-spec §4, §9; ADR 021): 5 minutes without a
 * pointer, key or touch event forget the PIN; activity is debounced 500 ms and activity in progress
 * is never cut short.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { ACTIVITY_DEBOUNCE_MS, clearStoredPin, PIN_IDLE_MS, PIN_STORAGE_KEYS, watchIdle } from '../../app/lib/idle.client.ts'
import { formatCountdown, pressKey, shouldAutoSubmit } from '../../app/components/pin-pad.tsx'

describe('watchIdle', () => {
  let target: EventTarget
  beforeEach(() => {
    vi.useFakeTimers()
    target = new EventTarget()
  })
  afterEach(() => vi.useRealTimers())

  const fire = (name: string) => target.dispatchEvent(new Event(name))

  test('the PIN is forgotten 5 minutes after the last activity, once', () => {
    const onIdle = vi.fn()
    watchIdle({ onIdle, target })
    vi.advanceTimersByTime(PIN_IDLE_MS - 1)
    expect(onIdle).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(onIdle).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(PIN_IDLE_MS * 3)
    expect(onIdle).toHaveBeenCalledTimes(1)
  })

  test.each(['pointerdown', 'pointermove', 'keydown', 'touchstart'])('a %s event restarts the count after the 500 ms debounce', (name) => {
    const onIdle = vi.fn()
    watchIdle({ onIdle, target })
    vi.advanceTimersByTime(4 * 60 * 1000)
    fire(name)
    vi.advanceTimersByTime(ACTIVITY_DEBOUNCE_MS)
    // Five minutes from the debounced activity, not from the start.
    vi.advanceTimersByTime(PIN_IDLE_MS - 1)
    expect(onIdle).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(onIdle).toHaveBeenCalledTimes(1)
  })

  test('a burst of events costs one restart, and activity in progress at the deadline wins', () => {
    const onIdle = vi.fn()
    watchIdle({ onIdle, target })
    vi.advanceTimersByTime(PIN_IDLE_MS - 100)
    // Moves every 50 ms across the deadline: the debounce is still pending when the timer fires.
    for (let i = 0; i < 10; i++) {
      fire('pointermove')
      vi.advanceTimersByTime(50)
    }
    expect(onIdle).not.toHaveBeenCalled()
    // The last move was 50 ms ago: the count restarts 500 ms after it.
    vi.advanceTimersByTime(ACTIVITY_DEBOUNCE_MS - 50 + PIN_IDLE_MS - 1)
    expect(onIdle).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(onIdle).toHaveBeenCalledTimes(1)
  })

  test('other events do not count, and stopping the watch stops everything', () => {
    const onIdle = vi.fn()
    const stop = watchIdle({ onIdle, target })
    vi.advanceTimersByTime(PIN_IDLE_MS - 1000)
    fire('focus')
    vi.advanceTimersByTime(1000)
    expect(onIdle).toHaveBeenCalledTimes(1)

    const onIdle2 = vi.fn()
    const stop2 = watchIdle({ onIdle: onIdle2, target })
    stop2()
    stop()
    fire('keydown')
    vi.advanceTimersByTime(PIN_IDLE_MS * 2)
    expect(onIdle2).not.toHaveBeenCalled()
  })
})

test('clearStoredPin removes every PIN key from the given storages', () => {
  const removed: string[] = []
  clearStoredPin([{ removeItem: (k) => removed.push(`s:${k}`) }, { removeItem: (k) => removed.push(`l:${k}`) }])
  expect(removed).toEqual([...PIN_STORAGE_KEYS.map((k) => `s:${k}`), ...PIN_STORAGE_KEYS.map((k) => `l:${k}`)])
})

describe('the PIN pad', () => {
  test('keys append digits up to six, backspace removes the last one, anything else is ignored', () => {
    expect(pressKey('', '1')).toBe('1')
    expect(pressKey('12345', '6')).toBe('123456')
    expect(pressKey('123456', '7')).toBe('123456')
    expect(pressKey('12', 'backspace')).toBe('1')
    expect(pressKey('', 'backspace')).toBe('')
    expect(pressKey('1', 'a')).toBe('1')
    expect(pressKey('1', '12')).toBe('1')
  })

  test('it sends itself only at a known length between 4 and 6', () => {
    expect(shouldAutoSubmit('1234', 4)).toBe(true)
    expect(shouldAutoSubmit('123', 4)).toBe(false)
    expect(shouldAutoSubmit('12345', 4)).toBe(false)
    expect(shouldAutoSubmit('123456', 6)).toBe(true)
    expect(shouldAutoSubmit('1234', null)).toBe(false)
    expect(shouldAutoSubmit('123', 3)).toBe(false)
  })

  test('the lock countdown reads minutes and seconds', () => {
    expect(formatCountdown(300)).toBe('5:00')
    expect(formatCountdown(59.2)).toBe('1:00')
    expect(formatCountdown(61)).toBe('1:01')
    expect(formatCountdown(0)).toBe('0:00')
    expect(formatCountdown(-5)).toBe('0:00')
  })
})

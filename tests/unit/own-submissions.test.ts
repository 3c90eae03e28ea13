/**
 * The root reloads a page when the sign-in cookie changes in another tab, and not when its own form
 * changed it (app/lib/own-submissions.ts). Found by a browser test on a busy machine: a member joining by
 * invitation sent the form within 1.5 s of the page's first render; the "idle" timer of that first
 * render stopped the submission counting while its answer was on the way, the answer's cookie reloaded
 * the page, and the redirect to the venue was cancelled: the page said the invitation was not valid.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { OwnSubmissions } from '../../app/lib/own-submissions.ts'

let idle = true
let own: OwnSubmissions

beforeEach(() => {
  vi.useFakeTimers()
  idle = true
  own = new OwnSubmissions(() => idle)
})
afterEach(() => {
  own.stop()
  vi.useRealTimers()
})

describe('own submissions', () => {
  test('a form sent just before the first render’s idle moment ends still counts when its answer arrives', () => {
    // First render: navigation idle.
    own.settled()
    vi.advanceTimersByTime(1_400)
    // The submit event; React has not rendered the submitting state yet.
    own.submitted()
    vi.advanceTimersByTime(200)
    // The answer and its cookie arrive now: the change is this tab's own.
    expect(own.active).toBe(true)
  })

  test('after the submission, a moment after navigation is idle again, changes are another tab’s', () => {
    own.settled()
    own.submitted()
    idle = false
    own.mark()
    vi.advanceTimersByTime(3_000)
    expect(own.active).toBe(true)
    // The redirect's page has rendered: idle again.
    idle = true
    own.settled()
    vi.advanceTimersByTime(1_499)
    expect(own.active).toBe(true)
    vi.advanceTimersByTime(1)
    expect(own.active).toBe(false)
  })

  test('a render that reports a submission (useSubmit, no submit event) keeps counting past an earlier idle moment', () => {
    own.settled()
    vi.advanceTimersByTime(1_000)
    own.mark()
    vi.advanceTimersByTime(1_000)
    expect(own.active).toBe(true)
  })

  test('a submit event that started no navigation (the form’s own checks stopped it) stops counting after 5 s', () => {
    own.submitted()
    vi.advanceTimersByTime(4_999)
    expect(own.active).toBe(true)
    vi.advanceTimersByTime(1)
    expect(own.active).toBe(false)
  })

  test('a submission still on its way after 5 s keeps counting, and a cancelled idle moment changes nothing', () => {
    own.submitted()
    idle = false
    vi.advanceTimersByTime(10_000)
    expect(own.active).toBe(true)
    idle = true
    const cancel = own.settled()
    cancel()
    vi.advanceTimersByTime(10_000)
    expect(own.active).toBe(true)
  })
})

/**
 * Whether a change of the sign-in cookie is this tab's own doing (a form it submitted) or another tab's
 * (the root reloads the page for those; app/root.tsx). A submission counts from its submit event, or
 * from React Router's submitting state, until a moment after navigation is idle again: the cookie change
 * can be reported after the navigation settles.
 *
 * The moment after idle is measured from the last idle state, and a submission that starts within it
 * keeps counting: without that, a form sent within 1.5 s of the page's first render (a quick typist, a
 * password manager) stopped counting while its answer was on the way, and the cookie that answer set
 * reloaded the page, cancelling the redirect after it (an invitation accepted, then "not valid").
 */
export class OwnSubmissions {
  private own = false
  private started = 0
  private giveUp: ReturnType<typeof setTimeout> | undefined
  private readonly isIdle: () => boolean
  private readonly settleMs: number
  private readonly giveUpMs: number

  /**
   * `isIdle`: is React Router's navigation idle now? `giveUpMs`: a submit event that started no
   * navigation (stopped by the form's own checks) stops counting after this.
   */
  constructor(isIdle: () => boolean, settleMs = 1500, giveUpMs = 5000) {
    this.isIdle = isIdle
    this.settleMs = settleMs
    this.giveUpMs = giveUpMs
  }

  /** Does a submission of this tab count now? */
  get active(): boolean {
    return this.own
  }

  /** React Router reports a submission (in render, so no timers; each render that reports it counts as a start). */
  mark(): void {
    this.started++
    this.own = true
  }

  /** A non-GET form of this page dispatched its submit event. */
  submitted(): void {
    this.started++
    this.own = true
    clearTimeout(this.giveUp)
    this.giveUp = setTimeout(() => {
      if (this.isIdle()) this.own = false
    }, this.giveUpMs)
  }

  /** Navigation is idle: stop counting a moment later, unless a submission starts meanwhile. Returns the cancel. */
  settled(): () => void {
    const seen = this.started
    const timer = setTimeout(() => {
      if (this.started === seen && this.isIdle()) this.own = false
    }, this.settleMs)
    return () => clearTimeout(timer)
  }

  /** The page is going: no timer left behind. */
  stop(): void {
    clearTimeout(this.giveUp)
  }
}

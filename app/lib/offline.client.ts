/**
 * Recording without a network (ADR 053), loaded lazily by the venue pages once JavaScript runs:
 *
 * - While the browser is offline, a record form marked `data-offline-url` is not posted: the record is
 *   kept in IndexedDB (the /v1 call, its body with `recordedAt` = the device's time, an Idempotency-Key
 *   made now, who made it) and shown at once as "waiting to sync".
 * - While it says it is online, the form is posted; when no answer comes (the network fails, or nothing
 *   within 8 seconds: a server out of reach behind a working Wi-Fi) the same record is kept (ADR 083).
 * - The same submission is never kept twice (a second tap on a button whose record waits).
 * - The queue is sent oldest first when the network returns, on every page load and every 15 seconds
 *   while anything waits. A record the server has (201, or the stored answer of its key) leaves the
 *   queue; a refused one (a clock far off, an item archived meanwhile…) stays, marked for review, with
 *   the server's reason; a network failure stops the round and keeps the order.
 */
import { data, isRouteErrorResponse } from 'react-router'
import { inStore } from './offline-db.client'
import { offlinePinHeader } from './offline-pin-crypto'
import { deviceHolder, offlineActions, offlineHolderNow, setOfflineState, type PendingRecord } from './offline-store'

export const SYNC_EVERY_MS = 15_000
/** A request that hangs (a dead spot that lets nothing through) is given up after this, so the queue never stalls. */
const REQUEST_TIMEOUT_MS = 10_000
/**
 * A record form sent while the browser says it is online, with no answer after this long (a server out
 * of reach behind a working Wi-Fi, a request that hangs): kept on the device as if offline (ADR 083).
 */
export const ANSWER_TIMEOUT_MS = 8_000

const tx = <T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>) => inStore('queue', mode, work)

export async function queued(): Promise<PendingRecord[]> {
  const all = await tx<PendingRecord[]>('readonly', (s) => s.getAll() as IDBRequest<PendingRecord[]>)
  return all.sort((a, b) => a.seq - b.seq)
}
const put = (record: PendingRecord) => tx('readwrite', (s) => s.put(record))
const remove = (key: string) => tx('readwrite', (s) => s.delete(key))

/** The queue of whoever is signed in now, oldest first. */
async function mine(): Promise<PendingRecord[]> {
  const who = opts?.owner() ?? null
  return who ? (await queued()).filter((r) => r.owner === who) : []
}

async function publish() {
  setOfflineState({ online: navigator.onLine, pending: await mine() })
}

let lastSeq = 0
function nextSeq(): number {
  lastSeq = Math.max(Date.now(), lastSeq + 1)
  return lastSeq
}

function fieldText(data: FormData, name: string): string {
  const value = data.get(name)
  return typeof value === 'string' ? value.trim() : ''
}

type Pin = { membershipId: string; name: string } | null
interface StartOptions {
  /** The signed-in account or device. */
  owner: () => string | null
  /** A shared device (its records carry the PIN holder), and whether it asks for a PIN to record. */
  device: boolean
  pinRequired: boolean
  /** The PIN holder the server last named (a device), else null. */
  serverPin: () => Pin
  /** The signed-in person's name (not a device). */
  personName: () => string | null
  revalidate: () => void
  /** Nobody holds the device's PIN: show the pad, to come back here. */
  toPinPad: () => void
}
let opts: StartOptions | undefined

/**
 * The pending record a form's submission makes; undefined when the form cannot be kept offline, "pin"
 * when a device that asks for a PIN has nobody holding it.
 */
async function fromForm(form: HTMLFormElement, data: FormData): Promise<PendingRecord | 'pin' | undefined> {
  const who = opts?.owner() ?? null
  const url = form.dataset.offlineUrl
  if (!who || !opts) return undefined
  const cell = form.dataset.offlineCell
  const kind = form.dataset.offlineKind === 'resolve' ? 'resolve' : 'complete'
  if (!url || !cell) return undefined
  let by: string | null = opts.personName()
  let byId: string | null = null
  let signer = null
  if (opts.device) {
    const holder = deviceHolder(opts.serverPin(), who)
    if (!holder && opts.pinRequired) return 'pin'
    by = holder?.name ?? null
    byId = holder?.membershipId ?? null
    signer = holder?.offline ? offlineHolderNow(who) : null
  }
  const body: Record<string, unknown> = JSON.parse(form.dataset.offlineBody ?? '{}')
  const note = fieldText(data, 'note')
  let shown: string
  if (kind === 'resolve') {
    // The chosen usual action (its words as the page shows them) and the free text, as the server action joins them.
    const select = form.querySelector<HTMLSelectElement>('select[name="action"]')
    const action = select && select.value ? (select.selectedOptions[0]?.textContent ?? '').trim() : ''
    const text = [action, note].filter(Boolean).join(' — ')
    if (!text) return undefined
    body.note = text
    shown = text
  } else {
    const value = fieldText(data, 'value')
    if (value) body.value = value
    if (note) body.note = note
    shown = value ? `${value}${form.dataset.offlineUnit ? ` ${form.dataset.offlineUnit}` : ''}` : '✓'
  }
  const madeAt = new Date().toISOString()
  body.recordedAt = madeAt
  const key = crypto.randomUUID()
  const offlinePin = signer ? offlinePinHeader(signer.membershipId, signer.sealed) : undefined
  return { key, seq: nextSeq(), url, body, kind, cell, shown, madeAt, owner: who, by, byId, offlinePin, status: 'waiting' }
}

/** The same submission: the same call, cell and fields (the device time aside). */
function sameSubmission(a: PendingRecord, b: PendingRecord): boolean {
  const { recordedAt: _a, ...bodyA } = a.body
  const { recordedAt: _b, ...bodyB } = b.body
  return a.owner === b.owner && a.url === b.url && a.cell === b.cell && a.kind === b.kind && JSON.stringify(bodyA) === JSON.stringify(bodyB)
}

/** Queue operations one after another: two taps at once cannot both find the queue without the other's record. */
let chain: Promise<unknown> = Promise.resolve()
function inTurn<T>(work: () => Promise<T>): Promise<T> {
  const next = chain.then(work, work)
  chain = next.catch(() => {})
  return next
}

/** The waiting record of the same submission, if one is queued already (a second tap on the same button). */
async function waitingTwin(record: PendingRecord): Promise<PendingRecord | undefined> {
  return (await queued()).find((r) => r.status === 'waiting' && sameSubmission(r, record))
}

/** Keep a record to send later, unless the same submission already waits (then that one stands). */
function keep(record: PendingRecord): Promise<boolean> {
  return inTurn(async () => {
    if (await waitingTwin(record)) return false
    await put(record)
    await publish()
    return true
  })
}

/** A record form's submission while the browser says it is online: what the page's action takes (sendOrKeep). */
let submitted: { form: HTMLFormElement; record: Promise<PendingRecord | 'pin' | undefined>; at: number } | undefined

function onSubmit(event: SubmitEvent) {
  const form = event.target
  if (!(form instanceof HTMLFormElement) || !form.dataset.offlineUrl) return
  if (navigator.onLine) {
    // Posted as usual; the record it would be is made now (the device time of the tap), for the page's
    // action to keep if no answer comes (ADR 083).
    if (opts?.owner() && form.checkValidity()) submitted = { form, record: fromForm(form, new FormData(form, event.submitter)), at: Date.now() }
    return
  }
  // Invalid (a required reading left empty): let the browser say so, as it would online.
  if (!form.checkValidity()) {
    event.preventDefault()
    event.stopImmediatePropagation()
    form.reportValidity()
    return
  }
  if (!opts?.owner()) return
  event.preventDefault()
  event.stopImmediatePropagation()
  void fromForm(form, new FormData(form, event.submitter)).then(async (record) => {
    if (record === 'pin') return opts?.toPinPad()
    if (!record) return
    form.reset()
    await keep(record)
  })
}

/** Keys of records whose own request is still open (no answer yet): the sync leaves them until it ends. */
const held = new Set<string>()

type Outcome = { answered: true } | { answered: false; timedOut: boolean }

/** An answer of the page's action (data, an error page, a redirect), or none (the network failed). */
function outcomeOf(answer: Promise<unknown>): Promise<Outcome> {
  return answer.then(
    () => ({ answered: true }),
    (error: unknown) => (error instanceof Response || isRouteErrorResponse(error) ? { answered: true } : { answered: false, timedOut: false }),
  )
}

/** A redirect that means the record was made (back to the page), not a sign-in or a PIN to enter first. */
function madeIt(error: unknown): boolean {
  if (!(error instanceof Response) || error.status < 300 || error.status >= 400) return false
  const to = new URL(error.headers.get('Location') ?? '/', window.location.href).pathname
  return to !== '/login' && to !== '/pin'
}

/**
 * The page's action (a route's clientAction) for a record form, with JavaScript: the form is posted as
 * always; when no answer comes — the network fails, or nothing within ANSWER_TIMEOUT_MS — the record is
 * kept in the queue exactly as one made offline, and the page shows it waiting (ADR 083). The answer
 * is then a 503 of the page's own, so nothing is reloaded from a server out of reach. A second tap on a
 * record that already waits sends nothing.
 */
export async function sendOrKeep<T>(serverAction: () => Promise<T>): Promise<T | ReturnType<typeof data<{ queued: true }>>> {
  const mine = submitted && Date.now() - submitted.at < 5_000 ? submitted : undefined
  submitted = undefined
  if (!mine) return serverAction()
  const record = await mine.record
  if (!record || record === 'pin') return serverAction()
  const queuedAnswer = () => data({ queued: true as const }, { status: 503 })
  if (await waitingTwin(record)) return queuedAnswer()
  const answer = serverAction()
  let timer: ReturnType<typeof setTimeout> | undefined
  const outcome = await Promise.race([
    outcomeOf(answer),
    new Promise<Outcome>((resolve) => (timer = setTimeout(() => resolve({ answered: false, timedOut: true }), ANSWER_TIMEOUT_MS))),
  ])
  clearTimeout(timer)
  if (outcome.answered) return answer
  if (outcome.timedOut) {
    // The request may still reach the server: the queue leaves the record until it ends. Made → dropped;
    // failed or refused → sent by the queue (which judges it again and keeps it for review if refused).
    held.add(record.key)
    answer.then(
      () => release(record.key, false),
      (error: unknown) => release(record.key, madeIt(error)),
    )
  }
  mine.form.reset()
  await keep(record)
  return queuedAnswer()
}

function release(key: string, made: boolean) {
  held.delete(key)
  void inTurn(async () => {
    if (made) await remove(key)
    await publish()
  }).then(() => syncNow())
}

let syncing = false

/** Send what waits, oldest first; stop at the first network failure (the order is kept for the next round). */
export async function syncNow(): Promise<void> {
  if (syncing || !navigator.onLine) return
  syncing = true
  let sent = 0
  let stopped = false
  try {
    const pinHolder = opts?.serverPin()?.membershipId ?? null
    for (const record of await mine()) {
      if (record.status !== 'waiting' || held.has(record.key)) continue
      // Made under another person's PIN held online: it waits until they enter it again (never given to
      // someone else). One made under a PIN checked offline carries its own proof (ADR 054).
      if (!record.offlinePin && record.byId && record.byId !== pinHolder) continue
      let res: Response
      try {
        res = await fetch(record.url, {
          method: 'POST',
          credentials: 'same-origin',
          headers: {
            'Content-Type': 'application/json',
            Accept: 'application/json',
            'Idempotency-Key': record.key,
            ...(record.offlinePin ? { 'Mise-Offline-Pin': record.offlinePin } : {}),
          },
          body: JSON.stringify(record.body),
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        })
      } catch {
        stopped = true
        break
      }
      if (res.ok) {
        await remove(record.key)
        sent++
        continue
      }
      // Not signed in (a PIN to enter again), too many requests, or the server down: try again later.
      if (res.status === 401 || res.status === 429 || res.status >= 500) {
        stopped = true
        break
      }
      const json = (await res.json().catch(() => null)) as { error?: { name?: string; message?: string; data?: Record<string, string> } } | null
      // A ValidationError's data are messages per field; other errors' data are codes (`offlinePin: invalid`): their message says it.
      const fields = json?.error?.name === 'ValidationError' ? json.error.data : undefined
      const message = fields ? Object.values(fields).join(' ') : (json?.error?.message ?? res.statusText)
      await put({ ...record, status: 'review', message })
    }
  } finally {
    syncing = false
    await publish()
    // The server's records replace the markers once the queue is through; not after a failure (the
    // network may be gone again and the page would fail to load its data): the next round does it.
    if (sent > 0 && !stopped && navigator.onLine) opts?.revalidate()
  }
}

let started = false

const OWNER_KEY = 'mise-offline-owner'
/** The service worker's copies of today's pages (public/sw.js). */
const PAGES_CACHE = 'mise-pages'

/** Someone else is signed in on this browser: the copies of the pages were the previous one's. */
function forgetOthersPages(who: string | null) {
  if (!who) return
  try {
    if (localStorage.getItem(OWNER_KEY) === who) return
    localStorage.setItem(OWNER_KEY, who)
  } catch {
    return
  }
  if ('caches' in window) void caches.delete(PAGES_CACHE)
}

/** While online, a device fetches what PINs may be checked against when the network goes (ADR 054). */
async function refreshPins(): Promise<void> {
  const who = opts?.owner()
  if (!opts?.device || !who || !navigator.onLine) return
  await import('./offline-pin.client').then((m) => m.refreshVerifiers(who))
}

/**
 * Start once per page load: intercept record forms offline, publish the queue, sync it. Resolves once
 * a device has refreshed the PINs it may check offline (at once for a person).
 */
export function start(options: StartOptions): Promise<void> {
  opts = options
  forgetOthersPages(options.owner())
  const refreshed = refreshPins().catch(() => {})
  if (started) {
    // Another PIN holder now: records made under their PIN may go.
    void publish().then(syncNow)
    return refreshed
  }
  started = true
  document.addEventListener('submit', onSubmit, true)
  const update = () => {
    void publish()
    void syncNow()
  }
  window.addEventListener('online', () => {
    update()
    void refreshPins().catch(() => {})
  })
  window.addEventListener('offline', update)
  window.setInterval(() => void syncNow(), SYNC_EVERY_MS)
  offlineActions.retry = (key) =>
    void queued().then(async (all) => {
      const record = all.find((r) => r.key === key)
      // A person reviewed it: sent again without the device's time (the clock was what was wrong, most
      // often), so the server's time stands; a new key, as the body is not the refused one — and so
      // without the offline PIN's proof, which signed the old key: it goes while its maker holds the PIN.
      if (record) {
        const { recordedAt: _dropped, ...body } = record.body
        await remove(record.key)
        await put({ ...record, key: crypto.randomUUID(), body, status: 'waiting', message: undefined, offlinePin: undefined })
      }
      await publish()
      await syncNow()
    })
  offlineActions.discard = (key) => void remove(key).then(publish)
  update()
  return refreshed
}

/**
 * Records made without a network (ADR 053): the "offline — N records waiting" banner, the pending
 * records of a cell marked "waiting to sync" (or "not sent" with the server's reason, to review), and
 * what a record form carries so the queue can send it to /v1 itself. The queue is loaded lazily, after
 * the page is interactive: without JavaScript none of this exists and forms post as before. The list
 * of a cell's pending records is its own chunk too (pending-list.tsx): the server never has any to
 * show, so it is in no page's first load. The layout fetches it once the queue has started, and the
 * record pages' corrective-action form (loaded when a failure shows, ADR 061), so the service worker
 * has them for the offline spells they are for.
 */
import { lazy, Suspense, useEffect } from 'react'
import { useLocation, useRevalidator, useRouteLoaderData } from 'react-router'
import { pinPadPath } from '../../lib/device'
import { useTranslation } from '../../lib/use-translation'
import { useOfflineState } from '../../lib/offline-store'

const loadPendingList = () => import('./pending-list')
const PendingList = lazy(loadPendingList)
/**
 * The queue (app/lib/offline.client.ts): fetched as soon as this module runs in the browser, while the
 * page hydrates, so that a tablet has refreshed the PINs it may check offline as early as it can.
 */
let queue: Promise<typeof import('../../lib/offline.client')> | undefined
const loadQueue = () => (queue ??= import('../../lib/offline.client'))
if (typeof document !== 'undefined') void loadQueue()

/**
 * The clientAction of a page with record forms (ADR 083): the form is posted as always, and kept on the
 * device when no answer comes. Before the queue's code is there (or when it cannot load), as without it.
 */
export async function recordingAction<T>({ serverAction }: { serverAction: () => Promise<T> }) {
  const queueCode = await loadQueue().catch(() => undefined)
  return queueCode ? queueCode.sendOrKeep(serverAction) : serverAction()
}

/** The attributes of a record form that may be kept offline: the /v1 call, its fixed fields, the page's cell. */
export function offlineForm(opts: { url: string; body: Record<string, unknown>; cell: string; kind: 'complete' | 'resolve'; unit?: string }) {
  return {
    'data-offline-url': opts.url,
    'data-offline-body': JSON.stringify(opts.body),
    'data-offline-cell': opts.cell,
    'data-offline-kind': opts.kind,
    ...(opts.unit ? { 'data-offline-unit': opts.unit } : {}),
  }
}

/** Start the queue (once JavaScript runs) and show the banner while offline or while records wait. */
export function OfflineRecording() {
  const { t } = useTranslation('org')
  const root = useRouteLoaderData('root') as
    | { pin?: { membershipId: string; name: string } | null; pinRequired?: boolean; user?: { id: string; name?: string; type?: string } | null }
    | undefined
  const revalidator = useRevalidator()
  const location = useLocation()
  const owner = root?.user?.id ?? null
  const device = root?.user?.type === 'device'
  const pinRequired = root?.pinRequired ?? false
  const pin = root?.pin ?? null
  const personName = device ? null : (root?.user?.name ?? null)
  const here = location.pathname + location.search
  useEffect(() => {
    let live = true
    void loadQueue().then(async (m) => {
      if (!live) return
      await m.start({
        owner: () => owner,
        device,
        pinRequired,
        serverPin: () => pin,
        personName: () => personName,
        revalidate: () => void revalidator.revalidate(),
        // A page load: offline, the pad comes from the service worker's copy.
        toPinPad: () => window.location.assign(pinPadPath(here)),
      })
      // Then, for the service worker's copy, the parts these pages load when they show them (after the
      // queue and the PINs a tablet may check offline, which come first).
      void loadPendingList()
      void import('./resolve-form')
    })
    return () => {
      live = false
    }
  }, [owner, device, pinRequired, pin?.membershipId, pin?.name, personName, here])
  const { online, pending } = useOfflineState()
  const waiting = pending.filter((p) => p.status === 'waiting').length
  const review = pending.length - waiting
  if (online && pending.length === 0) return null
  return (
    <div role="status" className="mx-auto mb-4 max-w-2xl rounded-md border border-amber-700 bg-amber-50 p-3 font-medium text-amber-950 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-50">
      <p>{online ? t('offline.syncing', { count: waiting }) : t('offline.banner', { count: waiting })}</p>
      {review > 0 ? <p className="text-sm">{t('offline.review', { count: review })}</p> : null}
    </div>
  )
}

/** The records of one cell made offline and not yet on the server (none while the page hydrates). */
export function PendingRecords({ cell, timeZone, day }: { cell: string; timeZone: string; day: string }) {
  const { pending } = useOfflineState()
  const mine = pending.filter((p) => p.cell === cell)
  if (!mine.length) return null
  return (
    <Suspense fallback={null}>
      <PendingList records={mine} timeZone={timeZone} day={day} />
    </Suspense>
  )
}

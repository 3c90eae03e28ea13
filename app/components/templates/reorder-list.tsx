import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react'
import { useTranslation } from '../../lib/use-translation'
import { Form, useFetcher } from 'react-router'
import { Button } from '../ui/button'
import { useHydrated } from 'remix-utils/use-hydrated'
import { FormError } from '../ui/field'
import { resultErrors, type FormResult } from '../../lib/forms'
import type { DragContext } from './reorder-drag'

/** The keys that move a row from its handle. */
const MOVE_KEYS = new Set(['ArrowUp', 'ArrowDown', 'Home', 'End'])

/** The moves' code (reorder-drag.ts), loaded when a handle is first pressed (ADR 061). */
let dragCode: typeof import('./reorder-drag') | undefined
const loadDrag = async () => (dragCode ??= await import('./reorder-drag'))

export interface ReorderListProps<T extends { id: string }> {
  /** The reorderable items, in their current order. */
  items: readonly T[]
  /** The item's name, for accessible labels and announcements. */
  nameOf: (item: T) => string
  /** Accessible name of the list. */
  label: string
  /** Element ids are `${idPrefix}${item.id}` (the no-JavaScript moves return to them). */
  idPrefix: string
  renderItem: (item: T) => ReactNode
}

function GripIcon() {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 20 20" className="size-5" fill="currentColor">
      <circle cx="7" cy="4" r="1.6" />
      <circle cx="13" cy="4" r="1.6" />
      <circle cx="7" cy="10" r="1.6" />
      <circle cx="13" cy="10" r="1.6" />
      <circle cx="7" cy="16" r="1.6" />
      <circle cx="13" cy="16" r="1.6" />
    </svg>
  )
}

/**
 * An ordered list whose items can be moved:
 * - without JavaScript, by "Move up"/"Move down" submit buttons (POST intent=move, id, direction);
 * - with JavaScript, also by dragging the handle (pointer events: mouse, pen and touch) or by
 *   focusing the handle and pressing ArrowUp/ArrowDown. The new order shows at once and is sent to
 *   the same route action (POST intent=reorder with repeated `ids`) through a fetcher; on failure
 *   the list returns to the server's order and shows the error. The moves themselves are
 *   reorder-drag.ts, loaded when a handle is first pressed.
 */
export function ReorderList<T extends { id: string }>({ items, nameOf, label, idPrefix, renderItem }: ReorderListProps<T>) {
  const { t } = useTranslation('org-settings')
  const hydrated = useHydrated()
  const fetcher = useFetcher<{ ok?: boolean; result?: FormResult }>()
  const instructionsId = useId()
  const byId = new Map(items.map((item) => [item.id, item]))
  const serverIds = items.map((item) => item.id)

  // The order shown: the local one while a move is being made or saved, else the server's.
  const [override, setOverride] = useState<string[] | null>(null)
  const order = override && override.length === serverIds.length && override.every((id) => byId.has(id)) ? override : serverIds
  const orderRef = useRef(order)
  useLayoutEffect(() => {
    orderRef.current = order
  })

  const [announcement, setAnnouncement] = useState('')
  const [dragging, setDragging] = useState<string | null>(null)
  const drag = useRef<{ id: string; pointerId: number; start: string[] } | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const rows = useRef(new Map<string, HTMLLIElement>())
  const handles = useRef(new Map<string, HTMLButtonElement>())
  const focusAfterMove = useRef<string | null>(null)
  const moveButtonClicked = useRef<string | null>(null)
  const stopDragging = useRef<(() => void) | null>(null)

  const show = useCallback((next: string[]) => {
    orderRef.current = next
    setOverride(next)
  }, [])

  const save = useCallback(
    (ids: string[]) => {
      if (timer.current) clearTimeout(timer.current)
      timer.current = null
      const form = new FormData()
      form.set('intent', 'reorder')
      for (const id of ids) form.append('ids', id)
      void fetcher.submit(form, { method: 'post' })
    },
    [fetcher],
  )

  const flush = useCallback(() => {
    if (timer.current) save(orderRef.current)
  }, [save])

  // Once the save (and the reload of the page data) is over, show the server's order again.
  const previousState = useRef(fetcher.state)
  useEffect(() => {
    const was = previousState.current
    previousState.current = fetcher.state
    if (fetcher.state !== 'idle' || was === 'idle') return
    if (!timer.current && !drag.current) setOverride(null)
    if (fetcher.data?.ok) setAnnouncement(t('checklists.reorder.saved'))
  }, [fetcher.state, fetcher.data, t])

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current)
      stopDragging.current?.()
    },
    [],
  )

  // Keep the keyboard focus on the moved handle (moving a DOM node can drop its focus).
  useLayoutEffect(() => {
    const id = focusAfterMove.current
    if (!id) return
    focusAfterMove.current = null
    const handle = handles.current.get(id)
    if (handle && document.activeElement !== handle) handle.focus()
  })

  // After a "Move up"/"Move down" submission with JavaScript, focus the same button (or its pair).
  const serverKey = serverIds.join(',')
  useEffect(() => {
    const clicked = moveButtonClicked.current
    if (!clicked) return
    moveButtonClicked.current = null
    if (document.activeElement && document.activeElement !== document.body) return
    const [id, direction] = clicked.split(':')
    const other = direction === 'up' ? 'down' : 'up'
    const button =
      document.querySelector<HTMLButtonElement>(`[data-move="${id}:${direction}"]:not(:disabled)`) ??
      document.querySelector<HTMLButtonElement>(`[data-move="${id}:${other}"]:not(:disabled)`)
    button?.focus()
  }, [serverKey])

  const announceMove = (id: string, next: string[]) => {
    const item = byId.get(id)
    if (item) setAnnouncement(t('checklists.reorder.moved', { name: nameOf(item), position: next.indexOf(id) + 1, total: next.length }))
  }

  const ctx: DragContext = { orderRef, rows, drag, timer, focusAfterMove, stopDragging, show, save, setDragging, setOverride, announceMove }

  const onKeyDown = (id: string, key: string) => {
    if (!MOVE_KEYS.has(key)) return false
    if (dragCode) dragCode.keyMove(ctx, id, key)
    else void loadDrag().then((code) => code.keyMove(ctx, id, key))
    return true
  }

  const onPointerDown = (id: string, event: { button: number; pointerId: number; preventDefault: () => void; currentTarget: HTMLButtonElement }) => {
    if (event.button !== 0 || drag.current) return
    event.preventDefault()
    event.currentTarget.focus()
    const { pointerId } = event
    if (dragCode) return dragCode.startDrag(ctx, id, pointerId)
    // The first press loads the moves: a pointer let go meanwhile starts no drag.
    let released = false
    const up = (e: PointerEvent) => {
      if (e.pointerId === pointerId) released = true
    }
    window.addEventListener('pointerup', up)
    window.addEventListener('pointercancel', up)
    void loadDrag().then((code) => {
      window.removeEventListener('pointerup', up)
      window.removeEventListener('pointercancel', up)
      if (!released) code.startDrag(ctx, id, pointerId)
    })
  }

  const movable = order.length > 1
  return (
    <div className="space-y-2">
      {hydrated && movable ? (
        <p id={instructionsId} className="sr-only">
          {t('checklists.reorder.instructions')}
        </p>
      ) : null}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <FormError errors={fetcher.state === 'idle' ? resultErrors(fetcher.data?.result) : undefined} />
      <ol aria-label={label} className="space-y-2" aria-busy={fetcher.state !== 'idle' || undefined}>
        {order.map((id, index) => {
          const item = byId.get(id)!
          const name = nameOf(item)
          return (
            <li
              key={id}
              id={`${idPrefix}${id}`}
              ref={(el) => {
                if (el) rows.current.set(id, el)
                else rows.current.delete(id)
              }}
              className={`scroll-mt-4 rounded-lg border p-3 ${
                dragging === id
                  ? 'border-blue-700 bg-blue-50 shadow-lg dark:border-blue-400 dark:bg-blue-950'
                  : 'border-stone-200 bg-white dark:border-stone-800 dark:bg-stone-950'
              }`}
            >
              <div className="flex items-start gap-2">
                {hydrated && movable ? (
                  <button
                    type="button"
                    ref={(el) => {
                      if (el) handles.current.set(id, el)
                      else handles.current.delete(id)
                    }}
                    aria-label={t('checklists.reorder.handle', { name })}
                    aria-describedby={instructionsId}
                    className={`-ms-1 inline-flex size-11 shrink-0 touch-none items-center justify-center rounded-md text-stone-700 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:text-stone-300 dark:hover:bg-stone-800 dark:focus-visible:outline-blue-400 ${
                      dragging === id ? 'cursor-grabbing' : 'cursor-grab'
                    }`}
                    onPointerDown={(e) => onPointerDown(id, e)}
                    onKeyDown={(e) => {
                      if (onKeyDown(id, e.key)) e.preventDefault()
                    }}
                    onBlur={flush}
                  >
                    <GripIcon />
                  </button>
                ) : null}
                <div className="min-w-0 flex-1">{renderItem(item)}</div>
              </div>
              {movable ? (
                // Aligned with the row's content (past the handle), two equal buttons: the one-tap way to
                // move a row, for those who cannot drag (WCAG 2.5.7), not a second handle.
                <div className={`mt-2 grid grid-cols-2 gap-2 sm:flex sm:flex-wrap ${hydrated ? 'ps-12' : ''}`} data-move-buttons>
                  {(['up', 'down'] as const).map((direction) => (
                    <Form key={direction} method="post" preventScrollReset onSubmit={() => (moveButtonClicked.current = `${id}:${direction}`)}>
                      <input type="hidden" name="id" value={id} />
                      <input type="hidden" name="direction" value={direction} />
                      <Button
                        type="submit"
                        name="intent"
                        value="move"
                        // 44 px tall: a comfortable tap target on a phone.
                        size="lg"
                        className="w-full sm:w-auto"
                        variant="basic_border"
                        data-move={`${id}:${direction}`}
                        disabled={direction === 'up' ? index === 0 : index === order.length - 1}
                      >
                        {direction === 'up' ? t('checklists.reorder.moveUp') : t('checklists.reorder.moveDown')}
                        <span className="sr-only">: {name}</span>
                      </Button>
                    </Form>
                  ))}
                </div>
              ) : null}
            </li>
          )
        })}
      </ol>
    </div>
  )
}

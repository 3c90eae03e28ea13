/**
 * Dragging and keyboard moves of a reorder list (reorder-list.tsx), loaded when a handle is first
 * pressed (ADR 061): the list, its "Move up"/"Move down" forms and its handles render without it.
 */
import { moveId, moveTo, sameOrder } from './reorder'

/** How long keyboard moves wait for the next key press before the new order is saved. */
const KEYBOARD_SAVE_DELAY_MS = 500

/** What the list gives the moves: its refs and the ways to show, save and announce an order. */
export interface DragContext {
  orderRef: { current: string[] }
  rows: { current: Map<string, HTMLLIElement> }
  drag: { current: { id: string; pointerId: number; start: string[] } | null }
  timer: { current: ReturnType<typeof setTimeout> | null }
  focusAfterMove: { current: string | null }
  stopDragging: { current: (() => void) | null }
  show: (next: string[]) => void
  save: (ids: string[]) => void
  setDragging: (id: string | null) => void
  setOverride: (ids: string[] | null) => void
  announceMove: (id: string, next: string[]) => void
}

/** ArrowUp/ArrowDown/Home/End on a handle: the new order at once, saved after a short pause. */
export function keyMove(ctx: DragContext, id: string, key: string) {
  const current = ctx.orderRef.current
  let next: string[]
  if (key === 'ArrowUp') next = moveId(current, id, 'up')
  else if (key === 'ArrowDown') next = moveId(current, id, 'down')
  else if (key === 'Home') next = moveTo(current, id, 0)
  else if (key === 'End') next = moveTo(current, id, current.length)
  else return
  if (sameOrder(next, current)) return
  ctx.focusAfterMove.current = id
  ctx.show(next)
  ctx.announceMove(id, next)
  if (ctx.timer.current) clearTimeout(ctx.timer.current)
  ctx.timer.current = setTimeout(() => ctx.save(ctx.orderRef.current), KEYBOARD_SAVE_DELAY_MS)
}

/** Pointer dragging: listeners on the window, because the row (and its handle) move in the DOM. */
export function startDrag(ctx: DragContext, id: string, pointerId: number) {
  if (ctx.drag.current) return
  ctx.drag.current = { id, pointerId, start: ctx.orderRef.current }
  ctx.setDragging(id)
  const move = (e: PointerEvent) => {
    const d = ctx.drag.current
    if (!d || e.pointerId !== d.pointerId) return
    e.preventDefault()
    const current = ctx.orderRef.current
    const others = current.filter((x) => x !== d.id)
    let index = 0
    for (const other of others) {
      const rect = ctx.rows.current.get(other)?.getBoundingClientRect()
      if (rect && e.clientY > rect.top + rect.height / 2) index++
    }
    const next = moveTo(current, d.id, index)
    if (!sameOrder(next, current)) {
      ctx.focusAfterMove.current = d.id
      ctx.show(next)
    }
  }
  const end = (e: PointerEvent) => {
    const d = ctx.drag.current
    if (!d || e.pointerId !== d.pointerId) return
    stop()
    ctx.drag.current = null
    ctx.setDragging(null)
    if (e.type === 'pointercancel') {
      ctx.show(d.start)
      return
    }
    const final = ctx.orderRef.current
    if (sameOrder(final, d.start)) {
      ctx.setOverride(null)
      return
    }
    ctx.announceMove(d.id, final)
    ctx.save(final)
  }
  const stop = () => {
    window.removeEventListener('pointermove', move)
    window.removeEventListener('pointerup', end)
    window.removeEventListener('pointercancel', end)
    ctx.stopDragging.current = null
  }
  window.addEventListener('pointermove', move, { passive: false })
  window.addEventListener('pointerup', end)
  window.addEventListener('pointercancel', end)
  ctx.stopDragging.current = stop
}

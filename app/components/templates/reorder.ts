/** Pure helpers for reordering lists by id (used by the actions and by the drag/keyboard list). */

/** `ids` with `id` swapped with its neighbour above or below; unchanged at either end or when absent. */
export function moveId(ids: readonly string[], id: string, direction: 'up' | 'down'): string[] {
  const out = [...ids]
  const from = out.indexOf(id)
  const to = direction === 'up' ? from - 1 : from + 1
  if (from < 0 || to < 0 || to >= out.length) return out
  out[from] = out[to]!
  out[to] = id
  return out
}

/** `ids` with `id` moved to `index` (clamped). */
export function moveTo(ids: readonly string[], id: string, index: number): string[] {
  const rest = ids.filter((x) => x !== id)
  const at = Math.max(0, Math.min(index, rest.length))
  return [...rest.slice(0, at), id, ...rest.slice(at)]
}

/**
 * The full order after a part of it was reordered (e.g. a filtered list): the ids of `part` take
 * the places the same ids held in `full`, in their new order; everything else stays where it was.
 * Ids of `part` not in `full` (archived or deleted meanwhile) and repeats are ignored.
 */
export function mergeOrder(full: readonly string[], part: readonly string[]): string[] {
  const inFull = new Set(full)
  const queue = [...new Set(part)].filter((id) => inFull.has(id))
  const moving = new Set(queue)
  let next = 0
  return full.map((id) => (moving.has(id) ? queue[next++]! : id))
}

export function sameOrder(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id, i) => id === b[i])
}

/** The ids a form sent as repeated `ids` fields (or one comma-separated value). */
export function formIds(form: FormData): string[] {
  return form
    .getAll('ids')
    .flatMap((v) => (typeof v === 'string' ? v.split(',') : []))
    .map((v) => v.trim())
    .filter(Boolean)
}

/** Reading a day of work from the API for the daily pages: a future or malformed `?date=` is a notice, not an error page. */
import { must, type ApiClient } from '../../lib/api.server'
import { isDay } from './dates'

/** The `?date=` of the page's address (null for today). */
export function requestedDay(request: Request): string | null {
  return new URL(request.url).searchParams.get('date') || null
}

/** GET `path` (the day's date added to `query`); `{ badDate, future }` when the API refuses the date. */
export async function loadDay<T>(client: ApiClient, request: Request, path: string, query = new URLSearchParams()): Promise<{ ok: true; data: T } | { ok: false; future: boolean }> {
  const requested = requestedDay(request)
  if (requested) query.set('date', requested)
  const qs = query.toString()
  const result = await client.get<T>(`${path}${qs ? `?${qs}` : ''}`)
  if (!result.ok && result.error.name === 'ValidationError' && result.error.data?.date) return { ok: false, future: isDay(requested) }
  return { ok: true, data: must(request, client, result) }
}

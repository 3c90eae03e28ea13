import { expect } from 'vitest'

/** How many parallel requests every race test fires (the rule in docs/decisions/079: at least 20). */
export const RACERS = 20

type Answer = { status: number; text: string }

/**
 * Fire `n` copies of a request at once (each starts before any is answered) and wait for all of them.
 * Returns the answers in order and how many got each status.
 */
export async function race<T extends Answer>(fire: (i: number) => Promise<T>, n = RACERS) {
  let go!: () => void
  const start = new Promise<void>((resolve) => (go = resolve))
  const pending = Array.from({ length: n }, (_, i) => start.then(() => fire(i)))
  go()
  const answers = await Promise.all(pending)
  const byStatus: Record<number, number> = {}
  for (const a of answers) byStatus[a.status] = (byStatus[a.status] ?? 0) + 1
  return { answers, byStatus }
}

/**
 * Assert that exactly `winners` answers succeeded (2xx) and every other one was refused with a 4xx:
 * no 5xx, no second winner. Returns the winning answers.
 */
export function expectWinners<T extends Answer>(answers: T[], winners = 1): T[] {
  for (const a of answers) expect(a.status, a.text).toBeLessThan(500)
  const won = answers.filter((a) => a.status >= 200 && a.status < 300)
  expect(won.length, `winners among ${answers.map((a) => a.status).join(',')}`).toBe(winners)
  return won
}

/**
 * Recognise a unique-constraint violation (SQLSTATE 23505) from node-postgres or PGlite,
 * also when Drizzle wraps it (DrizzleQueryError keeps the driver error as `cause`).
 * With `constraint`, only a violation of that index counts.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint: name } = e as { code?: unknown; constraint?: unknown }
    if (code === '23505') return !constraint || name === constraint || (typeof name !== 'string' && String((e as Error).message).includes(constraint))
  }
  return false
}

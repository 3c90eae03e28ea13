/** Seconds a person needs at least between a public form being served and sending it (the time trap, ADR 033). */
export const FORM_MIN_SECONDS = 2

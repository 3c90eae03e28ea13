/** The schedule's form fields shared by template forms (checks a day and their times, dates of the month) → API body parts. */
import { z } from 'zod'
import { optionalText } from '../../lib/forms.server'
import { CHECK_SLOTS } from './schedule-fields'

/** Checks a day (a number) and a time per check slot. */
export const checksShape = {
  checksPerDay: z.coerce.number().int().min(1).max(6),
  time0: optionalText(8),
  time1: optionalText(8),
  time2: optionalText(8),
  time3: optionalText(8),
  time4: optionalText(8),
  time5: optionalText(8),
}

type ChecksValues = { checksPerDay: number } & Partial<Record<`time${(typeof CHECK_SLOTS)[number]}`, string | undefined>>

/** The checks of a body: as many times as checks (HH:mm, or null for none). */
export function checksBody(values: ChecksValues) {
  const times = CHECK_SLOTS.slice(0, values.checksPerDay).map((slot) => values[`time${slot}`]?.slice(0, 5) ?? null)
  return { checksPerDay: values.checksPerDay, checkTimes: times }
}

/**
 * Dates of the month typed as "1, 15" (commas, spaces or semicolons between): numbers, else the field's
 * message; the API judges the range and repeats. Empty: by weekday.
 */
export const monthDaysText = z
  .string()
  .trim()
  .max(100)
  .optional()
  .transform((text, ctx) => {
    const parts = (text ?? '').split(/[\s,;]+/).filter(Boolean)
    if (parts.some((p) => !/^\d{1,2}$/.test(p))) {
      ctx.addIssue({ code: 'custom', message: 'validation.monthDays' })
      return z.NEVER
    }
    return parts.map(Number)
  })

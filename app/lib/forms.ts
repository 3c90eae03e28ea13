/**
 * The browser half of every form (docs/decisions/019-forms-with-conform.md): the action's conform
 * result keeps what was typed, puts errors on their fields and focus on the first invalid one. There is
 * no zod here: schemas are parsed in the actions only (app/lib/forms.server.ts), and the browser keeps
 * its native constraints (`required`, `type=email`, `minLength`…), with or without JavaScript.
 */
import { useEffect, useRef } from 'react'
import type { SubmissionResult } from '@conform-to/react'

/** What an action sends back for a form that failed: errors, and what was typed (secrets left out). */
export type FormResult = SubmissionResult<string[]>

export interface ServerFormOptions {
  /** The form's id, unique on the page (several forms on one page each have their own). */
  id: string
  /** The action's result, only when it is this form's (match the intent, the item…). */
  lastResult?: FormResult | null
  /** Values before any submission (e.g. what is saved); a result's values take their place. */
  defaultValue?: Record<string, FormValue>
}

/** A value a form starts with (numbers and booleans become the strings a form sends). */
export type FormValue = string | number | boolean | null | undefined | readonly (string | number)[]

/** The props ui/field's Field, SelectField and the textareas take from one field of the form. */
export interface BoundField {
  id: string
  name: string
  defaultValue: string | undefined
  errors: string[] | undefined
  /** Set on the first invalid field of the page as the server renders it (no JavaScript). */
  autoFocus: true | undefined
}

/**
 * One server-validated form. The action answers with conform's submission result (parseWithZod and
 * `reply()` in app/lib/forms.server.ts); this hook reads that result in the page: `formProps` go on
 * the <Form>; `field(name)` gives a field's id, name, value to show and errors. Without JavaScript the
 * page the server sends back has `autofocus` on the first invalid field (fields are counted in the
 * order they render); with it, focus moves to the first `aria-invalid` control of the form when a
 * result arrives. No validation runs in the browser besides the native one.
 *
 * Reading the result here instead of through @conform-to/react's `useForm` keeps ~8 KB gzip of
 * JavaScript off every page with a form; the behaviour is the same (docs/decisions/019-forms-with-conform.md).
 */
export function useServerForm({ id, lastResult, defaultValue }: ServerFormOptions) {
  const failed = lastResult?.status === 'error'
  const initial: Record<string, unknown> = (lastResult?.initialValue as Record<string, unknown> | null | undefined) ?? defaultValue ?? {}
  const errorsOf = (name: string) => {
    const list = lastResult?.error?.[name]
    return list?.length ? [...list] : undefined
  }
  let focusTaken = false

  // With JavaScript the page is not re-rendered from scratch: move focus to the first invalid field.
  const seen = useRef<FormResult | null | undefined>(undefined)
  useEffect(() => {
    if (!failed || seen.current === lastResult) return
    seen.current = lastResult
    const control = document.getElementById(id)?.querySelector<HTMLElement>('[aria-invalid="true"]')
    control?.focus()
  }, [failed, id, lastResult])

  function field(name: string): BoundField {
    const errors = errorsOf(name)
    const autoFocus = failed && !focusTaken && !!errors
    if (autoFocus) focusTaken = true
    return { id: fieldId(id, name), name, defaultValue: text(initial[name]), errors, autoFocus: autoFocus || undefined }
  }

  /** A single checkbox: as `field`, with `defaultChecked` in place of a value. */
  function checkbox(name: string) {
    const { defaultValue, ...rest } = field(name)
    return { ...rest, defaultChecked: defaultValue === 'on' || initial[name] === true }
  }

  /** A field's id and errors, for a group of controls (radios, checkboxes) that are not one Field; no focus. */
  function group(name: string): { id: string; errorId: string; errors: string[] | undefined } {
    const fid = fieldId(id, name)
    return { id: fid, errorId: `${fid}-error`, errors: errorsOf(name) }
  }

  /** The values of a field sent several times (checkboxes of one name); none ticked → []. */
  function values(name: string): string[] {
    const value = initial[name]
    return (Array.isArray(value) ? value : [value]).filter((v) => typeof v === 'string' || typeof v === 'number').map(String)
  }

  /**
   * What was typed in a refused submission, for tables whose inputs are not bound Fields: by the
   * field's full name (`par.<venueId>` is read through conform's nesting), and by row when every row
   * sends the same name (`index`: the row's position). Undefined when there is nothing refused to show,
   * so the page falls back to what is saved.
   */
  function typed(name: string, index?: number): string | undefined {
    if (!failed) return undefined
    const value = name.split('.').reduce<unknown>((node, key) => (node && typeof node === 'object' && !Array.isArray(node) ? (node as Record<string, unknown>)[key] : undefined), initial)
    const list = Array.isArray(value) ? value : [value]
    return text(list[index ?? 0]) ?? ''
  }

  /** Whether a checkbox (or the radio of `value`) starts ticked. */
  function checked(name: string, value = 'on'): boolean {
    return values(name).includes(value)
  }

  const formErrors = errorsOf('')
  return {
    field,
    checkbox,
    values,
    checked,
    typed,
    group,
    /** Errors of the whole form (anything the API said that is not about one field). */
    formErrors,
    /** Native constraint validation stays on. */
    formProps: { id },
    /** Whether this form's last submission was refused. */
    failed,
  }
}

function fieldId(formId: string, name: string) {
  return `${formId}-field-${name.replace(/[^\w-]/g, '_')}`
}

/** The form-level messages of a result, for forms without fields of their own (a confirm dialog, one button). */
export function resultErrors(result: FormResult | null | undefined): string[] | undefined {
  const errors = result?.error?.['']
  return errors?.length ? errors : undefined
}

/** One form of useServerForm, to hand to components that render its fields. */
export type ServerForm = ReturnType<typeof useServerForm>

function text(value: unknown): string | undefined {
  if (typeof value === 'number') return String(value)
  return typeof value === 'string' ? value : undefined
}

import { useId, type TextareaHTMLAttributes } from 'react'
import { useNavigation } from 'react-router'
import { useHydrated } from 'remix-utils/use-hydrated'
import { Button, type ButtonProps } from '../ui/button'
import { inputClasses, type FieldErrors } from '../ui/field'

/** A labelled <textarea> with optional hint and error, wired like ui/field's Field. */
export function TextareaField({
  label,
  hint,
  error,
  errors,
  className,
  id: givenId,
  ...props
}: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'> & { label: string; hint?: string; error?: FieldErrors; errors?: FieldErrors; className?: string }) {
  const autoId = useId()
  const id = givenId ?? autoId
  const messages = [errors ?? error ?? []].flat().filter(Boolean)
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = messages.length ? `${id}-error` : undefined
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined
  return (
    <div className={`flex flex-col gap-1 ${className ?? ''}`}>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
        {props.required ? (
          <span aria-hidden="true" className="ms-0.5 text-red-700 dark:text-red-400">
            *
          </span>
        ) : null}
      </label>
      <textarea {...props} id={id} aria-invalid={errorId ? true : undefined} aria-describedby={describedBy} className={`${inputClasses} min-h-20`} />
      {hint ? (
        <p id={hintId} className="text-sm text-stone-700 dark:text-stone-300">
          {hint}
        </p>
      ) : null}
      {errorId ? (
        <div id={errorId} role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
          {messages.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      ) : null}
    </div>
  )
}

/** Whether the submission in flight was sent with these fields (e.g. this item's "complete" with value "yes"). */
export function useSubmitting(match: Record<string, string | undefined>): boolean {
  const navigation = useNavigation()
  const form = navigation.formData
  if (navigation.state !== 'submitting' || !form) return false
  return Object.entries(match).every(([name, value]) => value === undefined || form.get(name) === value)
}

/**
 * A submit button that shows its pending label only when the submission in flight is its own
 * (`match`: the fields that identify it), so one item's button does not spin for another's.
 */
export function PendingButton({
  match,
  pendingLabel,
  children,
  onClick,
  ...props
}: Omit<ButtonProps, 'type'> & { match: Record<string, string | undefined>; pendingLabel: string }) {
  const pending = useSubmitting(match)
  return (
    <Button
      type="submit"
      size="lg"
      {...props}
      aria-disabled={pending || undefined}
      onClick={(event) => {
        // A second press while sending would record twice.
        if (pending) event.preventDefault()
        onClick?.(event)
      }}
    >
      {pending ? pendingLabel : children}
    </Button>
  )
}

/**
 * The keyboard of a reading field (a freezer reads −18 °C; many phones' decimal pads have no minus):
 * with JavaScript the decimal pad, beside a SignToggle; without it the keyboard that has a minus sign
 * (ADR 083).
 */
export function useReadingKeyboard(): 'decimal' | 'text' {
  return useHydrated() ? 'decimal' : 'text'
}

/** "−/+" beside a reading field, with JavaScript: switches the sign of what is typed (ADR 083). */
export function SignToggle({ inputId, label }: { inputId: string; label: string }) {
  const hydrated = useHydrated()
  if (!hydrated) return null
  const toggle = () => {
    const input = document.getElementById(inputId)
    if (!(input instanceof HTMLInputElement)) return
    const typed = input.value.trim()
    input.value = /^[-\u2212]/.test(typed) ? typed.slice(1) : `-${typed}`
    input.dispatchEvent(new Event('input', { bubbles: true }))
    input.focus()
  }
  return (
    <Button type="button" variant="basic_border" size="lg" width="fit" aria-label={label} aria-controls={inputId} onClick={toggle}>
      <span aria-hidden="true">−/+</span>
    </Button>
  )
}

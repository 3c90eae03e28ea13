import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';

/** A field error: one message, several (shown one per line), or none. */
export type FieldErrors = string | readonly string[] | null | undefined;

function errorList(errors: FieldErrors): readonly string[] {
  if (!errors) return [];
  return (typeof errors === 'string' ? [errors] : errors).filter(Boolean);
}

function joinIds(...ids: (string | false | null | undefined)[]): string | undefined {
  const list = ids.filter(Boolean);
  return list.length ? list.join(' ') : undefined;
}

export const inputClasses =
  'block min-h-11 w-full min-w-0 rounded-md border border-gray-500 bg-white px-3 py-2 text-base text-gray-900 placeholder:text-gray-600 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-red-700 dark:border-gray-400 dark:bg-gray-900 dark:text-gray-100 dark:placeholder:text-gray-400 dark:aria-invalid:border-red-400';

const labelClasses = 'block text-sm font-medium';
const hintClasses = 'text-sm text-gray-600 dark:text-gray-400';
const errorClasses = 'text-sm font-medium text-red-700 dark:text-red-400';

type Described = {
  label: ReactNode;
  hint?: ReactNode;
  errors?: FieldErrors;
  /** Alias of `errors`. */
  error?: FieldErrors;
  /** Class of the wrapper element. */
  className?: string;
};

function useFieldIds(id: string | undefined, hint: ReactNode, errors: readonly string[], describedBy?: string) {
  const auto = useId();
  const inputId = id ?? auto;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = errors.length ? `${inputId}-error` : undefined;
  return { inputId, hintId, errorId, describedBy: joinIds(errorId, hintId, describedBy) };
}

function Messages({ hint, hintId, errors, errorId }: { hint: ReactNode; hintId?: string; errors: readonly string[]; errorId?: string }) {
  return (
    <>
      {hint ? (
        <p id={hintId} className={hintClasses}>
          {hint}
        </p>
      ) : null}
      {/* An alert: announced when it appears after a submission with JavaScript; the field points at it too. */}
      {errors.length ? (
        <div id={errorId} role="alert" className={errorClasses}>
          {errors.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      ) : null}
    </>
  );
}

function RequiredMark({ required }: { required?: boolean }) {
  return required ? (
    <span aria-hidden="true" className="ms-0.5 text-red-700 dark:text-red-400">
      *
    </span>
  ) : null;
}

export type FieldProps = Described &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> & {
    inputClassName?: string;
    ref?: Ref<HTMLInputElement>;
  };

/**
 * A labelled input with optional hint and error message(s). Every native input prop is passed through.
 * Checkboxes and radios render the label beside the box.
 */
export function Field({
  label,
  hint,
  errors,
  error,
  className,
  inputClassName,
  id,
  'aria-describedby': ariaDescribedBy,
  'aria-invalid': ariaInvalid,
  ...props
}: FieldProps) {
  const list = errorList(errors ?? error);
  const ids = useFieldIds(id, hint, list, ariaDescribedBy);
  const invalid = ariaInvalid ?? (list.length ? true : undefined);
  const box = props.type === 'checkbox' || props.type === 'radio';

  const input = (
    <input
      {...props}
      id={ids.inputId}
      aria-invalid={invalid}
      aria-describedby={ids.describedBy}
      className={
        box
          ? `size-5 shrink-0 accent-blue-700 dark:accent-blue-400 ${inputClassName ?? ''}`
          : `${inputClasses} ${inputClassName ?? ''}`
      }
    />
  );

  if (box) {
    return (
      <div className={`flex flex-col gap-1 ${className ?? ''}`}>
        <div className="flex min-h-11 items-center gap-3">
          {input}
          <label htmlFor={ids.inputId} className="text-base">
            {label}
            <RequiredMark required={props.required} />
          </label>
        </div>
        <Messages hint={hint} hintId={ids.hintId} errors={list} errorId={ids.errorId} />
      </div>
    );
  }

  return (
    <div className={`flex flex-col gap-1 ${className ?? ''}`}>
      <label htmlFor={ids.inputId} className={labelClasses}>
        {label}
        <RequiredMark required={props.required} />
      </label>
      {input}
      <Messages hint={hint} hintId={ids.hintId} errors={list} errorId={ids.errorId} />
    </div>
  );
}

export type SelectFieldProps = Described &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className'> & {
    selectClassName?: string;
    ref?: Ref<HTMLSelectElement>;
  };

/** A labelled <select>; pass <option>s as children. */
export function SelectField({
  label,
  hint,
  errors,
  error,
  className,
  selectClassName,
  id,
  children,
  'aria-describedby': ariaDescribedBy,
  'aria-invalid': ariaInvalid,
  ...props
}: SelectFieldProps) {
  const list = errorList(errors ?? error);
  const ids = useFieldIds(id, hint, list, ariaDescribedBy);
  return (
    <div className={`flex flex-col gap-1 ${className ?? ''}`}>
      <label htmlFor={ids.inputId} className={labelClasses}>
        {label}
        <RequiredMark required={props.required} />
      </label>
      <select
        {...props}
        id={ids.inputId}
        aria-invalid={ariaInvalid ?? (list.length ? true : undefined)}
        aria-describedby={ids.describedBy}
        className={`${inputClasses} ${selectClassName ?? ''}`}
      >
        {children}
      </select>
      <Messages hint={hint} hintId={ids.hintId} errors={list} errorId={ids.errorId} />
    </div>
  );
}

/** The error message(s) of a control that is not a Field (a group of radios): an alert, with the id its group points at. */
export function FieldMessage({ id, errors }: { id: string; errors?: FieldErrors }) {
  const list = errorList(errors);
  if (!list.length) return null;
  return (
    <div id={id} role="alert" className={errorClasses}>
      {list.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </div>
  );
}

export type FormErrorProps = {
  /** Message(s) for the whole form; nothing renders when empty. */
  errors?: FieldErrors;
  children?: ReactNode;
  id?: string;
  className?: string;
};

/** A form-level error message (role="alert"), e.g. "Unknown server error". */
export function FormError({ errors, children, id, className }: FormErrorProps) {
  const list = errorList(errors);
  if (!list.length && !children) return null;
  return (
    <div
      id={id}
      role="alert"
      className={`rounded-md border border-red-700 bg-red-50 px-3 py-2 text-sm font-medium text-red-700 dark:border-red-400 dark:bg-red-950 dark:text-red-300 ${className ?? ''}`}
    >
      {list.map((message) => (
        <p key={message}>{message}</p>
      ))}
      {children}
    </div>
  );
}

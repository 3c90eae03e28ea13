import { useCallback, useId, useRef, useState, type ReactNode } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { Form, useLocation } from 'react-router';
import { lazyComponent } from '../../lib/lazy.tsx';
import { Button, buttonClasses, type ButtonStyleOptions } from './button.tsx';
import { Field } from './field.tsx';

/** Spec §4 default; callers normally pass the translated `defaultTitle` instead. */
export const DEFAULT_CONFIRM_TITLE = 'Are you sure?';

// ---------------------------------------------------------------------------------------------
// Pure helpers (unit-tested)

/** §5: the confirm button stays disabled until the typed text exactly equals the required text. */
export function canConfirm(typed: string | null | undefined, required?: string | null): boolean {
  if (!required) return true;
  return typed === required;
}

/** A `pattern` attribute that accepts exactly `text` (native validation when JavaScript is off). */
export function exactPattern(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
}

// ---------------------------------------------------------------------------------------------
// Building blocks (also used by the modal, confirm-modal.tsx)

export const panelClasses = 'flex flex-col gap-4 text-start';
export const descriptionClasses = 'text-sm text-gray-700 dark:text-gray-300';
export const actionsClasses = 'flex flex-wrap justify-end gap-2';

type Texts = {
  title: ReactNode;
  description?: ReactNode;
  confirmText?: string;
  /** Label of the type-to-confirm box; defaults to the text to type. */
  typeLabel?: ReactNode;
  dangerous?: boolean;
  confirmLabel: ReactNode;
  cancelLabel: ReactNode;
};

export function Heading({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h2 id={id} className="text-lg font-semibold">
      {children}
    </h2>
  );
}

/** The confirmation's title and, when given, its description: what the panel and the modal name and describe it by. */
export function ConfirmIntro({ titleId, descriptionId, title, description }: { titleId: string; descriptionId?: string; title: ReactNode; description?: ReactNode }) {
  return (
    <>
      <Heading id={titleId}>{title}</Heading>
      {description ? (
        <div id={descriptionId} className={descriptionClasses}>
          {description}
        </div>
      ) : null}
    </>
  );
}

export function TypeToConfirm({ confirmText, typeLabel, typed, onTyped }: { confirmText: string; typeLabel?: ReactNode; typed: string; onTyped: (value: string) => void }) {
  return (
    <Field
      label={typeLabel ?? confirmText}
      name="confirm"
      type="text"
      required
      pattern={exactPattern(confirmText)}
      autoComplete="off"
      autoCapitalize="off"
      autoCorrect="off"
      spellCheck={false}
      value={typed}
      onChange={(event) => onTyped(event.target.value)}
      data-autofocus=""
    />
  );
}

// ---------------------------------------------------------------------------------------------
// <ConfirmForm>: works without JavaScript (an inline <details> disclosure) and becomes a modal
// dialog once hydrated. The dialog's code (confirm-modal.tsx) is loaded when the trigger is first
// pressed (app/lib/lazy.tsx): most visits to a page confirm nothing.

export type HiddenFields = Record<string, string | number | boolean | null | undefined>;

export type ConfirmFormProps = Omit<Texts, 'title'> & {
  /** The trigger's content, e.g. "Delete". */
  trigger: ReactNode;
  /** Accessible name of the trigger when its content is only an icon. */
  triggerLabel?: string;
  /** Trigger look; defaults to alert_border when dangerous, basic otherwise. */
  triggerStyle?: ButtonStyleOptions;
  title?: ReactNode;
  /** The translated "Are you sure?" used when no title is given. */
  defaultTitle?: string;
  /** Value of the submit button named "intent". */
  intent?: string;
  method?: 'post';
  action?: string;
  hiddenFields?: HiddenFields;
  reloadDocument?: boolean;
  preventScrollReset?: boolean;
  className?: string;
};

/** The confirmation's form: hidden fields, the type-to-confirm box, cancel and confirm. */
export function ConfirmFields({
  props,
  typed,
  onTyped,
  cancel,
  confirmDisabled,
  busy,
  onSubmit,
}: {
  props: ConfirmFormProps;
  typed: string;
  onTyped: (value: string) => void;
  cancel: ReactNode;
  confirmDisabled?: boolean;
  busy?: boolean;
  onSubmit?: () => void;
}) {
  const { method = 'post', action, reloadDocument, preventScrollReset, hiddenFields, confirmText, typeLabel, intent, dangerous, confirmLabel } = props;
  return (
    <Form method={method} action={action} reloadDocument={reloadDocument} preventScrollReset={preventScrollReset} className={panelClasses} onSubmit={onSubmit}>
      {hiddenFields
        ? Object.entries(hiddenFields).map(([name, value]) =>
            value == null ? null : <input key={name} type="hidden" name={name} value={String(value)} />,
          )
        : null}
      {confirmText ? <TypeToConfirm confirmText={confirmText} typeLabel={typeLabel} typed={typed} onTyped={onTyped} /> : null}
      <div className={actionsClasses}>
        {cancel}
        <Button
          type="submit"
          name={intent ? 'intent' : undefined}
          value={intent}
          variant={dangerous ? 'alert' : 'primary'}
          disabled={confirmDisabled || busy}
          aria-busy={busy || undefined}
        >
          {confirmLabel}
        </Button>
      </div>
    </Form>
  );
}

const ConfirmModal = lazyComponent(() => import('./confirm-modal.tsx').then((m) => m.ConfirmModal));

export function ConfirmForm(props: ConfirmFormProps) {
  const { trigger, triggerLabel, triggerStyle, title, defaultTitle = DEFAULT_CONFIRM_TITLE, description, dangerous = false, cancelLabel, className } = props;
  const hydrated = useHydrated();
  const location = useLocation();
  const id = useId();
  const titleId = `${id}-title`;
  const descriptionId = description ? `${id}-description` : undefined;
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [typed, setTyped] = useState('');
  // Pressed once: the dialog is loaded and stays mounted; `open` shows or hides it.
  const [pressed, setPressed] = useState(false);
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const triggerClasses = buttonClasses({ variant: dangerous ? 'alert_border' : 'basic', ...triggerStyle });

  if (!hydrated) {
    return (
      <details className={className}>
        <summary aria-label={triggerLabel} className={`list-none [&::-webkit-details-marker]:hidden ${triggerClasses}`}>
          {trigger}
        </summary>
        <div
          role="group"
          aria-labelledby={titleId}
          className={`${panelClasses} mt-2 rounded-lg border border-gray-300 bg-white p-4 dark:border-gray-700 dark:bg-gray-900`}
        >
          <ConfirmIntro titleId={titleId} descriptionId={descriptionId} title={title ?? defaultTitle} description={description} />
          <ConfirmFields
            props={props}
            typed={typed}
            onTyped={setTyped}
            cancel={
              // Without JavaScript a <details> cannot be closed from inside: reload the page instead.
              <a href={`${location.pathname}${location.search}`} className={buttonClasses({ variant: 'basic_border' })}>
                {cancelLabel}
              </a>
            }
          />
        </div>
      </details>
    );
  }

  return (
    <div className={className}>
      <button
        ref={triggerRef}
        type="button"
        aria-label={triggerLabel}
        aria-haspopup="dialog"
        aria-expanded={open}
        className={triggerClasses}
        onClick={() => {
          setPressed(true);
          setOpen(true);
        }}
      >
        {trigger}
      </button>
      {pressed ? (
        <ConfirmModal props={props} open={open} onClose={close} titleId={titleId} descriptionId={descriptionId} returnFocus={triggerRef} />
      ) : null}
    </div>
  );
}

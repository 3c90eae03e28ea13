import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useReducer,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { Form, useLocation, useNavigation } from 'react-router';
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

export type ConfirmData = { title?: string };
export type ConfirmState<T extends ConfirmData = ConfirmData> =
  | { open: false; data: null }
  | { open: true; data: T & { title: string } };
export type ConfirmAction<T extends ConfirmData = ConfirmData> =
  | { type: 'open'; data: T | null | undefined }
  | { type: 'close' };

export const CLOSED_CONFIRM: ConfirmState<never> = { open: false, data: null };

/**
 * §4: the prompt is closed, or open with data. Opening sets the title to the default ("Are you
 * sure?") unless another title is given; clearing it (close, or open with no data) closes it.
 */
export function confirmReducer<T extends ConfirmData>(
  _state: ConfirmState<T>,
  action: ConfirmAction<T>,
  defaultTitle: string = DEFAULT_CONFIRM_TITLE,
): ConfirmState<T> {
  if (action.type === 'close' || action.data == null) return CLOSED_CONFIRM;
  return { open: true, data: { ...action.data, title: action.data.title || defaultTitle } };
}

/** State for a JavaScript-only confirmation (pair with <ConfirmDialog>). */
export function useConfirm<T extends ConfirmData = ConfirmRequest>(defaultTitle: string = DEFAULT_CONFIRM_TITLE) {
  const [state, dispatch] = useReducer(
    (s: ConfirmState<T>, a: ConfirmAction<T>) => confirmReducer(s, a, defaultTitle),
    CLOSED_CONFIRM as ConfirmState<T>,
  );
  const open = useCallback((data: T | null | undefined) => dispatch({ type: 'open', data }), []);
  const close = useCallback(() => dispatch({ type: 'close' }), []);
  return { state, open, close };
}

// ---------------------------------------------------------------------------------------------
// Building blocks

const panelClasses = 'flex flex-col gap-4 text-start';
const descriptionClasses = 'text-sm text-gray-700 dark:text-gray-300';

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

function Heading({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h2 id={id} className="text-lg font-semibold">
      {children}
    </h2>
  );
}

function TypeToConfirm({ confirmText, typeLabel, typed, onTyped }: { confirmText: string; typeLabel?: ReactNode; typed: string; onTyped: (value: string) => void }) {
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

const actionsClasses = 'flex flex-wrap justify-end gap-2';

/** A native modal <dialog>, opened with showModal(); Escape, cancel and backdrop clicks close it. */
function ModalDialog({
  open,
  onClose,
  titleId,
  descriptionId,
  returnFocus,
  children,
}: {
  open: boolean;
  onClose: () => void;
  titleId: string;
  descriptionId?: string;
  returnFocus?: RefObject<HTMLElement | null>;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const previous = useRef<Element | null>(null);

  // Layout effect: open/close in the same frame as the content changes (no flash of an empty box).
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      previous.current = document.activeElement;
      dialog.showModal();
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      onClose={() => {
        onClose();
        const target = returnFocus?.current ?? previous.current;
        if (target instanceof HTMLElement) target.focus();
      }}
      onClick={(event) => {
        // Only the backdrop (the dialog box itself, outside the padded panel) closes it.
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-lg border border-gray-300 bg-white p-0 text-gray-900 shadow-xl backdrop:bg-black/50 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100"
    >
      <div className={`${panelClasses} p-5`}>{children}</div>
    </dialog>
  );
}

// ---------------------------------------------------------------------------------------------
// <ConfirmForm>: works without JavaScript (an inline <details> disclosure) and becomes a modal
// dialog once hydrated.

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

export function ConfirmForm({
  trigger,
  triggerLabel,
  triggerStyle,
  title,
  defaultTitle = DEFAULT_CONFIRM_TITLE,
  description,
  confirmText,
  typeLabel,
  dangerous = false,
  confirmLabel,
  cancelLabel,
  intent,
  method = 'post',
  action,
  hiddenFields,
  reloadDocument,
  preventScrollReset,
  className,
}: ConfirmFormProps) {
  const hydrated = useHydrated();
  const location = useLocation();
  const navigation = useNavigation();
  const id = useId();
  const titleId = `${id}-title`;
  const descriptionId = description ? `${id}-description` : undefined;
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const sawNavigation = useRef(false);

  // After a submission, keep the dialog open (busy) until the navigation settles, then close it.
  useEffect(() => {
    if (!submitted) return;
    if (navigation.state !== 'idle') {
      sawNavigation.current = true;
      return;
    }
    if (sawNavigation.current) {
      sawNavigation.current = false;
      setSubmitted(false);
      setOpen(false);
    }
  }, [submitted, navigation.state]);

  const busy = submitted && navigation.state !== 'idle';
  const allowed = canConfirm(typed, confirmText);
  const triggerClasses = buttonClasses({ variant: dangerous ? 'alert_border' : 'basic', ...triggerStyle });

  const form = (
    <Form
      method={method}
      action={action}
      reloadDocument={reloadDocument}
      preventScrollReset={preventScrollReset}
      className={panelClasses}
      onSubmit={() => setSubmitted(true)}
    >
      {hiddenFields
        ? Object.entries(hiddenFields).map(([name, value]) =>
            value == null ? null : <input key={name} type="hidden" name={name} value={String(value)} />,
          )
        : null}
      {confirmText ? <TypeToConfirm confirmText={confirmText} typeLabel={typeLabel} typed={typed} onTyped={setTyped} /> : null}
      <div className={actionsClasses}>
        {hydrated ? (
          <Button variant="basic_border" data-autofocus={confirmText ? undefined : ''} onClick={() => setOpen(false)}>
            {cancelLabel}
          </Button>
        ) : (
          // Without JavaScript a <details> cannot be closed from inside: reload the page instead.
          <a href={`${location.pathname}${location.search}`} className={buttonClasses({ variant: 'basic_border' })}>
            {cancelLabel}
          </a>
        )}
        <Button
          type="submit"
          name={intent ? 'intent' : undefined}
          value={intent}
          variant={dangerous ? 'alert' : 'primary'}
          disabled={(hydrated && !allowed) || busy}
          aria-busy={busy || undefined}
        >
          {confirmLabel}
        </Button>
      </div>
    </Form>
  );

  const heading = <Heading id={titleId}>{title ?? defaultTitle}</Heading>;
  const body = description ? (
    <div id={descriptionId} className={descriptionClasses}>
      {description}
    </div>
  ) : null;

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
          {heading}
          {body}
          {form}
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
          setTyped('');
          setOpen(true);
        }}
      >
        {trigger}
      </button>
      <ModalDialog
        open={open}
        onClose={() => {
          setOpen(false);
          setTyped('');
        }}
        titleId={titleId}
        descriptionId={descriptionId}
        returnFocus={triggerRef}
      >
        {heading}
        {body}
        {form}
      </ModalDialog>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// <ConfirmDialog>: a JavaScript-only confirmation driven by useConfirm(), for enhancements that
// have no form of their own (drag to reorder, client-side actions).

export type ConfirmRequest = ConfirmData & {
  description?: ReactNode;
  confirmText?: string;
  dangerous?: boolean;
  onConfirm?: () => void;
};

export type ConfirmDialogProps = {
  state: ConfirmState<ConfirmRequest>;
  onClose: () => void;
  confirmLabel: ReactNode;
  cancelLabel: ReactNode;
  typeLabel?: ReactNode;
};

export function ConfirmDialog({ state, onClose, confirmLabel, cancelLabel, typeLabel }: ConfirmDialogProps) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const data = state.data;
  const titleId = `${id}-title`;
  const descriptionId = data?.description ? `${id}-description` : undefined;
  const close = () => {
    setTyped('');
    onClose();
  };

  return (
    <ModalDialog open={state.open} onClose={close} titleId={titleId} descriptionId={descriptionId}>
      {data ? (
        <>
          <Heading id={titleId}>{data.title}</Heading>
          {data.description ? (
            <div id={descriptionId} className={descriptionClasses}>
              {data.description}
            </div>
          ) : null}
          {data.confirmText ? (
            <TypeToConfirm confirmText={data.confirmText} typeLabel={typeLabel} typed={typed} onTyped={setTyped} />
          ) : null}
          <div className={actionsClasses}>
            <Button variant="basic_border" data-autofocus={data.confirmText ? undefined : ''} onClick={close}>
              {cancelLabel}
            </Button>
            <Button
              variant={data.dangerous ? 'alert' : 'primary'}
              disabled={!canConfirm(typed, data.confirmText)}
              onClick={() => {
                data.onConfirm?.();
                close();
              }}
            >
              {confirmLabel}
            </Button>
          </div>
        </>
      ) : null}
    </ModalDialog>
  );
}

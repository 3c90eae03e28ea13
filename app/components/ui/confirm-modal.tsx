/**
 * The confirm dialog once JavaScript runs (ADR 008): a native modal <dialog>. Loaded by
 * <ConfirmForm> (confirm-dialog.tsx) when its trigger is first pressed (ADR 061); the server and the
 * page before that render the <details> form, which works without JavaScript.
 */
import { useCallback, useEffect, useId, useLayoutEffect, useReducer, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useNavigation } from 'react-router';
import { Button } from './button.tsx';
import {
  actionsClasses,
  canConfirm,
  ConfirmFields,
  ConfirmIntro,
  DEFAULT_CONFIRM_TITLE,
  descriptionClasses,
  Heading,
  panelClasses,
  TypeToConfirm,
  type ConfirmFormProps,
} from './confirm-dialog.tsx';

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
// The modal

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



/** <ConfirmForm>'s dialog: the same form, confirm disabled until the typed text matches, busy until the navigation settles. */
export function ConfirmModal({
  props,
  open,
  onClose,
  titleId,
  descriptionId,
  returnFocus,
}: {
  props: ConfirmFormProps;
  open: boolean;
  onClose: () => void;
  titleId: string;
  descriptionId?: string;
  returnFocus: RefObject<HTMLElement | null>;
}) {
  const { title, defaultTitle = DEFAULT_CONFIRM_TITLE, description, confirmText, cancelLabel } = props;
  const navigation = useNavigation();
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
      onClose();
    }
  }, [submitted, navigation.state, onClose]);

  const busy = submitted && navigation.state !== 'idle';
  return (
    <ModalDialog
      open={open}
      onClose={() => {
        onClose();
        setTyped('');
      }}
      titleId={titleId}
      descriptionId={descriptionId}
      returnFocus={returnFocus}
    >
      <ConfirmIntro titleId={titleId} descriptionId={descriptionId} title={title ?? defaultTitle} description={description} />
      <ConfirmFields
        props={props}
        typed={typed}
        onTyped={setTyped}
        confirmDisabled={!canConfirm(typed, confirmText)}
        busy={busy}
        onSubmit={() => setSubmitted(true)}
        cancel={
          <Button variant="basic_border" data-autofocus={confirmText ? undefined : ''} onClick={onClose}>
            {cancelLabel}
          </Button>
        }
      />
    </ModalDialog>
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

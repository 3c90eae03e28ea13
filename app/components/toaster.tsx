import { useCallback, useEffect, useState } from 'react';
import { Button } from './ui/button.tsx';
import { useHydrated } from 'remix-utils/use-hydrated';

export type ToastType = 'success' | 'error' | 'info';
export type Toast = { id: string; type: ToastType; title: string; description?: string };

/**
 * Spec §9's durations: success 2000 ms, everything else 4000 ms. Its "20 at once" is a library default,
 * not a product rule: on a phone more than three stacked toasts cover the page, so the newest three stay.
 */
export const TOAST_DURATION_MS: Record<ToastType, number> = { success: 2000, error: 4000, info: 4000 };
export const MAX_TOASTS = 3;

/** Adds (or replaces, by id) a toast, keeping only the newest MAX_TOASTS. */
export function addToast(list: readonly Toast[], toast: Toast): Toast[] {
  return [...list.filter((t) => t.id !== toast.id), toast].slice(-MAX_TOASTS);
}

// Text contrast ≥ 4.5:1 on white and gray-900; the accent border and icon are decorative
// (the title says what happened).
const ACCENT: Record<ToastType, { border: string; icon: string; glyph: string }> = {
  success: { border: 'border-s-green-700 dark:border-s-green-400', icon: 'bg-green-700 dark:bg-green-400', glyph: '✓' },
  error: { border: 'border-s-red-700 dark:border-s-red-400', icon: 'bg-red-700 dark:bg-red-400', glyph: '!' },
  info: { border: 'border-s-blue-700 dark:border-s-blue-400', icon: 'bg-blue-700 dark:bg-blue-400', glyph: 'i' },
};

function ToastItem({
  toast,
  hydrated,
  closeLabel,
  onDismiss,
}: {
  toast: Toast;
  hydrated: boolean;
  closeLabel: string;
  onDismiss: (id: string) => void;
}) {
  // Hovering or focusing a toast pauses its timer (WCAG 2.2.1).
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => onDismiss(toast.id), TOAST_DURATION_MS[toast.type]);
    return () => clearTimeout(timer);
  }, [paused, toast.id, toast.type, onDismiss]);

  const accent = ACCENT[toast.type];
  return (
    <div
      data-toast-type={toast.type}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setPaused(false);
      }}
      className={`flex items-start gap-3 rounded-lg border border-s-4 border-gray-300 bg-white p-3 text-gray-900 shadow-lg dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100 ${accent.border} ${
        // Without JavaScript it is a banner in the page's flow: it covers nothing, so it can stay.
        hydrated ? 'pointer-events-auto' : ''
      }`}
    >
      <span
        aria-hidden="true"
        className={`mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full text-xs font-bold text-white dark:text-gray-950 ${accent.icon}`}
      >
        {accent.glyph}
      </span>
      <div className="min-w-0 flex-1 wrap-anywhere">
        <p className="text-sm font-semibold">{toast.title}</p>
        {toast.description ? <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">{toast.description}</p> : null}
      </div>
      {hydrated ? (
        <Button
          variant="ghost"
          size="sm"
          width="square"
          aria-label={closeLabel}
          className="-me-1 -mt-1"
          onClick={() => onDismiss(toast.id)}
        >
          <span aria-hidden="true" className="text-lg leading-none">
            ×
          </span>
        </Button>
      ) : null}
    </div>
  );
}

/**
 * Shows the flash toast from the root loader. Server-rendered as a banner at the top of the page, in
 * its flow, so it is seen without JavaScript and covers nothing; once hydrated toasts float at the
 * bottom, leave after their duration and get a close button.
 */
export function Toaster({ toast, closeLabel }: { toast?: Toast | null; closeLabel: string }) {
  const hydrated = useHydrated();
  const [toasts, setToasts] = useState<Toast[]>(() => (toast ? [toast] : []));
  const [seen, setSeen] = useState(toast?.id);

  // A new toast from a later navigation (adjusting state while rendering, no extra effect pass).
  if (toast && toast.id !== seen) {
    setSeen(toast.id);
    setToasts((list) => addToast(list, toast));
  }

  const dismiss = useCallback((id: string) => setToasts((list) => list.filter((t) => t.id !== id)), []);

  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="toaster"
      className={
        hydrated
          ? 'pointer-events-none fixed inset-x-2 bottom-2 z-50 flex flex-col gap-2 sm:inset-x-auto sm:right-4 sm:bottom-4 sm:w-96'
          : 'flex flex-col gap-2 empty:hidden [&:not(:empty)]:mb-4'
      }
    >
      {toasts.map((t) => (
        <ToastItem key={t.id} toast={t} hydrated={hydrated} closeLabel={closeLabel} onDismiss={dismiss} />
      ))}
    </div>
  );
}

import { useEffect, useRef, useState } from 'react';
import { useNavigation } from 'react-router';

/** Spec §9: show after the navigation has been pending this long… */
export const PROGRESS_DELAY_MS = 1000;
/** …and once shown, keep it at least this long. */
export const PROGRESS_MIN_VISIBLE_MS = 500;

/** True while `busy`, but only from `delay` ms after it started, and for at least `minVisible` ms. */
export function useDelayedPending(busy: boolean, delay = PROGRESS_DELAY_MS, minVisible = PROGRESS_MIN_VISIBLE_MS): boolean {
  const [visible, setVisible] = useState(false);
  const shownAt = useRef(0);

  useEffect(() => {
    if (busy) {
      if (visible) return;
      const timer = setTimeout(() => {
        shownAt.current = Date.now();
        setVisible(true);
      }, delay);
      return () => clearTimeout(timer);
    }
    if (!visible) return;
    const timer = setTimeout(() => setVisible(false), Math.max(0, minVisible - (Date.now() - shownAt.current)));
    return () => clearTimeout(timer);
  }, [busy, visible, delay, minVisible]);

  return visible;
}

/** A thin indeterminate bar at the top of the page while a navigation or submission is slow. */
export function ProgressBar({ label }: { label: string }) {
  const navigation = useNavigation();
  const visible = useDelayedPending(navigation.state !== 'idle');
  if (!visible) return null;
  return (
    <div
      role="progressbar"
      aria-label={label}
      className="pointer-events-none fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-blue-100 dark:bg-blue-950"
    >
      <div className="h-full w-1/3 animate-progress bg-blue-700 motion-reduce:w-full motion-reduce:animate-none dark:bg-blue-400" />
    </div>
  );
}

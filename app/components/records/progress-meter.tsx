/** "3 of 5 done" with an accessible bar (role=progressbar, value, min, max and a label). */
export function ProgressMeter({ done, total, label, text }: { done: number; total: number; label: string; text: string }) {
  const percent = total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 0
  return (
    <div className="space-y-1">
      <p className="text-sm text-stone-700 dark:text-stone-300">{text}</p>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={text}
        className="h-3 w-full overflow-hidden rounded-full border border-stone-500 bg-stone-100 dark:border-stone-400 dark:bg-stone-800"
      >
        {/* An SVG attribute, not a style attribute: the Content-Security-Policy allows no inline styles. */}
        <svg aria-hidden="true" focusable="false" className="block h-full w-full" viewBox="0 0 100 1" preserveAspectRatio="none">
          <rect width={percent} height="1" className="fill-green-700 dark:fill-green-400" />
        </svg>
      </div>
    </div>
  )
}

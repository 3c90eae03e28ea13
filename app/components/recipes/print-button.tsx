import { useEffect, useState } from 'react'
import { buttonClasses } from '../ui/button'

/** "Print" with JavaScript (the browser's print dialog); without it, a hint to use the browser's own. */
export function PrintButton({ label, hint }: { label: string; hint: string }) {
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  if (!hydrated) return <p className="text-sm text-stone-700 dark:text-stone-300 print:hidden">{hint}</p>
  return (
    <button type="button" onClick={() => window.print()} className={`${buttonClasses({ variant: 'basic_border', width: 'fit' })} print:hidden`}>
      {label}
    </button>
  )
}

import type { ReactNode } from 'react'

/** The frame of the small account pages: a heading, the form, links below. */
export function AuthCard({ title, intro, children, footer }: { title: string; intro?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md">
      <h1 className="mb-2 text-2xl font-bold">{title}</h1>
      {intro ? <div className="mb-4 text-stone-700 dark:text-stone-300">{intro}</div> : null}
      <div className="rounded-lg border border-stone-200 p-4 dark:border-stone-800">{children}</div>
      {footer ? <div className="mt-4 space-y-2 text-sm">{footer}</div> : null}
    </div>
  )
}

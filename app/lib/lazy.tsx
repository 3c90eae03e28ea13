/**
 * Components the browser loads only when a page renders them (ADR 061): the code of what most pages
 * never show (a device's part of the bar, a corrective-action form) stays out of their
 * first load.
 *
 * React's `lazy` inside a Suspense boundary, the same on both sides:
 * - the server waits for every part before it answers (app/entry.server.tsx), so the HTML is whole,
 *   with or without JavaScript (the server loads each module once, then renders it at once);
 * - while the browser fetches the code of a part the server rendered, React keeps that part's HTML in
 *   place and hydrates it once the code is there; a part the browser renders itself shows once loaded.
 * The wrapper is memoized: a parent re-rendering with the same props (as at hydration) does not make
 * React drop the server's HTML before the code arrives (with new props it would render the part anew
 * once the code is there).
 */
import { lazy, memo, Suspense, type ComponentType, type ReactElement } from 'react'

export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): (props: P) => ReactElement {
  const Component = lazy(async () => ({ default: await load() }))
  const Boundary = memo(function LazyBoundary(props: P) {
    return (
      <Suspense fallback={null}>
        <Component {...props} />
      </Suspense>
    )
  })
  return function LazyComponent(props: P) {
    return <Boundary {...props} />
  }
}

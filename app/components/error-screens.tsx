import type { ReactNode } from 'react';
import { isRouteErrorResponse } from 'react-router';
import { Button, ButtonLink, buttonClasses } from './ui/button.tsx';

type Landmark = 'main' | 'div';

function Screen({ as: Tag = 'div', children }: { as?: Landmark; children: ReactNode }) {
  return (
    <Tag className="mx-auto flex w-full max-w-xl flex-col items-center gap-6 px-4 py-16 text-center">{children}</Tag>
  );
}

/** Unknown route: a title and a back button to "/". */
export function NotFoundScreen({
  title,
  backLabel,
  description,
  backTo = '/',
  as,
}: {
  title: ReactNode;
  backLabel: ReactNode;
  description?: ReactNode;
  /** Where the way back leads: home unless said. */
  backTo?: string;
  /** A <div> by default (inside the layout's <main>); use "main" when rendered on its own. */
  as?: Landmark;
}) {
  return (
    <Screen as={as}>
      <h1 className="text-2xl font-semibold">{title}</h1>
      {description ? <p className="text-gray-700 dark:text-gray-300">{description}</p> : null}
      <ButtonLink to={backTo} variant="primary">
        {backLabel}
      </ButtonLink>
    </Screen>
  );
}

/**
 * Render failure: "Sorry, an error occured..." and a "Go back" button that resets. Without an
 * onReset the button is a plain link to "/" (a full reload: the surest reset).
 */
export function GlobalErrorScreen({
  message = 'Sorry, an error occured...',
  goBackLabel = 'Go back',
  onReset,
  as,
}: {
  message?: ReactNode;
  goBackLabel?: ReactNode;
  onReset?: () => void;
  /** A <div> by default (inside the layout's <main>); use "main" when rendered on its own. */
  as?: Landmark;
}) {
  return (
    <Screen as={as}>
      <h1 className="text-2xl font-semibold">{message}</h1>
      {onReset ? (
        <Button variant="primary" onClick={onReset}>
          {goBackLabel}
        </Button>
      ) : (
        <a href="/" className={buttonClasses({ variant: 'primary' })}>
          {goBackLabel}
        </a>
      )}
    </Screen>
  );
}

/** Readable details of whatever a route threw. */
export function errorDetails(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    const data = typeof error.data === 'string' ? error.data : JSON.stringify(error.data, null, 2);
    return [`${error.status} ${error.statusText}`.trim(), data].filter(Boolean).join('\n');
  }
  if (error instanceof Error) return error.stack || `${error.name}: ${error.message}`;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error, null, 2) ?? String(error);
  } catch {
    return String(error);
  }
}

/**
 * A route's error boundary: "Something went wrong" with a Show Error / Hide Error toggle. The toggle is
 * a <details>, so it works without JavaScript; the summary text follows its open state through CSS.
 */
export function RouteErrorScreen({
  error,
  title = 'Something went wrong',
  showLabel = 'Show Error',
  hideLabel = 'Hide Error',
  backLabel,
  as,
}: {
  error: unknown;
  title?: ReactNode;
  showLabel?: ReactNode;
  hideLabel?: ReactNode;
  /** A link home under the details, when given. */
  backLabel?: ReactNode;
  /** A <div> by default (inside the layout's <main>); use "main" when rendered on its own. */
  as?: Landmark;
}) {
  return (
    <Screen as={as}>
      <h1 className="text-2xl font-semibold">{title}</h1>
      <details className="group w-full text-center">
        <summary
          className={`list-none [&::-webkit-details-marker]:hidden ${buttonClasses({ variant: 'basic_border', size: 'md' })}`}
        >
          <span className="group-open:hidden">{showLabel}</span>
          <span className="hidden group-open:inline">{hideLabel}</span>
        </summary>
        <pre className="mt-4 rounded-md border border-gray-300 bg-gray-50 p-3 text-start font-mono text-xs whitespace-pre-wrap text-gray-900 wrap-anywhere dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100">
          {errorDetails(error)}
        </pre>
      </details>
      {backLabel ? (
        <ButtonLink to="/" variant="primary">
          {backLabel}
        </ButtonLink>
      ) : null}
    </Screen>
  );
}

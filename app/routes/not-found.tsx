/** Unmatched URLs answer 404 with the not-found page (root ErrorBoundary renders it). */
export function loader() {
  throw new Response('Not Found', { status: 404 })
}

export function action() {
  throw new Response('Not Found', { status: 404 })
}

export default function NotFound() {
  return null
}

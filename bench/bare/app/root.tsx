import { Links, Meta, Outlet, Scripts, ScrollRestoration } from 'react-router'

/** The smallest React Router document: the baseline Mise's pages are compared against (scripts/bench.ts). */
export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  )
}

export default function App() {
  return <Outlet />
}

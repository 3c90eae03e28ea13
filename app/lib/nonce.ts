import { createContext, useContext } from 'react'

/** This page's Content-Security-Policy nonce, provided by app/entry.server.tsx while rendering. */
export const NonceContext = createContext<string | undefined>(undefined)

let clientNonce: string | undefined

/**
 * The nonce for <Links>, <Scripts> and <ScrollRestoration>: the server's value while rendering, and
 * the same value in the browser (read back from a script the server wrote; browsers hide the
 * attribute but keep the property), so hydration finds the attributes it expects.
 */
export function useNonce(): string | undefined {
  const fromServer = useContext(NonceContext)
  if (typeof document === 'undefined') return fromServer
  clientNonce ??= document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce || undefined
  return clientNonce
}

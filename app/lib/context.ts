import { createContext } from 'react-router'

/** The browser's address as the server entry saw it, for the API's per-IP rate limits. */
export const clientIpContext = createContext<string | null>(null)

/** This request's Content-Security-Policy nonce, for the inline scripts React Router writes into a page. */
export const nonceContext = createContext<string | undefined>(undefined)

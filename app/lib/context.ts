import { createContext } from 'react-router'

/** The browser's address as the server entry saw it, for the API's per-IP rate limits. */
export const clientIpContext = createContext<string | null>(null)

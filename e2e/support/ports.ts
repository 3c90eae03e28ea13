/** The browser tests' servers (playwright.config.ts, e2e/support/serve.ts): every spec's, and the alerts spec's. */
export const PORT = Number(process.env.E2E_PORT ?? 3210)
export const ALERTS_PORT = PORT + 1

/**
 * What remix-i18next's middleware gets when it imports `createInstance` from i18next (the
 * `remixI18nextDetectionOnly` plugin of vite.config.ts and vitest.config.ts; docs/decisions/070).
 *
 * The middleware detects the request's language, then creates and initialises an i18next instance for
 * that request and puts it in the router context. Mise never reads that instance: loaders, actions and
 * pages translate with the one shared instance per language (server/i18n.ts, app/lib/i18n.ts, ADR 046),
 * and `app/lib/i18n.server.ts` takes only the detected language from the middleware. Building it cost
 * 5–7 % of `/login`'s CPU. This answers a placeholder that does nothing instead; detection is unchanged.
 */
export interface UnreadInstance {
  use(): UnreadInstance
  init(): Promise<void>
}

const unread: UnreadInstance = Object.freeze({
  use: () => unread,
  init: async () => {},
})

/** The placeholder remix-i18next puts in the router context instead of a new instance. */
export function createInstance(): UnreadInstance {
  return unread
}

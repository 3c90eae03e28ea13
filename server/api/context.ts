import type pino from 'pino'
import type { Config } from '../config.ts'
import type { Db } from '../db/client.ts'
import type { Locale } from '../i18n.ts'
import type { Mailer } from '../mail/mailer.ts'

export interface Deps {
  db: Db
  config: Config
  mailer: Mailer
  logger: pino.Logger
  /** Is the database reachable with every migration applied? */
  ready: () => Promise<boolean>
}

export interface SessionUser {
  id: string
  email: string
  name: string
  locale: string
  superAdmin: boolean
  emailVerifiedAt: Date | null
}

export interface AuthState {
  user: SessionUser
  sessionId: string
}

/** Passed by the host as the second argument of app.fetch (in-process calls and the Node server). */
export interface Bindings {
  clientIp?: string
}

export interface AppEnv {
  Bindings: Bindings
  Variables: {
    deps: Deps
    requestId: string
    locale: Locale
    log: pino.Logger
    auth: AuthState | null
    clientIp: string
  }
}

import pino from 'pino'
import { getConfig } from './config.ts'

let logger: pino.Logger | undefined

export function getLogger(): pino.Logger {
  logger ??= pino({
    level: getConfig().LOG_LEVEL,
    base: { app: 'mise' },
    redact: ['req.headers.cookie', 'password', '*.password', 'token', '*.token'],
  })
  return logger
}

import { eq } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import { z } from 'zod'
import { nowOf, type AppEnv, type DeviceAuth } from '../api/context.ts'
import { line, uuid } from '../api/contract.ts'
import { ApiError, forbidden, unauthorized } from '../api/errors.ts'
import { readJson, readQuery } from '../api/validate.ts'
import { isValidPin } from '../auth/pin.ts'
import { deviceSessions, sessions } from '../db/schema.ts'
import { t } from '../i18n.ts'
import { enterPin, forgetPin, PIN_MAX_FAILURES, pinPeople, useLoginLink, type LinkedDevice, type LinkProblem } from './service.ts'
import { issueOfflinePin, listOfflinePins } from './offline-pins.ts'
import { startDeviceSession } from './sessions.ts'
import { pinLockedError } from './pin-attempts.ts'

/** A device login link's id and token: checked against the database, any junk is "invalid". */
export const deviceLoginQuery = z.object({ id: line().max(100).optional(), token: line().max(200).optional() })
/** The same link, posted to sign in (a same-origin, Origin-checked step: ADR 082). */
export const deviceLoginBody = z.strictObject({ id: line().max(100), token: line().max(200) })
/**
 * A PIN and whose it is (ADR 080 "Per person"): the PIN is checked against that member alone and a
 * wrong one counts against them. Without `membershipId` (older API clients) the PIN is looked up among
 * everyone and a wrong one counts against an unnamed person of its own, under the same device ceiling.
 */
export const devicePinBody = z.strictObject({ pin: line().refine(isValidPin, { message: 'validation.pinFormat' }), membershipId: uuid().optional() })

const LINK_ERRORS: Record<LinkProblem, { kind: 'NotFoundError' | 'BadRequestError'; key: string }> = {
  invalid: { kind: 'NotFoundError', key: 'devices.linkInvalid' },
  expired: { kind: 'BadRequestError', key: 'devices.linkExpired' },
  used: { kind: 'BadRequestError', key: 'devices.linkUsed' },
  replaced: { kind: 'BadRequestError', key: 'devices.linkReplaced' },
}

/** A link's device, organisation and venue; a link that cannot be used is its error (404 invalid, 400 otherwise). */
function linkedAnswer(c: Context<AppEnv>, result: LinkedDevice | LinkProblem) {
  if (typeof result === 'string') {
    const { kind, key } = LINK_ERRORS[result]
    throw new ApiError(kind, t(c.get('locale'), key), { link: result })
  }
  return {
    device: { id: result.id, name: result.name },
    organisation: { id: result.orgId, name: result.orgName },
    venue: { id: result.venueId, name: result.venueName },
  }
}

/** The signed-in device: 401 without a session, 403 for a person's session. */
function requireDevice(c: Context<AppEnv>): DeviceAuth {
  const device = c.get('device')
  if (device) return device
  if (c.get('auth')) throw forbidden(t(c.get('locale'), 'devices.onlyDevice'))
  throw unauthorized()
}

/** /v1/auth/device — signing a device in with its link, and the PIN of whoever records on it. */
export function deviceAuthRoutes() {
  const app = new Hono<AppEnv>()

  /** What a link would sign in, or why it cannot: reads only, so a link or an <img> on another site changes nothing (ADR 082). */
  app.get('/login', async (c) => {
    const { id, token } = readQuery(c, deviceLoginQuery)
    const deps = c.get('deps')
    return c.json(linkedAnswer(c, await useLoginLink(deps.db, id, token, nowOf(deps), 'check')))
  })

  /** Sign this browser in with the link: a POST, so the origin check refuses it from another site. */
  app.post('/login', async (c) => {
    const { id, token } = await readJson(c, deviceLoginBody)
    const deps = c.get('deps')
    const body = linkedAnswer(c, await useLoginLink(deps.db, id, token, nowOf(deps)))
    // Whatever session this browser had (a person's, or another device's) ends: its cookie is replaced.
    const auth = c.get('auth')
    if (auth) await deps.db.delete(sessions).where(eq(sessions.id, auth.sessionId))
    const previous = c.get('device')
    if (previous) await deps.db.delete(deviceSessions).where(eq(deviceSessions.id, previous.sessionId))
    await startDeviceSession(c, { id: body.device.id, orgId: body.organisation.id })
    return c.json(body)
  })

  app.post('/pin', async (c) => {
    const device = requireDevice(c)
    const { pin, membershipId } = await readJson(c, devicePinBody)
    const deps = c.get('deps')
    const locale = c.get('locale')
    const now = nowOf(deps)
    const outcome = await enterPin(deps.db, device, pin, now, membershipId)
    switch (outcome.status) {
      case 'ok':
        // The moment the plain PIN is known: what lets it be checked on this device offline (ADR 054).
        await issueOfflinePin(deps.db, device, outcome.pin.membershipId, pin, now)
        return c.json({ pin: outcome.pin })
      case 'wrong':
        throw new ApiError('ValidationError', undefined, {
          pin: t(locale, 'devices.pinWrong', { count: outcome.triesLeft, max: PIN_MAX_FAILURES }),
        })
      case 'locked':
        throw pinLockedError(locale, outcome.until, now)
      case 'gone':
        throw unauthorized()
    }
  })

  app.get('/people', async (c) => {
    const device = requireDevice(c)
    c.header('Cache-Control', 'no-store')
    return c.json({ people: await pinPeople(c.get('deps').db, device) })
  })

  app.get('/offline-pins', async (c) => {
    const device = requireDevice(c)
    c.header('Cache-Control', 'no-store')
    return c.json(await listOfflinePins(c.get('deps').db, device))
  })

  app.delete('/pin', async (c) => {
    const device = requireDevice(c)
    await forgetPin(c.get('deps').db, device)
    return c.body(null, 204)
  })

  return app
}

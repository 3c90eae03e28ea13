/**
 * Photo links an inspector can open (issue #39 item 9, ADR 085): an export names each photo by a URL
 * signed with the installation's export key, valid for PHOTO_LINK_DAYS. The signature is the
 * credential: no session is needed, and the link opens that one photo of that organisation only. A
 * GET that serves the file for a valid signature and changes nothing.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import { Hono } from 'hono'
import { z } from 'zod'
import { line } from '../api/contract.ts'
import { nowOf, type AppEnv } from '../api/context.ts'
import { notFound } from '../api/errors.ts'
import { readQuery } from '../api/validate.ts'
import { isUuid } from '../api/middleware/org-scope.ts'
import { installationKey } from '../auth/keys.ts'
import type { Db } from '../db/client.ts'
import { findUploadFile } from '../uploads/service.ts'
import { serveUploadFile } from '../uploads/routes.ts'

/** How long an export's photo links open: long enough for an inspection's follow-up. */
export const PHOTO_LINK_DAYS = 30
const KEY = 'export_photo_key'

const sign = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url')

/** `/v1/photos/<orgId>/<uploadId>?expires=<unix seconds>&signature=<HMAC>`: readable, and worthless once changed. */
export async function signedPhotoUrl(db: Db, orgId: string, uploadId: string, now: Date): Promise<string> {
  const expires = Math.floor(now.getTime() / 1000) + PHOTO_LINK_DAYS * 86_400
  const signature = sign(await installationKey(db, KEY), `${orgId}.${uploadId}.${expires}`)
  return `/v1/photos/${orgId}/${uploadId}?${new URLSearchParams({ expires: String(expires), signature })}`
}

/** GET /v1/photos/{orgId}/{uploadId}: the link's expiry and signature (documented; a link that does not match is a 404). */
export const photoLinkQuery = z.object({ expires: line().max(12).optional(), signature: line().max(100).optional() })

/** Whether a signed link is valid now: well formed, untampered, not expired. */
async function validSignature(db: Db, orgId: string, uploadId: string, expires: string | undefined, signature: string | undefined, now: Date): Promise<boolean> {
  if (!isUuid(orgId) || !isUuid(uploadId) || !expires || !/^\d{1,12}$/.test(expires) || !signature) return false
  const expected = Buffer.from(sign(await installationKey(db, KEY), `${orgId}.${uploadId}.${expires}`))
  const given = Buffer.from(signature)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false
  return Number(expires) * 1000 > now.getTime()
}

/** /v1/photos — an export's photo by its signed link; 404 for any link not valid now (tampered, expired, unknown). */
export function signedPhotoRoutes() {
  const app = new Hono<AppEnv>()
  app.get('/:orgId/:uploadId', async (c) => {
    const { orgId, uploadId } = c.req.param()
    const deps = c.get('deps')
    const { db } = deps
    const { expires, signature } = readQuery(c, photoLinkQuery)
    if (!(await validSignature(db, orgId, uploadId, expires, signature, nowOf(deps)))) throw notFound()
    const file = await findUploadFile(db, { orgId, membershipId: '', venueIds: null }, uploadId)
    if (!file) throw notFound()
    return serveUploadFile(c, file, 'private, max-age=3600')
  })
  return app
}

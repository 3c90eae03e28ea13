import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { AppEnv } from '../api/context.ts'
import { badRequest, notFound, validationError } from '../api/errors.ts'
import { isUuid, requirePermission } from '../api/middleware/org-scope.ts'
import { t } from '../i18n.ts'
import { z } from 'zod'
import { RENDITION_WIDTHS } from './resize.ts'
import { createUpload, findRendition, findUploadFile, MAX_UPLOAD_BYTES, MAX_UPLOAD_REQUEST_BYTES, sniffContentType } from './service.ts'

/** Image types the pages show inline; every other upload is served as a download. */
const INLINE_TYPES: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/webp'])

/** Served files are inert: sandboxed (no scripts, unique origin), loading nothing but themselves. */
export const UPLOAD_CSP = "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'"

/** GET …/uploads/{id}?width=: a photo no wider than one of RENDITION_WIDTHS (ADR 037). */
export const uploadQuery = z.object({
  width: z.enum(RENDITION_WIDTHS.map(String) as [`${(typeof RENDITION_WIDTHS)[number]}`]).optional(),
})

/** An upload's id names its bytes for good; served files are never sniffed and run nothing. */
function safeFileHeaders(c: Context<AppEnv>, cacheControl = CACHE_FOREVER) {
  c.header('X-Content-Type-Options', 'nosniff')
  c.header('Content-Security-Policy', UPLOAD_CSP)
  c.header('Cache-Control', cacheControl)
}

/**
 * Answer with a stored file, inert: photos inline (shown in pages), anything else (PDFs) downloaded,
 * never opened as a page of this origin; opened directly, still a sandboxed document with nothing to run.
 */
export function serveUploadFile(c: Context<AppEnv>, file: { contentType: string; fileName: string; data: Buffer }, cacheControl = CACHE_FOREVER) {
  safeFileHeaders(c, cacheControl)
  c.header('Content-Type', file.contentType)
  c.header('Content-Length', String(file.data.byteLength))
  const disposition = INLINE_TYPES.has(file.contentType) ? 'inline' : 'attachment'
  c.header('Content-Disposition', `${disposition}; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
  return c.body(new Uint8Array(file.data))
}

const CACHE_FOREVER = 'private, max-age=31536000, immutable'

/** /v1/orgs/:orgId/uploads — photos and PDFs of the organisation, for any member. */
export function uploadRoutes() {
  const app = new Hono<AppEnv>()

  app.post(
    '/',
    // Refuse an oversized request before reading it (also when it comes without Content-Length).
    bodyLimit({
      maxSize: MAX_UPLOAD_REQUEST_BYTES,
      onError: (c) => {
        throw badRequest(t(c.get('locale'), 'uploads.requestTooLarge'))
      },
    }),
    async (c) => {
      const scope = requirePermission(c, 'venue.work')
      const locale = c.get('locale')
      if (!/^multipart\/form-data\b/i.test(c.req.header('content-type') ?? '')) {
        throw badRequest(t(locale, 'uploads.multipart'))
      }
      let form: Record<string, unknown>
      try {
        form = await c.req.parseBody()
      } catch {
        throw badRequest(t(locale, 'uploads.multipart'))
      }
      const file = form.file
      if (!(file instanceof File) || file.size === 0) throw validationError({ file: t(locale, 'uploads.required') })
      if (file.size > MAX_UPLOAD_BYTES) throw validationError({ file: t(locale, 'uploads.tooLarge') })
      const bytes = new Uint8Array(await file.arrayBuffer())
      const contentType = sniffContentType(bytes)
      if (!contentType) throw validationError({ file: t(locale, 'uploads.type') })
      const upload = await createUpload(c.get('deps').db, scope, { fileName: file.name, contentType, bytes })
      return c.json(upload, 201)
    },
  )

  app.get('/:uploadId', async (c) => {
    const scope = requirePermission(c, 'venue.work')
    const locale = c.get('locale')
    const uploadId = c.req.param('uploadId')
    if (!isUuid(uploadId)) throw notFound()
    const query = uploadQuery.safeParse(c.req.query())
    if (!query.success) throw validationError({ width: t(locale, 'uploads.width', { widths: RENDITION_WIDTHS.join(', ') }) })
    if (query.data.width) {
      const rendition = await findRendition(c.get('deps').db, scope, uploadId, Number(query.data.width) as (typeof RENDITION_WIDTHS)[number])
      if (rendition.kind === 'notFound') throw notFound()
      if (rendition.kind === 'notImage') throw validationError({ width: t(locale, 'uploads.notImage') })
      if (rendition.kind === 'unreadable') throw validationError({ file: t(locale, 'uploads.unreadable') })
      safeFileHeaders(c)
      c.header('Content-Type', rendition.contentType)
      c.header('Content-Length', String(rendition.data.byteLength))
      c.header('Content-Disposition', `inline; filename*=UTF-8''${encodeURIComponent(rendition.fileName)}`)
      return c.body(new Uint8Array(rendition.data))
    }
    const file = await findUploadFile(c.get('deps').db, scope, uploadId)
    if (!file) throw notFound()
    return serveUploadFile(c, file)
  })

  return app
}

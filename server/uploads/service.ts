import { and, eq, or, sql, type SQL } from 'drizzle-orm'
import type { OrgScope } from '../api/middleware/org-scope.ts'
import type { Db } from '../db/client.ts'
import { records } from '../records/schema.ts'
import { RENDITION_TYPE, resizeImage, UnreadableImageError, type RenditionWidth } from './resize.ts'
import { uploadRenditions, uploads } from './schema.ts'

/** Largest file accepted (product: images and PDF up to 10 MB). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024
/** Largest multipart request read at all: the file plus room for the form's framing. */
export const MAX_UPLOAD_REQUEST_BYTES = 11 * 1024 * 1024

export const IMAGE_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const
export const UPLOAD_CONTENT_TYPES = [...IMAGE_CONTENT_TYPES, 'application/pdf'] as const
export type UploadContentType = (typeof UPLOAD_CONTENT_TYPES)[number]

export function isImageType(contentType: string): boolean {
  return (IMAGE_CONTENT_TYPES as readonly string[]).includes(contentType)
}

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false
  return signature.every((b, i) => bytes[offset + i] === b)
}

const ascii = (text: string) => [...text].map((ch) => ch.charCodeAt(0))

/** The file's type judged by its first bytes (never by its name or declared type); null when not accepted. */
export function sniffContentType(bytes: Uint8Array): UploadContentType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg'
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png'
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp'
  if (startsWith(bytes, ascii('%PDF-'))) return 'application/pdf'
  return null
}

export function uploadUrl(orgId: string, uploadId: string): string {
  return `/v1/orgs/${orgId}/uploads/${uploadId}`
}

/** A file name safe to keep and to show: no path, no control characters, at most 200 characters. */
export function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? ''
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim().slice(0, 200)
  return cleaned || 'upload'
}

export interface PublicUpload {
  id: string
  url: string
  contentType: string
  size: number
}

export async function createUpload(
  db: Db,
  scope: OrgScope,
  input: { fileName: string; contentType: UploadContentType; bytes: Uint8Array },
): Promise<PublicUpload> {
  const [row] = await db
    .insert(uploads)
    .values({
      orgId: scope.orgId,
      fileName: cleanFileName(input.fileName),
      contentType: input.contentType,
      size: input.bytes.byteLength,
      data: Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength),
      uploadedByMembershipId: scope.membershipId,
    })
    .returning({ id: uploads.id, contentType: uploads.contentType, size: uploads.size })
  return { id: row!.id, url: uploadUrl(scope.orgId, row!.id), contentType: row!.contentType, size: row!.size }
}

/**
 * SQL: the uploads of the organisation the member may see. A member of every venue sees them all; a
 * member limited to some venues sees the files they uploaded and those a record at one of their venues
 * refers to — a photo recorded only at another venue is 404 like one that does not exist. (A module
 * that attaches uploads to something else bound to venues adds its own clause here.)
 */
export function uploadsInScope(scope: Pick<OrgScope, 'orgId' | 'membershipId' | 'venueIds'>): SQL {
  const venueIds = scope.venueIds
  if (!venueIds) return eq(uploads.orgId, scope.orgId)
  const list = sql.join(
    venueIds.map((id) => sql`${id}`),
    sql`, `,
  )
  const recordedAtTheirVenue = sql`exists (select 1 from ${records} r where r.org_id = ${uploads.orgId} and r.upload_id = ${uploads.id} and r.venue_id = any(array[${list}]::uuid[]))`
  // The image of a recipe used at one of their venues (or at every venue).
  const recipeImageAtTheirVenue = sql`exists (select 1 from recipes rc where rc.org_id = ${uploads.orgId} and rc.image_upload_id = ${uploads.id} and (cardinality(rc.venue_ids) = 0 or rc.venue_ids && array[${list}]::uuid[]))`
  const shown = or(recordedAtTheirVenue, recipeImageAtTheirVenue)!
  return and(eq(uploads.orgId, scope.orgId), scope.membershipId ? or(eq(uploads.uploadedByMembershipId, scope.membershipId), shown) : shown)!
}

/** An upload of the organisation that the member may see, without its bytes. */
export async function findUploadInfo(db: Db, scope: OrgScope, uploadId: string) {
  const [row] = await db
    .select({ id: uploads.id, fileName: uploads.fileName, contentType: uploads.contentType, size: uploads.size })
    .from(uploads)
    .where(and(uploadsInScope(scope), eq(uploads.id, uploadId)))
  return row
}

/** An upload of the organisation that the member may see, with its bytes. */
export async function findUploadFile(db: Db, scope: Pick<OrgScope, 'orgId' | 'membershipId' | 'venueIds'>, uploadId: string) {
  const [row] = await db
    .select({ id: uploads.id, fileName: uploads.fileName, contentType: uploads.contentType, size: uploads.size, data: uploads.data })
    .from(uploads)
    .where(and(uploadsInScope(scope), eq(uploads.id, uploadId)))
  return row
}

export type RenditionResult =
  | { kind: 'found'; fileName: string; contentType: string; data: Buffer }
  | { kind: 'notFound' }
  | { kind: 'notImage' }
  | { kind: 'unreadable' }

/**
 * A photo of the organisation that the member may see, at most `width` pixels wide: the stored copy,
 * or one made now from the original and kept (two processes making the same one keep the first).
 */
export async function findRendition(db: Db, scope: OrgScope, uploadId: string, width: RenditionWidth): Promise<RenditionResult> {
  const info = await findUploadInfo(db, scope, uploadId)
  if (!info) return { kind: 'notFound' }
  if (!isImageType(info.contentType)) return { kind: 'notImage' }
  const fileName = `${info.fileName.replace(/\.[^.]*$/, '')}-${width}.webp`
  const where = and(eq(uploadRenditions.orgId, scope.orgId), eq(uploadRenditions.uploadId, uploadId), eq(uploadRenditions.width, width))
  const [stored] = await db.select({ contentType: uploadRenditions.contentType, data: uploadRenditions.data }).from(uploadRenditions).where(where)
  if (stored) return { kind: 'found', fileName, ...stored }
  const [original] = await db
    .select({ data: uploads.data })
    .from(uploads)
    .where(and(eq(uploads.orgId, scope.orgId), eq(uploads.id, uploadId)))
  if (!original) return { kind: 'notFound' }
  let resized: Buffer
  try {
    resized = (await resizeImage(original.data, width)).data
  } catch (error) {
    if (error instanceof UnreadableImageError) return { kind: 'unreadable' }
    throw error
  }
  await db.insert(uploadRenditions).values({ orgId: scope.orgId, uploadId, width, contentType: RENDITION_TYPE, data: resized }).onConflictDoNothing()
  return { kind: 'found', fileName, contentType: RENDITION_TYPE, data: resized }
}

import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import sharp from 'sharp'
import { uploadRenditions, uploads } from '../../server/db/schema.ts'
import { sniffContentType } from '../../server/uploads/service.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { FILES, uploadFile } from '../support/checklists.ts'
import { createOrgWithActors, type OrgWithActors } from '../support/orgs.ts'
import { expectError } from './_helpers.ts'

let t: TestApp
let o: OrgWithActors
beforeAll(async () => {
  t = await createTestApp()
  o = await createOrgWithActors(t)
})
afterAll(() => t.close())

const MB = 1024 * 1024

async function getBytes(client: { jar: Map<string, string> }, path: string) {
  const headers: Record<string, string> = {}
  if (client.jar.size) headers.cookie = [...client.jar].map(([k, v]) => `${k}=${v}`).join('; ')
  const res = await t.app.request(path, { headers }, { clientIp: '127.0.0.1' })
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) }
}

describe('POST /v1/orgs/:orgId/uploads', () => {
  test('any member uploads; the type is judged by the bytes; GET serves them back with safe headers', async () => {
    for (const [kind, expected] of [
      ['png', 'image/png'],
      ['jpeg', 'image/jpeg'],
      ['webp', 'image/webp'],
      ['pdf', 'application/pdf'],
    ] as const) {
      const bytes = FILES[kind]()
      const res = await uploadFile(t, o.basicLimited.client, o.orgId, { bytes, name: `file.${kind}`, type: 'text/plain' })
      expect(res.status, res.text).toBe(201)
      expect(res.json).toEqual({ id: expect.any(String), url: `/v1/orgs/${o.orgId}/uploads/${res.json.id}`, contentType: expected, size: bytes.length })
      const got = await getBytes(o.basic.client, res.json.url)
      expect(got.status).toBe(200)
      expect(got.headers.get('content-type')).toBe(expected)
      expect(got.headers.get('x-content-type-options')).toBe('nosniff')
      expect(got.headers.get('cache-control')).toBe('private, max-age=31536000, immutable')
      expect(Buffer.from(got.bytes).equals(Buffer.from(bytes))).toBe(true)
    }
  })

  test('a .png name with PDF bytes is stored as a PDF', async () => {
    const res = await uploadFile(t, o.basic.client, o.orgId, { bytes: FILES.pdf(), name: 'holiday.png', type: 'image/png' })
    expect(res.status).toBe(201)
    expect(res.json.contentType).toBe('application/pdf')
    const [row] = await t.db.select().from(uploads).where(eq(uploads.id, res.json.id))
    expect(row).toMatchObject({ orgId: o.orgId, fileName: 'holiday.png', contentType: 'application/pdf', size: FILES.pdf().length, uploadedByMembershipId: o.basic.membershipId })
  })

  test('a text file, an image name on other bytes, an empty file or no file are refused (data.file)', async () => {
    const stored = async () => (await t.db.select({ id: uploads.id }).from(uploads).where(eq(uploads.orgId, o.orgId))).length
    const before = await stored()
    expectError(await uploadFile(t, o.basic.client, o.orgId, { bytes: FILES.text(), name: 'notes.txt', type: 'text/plain' }), 'ValidationError', {
      data: ['file'],
    })
    expectError(await uploadFile(t, o.basic.client, o.orgId, { bytes: new Uint8Array([0x3c, 0x73, 0x76, 0x67, 0x3e]), name: 'x.jpg', type: 'image/jpeg' }), 'ValidationError', {
      data: ['file'],
    })
    // Almost a signature is not one.
    expectError(await uploadFile(t, o.basic.client, o.orgId, { bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47]), name: 'short.png' }), 'ValidationError', {
      data: ['file'],
    })
    expectError(await uploadFile(t, o.basic.client, o.orgId, { bytes: new Uint8Array(), name: 'empty.png' }), 'ValidationError', { data: ['file'] })
    expectError(await uploadFile(t, o.basic.client, o.orgId, null), 'ValidationError', { data: ['file'] })
    expectError(await uploadFile(t, o.basic.client, o.orgId, { bytes: FILES.png(), field: 'photo' }), 'ValidationError', { data: ['file'] })
    expectError(await o.basic.client.post(`/v1/orgs/${o.orgId}/uploads`, { file: 'abc' }), 'BadRequestError', { message: null })
    expect(await stored()).toBe(before)
  })

  test('10 MB is the limit: exactly 10 MB passes, one byte more is data.file, an 11 MB+ request is refused early', async () => {
    const exact = new Uint8Array(10 * MB)
    exact.set(FILES.png())
    const ok = await uploadFile(t, o.basic.client, o.orgId, { bytes: exact, name: 'big.png' })
    expect(ok.status, ok.text).toBe(201)
    expect(ok.json.size).toBe(10 * MB)
    const over = new Uint8Array(10 * MB + 1)
    over.set(FILES.png())
    expectError(await uploadFile(t, o.basic.client, o.orgId, { bytes: over, name: 'bigger.png' }), 'ValidationError', { data: ['file'] })
    const huge = new Uint8Array(11 * MB + 100)
    huge.set(FILES.png())
    expectError(await uploadFile(t, o.basic.client, o.orgId, { bytes: huge, name: 'huge.png' }), 'BadRequestError', { message: /too large/i })
    // A declared Content-Length over the limit is refused before the body is read.
    const declared = await o.basic.client.call('POST', `/v1/orgs/${o.orgId}/uploads`, 'x', {
      'content-type': 'multipart/form-data; boundary=x',
      'content-length': String(12 * MB),
    })
    expectError(declared, 'BadRequestError', { message: /too large/i })
  })

  test('tenancy: another organisation’s upload is 404; outsiders and anonymous callers cannot upload here', async () => {
    const theirs = await uploadFile(t, o.outsider.client, o.outsider.orgId, { bytes: FILES.png(), name: 'theirs.png' })
    expect(theirs.status).toBe(201)
    expect((await getBytes(o.owner.client, `/v1/orgs/${o.orgId}/uploads/${theirs.json.id}`)).status).toBe(404)
    expect((await getBytes(o.outsider.client, theirs.json.url)).status).toBe(200)
    const mine = await uploadFile(t, o.owner.client, o.orgId, { bytes: FILES.png(), name: 'mine.png' })
    expect((await getBytes(o.outsider.client, mine.json.url)).status).toBe(404)
    expect((await getBytes(o.outsider.client, `/v1/orgs/${o.outsider.orgId}/uploads/${mine.json.id}`)).status).toBe(404)
    expectError(await uploadFile(t, o.outsider.client, o.orgId, { bytes: FILES.png() }), 'NotFoundError')
    expectError(await uploadFile(t, o.anonymous, o.orgId, { bytes: FILES.png() }), 'UnauthorizedError')
    expect((await getBytes(o.anonymous, mine.json.url)).status).toBe(401)
    expect((await getBytes(o.owner.client, `/v1/orgs/${o.orgId}/uploads/${randomUUID()}`)).status).toBe(404)
    expect((await getBytes(o.owner.client, `/v1/orgs/${o.orgId}/uploads/not-a-uuid`)).status).toBe(404)
  })

  test('file names are kept without paths or control characters', async () => {
    const res = await uploadFile(t, o.basic.client, o.orgId, { bytes: FILES.jpeg(), name: '../../etc/"pass\u0001wd".jpg' })
    expect(res.status).toBe(201)
    const [row] = await t.db.select({ fileName: uploads.fileName }).from(uploads).where(eq(uploads.id, res.json.id))
    expect(row!.fileName).toBe('passwd.jpg')
  })
})

describe('GET /v1/orgs/:orgId/uploads/:id serves files inert', () => {
  test('a PDF is a sandboxed download; a photo is shown inline, sandboxed too; both nosniff', async () => {
    const served = async (kind: 'pdf' | 'png' | 'jpeg' | 'webp', name: string) => {
      const up = await uploadFile(t, o.basic.client, o.orgId, { bytes: FILES[kind](), name, type: 'application/octet-stream' })
      expect(up.status, up.text).toBe(201)
      return getBytes(o.basic.client, up.json.url)
    }
    const pdf = await served('pdf', 'inspection report.pdf')
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    expect(pdf.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''inspection%20report.pdf")
    expect(pdf.headers.get('content-security-policy')).toMatch(/^sandbox(;|$)/)
    expect(pdf.headers.get('content-security-policy')).toContain("default-src 'none'")
    expect(pdf.headers.get('x-content-type-options')).toBe('nosniff')

    // A PDF named like an image is still a download.
    const disguised = await served('pdf', 'photo.png')
    expect(disguised.headers.get('content-disposition')).toMatch(/^attachment;/)

    for (const kind of ['png', 'jpeg', 'webp'] as const) {
      const image = await served(kind, `fridge.${kind}`)
      expect(image.status).toBe(200)
      expect(image.headers.get('content-disposition')).toBe(`inline; filename*=UTF-8''fridge.${kind}`)
      expect(image.headers.get('content-security-policy')).toMatch(/^sandbox(;|$)/)
      expect(image.headers.get('x-content-type-options')).toBe('nosniff')
      expect(image.headers.get('x-frame-options')).toBe('DENY')
    }
  })
})

/** A real photo-sized image, noisy enough that its size tells the original from a copy. */
async function photo(width: number, height: number, format: 'jpeg' | 'png' | 'webp', orientation?: number) {
  const noise = Buffer.alloc(width * height * 3)
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919 + (i >> 9) * 31) % 251
  let image = sharp(noise, { raw: { width, height, channels: 3 } })[format]()
  if (orientation) image = image.withMetadata({ orientation })
  return new Uint8Array(await image.toBuffer())
}

describe('GET /v1/orgs/:orgId/uploads/:id?width= — photos resized on the server', () => {
  test('a large JPEG comes back as a smaller WebP of the width asked for, kept for the next request', async () => {
    const original = await photo(1600, 1200, 'jpeg')
    const up = await uploadFile(t, o.basic.client, o.orgId, { bytes: original, name: 'lasagne.jpg' })
    expect(up.status, up.text).toBe(201)
    for (const [width, height] of [
      [320, 240],
      [1200, 900],
    ]) {
      const got = await getBytes(o.basic.client, `${up.json.url}?width=${width}`)
      expect(got.status).toBe(200)
      expect(got.headers.get('content-type')).toBe('image/webp')
      expect(got.headers.get('content-length')).toBe(String(got.bytes.byteLength))
      expect(got.headers.get('cache-control')).toBe('private, max-age=31536000, immutable')
      expect(got.headers.get('x-content-type-options')).toBe('nosniff')
      expect(got.headers.get('content-security-policy')).toMatch(/^sandbox(;|$)/)
      expect(got.headers.get('content-disposition')).toBe(`inline; filename*=UTF-8''lasagne-${width}.webp`)
      const meta = await sharp(got.bytes).metadata()
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', width, height])
      expect(got.bytes.byteLength).toBeLessThan(original.byteLength / 2)
    }
    const kept = await t.db
      .select({ width: uploadRenditions.width, orgId: uploadRenditions.orgId })
      .from(uploadRenditions)
      .where(eq(uploadRenditions.uploadId, up.json.id))
    expect(kept.map((r) => r.width).sort((a, b) => a - b)).toEqual([320, 1200])
    expect(kept.every((r) => r.orgId === o.orgId)).toBe(true)
    // The second request is the kept copy, byte for byte.
    const first = await getBytes(o.basic.client, `${up.json.url}?width=320`)
    const again = await getBytes(o.owner.client, `${up.json.url}?width=320`)
    expect(Buffer.from(again.bytes).equals(Buffer.from(first.bytes))).toBe(true)
    // Without a width, the original as it was uploaded.
    const whole = await getBytes(o.basic.client, up.json.url)
    expect(whole.headers.get('content-type')).toBe('image/jpeg')
    expect(Buffer.from(whole.bytes).equals(Buffer.from(original))).toBe(true)
  })

  test('a small PNG is never enlarged; a phone photo is turned upright and loses its metadata', async () => {
    const small = await uploadFile(t, o.basic.client, o.orgId, { bytes: await photo(100, 50, 'png'), name: 'icon.png' })
    const got = await getBytes(o.basic.client, `${small.json.url}?width=640`)
    expect(got.status).toBe(200)
    const meta = await sharp(got.bytes).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 100, 50])

    // Stored 300×200 with EXIF orientation 6 (shown rotated a quarter turn): 200 wide, 300 high upright.
    const rotated = await uploadFile(t, o.basic.client, o.orgId, { bytes: await photo(300, 200, 'jpeg', 6), name: 'phone.jpg' })
    const upright = await sharp((await getBytes(o.basic.client, `${rotated.json.url}?width=160`)).bytes).metadata()
    expect([upright.width, upright.height]).toEqual([160, 240])
    expect(upright.exif).toBeUndefined()
    expect(upright.orientation).toBeUndefined()
  })

  test('a width not offered, a PDF, or bytes that are no image: clear 400s naming the field', async () => {
    const up = await uploadFile(t, o.basic.client, o.orgId, { bytes: await photo(400, 300, 'webp'), name: 'tart.webp' })
    for (const width of ['500', 'abc', '', '-320', '320.5', '99999']) {
      const error = expectError(await o.basic.client.get(`${up.json.url}?width=${width}`), 'ValidationError', { data: ['width'] })
      expect(error!.width).toBe('Choose a width of 160, 320, 640, 960, 1200 pixels')
    }
    const pdf = await uploadFile(t, o.basic.client, o.orgId, { bytes: FILES.pdf(), name: 'report.pdf' })
    const notImage = expectError(await o.basic.client.get(`${pdf.json.url}?width=320`), 'ValidationError', { data: ['width'] })
    expect(notImage!.width).toMatch(/only JPEG, PNG and WebP/i)
    // A PNG signature with nothing after it: stored (judged by its first bytes) but not a picture.
    const broken = await uploadFile(t, o.basic.client, o.orgId, { bytes: FILES.png(), name: 'broken.png' })
    const unreadable = expectError(await o.basic.client.get(`${broken.json.url}?width=320`), 'ValidationError', { data: ['file'] })
    expect(unreadable!.file).toMatch(/cannot be read as an image/)
    expect((await t.db.select().from(uploadRenditions).where(eq(uploadRenditions.uploadId, broken.json.id))).length).toBe(0)
  })

  test('tenancy: another organisation’s photo, one a limited member may not see, or an unknown id is 404 at any width', async () => {
    const theirs = await uploadFile(t, o.outsider.client, o.outsider.orgId, { bytes: await photo(800, 600, 'jpeg'), name: 'theirs.jpg' })
    expect((await getBytes(o.outsider.client, `${theirs.json.url}?width=320`)).status).toBe(200)
    expectError(await o.owner.client.get(`/v1/orgs/${o.orgId}/uploads/${theirs.json.id}?width=320`), 'NotFoundError')
    // Their copy exists now; it is still not reachable through this organisation.
    expectError(await o.owner.client.get(`/v1/orgs/${o.orgId}/uploads/${theirs.json.id}?width=320`), 'NotFoundError')
    const mine = await uploadFile(t, o.owner.client, o.orgId, { bytes: await photo(800, 600, 'jpeg'), name: 'mine.jpg' })
    expectError(await o.outsider.client.get(`${mine.json.url}?width=320`), 'NotFoundError')
    expectError(await o.basicLimited.client.get(`${mine.json.url}?width=320`), 'NotFoundError')
    expect((await getBytes(o.basic.client, `${mine.json.url}?width=320`)).status).toBe(200)
    expectError(await o.owner.client.get(`/v1/orgs/${o.orgId}/uploads/${randomUUID()}?width=320`), 'NotFoundError')
    expect((await getBytes(o.anonymous, `${mine.json.url}?width=320`)).status).toBe(401)
  })
})

describe('sniffContentType', () => {
  test('magic bytes only', () => {
    expect(sniffContentType(FILES.png())).toBe('image/png')
    expect(sniffContentType(FILES.jpeg())).toBe('image/jpeg')
    expect(sniffContentType(FILES.webp())).toBe('image/webp')
    expect(sniffContentType(FILES.pdf())).toBe('application/pdf')
    expect(sniffContentType(new Uint8Array([...Buffer.from('RIFF'), 0, 0, 0, 0, ...Buffer.from('WAVE')]))).toBeNull()
    expect(sniffContentType(new Uint8Array([0xff, 0xd8]))).toBeNull()
    expect(sniffContentType(new Uint8Array())).toBeNull()
    expect(sniffContentType(Buffer.from('GIF89a'))).toBeNull()
  })
})

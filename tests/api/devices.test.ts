/**
 * Shared devices, the settings side (docs/api-contract-devices.md): creating, listing, changing and
 * deleting devices, one-time login links (expiry, reuse, regeneration), signing a device in and out
 * everywhere, and who may do it.
 */
import { eq } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { devices, deviceSessions, venues } from '../../server/db/schema.ts'
import { seedDemo } from '../../server/db/seed.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { createDevice, loginLink, loginPath, pairDevice, signInWith } from '../support/devices.ts'
import { addMember, createOrgWithActors, type OrgWithActors } from '../support/orgs.ts'
import { expectError, freshIp, login, setCookie } from './_helpers.ts'

let t: TestApp
let o: OrgWithActors
const HOUR = 60 * 60_000

beforeAll(async () => {
  t = await createTestApp()
  o = await createOrgWithActors(t)
})
afterAll(() => t.close())
beforeEach(() => t.clock.reset())

const base = () => `/v1/orgs/${o.orgId}/devices`

describe('settings: create, list, read, change, delete', () => {
  test('an ADMIN adds a device at a venue; the list shows it with its state, sorted by name', async () => {
    const res = await o.admin.client.post(base(), { name: '  Zed tablet  ', venueId: o.venueA })
    expect(res.status, res.text).toBe(201)
    const device = res.json.device
    expect(device).toEqual({
      id: expect.any(String),
      name: 'Zed tablet',
      venue: { id: o.venueA, name: 'Venue A' },
      lastSeenAt: null,
      signedIn: false,
      sessions: 0,
      pinHolder: null,
      loginLink: null,
      createdAt: expect.any(String),
    })
    await createDevice(o.owner, o.orgId, o.venueB, 'Bar tablet')
    const list = await o.admin.client.get(base())
    expect(list.status).toBe(200)
    const names = (list.json.devices as { name: string }[]).map((d) => d.name)
    expect(names.indexOf('Bar tablet')).toBeLessThan(names.indexOf('Zed tablet'))
    const read = await o.owner.client.get(`${base()}/${device.id}`)
    expect(read.json.device).toEqual(device)
  })

  test('rename and move; delete ends its sessions; then it is gone', async () => {
    const device = await createDevice(o.admin, o.orgId, o.venueA, 'Prep tablet')
    const tablet = await pairDevice(t, o.admin, o.orgId, device.id)
    const moved = await o.admin.client.put(`${base()}/${device.id}`, { name: 'Pass tablet', venueId: o.venueB })
    expect(moved.status, moved.text).toBe(200)
    expect(moved.json.device).toMatchObject({ name: 'Pass tablet', venue: { id: o.venueB, name: 'Venue B' }, signedIn: true })
    // The signed-in tablet follows the device to its new venue.
    expect((await tablet.get('/v1/auth/me')).json.orgs[0].venues).toEqual([{ id: o.venueB, name: 'Venue B' }])
    expect((await o.admin.client.del(`${base()}/${device.id}`)).status).toBe(204)
    expectError(await o.admin.client.get(`${base()}/${device.id}`), 'NotFoundError')
    expectError(await o.admin.client.del(`${base()}/${device.id}`), 'NotFoundError')
    expectError(await tablet.get('/v1/auth/me'), 'UnauthorizedError')
    expect(await t.db.select().from(deviceSessions).where(eq(deviceSessions.deviceId, device.id))).toEqual([])
  })

  test('validation: name and venue, control characters, unknown fields', async () => {
    const data = (body: unknown) => o.admin.client.post(base(), body)
    expect(expectError(await data({ name: '', venueId: o.venueA }), 'ValidationError')).toHaveProperty('name')
    expect(expectError(await data({ name: 'x'.repeat(101), venueId: o.venueA }), 'ValidationError')).toHaveProperty('name')
    expect(expectError(await data({ name: 'Tab\u0000let', venueId: o.venueA }), 'ValidationError')).toEqual({ name: expect.stringMatching(/control/i) })
    expect(expectError(await data({ name: 'Tablet' }), 'ValidationError')).toHaveProperty('venueId')
    expect(expectError(await data({ name: 'Tablet', venueId: 'nope' }), 'ValidationError')).toEqual({ venueId: 'Choose a venue of this organisation' })
    expect(expectError(await data({ name: 'Tablet', venueId: o.outsider.venueId }), 'ValidationError')).toEqual({ venueId: 'Choose a venue of this organisation' })
    const [archived] = await t.db.insert(venues).values({ orgId: o.orgId, name: 'Closed', timeZone: 'Europe/Madrid', archivedAt: new Date() }).returning()
    expect(expectError(await data({ name: 'Tablet', venueId: archived!.id }), 'ValidationError')).toHaveProperty('venueId')
    expect(expectError(await data({ name: 'Tablet', venueId: o.venueA, extra: 1 }), 'ValidationError')).toHaveProperty('extra')
    const device = await createDevice(o.admin, o.orgId, o.venueA)
    expect(expectError(await o.admin.client.put(`${base()}/${device.id}`, { venueId: o.outsider.venueId }), 'ValidationError')).toHaveProperty('venueId')
    expect(expectError(await o.admin.client.put(`${base()}/${device.id}`, { name: '\u001b[31m' }), 'ValidationError')).toHaveProperty('name')
  })

  test('who may: ADMIN and OWNER; BASIC 403; anonymous 401; another organisation 404 on every call', async () => {
    const device = await createDevice(o.admin, o.orgId, o.venueA)
    const one = `${base()}/${device.id}`
    for (const [method, path, body] of [
      ['GET', base(), undefined],
      ['POST', base(), { name: 'T', venueId: o.venueA }],
      ['GET', one, undefined],
      ['PUT', one, { name: 'T' }],
      ['DELETE', one, undefined],
      ['POST', `${one}/login/generate`, undefined],
      ['POST', `${one}/logout`, undefined],
    ] as const) {
      expectError(await o.basic.client.call(method, path, body), 'ForbiddenError')
      expectError(await o.anonymous.call(method, path, body), 'UnauthorizedError')
      expectError(await o.outsider.client.call(method, path, body), 'NotFoundError')
    }
    // This organisation's device under the outsider's own organisation: 404 as well.
    const theirs = `/v1/orgs/${o.outsider.orgId}/devices/${device.id}`
    for (const [method, path] of [['GET', theirs], ['PUT', theirs], ['DELETE', theirs], ['POST', `${theirs}/login/generate`], ['POST', `${theirs}/logout`]] as const) {
      expectError(await o.outsider.client.call(method, path, method === 'PUT' ? { name: 'Mine' } : undefined), 'NotFoundError')
    }
    expect((await o.outsider.client.get(`/v1/orgs/${o.outsider.orgId}/devices`)).json.devices).toEqual([])
    // Malformed and unknown ids.
    expectError(await o.admin.client.get(`${base()}/not-a-uuid`), 'NotFoundError')
    expectError(await o.admin.client.post(`${base()}/00000000-0000-4000-8000-000000000000/login/generate`), 'NotFoundError')
    expect((await o.admin.client.get(one)).status).toBe(200)
  })

  test('an ADMIN limited to venue B sees and manages only the devices of venue B', async () => {
    const limited = await addMember(t, o.orgId, 'ADMIN', { name: 'Lim Admin', venueIds: [o.venueB] })
    const atA = await createDevice(o.owner, o.orgId, o.venueA, 'A tablet')
    const atB = await createDevice(o.owner, o.orgId, o.venueB, 'B tablet')
    const ids = (await limited.client.get(base())).json.devices.map((d: { id: string }) => d.id)
    expect(ids).toContain(atB.id)
    expect(ids).not.toContain(atA.id)
    expectError(await limited.client.get(`${base()}/${atA.id}`), 'NotFoundError')
    expectError(await limited.client.post(`${base()}/${atA.id}/login/generate`), 'NotFoundError')
    expectError(await limited.client.post(`${base()}/${atA.id}/logout`), 'NotFoundError')
    expectError(await limited.client.del(`${base()}/${atA.id}`), 'NotFoundError')
    expectError(await limited.client.post(base(), { name: 'Nope', venueId: o.venueA }), 'ForbiddenError')
    expectError(await limited.client.put(`${base()}/${atB.id}`, { venueId: o.venueA }), 'ForbiddenError')
    expect((await limited.client.post(`${base()}/${atB.id}/login/generate`)).status).toBe(201)
  })
})

describe('login links', () => {
  test('generate: a one-time URL on APP_URL valid 24 hours; opening it signs the browser in as the device', async () => {
    const device = await createDevice(o.admin, o.orgId, o.venueA)
    const before = t.clock.now().getTime()
    const res = await o.admin.client.post(`${base()}/${device.id}/login/generate`)
    expect(res.status, res.text).toBe(201)
    expect(Object.keys(res.json).sort()).toEqual(['expiresAt', 'url'])
    const url = new URL(res.json.url)
    expect(`${url.origin}${url.pathname}`).toBe('http://localhost:3999/device-login')
    expect([...url.searchParams.keys()]).toEqual(['id', 'token'])
    expect(url.searchParams.get('id')).toBe(device.id)
    expect(url.searchParams.get('token')).toMatch(/^[\w-]{43}$/)
    const expires = Date.parse(res.json.expiresAt)
    expect(expires - before).toBeGreaterThanOrEqual(24 * HOUR - 1000)
    expect(expires - before).toBeLessThanOrEqual(24 * HOUR + 5000)
    expect((await o.admin.client.get(`${base()}/${device.id}`)).json.device.loginLink).toEqual({ expiresAt: res.json.expiresAt })

    const tablet = t.client({ ip: freshIp() })
    const linked = {
      device: { id: device.id, name: 'Kitchen tablet' },
      organisation: { id: o.orgId, name: 'Test Kitchen' },
      venue: { id: o.venueA, name: 'Venue A' },
    }
    // GET describes the link and changes nothing (ADR 082); POST signs in.
    const described = await tablet.get(`/v1/auth/device/login?id=${device.id}&token=${url.searchParams.get('token')}`)
    expect(described.status, described.text).toBe(200)
    expect(described.json).toEqual(linked)
    expect(setCookie(described)).toBeUndefined()
    const signedIn = await signInWith(tablet, { id: device.id, token: url.searchParams.get('token')! })
    expect(signedIn.status, signedIn.text).toBe(200)
    expect(signedIn.json).toEqual(linked)
    const cookie = setCookie(signedIn)!
    expect(cookie.attrs.has('httponly')).toBe(true)
    expect(cookie.attrs.get('samesite')).toBe('Lax')
    expect(Number(cookie.attrs.get('max-age'))).toBe(400 * 24 * 60 * 60)
    expect(setCookie(signedIn, 'mise_auth')).toBeDefined()
    const me = await tablet.get('/v1/auth/me')
    expect(me.json.user.type).toBe('device')

    const listed = (await o.admin.client.get(`${base()}/${device.id}`)).json.device
    expect(listed).toMatchObject({ signedIn: true, sessions: 1, loginLink: null })
    expect(Date.parse(listed.lastSeenAt)).toBeGreaterThanOrEqual(before - 1000)
  })

  test('a link works once: used → 400 "used"', async () => {
    const device = await createDevice(o.admin, o.orgId, o.venueA)
    const link = await loginLink(o.admin, o.orgId, device.id)
    expect((await signInWith(t.client({ ip: freshIp() }), link)).status).toBe(200)
    const again = await signInWith(t.client({ ip: freshIp() }), link)
    expect(expectError(again, 'BadRequestError', { message: /already been used/, data: ['link'] })).toEqual({ link: 'used' })
    expect(setCookie(again)).toBeUndefined()
  })

  test('generating again voids the previous link: "replaced"; the new one works', async () => {
    const device = await createDevice(o.admin, o.orgId, o.venueA)
    const first = await loginLink(o.admin, o.orgId, device.id)
    const second = await loginLink(o.admin, o.orgId, device.id)
    expect(first.token).not.toBe(second.token)
    expect(expectError(await t.client().get(loginPath(first)), 'BadRequestError', { message: /replaced/, data: ['link'] })).toEqual({ link: 'replaced' })
    expect((await signInWith(t.client(), second)).status).toBe(200)
  })

  test('a link expires after 24 hours: "expired"; just before, it works', async () => {
    const device = await createDevice(o.admin, o.orgId, o.venueA)
    const link = await loginLink(o.admin, o.orgId, device.id)
    t.clock.advance(24 * HOUR + 1000)
    expect(expectError(await t.client().get(loginPath(link)), 'BadRequestError', { message: /expired/, data: ['link'] })).toEqual({ link: 'expired' })
    t.clock.reset()
    const fresh = await loginLink(o.admin, o.orgId, device.id)
    t.clock.advance(24 * HOUR - 60_000)
    expect((await signInWith(t.client(), fresh)).status).toBe(200)
  })

  test('forged, malformed, missing or another device’s: 404 "invalid", in the caller’s language', async () => {
    const device = await createDevice(o.admin, o.orgId, o.venueA)
    const other = await createDevice(o.admin, o.orgId, o.venueB)
    const link = await loginLink(o.admin, o.orgId, device.id)
    const invalid = async (path: string, headers?: Record<string, string>) =>
      expect(expectError(await t.client().get(path, headers), 'NotFoundError', { message: null, data: ['link'] })).toEqual({ link: 'invalid' })
    await invalid(loginPath({ id: device.id, token: link.token.slice(0, -1) + (link.token.endsWith('A') ? 'B' : 'A') }))
    await invalid(loginPath({ id: other.id, token: link.token }))
    await invalid(loginPath({ id: 'not-a-uuid', token: link.token }))
    await invalid(`/v1/auth/device/login?id=${device.id}`)
    await invalid(`/v1/auth/device/login?token=${link.token}`)
    await invalid('/v1/auth/device/login')
    await invalid(loginPath({ id: device.id, token: 'x'.repeat(150) }))
    const es = await t.client().get(loginPath({ id: device.id, token: 'nope' }), { 'accept-language': 'es' })
    expect(es.json.error.message).toMatch(/no es válido/)
    // The real link still works after all that.
    expect((await signInWith(t.client(), link)).status).toBe(200)
    // A deleted device's link is invalid.
    const gone = await loginLink(o.admin, o.orgId, other.id)
    await o.admin.client.del(`${base()}/${other.id}`)
    await invalid(loginPath(gone))
  })

  test('opening a link where a person is signed in ends their session in that browser', async () => {
    const person = await login(t, o.basic.email, o.basic.password)
    const personCookie = person.client.jar.get('mise_session')!
    const device = await createDevice(o.admin, o.orgId, o.venueA)
    const link = await loginLink(o.admin, o.orgId, device.id)
    expect((await signInWith(person.client, link)).status).toBe(200)
    expect((await person.client.get('/v1/auth/me')).json.user.type).toBe('device')
    const replay = t.client()
    replay.jar.set('mise_session', personCookie)
    expectError(await replay.get('/v1/auth/me'), 'UnauthorizedError')
    // And a person signing in on the device's browser ends the device's session.
    const deviceCookie = person.client.jar.get('mise_session')!
    expect((await person.client.post('/v1/auth/login', { email: o.basic.email, password: o.basic.password })).status).toBe(200)
    const old = t.client()
    old.jar.set('mise_session', deviceCookie)
    expectError(await old.get('/v1/auth/me'), 'UnauthorizedError')
  })
})

describe('a link opened from another site (issue #38, ADR 082)', () => {
  test('GET with a person’s cookie, cross-site: describes the link, the person stays signed in, the link stays unused', async () => {
    const person = await login(t, o.basic.email, o.basic.password)
    const device = await createDevice(o.admin, o.orgId, o.venueA)
    const link = await loginLink(o.admin, o.orgId, device.id)
    const res = await person.client.get(loginPath(link), { 'sec-fetch-site': 'cross-site', 'sec-fetch-dest': 'image' })
    expect(res.status, res.text).toBe(200)
    expect(setCookie(res)).toBeUndefined()
    expect((await person.client.get('/v1/auth/me')).json.user).toMatchObject({ type: 'user', email: o.basic.email })
    expect((await o.admin.client.get(`${base()}/${device.id}`)).json.device).toMatchObject({ signedIn: false, sessions: 0 })
    // The link still signs a tablet in: nothing used it up.
    expect((await signInWith(t.client({ ip: freshIp() }), link)).status).toBe(200)
  })

  test('POST from another site: 403, the person stays signed in, the link stays unused', async () => {
    const person = await login(t, o.basic.email, o.basic.password)
    const device = await createDevice(o.admin, o.orgId, o.venueA)
    const link = await loginLink(o.admin, o.orgId, device.id)
    const attempts: Record<string, string>[] = [{ 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' }, { origin: 'https://evil.example' }, { 'sec-fetch-site': 'same-origin', origin: 'null' }]
    for (const headers of attempts) {
      const res = await signInWith(person.client, link, headers)
      expectError(res, 'ForbiddenError', { message: null })
      expect(setCookie(res)).toBeUndefined()
    }
    expect((await person.client.get('/v1/auth/me')).json.user.type).toBe('user')
    expect((await signInWith(person.client, link, { 'sec-fetch-site': 'same-origin', origin: 'http://localhost:3999' })).status).toBe(200)
    expect((await person.client.get('/v1/auth/me')).json.user.type).toBe('device')
  })
})

describe('signing out', () => {
  test('"sign out everywhere" ends every session of the device and voids its unused link', async () => {
    const device = await createDevice(o.admin, o.orgId, o.venueA)
    const first = await pairDevice(t, o.admin, o.orgId, device.id)
    const second = await pairDevice(t, o.admin, o.orgId, device.id)
    const other = await createDevice(o.admin, o.orgId, o.venueA, 'Other tablet')
    const bystander = await pairDevice(t, o.admin, o.orgId, other.id)
    const pending = await loginLink(o.admin, o.orgId, device.id)
    expect((await o.admin.client.get(`${base()}/${device.id}`)).json.device).toMatchObject({ signedIn: true, sessions: 2 })

    const res = await o.admin.client.post(`${base()}/${device.id}/logout`)
    expect(res.status, res.text).toBe(200)
    expect(res.json).toEqual({ sessionsEnded: 2 })
    expectError(await first.get('/v1/auth/me'), 'UnauthorizedError')
    expectError(await second.get(`/v1/orgs/${o.orgId}/venues/${o.venueA}`), 'UnauthorizedError')
    expect((await bystander.get('/v1/auth/me')).status).toBe(200)
    expect((await o.admin.client.get(`${base()}/${device.id}`)).json.device).toMatchObject({ signedIn: false, sessions: 0, loginLink: null })
    expect(expectError(await t.client().get(loginPath(pending)), 'BadRequestError', { message: null, data: ['link'] })).toEqual({ link: 'replaced' })
    expect((await o.admin.client.post(`${base()}/${device.id}/logout`)).json).toEqual({ sessionsEnded: 0 })
  })

  test('POST /v1/auth/logout on a device ends only that session', async () => {
    const device = await createDevice(o.admin, o.orgId, o.venueA)
    const first = await pairDevice(t, o.admin, o.orgId, device.id)
    const second = await pairDevice(t, o.admin, o.orgId, device.id)
    const out = await first.post('/v1/auth/logout')
    expect(out.status).toBe(204)
    expect(first.jar.has('mise_session')).toBe(false)
    expectError(await first.get('/v1/auth/me'), 'UnauthorizedError')
    expect((await second.get('/v1/auth/me')).status).toBe(200)
    expect((await o.admin.client.get(`${base()}/${device.id}`)).json.device.sessions).toBe(1)
  })
})

describe('last seen', () => {
  test('written on the device’s requests, at most once a minute', async () => {
    const device = await createDevice(o.admin, o.orgId, o.venueA)
    const tablet = await pairDevice(t, o.admin, o.orgId, device.id)
    const seen = async () => (await t.db.select({ at: devices.lastSeenAt }).from(devices).where(eq(devices.id, device.id)))[0]!.at!.getTime()
    await tablet.get('/v1/auth/me')
    const first = await seen()
    t.clock.advance(30_000)
    await tablet.get('/v1/auth/me')
    expect(await seen()).toBe(first)
    t.clock.advance(31_000)
    await tablet.get('/v1/auth/me')
    expect(await seen()).toBeGreaterThanOrEqual(first + 60_000)
    expect(Date.parse((await o.admin.client.get(`${base()}/${device.id}`)).json.device.lastSeenAt)).toBe(await seen())
  })
})

describe('demo data', () => {
  test('the demo organisation has a "Kitchen tablet" at its first venue, not signed in and with no link', async () => {
    const fresh = await createTestApp()
    try {
      const demo = await seedDemo({ db: fresh.db, logger: pino({ level: 'silent' }) }, () => {})
      const rows = await fresh.db
        .select({ name: devices.name, venue: venues.name, lastSeenAt: devices.lastSeenAt })
        .from(devices)
        .innerJoin(venues, eq(venues.id, devices.venueId))
        .where(eq(devices.orgId, demo!.orgId))
      expect(rows).toEqual([{ name: 'Kitchen tablet', venue: 'Harbour Street', lastSeenAt: null }])
      const owner = await login(fresh, 'owner@demo.mise.localhost', demo!.people.find((p) => p.role === 'OWNER')!.password!)
      const list = await owner.client.get(`/v1/orgs/${demo!.orgId}/devices`)
      expect(list.json.devices).toEqual([expect.objectContaining({ name: 'Kitchen tablet', signedIn: false, loginLink: null, pinHolder: null })])
    } finally {
      await fresh.close()
    }
  })
})

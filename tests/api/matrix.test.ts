/**
 * The role and tenancy matrix: every /v1 operation of the OpenAPI document × every kind of caller →
 * expected status (and, for lists, what a member limited to some venues may see). Another
 * organisation's member always gets 404 (never learning the record exists), a role without the right
 * 403, anonymous 401; the venue rules are in tests/matrix/types.ts. Modules add their rows in
 * tests/matrix/; the last test fails when an operation has none.
 */
import { inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { users } from '../../server/db/schema.ts'
import { authRows } from '../matrix/auth.ts'
import { checklistTemplateRows } from '../matrix/checklists.ts'
import { entryRows } from '../matrix/entries.ts'
import { deviceRows } from '../matrix/devices.ts'
import { orgRows } from '../matrix/orgs.ts'
import { billingRows } from '../matrix/billing.ts'
import { formRows } from '../matrix/forms.ts'
import { contactRows } from '../matrix/contacts.ts'
import { orderRows } from '../matrix/orders.ts'
import { recipeRows } from '../matrix/recipes.ts'
import { temperatureRows } from '../matrix/temperatures.ts'
import { dashboardRows } from '../matrix/dashboard.ts'
import { alertRows } from '../matrix/alerts.ts'
import { ACTORS, isDevice, routePattern, type MatrixFixture, type MatrixResponse, type MatrixRow } from '../matrix/types.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { addPinOnlyMember, createDevice, pairDevice } from '../support/devices.ts'
import { createOrgWithActors, type Client } from '../support/orgs.ts'

const rows: MatrixRow[] = [...authRows, ...orgRows, ...checklistTemplateRows, ...entryRows, ...deviceRows, ...temperatureRows, ...billingRows, ...formRows, ...contactRows, ...orderRows, ...recipeRows, ...dashboardRows, ...alertRows]
const ordered = [...rows.filter((r) => !r.last), ...rows.filter((r) => r.last)]

let t: TestApp
let f: MatrixFixture

beforeAll(async () => {
  t = await createTestApp()
  const people = await createOrgWithActors(t)
  // Inviting needs verified addresses; the matrix is about roles, not verification.
  const ids = [people.owner, people.admin, people.basic, people.basicLimited, people.outsider].map((a) => a.user.id)
  await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(inArray(users.id, ids))
  // A shared device at venue A, signed in twice: one session without a PIN, one holding a PIN-only member's.
  const device = await createDevice(people.admin, people.orgId, people.venueA, 'Matrix tablet')
  const pinHolder = { pin: '8642', membershipId: await addPinOnlyMember(t, people.orgId, { name: 'Pablo Pin', pin: '8642' }) }
  const deviceNoPin = { client: await pairDevice(t, people.admin, people.orgId, device.id) }
  const devicePin = { client: await pairDevice(t, people.admin, people.orgId, device.id) }
  const entered = await devicePin.client.post('/v1/auth/device/pin', { pin: pinHolder.pin })
  expect(entered.status, entered.text).toBe(200)
  f = { ...people, deviceNoPin, devicePin, deviceId: device.id, pinHolder }
})
afterAll(() => t.close())

/** A multipart call (uploads) with the client's cookies. */
async function multipart(client: Client, method: string, path: string, form: FormData): Promise<MatrixResponse> {
  const headers: Record<string, string> = {}
  if (client.jar.size) headers.cookie = [...client.jar].map(([k, v]) => `${k}=${v}`).join('; ')
  const res = await t.app.request(path, { method, body: form, headers }, { clientIp: '127.0.0.1' })
  const text = await res.text()
  let json: any
  try {
    json = text ? JSON.parse(text) : undefined
  } catch {
    /* not JSON */
  }
  return { status: res.status, json, text, headers: res.headers }
}

const ERROR_NAMES: Record<number, string[]> = {
  400: ['BadRequestError', 'ValidationError'],
  401: ['UnauthorizedError'],
  403: ['ForbiddenError'],
  404: ['NotFoundError'],
}

describe('role × tenancy matrix', () => {
  for (const row of ordered) {
    test(`${row.method} ${row.name}`, async () => {
      // Owner last, so a destructive row still runs for everyone else first.
      for (const actor of ACTORS) {
        if (isDevice(actor) && !row.last) {
          // The device sessions keep their state from row to row: the rows test what they say they test.
          const pin = (await f[actor].client.get('/v1/auth/me')).json.pin
          if (actor === 'devicePin') expect(pin, 'devicePin still holds the PIN').toMatchObject({ membershipId: f.pinHolder.membershipId })
          else expect(pin, 'deviceNoPin has no PIN').toBeNull()
        }
        const client = row.client ? await row.client(f, t, actor) : actor === 'anonymous' ? f.anonymous : f[actor].client
        const path = await row.path(f, t, actor)
        expect(path.split('?')[0], `${row.name}: the path is an instance of ${row.route}`).toMatch(routePattern(row.route))
        const body = row.body?.(f, actor)
        const res = body instanceof FormData ? await multipart(client, row.method, path, body) : await client.call(row.method, path, body)
        const want = row.expect[actor]
        if (want === 'ok') {
          expect(res.status >= 200 && res.status < 300, `${actor}: ${res.status} ${res.text}`).toBe(true)
          await row.check?.(res, f, actor, t)
        } else if (want === 302) {
          expect(res.status, `${actor}: ${res.text}`).toBe(302)
          await row.check?.(res, f, actor, t)
        } else {
          expect(res.status, `${actor}: ${res.text}`).toBe(want)
          expect(ERROR_NAMES[want], `${actor}: ${res.text}`).toContain(res.json?.error?.name)
        }
      }
    })
  }
})

test('the outsider cannot reach this organisation through its own organisation either', async () => {
  // An id of this organisation's venue under the outsider's own organisation is still 404.
  const res = await f.outsider.client.get(`/v1/orgs/${f.outsider.orgId}/venues/${f.venueA}`)
  expect(res.status).toBe(404)
  const staff = await f.outsider.client.get(`/v1/orgs/${f.outsider.orgId}/staff/${f.basic.membershipId}`)
  expect(staff.status).toBe(404)
})

test('every operation of the OpenAPI document has a row, and every row names a documented operation', async () => {
  const doc = (await t.client().get('/v1/openapi.json')).json
  const documented = new Set<string>()
  for (const [path, item] of Object.entries<Record<string, unknown>>(doc.paths)) {
    for (const method of ['get', 'put', 'post', 'delete', 'patch']) if (item[method]) documented.add(`${method.toUpperCase()} ${path}`)
  }
  expect(documented.size).toBeGreaterThan(50)
  const covered = new Set(rows.map((r) => `${r.method} ${r.route}`))
  expect([...documented].filter((op) => !covered.has(op)), 'operations without a matrix row').toEqual([])
  expect(
    rows.filter((r) => !documented.has(`${r.method} ${r.route}`)).map((r) => `${r.method} ${r.route} (${r.name})`),
    'rows naming no documented operation',
  ).toEqual([])
})

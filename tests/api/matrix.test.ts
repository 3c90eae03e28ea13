/**
 * The role and tenancy matrix: every /v1 route under an organisation × every kind of caller →
 * expected status. Another organisation's member always gets 404 (never learning the record exists),
 * a role without the right 403, anonymous 401. Modules add their rows in tests/matrix/.
 */
import { inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { users } from '../../server/db/schema.ts'
import { checklistTemplateRows } from '../matrix/checklists.ts'
import { orgRows } from '../matrix/orgs.ts'
import { ACTORS, type MatrixRow } from '../matrix/types.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { createOrgWithActors, type OrgWithActors } from '../support/orgs.ts'

const rows: MatrixRow[] = [...orgRows, ...checklistTemplateRows]
const ordered = [...rows.filter((r) => !r.last), ...rows.filter((r) => r.last)]

let t: TestApp
let f: OrgWithActors

beforeAll(async () => {
  t = await createTestApp()
  f = await createOrgWithActors(t)
  // Inviting needs verified addresses; the matrix is about roles, not verification.
  const ids = [f.owner, f.admin, f.basic, f.basicLimited, f.outsider].map((a) => a.user.id)
  await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(inArray(users.id, ids))
})
afterAll(() => t.close())

describe('role × tenancy matrix', () => {
  for (const row of ordered) {
    test(`${row.method} ${row.name}`, async () => {
      const outcomes: Record<string, number> = {}
      const expected: Record<string, number | string> = {}
      // Owner last, so a destructive row still runs for everyone else first.
      for (const actor of ACTORS) {
        const client = actor === 'anonymous' ? f.anonymous : f[actor].client
        const path = await row.path(f, t, actor)
        const body = row.body?.(f, actor)
        const res = await client.call(row.method, path, body)
        const want = row.expect[actor]
        outcomes[actor] = res.status
        expected[actor] = want
        if (want === 'ok') expect(res.status >= 200 && res.status < 300, `${actor}: ${res.status} ${res.text}`).toBe(true)
        else {
          expect(res.status, `${actor}: ${res.text}`).toBe(want)
          const names = { 401: 'UnauthorizedError', 403: 'ForbiddenError', 404: 'NotFoundError' } as const
          expect(res.json?.error?.name).toBe(names[want])
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

/**
 * GET /v1/openapi.json: a well-formed OpenAPI 3.1 document that describes exactly the routes the app
 * serves, with bodies from the handlers' zod schemas, and response schemas that match real answers.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { z } from 'zod'
import { createChecklistBody } from '../../server/checklists/routes.ts'
import { createItemBody } from '../../server/checklists/item-routes.ts'
import { SAMPLE_RECIPE } from '../support/recipes.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { createChecklist, FILES, uploadFile } from '../support/checklists.ts'
import { addPinOnlyMember, loginLink, loginPath, signInWith } from '../support/devices.ts'
import { createOrgWithActors, type OrgWithActors } from '../support/orgs.ts'

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const
const TAGS = ['Auth', 'Profile', 'Organisations', 'Venues', 'Onboarding', 'Dashboard', 'Staff', 'Invitations', 'Checklists', 'Checklist items', 'Checklist entries', 'Temperatures', 'Temperature items', 'Temperature entries', 'Uploads', 'Devices', 'Operations', 'Billing', 'Public forms', 'Contacts', 'Orders', 'Recipes', 'Recipe categories', 'Alerts']

let t: TestApp
let doc: any
beforeAll(async () => {
  t = await createTestApp()
  const r = await t.client().get('/v1/openapi.json')
  expect(r.status).toBe(200)
  doc = r.json
})
afterAll(() => t.close())

/** Every operation of the document as [METHOD path, operation]. */
function documented(): [string, string, any][] {
  const out: [string, string, any][] = []
  for (const [path, item] of Object.entries<any>(doc.paths)) {
    for (const method of METHODS) if (item[method]) out.push([method, path, item[method]])
  }
  return out
}

/** The routes registered on the Hono app, as `METHOD /path/{param}` (middleware left out). */
function served(): Set<string> {
  const routes = new Set<string>()
  for (const { method, path } of t.app.routes) {
    if (method === 'ALL' || !path.startsWith('/v1')) continue
    routes.add(`${method} ${path.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}')}`)
  }
  return routes
}

function resolve(ref: string): any {
  expect(ref, 'local reference').toMatch(/^#\//)
  let node: any = doc
  for (const part of ref.slice(2).split('/')) {
    node = node?.[part.replace(/~1/g, '/').replace(/~0/g, '~')]
    expect(node, ref).toBeDefined()
  }
  return node
}

describe('the document', () => {
  test('is OpenAPI 3.1 shaped: openapi, info, servers, paths, components', () => {
    expect(doc.openapi).toBe('3.1.0')
    expect(doc.info).toEqual(expect.objectContaining({ title: 'Mise API', version: expect.any(String) }))
    expect(doc.servers).toEqual([{ url: 'http://localhost:3999' }])
    expect(typeof doc.paths).toBe('object')
    expect(Object.keys(doc.paths).every((p) => p.startsWith('/v1/') && !p.includes(':'))).toBe(true)
    expect(doc.components.schemas).toEqual(
      expect.objectContaining(
        Object.fromEntries(
          ['Error', 'User', 'Organisation', 'Venue', 'Member', 'Checklist', 'ChecklistItem', 'Record', 'DayList', 'Entry', 'Upload'].map((name) => [
            name,
            expect.objectContaining({ type: 'object' }),
          ]),
        ),
      ),
    )
    expect(doc.components.securitySchemes.session).toEqual(expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'mise_session' }))
    expect(doc.tags.map((tag: { name: string }) => tag.name).sort()).toEqual([...TAGS].sort())
  })

  test('every operation has a summary, one known tag, a role line, a unique id and responses', () => {
    const ids = new Set<string>()
    for (const [method, path, op] of documented()) {
      const where = `${method.toUpperCase()} ${path}`
      expect(op.summary, where).toEqual(expect.any(String))
      expect(op.tags, where).toHaveLength(1)
      expect(TAGS, where).toContain(op.tags[0])
      expect(op.description, where).toMatch(/^Role: /)
      expect(ids.has(op.operationId), `${where}: operationId ${op.operationId}`).toBe(false)
      ids.add(op.operationId)
      const statuses = Object.keys(op.responses)
      expect(statuses.some((s) => /^[23]\d\d$/.test(s)), where).toBe(true)
      expect(statuses, where).toContain('default')
      expect(Array.isArray(op.security), where).toBe(true)
      if (op.security.length) {
        expect(statuses, `${where} needs a session: 401`).toContain('401')
        expect(op.description, where).not.toMatch(/^Role: none/)
      }
    }
  })

  test('every $ref resolves', () => {
    const seen: string[] = []
    const walk = (node: unknown) => {
      if (Array.isArray(node)) return node.forEach(walk)
      if (!node || typeof node !== 'object') return
      for (const [key, value] of Object.entries(node)) {
        if (key === '$ref' && typeof value === 'string') {
          seen.push(value)
          resolve(value)
        } else walk(value)
      }
    }
    walk(doc)
    expect(seen.length).toBeGreaterThan(50)
  })

  test('error answers are the Error schema, with the standard statuses where they apply', () => {
    for (const name of ['BadRequest', 'Unauthorized', 'Forbidden', 'NotFound', 'TooManyRequests', 'ServerError']) {
      expect(doc.components.responses[name].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' })
    }
    for (const [method, path, op] of documented()) {
      const where = `${method.toUpperCase()} ${path}`
      for (const status of ['400', '401', '403', '404', '429']) {
        const response = op.responses[status]
        if (response) expect(resolve(response.$ref).content['application/json'].schema.$ref, `${where} ${status}`).toBe('#/components/schemas/Error')
      }
      // Everything under an organisation: signed out → 401, not a member → 404, and a role check → 403.
      if (path.startsWith('/v1/orgs/{orgId}')) expect(Object.keys(op.responses), where).toEqual(expect.arrayContaining(['401', '403', '404']))
      if (op.requestBody || op.parameters?.some((p: any) => p.in === 'query')) expect(op.responses, where).toHaveProperty(['400'])
    }
    expect(doc.paths['/v1/auth/login'].post.responses).toHaveProperty(['429'])
    expect(doc.paths['/v1/health'].get.responses).not.toHaveProperty(['401'])
  })

  test('the role needed is stated from the permissions map', () => {
    expect(doc.paths['/v1/orgs/{orgId}/venues'].post.description).toMatch(/^Role: ADMIN and up \(`venue\.manage`\)/)
    expect(doc.paths['/v1/orgs/{orgId}'].delete.description).toMatch(/^Role: OWNER \(`org\.delete`\)/)
    expect(doc.paths['/v1/orgs/{orgId}/checklists'].get.description).toMatch(/^Role: BASIC and up/)
    expect(doc.paths['/v1/orgs/{orgId}/checklist-entries/export'].post.description).toMatch(/^Role: ADMIN and up \(`records\.export`\)/)
    expect(doc.paths['/v1/auth/login'].post.description).toMatch(/^Role: none/)
    expect(doc.paths['/v1/orgs'].post.description).toMatch(/^Role: any signed-in user/)
  })
})

describe('completeness', () => {
  test('every route the app serves under /v1 is documented', () => {
    const paths = [...served()]
    expect(paths.length).toBeGreaterThan(50)
    const missing = paths.filter((route) => {
      const [method, path] = route.split(' ') as [string, string]
      return !doc.paths[path]?.[method.toLowerCase()]
    })
    expect(missing).toEqual([])
  })

  test('every documented operation is a route the app serves', () => {
    const routes = served()
    const extra = documented()
      .map(([method, path]) => `${method.toUpperCase()} ${path}`)
      .filter((route) => !routes.has(route))
    expect(extra).toEqual([])
  })
})

describe('parameters and bodies', () => {
  test('every path parameter of a template is declared in: path, required; no others', () => {
    for (const [method, path, op] of documented()) {
      const where = `${method.toUpperCase()} ${path}`
      const inTemplate = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()
      const declared = (op.parameters ?? []).filter((p: any) => p.in === 'path')
      expect(declared.map((p: any) => p.name).sort(), where).toEqual(inTemplate)
      for (const p of declared) expect(p.required, `${where} ${p.name}`).toBe(true)
      for (const p of op.parameters ?? []) expect(['path', 'query'], where).toContain(p.in)
    }
  })

  test('every JSON request body is an object schema', () => {
    let bodies = 0
    for (const [method, path, op] of documented()) {
      const schema = op.requestBody?.content?.['application/json']?.schema
      if (!op.requestBody?.content?.['application/json']) continue
      bodies++
      expect(schema?.type, `${method.toUpperCase()} ${path}`).toBe('object')
      expect(schema.properties, `${method.toUpperCase()} ${path}`).toEqual(expect.any(Object))
    }
    expect(bodies).toBeGreaterThan(20)
  })

  test('bodies are generated from the routes’ zod schemas', () => {
    const body = (method: string, path: string) => doc.paths[path][method].requestBody.content['application/json'].schema
    const { $schema: _a, ...checklist } = z.toJSONSchema(createChecklistBody, { io: 'input' }) as Record<string, unknown>
    expect(body('post', '/v1/orgs/{orgId}/checklists')).toEqual(checklist)
    const { $schema: _b, ...item } = z.toJSONSchema(createItemBody, { io: 'input' }) as Record<string, unknown>
    expect(body('post', '/v1/orgs/{orgId}/checklists/{checklistId}/items')).toEqual(item)
    expect(body('post', '/v1/orgs/{orgId}/checklist-entries/export').properties.format.enum).toEqual(['csv', 'pdf'])
    expect(body('post', '/v1/orgs/{orgId}/staff').required).toEqual(expect.arrayContaining(['name', 'role']))
  })

  test('query parameters come from the zod query schemas', () => {
    const query = (path: string) =>
      Object.fromEntries(doc.paths[path].get.parameters.filter((p: any) => p.in === 'query').map((p: any) => [p.name, p]))
    const list = query('/v1/orgs/{orgId}/checklists')
    expect(Object.keys(list).sort()).toEqual(['search', 'showArchived', 'venueId'])
    expect(list.showArchived.schema.enum).toEqual(['true', 'false'])
    expect(list.search.required).toBe(false)
    const entry = query('/v1/orgs/{orgId}/checklist-entries/{checklistId}')
    expect(entry.venueId.required).toBe(true)
    expect(entry.date.required).toBe(false)
    expect(Object.keys(query('/v1/orgs/{orgId}/venues/{venueId}/checklist-entries'))).toEqual(['date'])
    expect(Object.keys(query('/v1/auth/invite')).sort()).toEqual(['id', 'token'])
    expect(Object.keys(query('/v1/auth/verification/verify')).sort()).toEqual(['id', 'token'])
  })

  test('uploads take multipart/form-data with a binary file; the export and the upload answer files', () => {
    const upload = doc.paths['/v1/orgs/{orgId}/uploads'].post
    const form = upload.requestBody.content['multipart/form-data']
    expect(form.schema.required).toEqual(['file'])
    expect(form.schema.properties.file).toEqual(expect.objectContaining({ type: 'string', format: 'binary' }))
    expect(upload.responses['201'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Upload' })
    const exported = doc.paths['/v1/orgs/{orgId}/checklist-entries/export'].post.responses['200']
    expect(Object.keys(exported.content).sort()).toEqual(['application/pdf', 'text/csv'])
    expect(exported.headers).toHaveProperty(['X-Content-SHA256'])
    const bytes = doc.paths['/v1/orgs/{orgId}/uploads/{uploadId}'].get.responses['200'].content
    expect(Object.keys(bytes)).toEqual(expect.arrayContaining(['image/jpeg', 'image/png', 'image/webp', 'application/pdf']))
  })
})

// ─── real answers against the documented schemas ─────────────────────────────────────────────────

/** Check `value` against the subset of JSON Schema the document uses; returns the problems found. */
function validate(schema: any, value: unknown, at = '$'): string[] {
  if (schema.$ref) return validate(resolve(schema.$ref), value, at)
  if (schema.oneOf) {
    const passing = schema.oneOf.filter((s: any) => validate(s, value, at).length === 0)
    return passing.length === 1 ? [] : [`${at}: matches ${passing.length} of oneOf`]
  }
  const problems: string[] = []
  if (schema.type) {
    const types: string[] = Array.isArray(schema.type) ? schema.type : [schema.type]
    const actual = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value
    const ok = types.some((type) => type === actual || (type === 'integer' && Number.isInteger(value)))
    if (!ok) return [`${at}: ${JSON.stringify(value)} is not ${types.join('|')}`]
  }
  if (schema.enum && !schema.enum.includes(value)) problems.push(`${at}: ${JSON.stringify(value)} not in enum`)
  if ('const' in schema && schema.const !== value) problems.push(`${at}: not ${JSON.stringify(schema.const)}`)
  if (schema.format === 'date-time' && typeof value === 'string' && Number.isNaN(Date.parse(value))) problems.push(`${at}: not a date-time`)
  if (schema.format === 'uuid' && typeof value === 'string' && !/^[0-9a-f-]{36}$/i.test(value)) problems.push(`${at}: not a uuid`)
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const key of schema.required ?? []) if (!(key in value)) problems.push(`${at}.${key}: missing`)
    if (schema.properties) {
      for (const [key, v] of Object.entries(value)) {
        if (!schema.properties[key]) problems.push(`${at}.${key}: not documented`)
        else problems.push(...validate(schema.properties[key], v, `${at}.${key}`))
      }
    }
  }
  if (Array.isArray(value) && schema.items) value.forEach((v, i) => problems.push(...validate(schema.items, v, `${at}[${i}]`)))
  return problems
}

describe('real answers match the documented response schemas', () => {
  let o: OrgWithActors
  beforeAll(async () => {
    o = await createOrgWithActors(t)
  })

  function expectDocumented(res: { status: number; json: unknown; text: string }, method: string, path: string) {
    const response = doc.paths[path]?.[method]?.responses?.[res.status]
    expect(response, `${method.toUpperCase()} ${path} ${res.status}: ${res.text}`).toBeDefined()
    const resolved = response.$ref ? resolve(response.$ref) : response
    const schema = resolved.content?.['application/json']?.schema
    if (!schema) {
      expect(res.text, `${method.toUpperCase()} ${path} ${res.status} has no body`).toBe('')
      return
    }
    expect(validate(schema, res.json), `${method.toUpperCase()} ${path} ${res.status}`).toEqual([])
  }

  test('auth, profile, organisation, venues, onboarding and staff', async () => {
    const { orgId, venueA } = o
    const c = o.owner.client
    const org = `/v1/orgs/${orgId}`
    expectDocumented(await t.client().get('/v1/health'), 'get', '/v1/health')
    expectDocumented(await t.client().get('/v1/ready'), 'get', '/v1/ready')
    expectDocumented(await c.get('/v1/auth/me'), 'get', '/v1/auth/me')
    expectDocumented(await c.get('/v1/profile'), 'get', '/v1/profile')
    expectDocumented(await c.get(org), 'get', '/v1/orgs/{orgId}')
    expectDocumented(await c.get(`${org}/venues`), 'get', '/v1/orgs/{orgId}/venues')
    expectDocumented(await c.get(`${org}/venues/${venueA}`), 'get', '/v1/orgs/{orgId}/venues/{venueId}')
    expectDocumented(await c.get(`${org}/profile`), 'get', '/v1/orgs/{orgId}/profile')
    expectDocumented(await c.get(`${org}/onboarding`), 'get', '/v1/orgs/{orgId}/onboarding')
    expectDocumented(await c.get(`${org}/venues/${venueA}/dashboard`), 'get', '/v1/orgs/{orgId}/venues/{venueId}/dashboard')
    expectDocumented(await c.get(`${org}/overview`), 'get', '/v1/orgs/{orgId}/overview')
    expectDocumented(await c.get(`${org}/venues/${venueA}/alerts`), 'get', '/v1/orgs/{orgId}/venues/{venueId}/alerts')
    expectDocumented(await c.get(`${org}/alert-settings`), 'get', '/v1/orgs/{orgId}/alert-settings')
    expectDocumented(await c.put(`${org}/alert-settings`, { quietStart: '22:00', quietEnd: '06:00' }), 'put', '/v1/orgs/{orgId}/alert-settings')
    expectDocumented(await c.get(`${org}/alert-preferences`), 'get', '/v1/orgs/{orgId}/alert-preferences')
    expectDocumented(await c.put(`${org}/alert-preferences`, { digest: false }), 'put', '/v1/orgs/{orgId}/alert-preferences')
    expectDocumented(await t.client().get('/v1/alerts/unsubscribe?token=abc'), 'get', '/v1/alerts/unsubscribe')
    const added = await c.post(`${org}/staff`, { name: 'Pat Pin', role: 'BASIC' })
    expectDocumented(added, 'post', '/v1/orgs/{orgId}/staff')
    expect(added.json.pin).toEqual(expect.any(String))
    expectDocumented(await c.get(`${org}/staff`), 'get', '/v1/orgs/{orgId}/staff')
    expectDocumented(await c.get(`${org}/staff/${added.json.member.id}`), 'get', '/v1/orgs/{orgId}/staff/{staffId}')
    expectDocumented(await c.post(`${org}/staff/generate-pin`), 'post', '/v1/orgs/{orgId}/staff/generate-pin')
    // Errors too.
    expectDocumented(await o.anonymous.get(org), 'get', '/v1/orgs/{orgId}')
    expectDocumented(await o.outsider.client.get(org), 'get', '/v1/orgs/{orgId}')
    expectDocumented(await o.basic.client.post(`${org}/venues`, { name: 'No' }), 'post', '/v1/orgs/{orgId}/venues')
    expectDocumented(await c.post(`${org}/venues`, { name: '' }), 'post', '/v1/orgs/{orgId}/venues')
  })

  test('checklists, items, entries, records and uploads', async () => {
    const { orgId, venueA } = o
    const c = o.owner.client
    const org = `/v1/orgs/${orgId}`
    const created = await c.post(`${org}/checklists`, { name: 'Opening', days: [0, 1, 2, 3, 4, 5, 6], dueTime: '09:00' })
    expectDocumented(created, 'post', '/v1/orgs/{orgId}/checklists')
    const checklistId = created.json.checklist.id
    const item = await c.post(`${org}/checklists/${checklistId}/items`, { label: 'Fridge', type: 'number', min: 0, max: 5 })
    expectDocumented(item, 'post', '/v1/orgs/{orgId}/checklists/{checklistId}/items')
    const itemId = item.json.item.id
    expectDocumented(await c.get(`${org}/checklists`), 'get', '/v1/orgs/{orgId}/checklists')
    expectDocumented(await c.get(`${org}/checklists/${checklistId}`), 'get', '/v1/orgs/{orgId}/checklists/{checklistId}')
    expectDocumented(await c.get(`${org}/checklists/${checklistId}/items`), 'get', '/v1/orgs/{orgId}/checklists/{checklistId}/items')
    expectDocumented(await c.get(`${org}/checklist-items/${itemId}`), 'get', '/v1/orgs/{orgId}/checklist-items/{itemId}')

    const photo = await createChecklist(t, orgId, { items: [{ type: 'photo' }] })
    const upload = await uploadFile(t, c, orgId, { bytes: FILES.png(), name: 'fridge.png', type: 'image/png' })
    expectDocumented(upload, 'post', '/v1/orgs/{orgId}/uploads')
    const photoRecord = await c.post(`${org}/checklist-entries/${photo.id}/items/${photo.items[0]!.id}/complete`, { venueId: venueA, uploadId: upload.json.id })
    expectDocumented(photoRecord, 'post', '/v1/orgs/{orgId}/checklist-entries/{checklistId}/items/{itemId}/complete')

    const path = '/v1/orgs/{orgId}/checklist-entries/{checklistId}/items/{itemId}'
    const failed = await c.post(`${org}/checklist-entries/${checklistId}/items/${itemId}/complete`, { venueId: venueA, value: '9' })
    expectDocumented(failed, 'post', `${path}/complete`)
    expect(failed.json.record.status).toBe('failed')
    const corrected = await c.post(`${org}/checklist-entries/${checklistId}/items/${itemId}/complete`, { venueId: venueA, value: '8', note: 'Still warm' })
    expectDocumented(corrected, 'post', `${path}/complete`)
    expectDocumented(await c.post(`${org}/checklist-entries/${checklistId}/items/${itemId}/resolve`, { venueId: venueA, note: 'Moved the stock' }), 'post', `${path}/resolve`)
    expectDocumented(await c.get(`${org}/venues/${venueA}/checklist-entries`), 'get', '/v1/orgs/{orgId}/venues/{venueId}/checklist-entries')
    const entry = await c.get(`${org}/checklist-entries/${checklistId}?venueId=${venueA}`)
    expectDocumented(entry, 'get', '/v1/orgs/{orgId}/checklist-entries/{checklistId}')
    expect(entry.json.items[0].history).toHaveLength(1)
    expectDocumented(await c.get(`${org}/checklist-entries/${photo.id}?venueId=${venueA}`), 'get', '/v1/orgs/{orgId}/checklist-entries/{checklistId}')

    const removed = await c.del(`${org}/checklists/${checklistId}`)
    expect(removed.status).toBe(200)
    expectDocumented(removed, 'delete', '/v1/orgs/{orgId}/checklists/{checklistId}')
    const empty = await c.post(`${org}/checklists`, { name: 'Empty' })
    expectDocumented(await c.del(`${org}/checklists/${empty.json.checklist.id}`), 'delete', '/v1/orgs/{orgId}/checklists/{checklistId}')
  })

  test('devices, device sign-in, PINs, and a record made on a device', async () => {
    const { orgId, venueA } = o
    const c = o.admin.client
    const org = `/v1/orgs/${orgId}`
    const created = await c.post(`${org}/devices`, { name: 'Kitchen tablet', venueId: venueA })
    expectDocumented(created, 'post', '/v1/orgs/{orgId}/devices')
    const deviceId = created.json.device.id
    const generated = await c.post(`${org}/devices/${deviceId}/login/generate`)
    expectDocumented(generated, 'post', '/v1/orgs/{orgId}/devices/{deviceId}/login/generate')
    expectDocumented(await c.get(`${org}/devices`), 'get', '/v1/orgs/{orgId}/devices')
    const url = new URL(generated.json.url)
    const tablet = t.client()
    expectDocumented(await tablet.get(`/v1/auth/device/login${url.search}`), 'get', '/v1/auth/device/login')
    const link = { id: url.searchParams.get('id')!, token: url.searchParams.get('token')! }
    expectDocumented(await signInWith(tablet, link), 'post', '/v1/auth/device/login')
    expectDocumented(await signInWith(t.client(), link), 'post', '/v1/auth/device/login')
    expectDocumented(await t.client().get(`/v1/auth/device/login${url.search}`), 'get', '/v1/auth/device/login')
    expectDocumented(await t.client().get('/v1/auth/device/login?id=x&token=y'), 'get', '/v1/auth/device/login')
    expectDocumented(await tablet.get('/v1/auth/me'), 'get', '/v1/auth/me')
    await addPinOnlyMember(t, orgId, { name: 'Pablo Pin', pin: '4545' })
    expectDocumented(await tablet.post('/v1/auth/device/pin', { pin: '0000' }), 'post', '/v1/auth/device/pin')
    expectDocumented(await tablet.post('/v1/auth/device/pin', { pin: '4545' }), 'post', '/v1/auth/device/pin')
    expectDocumented(await tablet.get('/v1/auth/me'), 'get', '/v1/auth/me')
    expectDocumented(await tablet.get(org), 'get', '/v1/orgs/{orgId}')
    expectDocumented(await tablet.get('/v1/profile'), 'get', '/v1/profile')
    const list = await createChecklist(t, orgId, { items: [{ type: 'check' }] })
    const made = await tablet.post(`${org}/checklist-entries/${list.id}/items/${list.items[0]!.id}/complete`, { venueId: venueA })
    expectDocumented(made, 'post', '/v1/orgs/{orgId}/checklist-entries/{checklistId}/items/{itemId}/complete')
    expect(made.json.record.recordedBy.device).toEqual({ id: deviceId, name: 'Kitchen tablet' })
    expectDocumented(await c.get(`${org}/devices/${deviceId}`), 'get', '/v1/orgs/{orgId}/devices/{deviceId}')
    expectDocumented(await c.put(`${org}/devices/${deviceId}`, { name: 'Pass tablet' }), 'put', '/v1/orgs/{orgId}/devices/{deviceId}')
    expectDocumented(await tablet.del('/v1/auth/device/pin'), 'delete', '/v1/auth/device/pin')
    expectDocumented(await tablet.get(`${org}/devices`), 'get', '/v1/orgs/{orgId}/devices')
    expectDocumented(await c.post(`${org}/devices/${deviceId}/logout`), 'post', '/v1/orgs/{orgId}/devices/{deviceId}/logout')
    const again = await loginLink(o.admin, orgId, deviceId)
    expectDocumented(await t.client().get(loginPath(again)), 'get', '/v1/auth/device/login')
    expectDocumented(await c.del(`${org}/devices/${deviceId}`), 'delete', '/v1/orgs/{orgId}/devices/{deviceId}')
  })

  test('recipes, recipe categories and the venue recipe book', async () => {
    const c = o.admin.client
    const org = `/v1/orgs/${o.orgId}`
    const category = await c.post(`${org}/recipe-categories`, { name: 'Sauces' })
    expectDocumented(category, 'post', '/v1/orgs/{orgId}/recipe-categories')
    const categoryId = category.json.category.id
    const created = await c.post(`${org}/recipes`, { ...SAMPLE_RECIPE, categoryId, confirmAllergens: true })
    expectDocumented(created, 'post', '/v1/orgs/{orgId}/recipes')
    const id = created.json.recipe.id
    expectDocumented(await c.get(`${org}/recipes/${id}`), 'get', '/v1/orgs/{orgId}/recipes/{recipeId}')
    expectDocumented(await c.put(`${org}/recipes/${id}`, { portions: 4 }), 'put', '/v1/orgs/{orgId}/recipes/{recipeId}')
    expectDocumented(await c.get(`${org}/recipes?search=tomato`), 'get', '/v1/orgs/{orgId}/recipes')
    expectDocumented(await c.get(`${org}/venues/${o.venueA}/recipes?category=${categoryId}`), 'get', '/v1/orgs/{orgId}/venues/{venueId}/recipes')
    expectDocumented(await c.get(`${org}/recipe-categories`), 'get', '/v1/orgs/{orgId}/recipe-categories')
    expectDocumented(await c.get(`${org}/recipe-categories/${categoryId}`), 'get', '/v1/orgs/{orgId}/recipe-categories/{categoryId}')
    expectDocumented(await c.put(`${org}/recipe-categories/${categoryId}`, { name: 'Salsas' }), 'put', '/v1/orgs/{orgId}/recipe-categories/{categoryId}')
    expectDocumented(await c.post(`${org}/recipe-categories/reorder`, { ids: [categoryId] }), 'post', '/v1/orgs/{orgId}/recipe-categories/reorder')
    expectDocumented(await c.del(`${org}/recipes/${id}`), 'delete', '/v1/orgs/{orgId}/recipes/{recipeId}')
    expectDocumented(await c.del(`${org}/recipe-categories/${categoryId}`), 'delete', '/v1/orgs/{orgId}/recipe-categories/{categoryId}')
  })
})

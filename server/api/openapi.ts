import { z } from 'zod'
import { permissions, type Role } from '../auth/permissions.ts'
import { SESSION_COOKIE } from '../auth/sessions.ts'
import type { Config } from '../config.ts'
import { componentSchemas, ref, type JsonSchema } from './openapi/components.ts'
import { operations, TAGS, type Access, type Operation } from './openapi/operations.ts'

/** A zod schema as the JSON Schema of what a client sends (before transforms). */
function inputSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io: 'input' }) as JsonSchema
  return json
}

const ROLE_ORDER: Role[] = ['BASIC', 'ADMIN', 'OWNER']

/** "Role: …" from the operation's access: the lowest role holding the permission, and up. */
export function roleLine(access: Access): string {
  if (access === 'public') return 'Role: none (no session needed).'
  if (access === 'user') return 'Role: any signed-in user.'
  if (access === 'device') return 'Role: a signed-in shared device (a person’s session → 403).'
  const lowest = ROLE_ORDER.find((role) => permissions[role].has(access))
  if (!lowest) throw new Error(`no role holds ${access}`)
  const who = lowest === 'OWNER' ? 'OWNER' : lowest === 'BASIC' ? 'BASIC and up (any member)' : `${lowest} and up`
  return `Role: ${who} (\`${access}\`).`
}

const PATH_PARAMS: Record<string, string> = {
  orgId: 'The organisation',
  venueId: 'A venue of the organisation',
  staffId: 'A member of the organisation',
  checklistId: 'A checklist of the organisation',
  itemId: 'A checklist item of the organisation',
  starterId: 'A starter of the checklist library (`opening`, `closing`, `cleaning`, `delivery`, `allergens`, `pest`)',
  uploadId: 'An upload of the organisation',
  deviceId: 'A shared device of the organisation',
  contactId: 'A contact of the organisation',
  categoryId: 'A contact category or a recipe category of the organisation (as the path says)',
  orderId: 'An order of the organisation',
  recipeId: 'A recipe of the organisation',
}

export function pathParams(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!)
}

const errorResponse = (description: string, headers?: object) => ({
  description,
  ...(headers ? { headers } : {}),
  content: { 'application/json': { schema: ref('Error') } },
})

const errorResponses = {
  BadRequest: errorResponse('BadRequestError or ValidationError (`data` maps each field to its message)'),
  Unauthorized: errorResponse('UnauthorizedError: not signed in'),
  Forbidden: errorResponse('ForbiddenError: the role lacks the right, a venue the member may not use, or a cross-site request'),
  NotFound: errorResponse('NotFoundError: unknown, malformed or another organisation’s id (not a member → 404 too)'),
  TooManyRequests: errorResponse('TooManyRequestsError: rate limited', {
    'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } },
  }),
  ServerError: errorResponse('ServerError'),
}

const errorRef = (name: keyof typeof errorResponses) => ({ $ref: `#/components/responses/${name}` })

/** The error answers of an operation: derived from what it takes and who may call, plus its own. */
export function errorStatuses(op: Operation): number[] {
  const statuses = new Set<number>(op.errors)
  if (op.body || op.query || op.multipart) statuses.add(400)
  if (op.access !== 'public') statuses.add(401)
  // A role check, or the cross-site check of every state-changing call (middleware/origin.ts).
  if ((op.access !== 'public' && op.access !== 'user') || op.method !== 'get') statuses.add(403)
  if (pathParams(op.path).length) statuses.add(404)
  if (op.rateLimited) statuses.add(429)
  return [...statuses].sort((a, b) => a - b)
}

const ERROR_NAMES: Record<number, keyof typeof errorResponses> = { 400: 'BadRequest', 401: 'Unauthorized', 403: 'Forbidden', 404: 'NotFound', 429: 'TooManyRequests' }

function operationId(op: Operation): string {
  const words = op.path
    .replace(/^\/v1\//, '')
    .split('/')
    .map((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment)?.[1]
      const word = (param ? `by-${param}` : segment).replace(/[^A-Za-z0-9]+(.)?/g, (_, ch: string | undefined) => (ch ?? '').toUpperCase())
      return word.charAt(0).toUpperCase() + word.slice(1)
    })
  return op.method + words.join('')
}

function buildOperation(op: Operation) {
  const parameters = [
    ...pathParams(op.path).map((name) => ({
      name,
      in: 'path',
      required: true,
      description: PATH_PARAMS[name] ?? name,
      schema: { type: 'string', format: 'uuid' },
    })),
    ...(op.query ? queryParameters(op.query) : []),
  ]
  const responses: Record<string, unknown> = {}
  for (const reply of op.replies) {
    const { status, ...response } = reply
    responses[status] = response
  }
  for (const status of errorStatuses(op)) responses[status] = errorRef(ERROR_NAMES[status]!)
  responses.default = errorRef('ServerError')
  return {
    tags: [op.tag],
    summary: op.summary,
    description: [roleLine(op.access), op.notes].filter(Boolean).join('\n\n'),
    operationId: operationId(op),
    security: op.access === 'public' ? [] : [{ session: [] }],
    ...(parameters.length ? { parameters } : {}),
    ...(op.body ? { requestBody: { required: true, content: { 'application/json': { schema: inputSchema(op.body) } } } } : {}),
    ...(op.multipart
      ? {
          requestBody: {
            required: true,
            content: {
              'multipart/form-data': {
                schema: {
                  type: 'object',
                  required: ['file'],
                  properties: { file: { type: 'string', format: 'binary', contentMediaType: 'application/octet-stream', description: op.multipart.description } },
                },
                encoding: { file: { contentType: op.multipart.contentTypes.join(', ') } },
              },
            },
          },
        }
      : {}),
    responses,
  }
}

/** The query parameters of a zod object schema, one per property. */
function queryParameters(query: z.ZodObject) {
  const json = inputSchema(query) as { properties?: Record<string, JsonSchema>; required?: string[] }
  return Object.entries(json.properties ?? {}).map(([name, schema]) => ({
    name,
    in: 'query',
    required: json.required?.includes(name) ?? false,
    schema,
  }))
}

/** The OpenAPI 3.1 document of every /v1 call (./openapi/operations.ts), built from the zod schemas the handlers validate with. */
export function buildOpenApiDocument(config: Config) {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const op of operations) {
    const item = (paths[op.path] ??= {})
    if (item[op.method]) throw new Error(`OpenAPI: ${op.method.toUpperCase()} ${op.path} is listed twice`)
    item[op.method] = buildOperation(op)
  }
  return {
    openapi: '3.1.0',
    info: {
      title: `${config.APP_NAME} API`,
      version: config.webVersion,
      description:
        'Every /v1 call. Bodies and answers are JSON unless noted. Errors always have the body `{ error: { name, code, message, data? } }`. ' +
        `Sign-in sets the \`${SESSION_COOKIE}\` cookie; state-changing calls from another site are refused (403). ` +
        'A shared device (signed in with POST /v1/auth/device/login) may read its one venue and, while a staff PIN is active, record there; anything else is 403, another organisation 404. Recording without a PIN is 403 with `data.pin: "required"`, with a PIN idle more than 5 minutes 401 with `data.pin: "expired"`.',
    },
    servers: [{ url: config.appUrl }],
    tags: TAGS.map((tag) => ({ ...tag })),
    paths,
    components: {
      schemas: componentSchemas,
      responses: errorResponses,
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'The session cookie set by sign-in' } },
    },
  }
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>

const cache = new WeakMap<Config, OpenApiDocument>()

/** The document for this configuration, built once. */
export function openApiDocument(config: Config): OpenApiDocument {
  let doc = cache.get(config)
  if (!doc) cache.set(config, (doc = buildOpenApiDocument(config)))
  return doc
}

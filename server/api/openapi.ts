import { z } from 'zod'
import { forgotBody, loginBody, registerBody, resetBody, updatePasswordBody } from '../auth/routes.ts'
import type { Config } from '../config.ts'
import { profileBody } from '../profile/routes.ts'

const errorSchema = {
  type: 'object',
  properties: {
    error: {
      type: 'object',
      required: ['name', 'code', 'message'],
      properties: {
        name: {
          type: 'string',
          enum: ['BadRequestError', 'ValidationError', 'UnauthorizedError', 'ForbiddenError', 'NotFoundError', 'TooManyRequestsError', 'ServerError'],
        },
        code: { type: 'integer' },
        message: { type: 'string' },
        data: { type: 'object', additionalProperties: { type: 'string' } },
      },
    },
  },
}

const userSchema = {
  type: 'object',
  properties: {
    id: { type: 'string', format: 'uuid' },
    type: { type: 'string', enum: ['user', 'device'] },
    name: { type: 'string' },
    email: { type: 'string' },
    locale: { type: 'string', enum: ['en', 'es'] },
    superAdmin: { type: 'boolean' },
    emailVerified: { type: 'boolean' },
  },
}

type Op = { summary: string; body?: z.ZodType; query?: Record<string, string>; ok: number; response?: object }

function operation(op: Op) {
  const responses: Record<string, object> = {
    [op.ok]: op.response ? { description: 'OK', content: { 'application/json': { schema: op.response } } } : { description: 'OK' },
    default: { description: 'Error', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
  }
  return {
    summary: op.summary,
    ...(op.query
      ? { parameters: Object.entries(op.query).map(([name, description]) => ({ name, in: 'query', description, schema: { type: 'string' } })) }
      : {}),
    ...(op.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: z.toJSONSchema(op.body, { io: 'input' }) } } } }
      : {}),
    responses,
  }
}

/** The OpenAPI 3 document of /v1, built from the same zod schemas the handlers validate with. */
export function openApiDocument(config: Config) {
  const me = { type: 'object', properties: { user: userSchema, orgs: { type: 'array', items: { type: 'object' } }, webVersion: { type: 'string' }, flags: { type: 'object' } } }
  const ok = { type: 'object', properties: { ok: { type: 'boolean' } } }
  return {
    openapi: '3.1.0',
    info: { title: `${config.APP_NAME} API`, version: config.webVersion },
    servers: [{ url: config.appUrl }],
    components: { schemas: { Error: errorSchema, User: userSchema } },
    paths: {
      '/v1/health': { get: operation({ summary: 'Process is up', ok: 200 }) },
      '/v1/ready': { get: operation({ summary: 'Database reachable and migrations applied', ok: 200 }) },
      '/v1/auth/me': { get: operation({ summary: 'The current user and their organisations', ok: 200, response: me }) },
      '/v1/auth/register': { post: operation({ summary: 'Create an account and sign in', body: registerBody, ok: 201, response: { type: 'object', properties: { user: userSchema } } }) },
      '/v1/auth/login': { post: operation({ summary: 'Sign in', body: loginBody, ok: 200, response: { type: 'object', properties: { user: userSchema } } }) },
      '/v1/auth/logout': { post: operation({ summary: 'Sign out', ok: 204 }) },
      '/v1/auth/verification/verify': { get: operation({ summary: 'Follow an e-mail verification link (redirects to /verify-email?status=…)', query: { id: 'token id', token: 'token' }, ok: 302 }) },
      '/v1/auth/verification/resend': { post: operation({ summary: 'Send the verification e-mail again', ok: 202, response: ok }) },
      '/v1/auth/forgot-password': { post: operation({ summary: 'E-mail a password reset link (same answer for unknown addresses)', body: forgotBody, ok: 202, response: ok }) },
      '/v1/auth/reset-password': { post: operation({ summary: 'Set a new password with a reset link; ends every session', body: resetBody, ok: 200, response: ok }) },
      '/v1/auth/update-password': { post: operation({ summary: 'Change the password; ends other sessions', body: updatePasswordBody, ok: 200, response: ok }) },
      '/v1/profile': {
        get: operation({ summary: 'The user-level profile', ok: 200, response: { type: 'object', properties: { profile: userSchema } } }),
        put: operation({ summary: 'Update name and language', body: profileBody, ok: 200, response: { type: 'object', properties: { profile: userSchema } } }),
      },
    },
  }
}

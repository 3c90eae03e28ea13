import type { TestApp } from '../support/app.ts'
import type { OrgWithActors } from '../support/orgs.ts'

export const ACTORS = ['anonymous', 'outsider', 'basicLimited', 'basic', 'admin', 'owner'] as const
export type ActorName = (typeof ACTORS)[number]
/** 'ok' is any 2xx; otherwise the exact status. */
export type Expected = 'ok' | 401 | 403 | 404

export interface MatrixRow {
  name: string
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  /** The path for this actor; may create a throwaway target first (e.g. a venue to delete). */
  path: (f: OrgWithActors, t: TestApp, actor: ActorName) => string | Promise<string>
  body?: (f: OrgWithActors, actor: ActorName) => unknown
  expect: Record<ActorName, Expected>
  /** Run after every other row (destructive, e.g. deleting the organisation). */
  last?: boolean
}

/** Any member of the organisation; BASIC limited to other venues included. */
export const member: Record<ActorName, Expected> = { anonymous: 401, outsider: 404, basicLimited: 'ok', basic: 'ok', admin: 'ok', owner: 'ok' }
/** Members who may use the venue in the path (basicLimited may not use venue A). */
export const venueMember: Record<ActorName, Expected> = { ...member, basicLimited: 403 }
export const adminUp: Record<ActorName, Expected> = { anonymous: 401, outsider: 404, basicLimited: 403, basic: 403, admin: 'ok', owner: 'ok' }
export const ownerOnly: Record<ActorName, Expected> = { ...adminUp, admin: 403 }
/** Signed-in users, whatever their memberships (calls outside an organisation). */
export const signedIn: Record<ActorName, Expected> = { anonymous: 401, outsider: 'ok', basicLimited: 'ok', basic: 'ok', admin: 'ok', owner: 'ok' }

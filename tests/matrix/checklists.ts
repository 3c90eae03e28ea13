import { expect } from 'vitest'
import { and, asc, eq, isNull } from 'drizzle-orm'
import { checklistItems, checklists } from '../../server/db/schema.ts'
import type { TestApp } from '../support/app.ts'
import type { OrgWithActors } from '../support/orgs.ts'
import { onlyAtA } from './entries.ts'
import { adminUp, member, memberOrDevice, venueMember, venueRecord, type MatrixRow } from './types.ts'

const org = (f: OrgWithActors) => `/v1/orgs/${f.orgId}`

/** A checklist with one item, made once per organisation and shared by the rows that leave it in place. */
const fixtures = new Map<string, Promise<{ checklistId: string; itemId: string }>>()
function fixture(f: OrgWithActors) {
  let made = fixtures.get(f.orgId)
  if (!made) {
    made = (async () => {
      const c = await f.owner.client.post(`${org(f)}/checklists`, { name: 'Matrix checklist' })
      const i = await f.owner.client.post(`${org(f)}/checklists/${c.json.checklist.id}/items`, { label: 'Matrix item', type: 'check' })
      return { checklistId: c.json.checklist.id as string, itemId: i.json.item.id as string }
    })()
    fixtures.set(f.orgId, made)
  }
  return made
}

/** A throwaway checklist (optionally archived) for the rows that change or remove it. */
async function throwawayChecklist(f: OrgWithActors, name: string, archived = false) {
  const res = await f.owner.client.post(`${org(f)}/checklists`, { name })
  const id = res.json.checklist.id as string
  if (archived) await f.owner.client.post(`${org(f)}/checklists/${id}/archive`)
  return id
}

async function throwawayItem(f: OrgWithActors, label: string, archived = false) {
  const { checklistId } = await fixture(f)
  const res = await f.owner.client.post(`${org(f)}/checklists/${checklistId}/items`, { label, type: 'check' })
  const id = res.json.item.id as string
  if (archived) await f.owner.client.post(`${org(f)}/checklist-items/${id}/archive`)
  return id
}

// Reorder bodies must name exactly the current rows: the path step (which may query) reads them, the body returns them.
let checklistOrder: string[] = []
let itemOrder: string[] = []

async function currentChecklists(t: TestApp, f: OrgWithActors) {
  const rows = await t.db
    .select({ id: checklists.id })
    .from(checklists)
    .where(and(eq(checklists.orgId, f.orgId), isNull(checklists.archivedAt)))
    .orderBy(asc(checklists.position))
  return rows.map((r) => r.id).reverse()
}

async function currentItems(t: TestApp, f: OrgWithActors, checklistId: string) {
  const rows = await t.db
    .select({ id: checklistItems.id })
    .from(checklistItems)
    .where(and(eq(checklistItems.orgId, f.orgId), eq(checklistItems.checklistId, checklistId), isNull(checklistItems.archivedAt)))
    .orderBy(asc(checklistItems.position))
  return rows.map((r) => r.id).reverse()
}

/** Checklist templates and their items (the checklists issue). */
export const checklistTemplateRows: MatrixRow[] = [
  {
    name: 'list checklists (a member limited to B does not see the A-only one; the device at A does)',
    method: 'GET',
    route: '/v1/orgs/{orgId}/checklists',
    path: async (f, t) => {
      await onlyAtA(f, t)
      return `${org(f)}/checklists?showArchived=true`
    },
    expect: memberOrDevice,
    check: async (res, f, a, t) => {
      const names = (res.json.checklists as { name: string }[]).map((c) => c.name)
      expect(names).toContain((await onlyAtA(f, t)).everywhere.name)
      if (a === 'basicLimited') expect(names).not.toContain((await onlyAtA(f, t)).name)
      else expect(names).toContain((await onlyAtA(f, t)).name)
    },
  },
  {
    name: 'list checklists at venue A',
    method: 'GET',
    route: '/v1/orgs/{orgId}/checklists',
    path: (f) => `${org(f)}/checklists?search=a&venueId=${f.venueA}`,
    expect: venueMember,
  },
  {
    name: 'list checklists at venue B (the device at A: 403, venue B is named)',
    method: 'GET',
    route: '/v1/orgs/{orgId}/checklists',
    path: (f) => `${org(f)}/checklists?venueId=${f.venueB}`,
    expect: member,
    check: async (res, f, _a, t) => expect((res.json.checklists as { id: string }[]).map((c) => c.id)).not.toContain((await onlyAtA(f, t)).id),
  },
  { name: 'create checklist', method: 'POST', route: '/v1/orgs/{orgId}/checklists', path: (f) => `${org(f)}/checklists`, body: () => ({ name: 'Matrix new' }), expect: adminUp },
  {
    name: 'list the starter library',
    method: 'GET',
    route: '/v1/orgs/{orgId}/checklists/starters',
    path: (f) => `${org(f)}/checklists/starters`,
    expect: memberOrDevice,
    check: (res) => expect((res.json.starters as { key: string }[]).map((s) => s.key)).toContain('pest'),
  },
  { name: 'copy a starter', method: 'POST', route: '/v1/orgs/{orgId}/checklists/starters/{starterId}', path: (f) => `${org(f)}/checklists/starters/pest`, expect: adminUp },
  {
    name: 'reorder checklists',
    method: 'POST',
    route: '/v1/orgs/{orgId}/checklists/reorder',
    path: async (f, t) => {
      await fixture(f)
      checklistOrder = await currentChecklists(t, f)
      return `${org(f)}/checklists/reorder`
    },
    body: () => ({ ids: checklistOrder }),
    expect: adminUp,
  },
  { name: 'read checklist', method: 'GET', route: '/v1/orgs/{orgId}/checklists/{checklistId}', path: async (f) => `${org(f)}/checklists/${(await fixture(f)).checklistId}`, expect: memberOrDevice },
  {
    name: 'read an A-only checklist',
    method: 'GET',
    route: '/v1/orgs/{orgId}/checklists/{checklistId}',
    path: async (f, t) => `${org(f)}/checklists/${(await onlyAtA(f, t)).id}`,
    expect: venueRecord,
  },
  {
    name: 'list the items of an A-only checklist',
    method: 'GET',
    route: '/v1/orgs/{orgId}/checklists/{checklistId}/items',
    path: async (f, t) => `${org(f)}/checklists/${(await onlyAtA(f, t)).id}/items`,
    expect: venueRecord,
  },
  {
    name: 'read an item of an A-only checklist',
    method: 'GET',
    route: '/v1/orgs/{orgId}/checklist-items/{itemId}',
    path: async (f, t) => `${org(f)}/checklist-items/${(await onlyAtA(f, t)).items[0]!.id}`,
    expect: venueRecord,
  },
  {
    name: 'update checklist',
    method: 'PUT',
    route: '/v1/orgs/{orgId}/checklists/{checklistId}',
    path: async (f) => `${org(f)}/checklists/${(await fixture(f)).checklistId}`,
    body: () => ({ description: 'Matrix' }),
    expect: adminUp,
  },
  {
    name: 'delete checklist',
    method: 'DELETE',
    route: '/v1/orgs/{orgId}/checklists/{checklistId}',
    path: async (f, _t, a) => `${org(f)}/checklists/${await throwawayChecklist(f, `Gone ${a}`)}`,
    expect: adminUp,
  },
  {
    name: 'archive checklist',
    method: 'POST',
    route: '/v1/orgs/{orgId}/checklists/{checklistId}/archive',
    path: async (f, _t, a) => `${org(f)}/checklists/${await throwawayChecklist(f, `Archive ${a}`)}/archive`,
    expect: adminUp,
  },
  {
    name: 'restore checklist',
    method: 'POST',
    route: '/v1/orgs/{orgId}/checklists/{checklistId}/restore',
    path: async (f, _t, a) => `${org(f)}/checklists/${await throwawayChecklist(f, `Restore ${a}`, true)}/restore`,
    expect: adminUp,
  },
  {
    name: 'duplicate checklist',
    method: 'POST',
    route: '/v1/orgs/{orgId}/checklists/{checklistId}/duplicate',
    path: async (f) => `${org(f)}/checklists/${(await fixture(f)).checklistId}/duplicate`,
    expect: adminUp,
  },
  { name: 'list checklist items', method: 'GET', route: '/v1/orgs/{orgId}/checklists/{checklistId}/items', path: async (f) => `${org(f)}/checklists/${(await fixture(f)).checklistId}/items`, expect: memberOrDevice },
  {
    name: 'create checklist item',
    method: 'POST',
    route: '/v1/orgs/{orgId}/checklists/{checklistId}/items',
    path: async (f) => `${org(f)}/checklists/${(await fixture(f)).checklistId}/items`,
    body: () => ({ label: 'Matrix new item', type: 'yes_no' }),
    expect: adminUp,
  },
  {
    name: 'reorder checklist items',
    method: 'POST',
    route: '/v1/orgs/{orgId}/checklists/{checklistId}/items/reorder',
    path: async (f, t) => {
      const { checklistId } = await fixture(f)
      itemOrder = await currentItems(t, f, checklistId)
      return `${org(f)}/checklists/${checklistId}/items/reorder`
    },
    body: () => ({ ids: itemOrder }),
    expect: adminUp,
  },
  { name: 'read checklist item', method: 'GET', route: '/v1/orgs/{orgId}/checklist-items/{itemId}', path: async (f) => `${org(f)}/checklist-items/${(await fixture(f)).itemId}`, expect: memberOrDevice },
  {
    name: 'update checklist item',
    method: 'PUT',
    route: '/v1/orgs/{orgId}/checklist-items/{itemId}',
    path: async (f) => `${org(f)}/checklist-items/${(await fixture(f)).itemId}`,
    body: () => ({ instructions: 'Matrix' }),
    expect: adminUp,
  },
  {
    name: 'delete checklist item',
    method: 'DELETE',
    route: '/v1/orgs/{orgId}/checklist-items/{itemId}',
    path: async (f, _t, a) => `${org(f)}/checklist-items/${await throwawayItem(f, `Gone ${a}`)}`,
    expect: adminUp,
  },
  {
    name: 'archive checklist item',
    method: 'POST',
    route: '/v1/orgs/{orgId}/checklist-items/{itemId}/archive',
    path: async (f, _t, a) => `${org(f)}/checklist-items/${await throwawayItem(f, `Archive ${a}`)}/archive`,
    expect: adminUp,
  },
  {
    name: 'restore checklist item',
    method: 'POST',
    route: '/v1/orgs/{orgId}/checklist-items/{itemId}/restore',
    path: async (f, _t, a) => `${org(f)}/checklist-items/${await throwawayItem(f, `Restore ${a}`, true)}/restore`,
    expect: adminUp,
  },
]

/**
 * Checklist fixtures for API tests, inserted straight into the template tables (independent of the
 * templates API):
 *
 *   const c = await createChecklist(t, o.orgId, { dueTime: '00:00', items: [{ type: 'yes_no' }, { type: 'number', min: 0, max: 5 }] })
 *   c.id, c.items[0].id
 */
import { eq } from 'drizzle-orm'
import { checklistItems, checklists, type ChecklistItemType, type MeasureUnit } from '../../server/checklists/schema.ts'
import type { TestApp } from './app.ts'

export interface ItemSpec {
  type: ChecklistItemType
  label?: string
  instructions?: string
  required?: boolean
  min?: number | null
  max?: number | null
  failsOn?: 'no' | 'yes' | 'none'
  unit?: MeasureUnit | null
  options?: { label: string; fails: boolean }[]
  photoWhenFailing?: boolean
  noteWhenFailing?: boolean
  archived?: boolean
}

export interface ChecklistSpec {
  name?: string
  description?: string
  /** Empty (default) = every venue. */
  venueIds?: string[]
  /** 0 Sun … 6 Sat; default every day. */
  days?: number[]
  dueTime?: string | null
  /** A manager signs each day off once complete (ADR 045). */
  requiresSignOff?: boolean
  /** Checks a day and their times (ADR 044). */
  checksPerDay?: number
  checkTimes?: string[]
  position?: number
  archived?: boolean
  items?: ItemSpec[]
  /** When it (and its items) were created: default now, so it is due from today only (ADR 085). */
  createdAt?: Date
}

export interface CreatedChecklist {
  id: string
  name: string
  items: { id: string; label: string; type: ChecklistItemType }[]
}

let counter = 0

export async function createChecklist(t: TestApp, orgId: string, spec: ChecklistSpec = {}): Promise<CreatedChecklist> {
  const n = ++counter
  const [row] = await t.db
    .insert(checklists)
    .values({
      orgId,
      name: spec.name ?? `Checklist ${n}`,
      description: spec.description ?? '',
      venueIds: spec.venueIds ?? [],
      days: spec.days ?? [0, 1, 2, 3, 4, 5, 6],
      dueTime: spec.dueTime ?? null,
      requiresSignOff: spec.requiresSignOff ?? false,
      checksPerDay: spec.checksPerDay ?? 1,
      checkTimes: spec.checkTimes ?? [],
      position: spec.position ?? n,
      archivedAt: spec.archived ? new Date() : null,
      ...(spec.createdAt ? { createdAt: spec.createdAt } : {}),
    })
    .returning({ id: checklists.id, name: checklists.name })
  const items: CreatedChecklist['items'] = []
  for (const [i, item] of (spec.items ?? []).entries()) {
    const label = item.label ?? `Item ${i + 1}`
    const [created] = await t.db
      .insert(checklistItems)
      .values({
        orgId,
        checklistId: row!.id,
        label,
        instructions: item.instructions ?? '',
        type: item.type,
        required: item.required ?? true,
        min: item.min ?? null,
        max: item.max ?? null,
        failsOn: item.failsOn ?? 'no',
        unit: item.unit ?? null,
        options: item.options ?? [],
        photoWhenFailing: item.photoWhenFailing ?? false,
        noteWhenFailing: item.noteWhenFailing ?? false,
        position: i,
        archivedAt: item.archived ? new Date() : null,
        ...(spec.createdAt ? { createdAt: spec.createdAt } : {}),
      })
      .returning({ id: checklistItems.id })
    items.push({ id: created!.id, label, type: item.type })
  }
  return { id: row!.id, name: row!.name, items }
}

export async function archiveChecklist(t: TestApp, checklistId: string): Promise<void> {
  await t.db.update(checklists).set({ archivedAt: new Date() }).where(eq(checklists.id, checklistId))
}

export async function archiveItem(t: TestApp, itemId: string): Promise<void> {
  await t.db.update(checklistItems).set({ archivedAt: new Date() }).where(eq(checklistItems.id, itemId))
}

export async function renameItem(t: TestApp, itemId: string, label: string, limits: { min?: number; max?: number } = {}): Promise<void> {
  await t.db.update(checklistItems).set({ label, ...limits }).where(eq(checklistItems.id, itemId))
}

/** Bytes that pass as each accepted type (magic numbers followed by filler). */
export const FILES = {
  png: () => new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]),
  jpeg: () => new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0]),
  webp: () => new Uint8Array([...Buffer.from('RIFF'), 0x24, 0, 0, 0, ...Buffer.from('WEBPVP8 ')]),
  pdf: () => new Uint8Array(Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n%%EOF\n', 'latin1')),
  text: () => new Uint8Array(Buffer.from('just some text\n')),
  /** A real (decodable) 4×3 PNG, for what resizes it. */
  photo: () =>
    new Uint8Array(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAQAAAADCAIAAAA7ljmRAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWNQWlUORww4OQAjeA8lTLOU7AAAAABJRU5ErkJggg==', 'base64')),
}

/** POST a multipart upload as `client` (its cookies); returns status, JSON and headers. */
export async function uploadFile(
  t: TestApp,
  client: { jar: Map<string, string> },
  orgId: string,
  file: { bytes: Uint8Array; name?: string; type?: string; field?: string } | null,
  extraHeaders: Record<string, string> = {},
) {
  const form = new FormData()
  if (file) form.append(file.field ?? 'file', new Blob([file.bytes as Uint8Array<ArrayBuffer>], { type: file.type ?? 'application/octet-stream' }), file.name ?? 'file.bin')
  else form.append('other', 'value')
  const headers: Record<string, string> = { ...extraHeaders }
  if (client.jar.size) headers.cookie = [...client.jar].map(([k, v]) => `${k}=${v}`).join('; ')
  const res = await t.app.request(`/v1/orgs/${orgId}/uploads`, { method: 'POST', body: form, headers }, { clientIp: '127.0.0.1' })
  const text = await res.text()
  let json: any
  try {
    json = text ? JSON.parse(text) : undefined
  } catch {
    /* not JSON */
  }
  return { status: res.status, json, text, headers: res.headers }
}

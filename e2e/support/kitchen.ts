/**
 * A kitchen for the offline specs (e2e/offline.spec.ts, e2e/offline-nojs.spec.ts): an organisation with
 * a PIN-only cook, a checklist of three ticks, a log of two fridges and a tablet's login link, all made
 * through the API; and what the server holds for the day.
 */
import type { APIRequestContext, ViewportSize } from '@playwright/test'
import { middayTimeZone, organisationWithMembers } from './setup'

export const TABLET: ViewportSize = { width: 1024, height: 768 }

export async function ok(res: Awaited<ReturnType<APIRequestContext['get']>>) {
  if (!res.ok()) throw new Error(`${res.url()} → ${res.status()} ${await res.text()}`)
  return (res.status() === 204 ? null : await res.json()) as any
}

/** An organisation with a PIN-only cook, a checklist of three ticks and a log of two fridges (one check a day). */
export async function kitchen(baseURL: string) {
  const tag = Math.random().toString(36).slice(2, 7)
  // The venue's day does not turn while the spec runs (a tablet's clock set 20 minutes slow stays on it).
  const org = await organisationWithMembers(baseURL, [{ name: 'Ana Admin', role: 'ADMIN' }], `Cellar ${tag}`, `Quay ${tag}`, { timeZone: middayTimeZone() })
  const admin = org.people[0]!
  const pin = String(1000 + Math.floor(Math.random() * 9000))
  await ok(await org.owner.api.post(`/v1/orgs/${org.orgId}/staff`, { data: { name: 'Pablo Pin', role: 'BASIC', pin } }))
  const { checklist } = await ok(await admin.api.post(`/v1/orgs/${org.orgId}/checklists`, { data: { name: `Closing ${tag}` } }))
  const items: string[] = []
  for (const label of ['Walk-in door shut', 'Floor mopped', 'Bins out']) {
    items.push((await ok(await admin.api.post(`/v1/orgs/${org.orgId}/checklists/${checklist.id}/items`, { data: { label, type: 'check' } }))).item.id)
  }
  const { temperature } = await ok(await admin.api.post(`/v1/orgs/${org.orgId}/temperatures`, { data: { name: `Fridges ${tag}`, checksPerDay: 1 } }))
  for (const label of ['Walk-in', 'Reach-in']) {
    await ok(await admin.api.post(`/v1/orgs/${org.orgId}/temperatures/${temperature.id}/items`, { data: { label, kind: 'fridge' } }))
  }
  const { device } = await ok(await admin.api.post(`/v1/orgs/${org.orgId}/devices`, { data: { name: `Cellar tablet ${tag}`, venueId: org.venueId } }))
  const { url } = await ok(await admin.api.post(`/v1/orgs/${org.orgId}/devices/${device.id}/login/generate`))
  return { ...org, admin, pin, tag, checklistId: checklist.id as string, itemIds: items, temperatureId: temperature.id as string, loginUrl: new URL(url) }
}

/** What the server holds for the day, read by the admin: each checklist item's records, each fridge's readings. */
export async function onServer(k: Awaited<ReturnType<typeof kitchen>>) {
  const entry = await ok(await k.admin.api.get(`/v1/orgs/${k.orgId}/checklist-entries/${k.checklistId}?venueId=${k.venueId}`))
  const day = await ok(await k.admin.api.get(`/v1/orgs/${k.orgId}/venues/${k.venueId}/temperature-entries`))
  const entryId = (day.temperatures as { id: string; entryId: string }[]).find((l) => l.id === k.temperatureId)!.entryId
  const log = await ok(await k.admin.api.get(`/v1/orgs/${k.orgId}/temperature-entries/${entryId}`))
  return {
    checklist: (entry.items as { record: any; history: any[] }[]).map((i) => [i.record, ...i.history].filter(Boolean)),
    readings: (log.items as { checks: { record: any; history: any[] }[] }[]).map((i) => i.checks.flatMap((c) => [c.record, ...c.history].filter(Boolean))),
  }
}


import { request, type APIRequestContext, type Browser, type Page } from '@playwright/test'
import { linkIn, test, uniqueEmail, waitForMail } from './fixtures'

export interface Person {
  name: string
  email: string
  password: string
  api: APIRequestContext
}

export async function ok(res: Awaited<ReturnType<APIRequestContext['get']>>) {
  if (!res.ok()) throw new Error(`${res.url()} → ${res.status()} ${await res.text()}`)
  return (res.status() === 204 ? null : await res.json()) as any
}

/**
 * An organisation made through /v1 as a browser-less client would: a verified owner, one venue, and
 * members who joined through the links of their real invitation e-mails.
 */
export async function organisationWithMembers(
  baseURL: string,
  members: Array<{ name: string; role: 'ADMIN' | 'BASIC' }>,
  orgName: string,
  venueName: string,
  venue: { timeZone?: string } = {},
) {
  const owner: Person = { name: 'Owen Owner', email: uniqueEmail('owner'), password: 'owner-password-1', api: await request.newContext({ baseURL }) }
  const started = Date.now()
  await ok(await owner.api.post('/v1/auth/register', { data: { name: owner.name, email: owner.email, password: owner.password } }))
  const verify = linkIn(await waitForMail(owner.email, /Verify/, started - 1000), '/verify-email')
  // Verifying is a POST with the link's id and token (opening the link changes nothing: ADR 082).
  const link = new URLSearchParams(verify.slice(verify.indexOf('?')))
  await owner.api.post('/v1/auth/verification/verify', { data: { id: link.get('id'), token: link.get('token') } })
  const { organisation } = await ok(await owner.api.post('/v1/orgs', { data: { name: orgName } }))
  // The e2e server is self-hosted: on Pro, so specs may add venues, staff and devices beyond Free's limits (ADR 031).
  await ok(await owner.api.put(`/v1/orgs/${organisation.id}/billing/plan`, { data: { plan: 'pro' } }))
  const { venue: made } = await ok(await owner.api.post(`/v1/orgs/${organisation.id}/venues`, { data: { name: venueName, ...venue } }))
  const people: Person[] = []
  for (const m of members) {
    const person: Person = { name: m.name, email: uniqueEmail(m.role.toLowerCase()), password: `${m.role.toLowerCase()}-password-1`, api: await request.newContext({ baseURL }) }
    const invitedAt = Date.now()
    await ok(await owner.api.post(`/v1/orgs/${organisation.id}/staff`, { data: { name: m.name, email: person.email, role: m.role } }))
    const link = new URL(linkIn(await waitForMail(person.email, new RegExp(orgName), invitedAt - 1000), '/invite'), baseURL)
    await ok(
      await person.api.post('/v1/auth/invite/register', {
        data: { id: link.searchParams.get('id'), token: link.searchParams.get('token'), name: m.name, password: person.password },
      }),
    )
    people.push(person)
  }
  return { owner, people, orgId: organisation.id as string, venueId: made.id as string }
}

/**
 * A time zone where it is now the middle of the day (within an hour or so of noon), for a venue whose
 * test depends on "today" not changing while it runs, or on a time earlier today having passed: a check
 * due at 00:00 being overdue, a tablet whose clock is 20 minutes slow recording on the server's day.
 * Run near midnight in the machine's own zone, such a test would otherwise see the day turn.
 */
export function middayTimeZone(now = new Date()): string {
  const zones = [
    'Pacific/Pago_Pago', 'Pacific/Honolulu', 'America/Anchorage', 'America/Los_Angeles', 'America/Denver', 'America/Chicago',
    'America/New_York', 'America/Halifax', 'America/Sao_Paulo', 'America/Noronha', 'Atlantic/Cape_Verde', 'UTC',
    'Europe/Berlin', 'Europe/Athens', 'Asia/Dubai', 'Asia/Karachi', 'Asia/Dhaka', 'Asia/Bangkok', 'Asia/Shanghai',
    'Asia/Tokyo', 'Australia/Brisbane', 'Pacific/Noumea', 'Pacific/Auckland',
  ]
  const minutesFromNoon = (zone: string) => {
    const [hour, minute] = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .format(now)
      .split(':')
      .map(Number) as [number, number]
    return Math.abs(hour * 60 + minute - 12 * 60)
  }
  return zones.reduce((best, zone) => (minutesFromNoon(zone) < minutesFromNoon(best) ? zone : best))
}

export const PHONE = { width: 390, height: 844 }
export const DESKTOP = { width: 1280, height: 900 }

/**
 * A page signed in as the person by cookie (or signed out: null), in the organisation and venue given
 * when any, JavaScript as the project says.
 */
export async function pageFor(browser: Browser, person: Person | null, baseURL: string, selection?: { orgId: string; venueId: string }, viewport = PHONE): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: test.info().project.use.javaScriptEnabled !== false, viewport })
  const url = new URL(baseURL)
  await context.addCookies([
    ...(person ? (await person.api.storageState()).cookies : []),
    ...(selection
      ? [
          { name: 'mise_org_id', value: selection.orgId, domain: url.hostname, path: '/' },
          { name: 'mise_venue_id', value: selection.venueId, domain: url.hostname, path: '/' },
        ]
      : []),
  ])
  return context.newPage()
}

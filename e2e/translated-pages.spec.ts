/**
 * No page shows a translation key or an unfilled `{{placeholder}}`, or an emoji that needs an emoji
 * font to be more than a box (issue #39): every page route of
 * app/routes.ts, in English and Spanish, signed out, as the owner, as a member limited to one venue and
 * as the shared tablet (with a cook's PIN in), over an organisation with something on every page. The
 * text of each page and the attributes a person reads or hears (aria-label, placeholder, title, alt,
 * button values, meta content) are checked, in the HTML the browser context gets with JavaScript off
 * (the no-js project runs this; the client renders from the same resources); one context per actor and
 * language, its cookies and language the actor's.
 */
import { request } from '@playwright/test'
import routes from '../app/routes'
import { untranslated } from '../tests/support/untranslated'
import { expect, linkIn, test, uniqueEmail, waitForMail } from './support/fixtures'
import { middayTimeZone, ok, organisationWithMembers, pageFor, type Person } from './support/setup'

interface RouteEntry {
  path?: string
  index?: boolean
  file: string
  children?: RouteEntry[]
}

/** The URL patterns of the page routes (a module rendering a page: `.tsx`), layouts flattened. */
function pagePatterns(entries: readonly RouteEntry[], parent = ''): string[] {
  return entries.flatMap((r) => {
    const here = r.path ? `${parent}/${r.path}`.replace(/\/+/g, '/') : parent
    const own = (r.path || r.index) && r.file.endsWith('.tsx') ? [here || '/'] : []
    return [...own, ...pagePatterns(r.children ?? [], here)]
  })
}

const PUBLIC = ['/login', '/register', '/forgot-password', '/reset-password', '/invite', '/device-login', '/contact', '/early-access', '/supplier/orders/:orderId', '/unsubscribe']

type Actor = 'signed out' | 'owner' | 'venue-limited member' | 'tablet'

/** The text a person reads on the page and the attributes they read or hear, from the server's HTML. */
function readable(html: string): string[] {
  const body = html.replace(/<script\b[\s\S]*?<\/script>/gi, ' ').replace(/<style\b[\s\S]*?<\/style>/gi, ' ')
  const attributes = [...body.matchAll(/\s(?:aria-label|aria-description|placeholder|title|alt|value|content|label)="([^"]*)"/gi)].map((m) => m[1]!)
  const text = body.replace(/<[^>]*>/g, '\n')
  return [...text.split('\n'), ...attributes].map(decode).map((s) => s.trim()).filter(Boolean)
}

function decode(s: string): string {
  return s
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
}

test('no page shows a translation key, a {{placeholder}} or an emoji, in English or Spanish, to anyone', async ({ browser, baseURL }) => {
  test.setTimeout(170_000)
  const base = baseURL!
  const tag = Math.random().toString(36).slice(2, 7)
  const org = await organisationWithMembers(base, [{ name: 'Bea Basic', role: 'BASIC' }], `Sweep ${tag}`, `Quay ${tag}`, { timeZone: middayTimeZone() })
  const { owner, orgId, venueId } = org
  const basic = org.people[0]!
  const v1 = `/v1/orgs/${orgId}`
  const post = async (path: string, data: object) => ok(await owner.api.post(`${v1}${path}`, { data }))

  // A second venue the member may not use.
  const { venue: annex } = await post('/venues', { name: `Annex ${tag}` })
  const { staff } = await ok(await owner.api.get(`${v1}/staff`))
  const member = (staff as { id: string; email: string | null }[]).find((m) => m.email === basic.email)!
  await ok(await owner.api.put(`${v1}/staff/${member.id}`, { data: { venueIds: [venueId] } }))
  // A PIN-only cook (the tablet's person) and an invitation not yet taken.
  const pin = String(1000 + Math.floor(Math.random() * 9000))
  await post('/staff', { name: 'Pablo Pin', role: 'BASIC', pin })
  const invitee = uniqueEmail('invitee')
  const invitedAt = Date.now()
  const { member: invited } = await post('/staff', { name: 'Ivan Invited', email: invitee, role: 'ADMIN' })
  const inviteLink = linkIn(await waitForMail(invitee, new RegExp(`Sweep ${tag}`), invitedAt - 1000), '/invite')

  const { checklist } = await post('/checklists', { name: `Opening ${tag}` })
  await post(`/checklists/${checklist.id}/items`, { label: 'Fridge door shut', type: 'check' })
  const { temperature } = await post('/temperatures', { name: `Fridges ${tag}`, checksPerDay: 1 })
  await post(`/temperatures/${temperature.id}/items`, { label: 'Walk-in', kind: 'fridge' })
  const { categories } = await ok(await owner.api.get(`${v1}/contact-categories`))
  const supplierEmail = uniqueEmail('supplier')
  const { contact } = await post('/contacts', { name: `Green Valley ${tag}`, email: supplierEmail, phone: '+34 911 23 45 67', categoryId: categories.find((c: { supplier: boolean }) => c.supplier).id })
  const { products } = await ok(
    await owner.api.put(`${v1}/contacts/${contact.id}/products`, { data: { products: [{ name: 'Tomatoes', unit: 'kg', code: 'TOM-1', parLevels: [{ venueId, par: 10 }] }] } }),
  )
  const { recipe } = await post('/recipes', {
    name: `Lemon posset ${tag}`,
    portions: 4,
    ingredients: [{ type: 'ingredient', quantity: 500, unit: 'ml', name: 'Double cream' }],
    steps: ['Boil the cream.'],
    allergens: { milk: 'contains' },
    confirmAllergens: true,
  })
  const deliveryDate = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10)
  const { order } = await post(`/venues/${venueId}/orders`, { supplierId: contact.id, deliveryDate, lines: [{ productId: products[0].id, quantity: 6 }] })
  const sentAt = Date.now()
  await post(`/orders/${order.id}/send`, {})
  const supplierLink = linkIn(await waitForMail(supplierEmail, /Order from/, sentAt - 1000), `/supplier/orders/${order.id}`)
  const { device } = await post('/devices', { name: `Wall tablet ${tag}`, venueId })
  // The tablet: signed in with its link by cookie, a cook's PIN in.
  const tablet: Person = { name: device.name, email: '', password: '', api: await request.newContext({ baseURL: base }) }
  const { url: deviceLink } = await post(`/devices/${device.id}/login/generate`, {})
  const pairing = new URL(deviceLink).searchParams
  await ok(await tablet.api.post('/v1/auth/device/login', { data: { id: pairing.get('id'), token: pairing.get('token') } }))
  await ok(await tablet.api.post('/v1/auth/device/pin', { data: { pin } }))
  const resetAt = Date.now()
  await ok(await basic.api.post('/v1/auth/forgot-password', { data: { email: basic.email } }))
  const resetLink = linkIn(await waitForMail(basic.email, /password|contraseña/i, resetAt - 1000), '/reset-password')

  const params: Record<string, string> = {
    venueId: annex.id,
    staffId: invited.id,
    checklistId: checklist.id,
    temperatureId: temperature.id,
    deviceId: device.id,
    contactId: contact.id,
    recipeId: recipe.id,
    orderId: order.id,
  }
  /** Pages opened from a link carry its query; the unmatched route is any unknown address. */
  const links: Record<string, string> = {
    '/reset-password': resetLink,
    '/invite': inviteLink,
    // Its own link would pair the signed-out browser (then a tablet for the pages after): a spoilt one.
    // A fresh link: opening it only shows what it would sign in (ADR 082).
    '/device-login': new URL((await post(`/devices/${device.id}/login/generate`, {})).url).search,
    '/*': '/no-such-page',
    '/supplier/orders/:orderId': supplierLink,
    '/unsubscribe': '/unsubscribe?token=not-a-token',
  }
  const patterns = pagePatterns(routes as unknown as RouteEntry[])
  const urlOf = (pattern: string) => {
    const link = links[pattern]
    if (link) return link.startsWith('?') ? `${pattern}${link}` : link
    return pattern.replace(/:(\w+)/g, (_, name: string) => params[name] ?? `unknown-${name}`)
  }

  const actors: Array<{ actor: Actor; person: Person | null; pages: string[] }> = [
    { actor: 'signed out', person: null, pages: patterns },
    // A person opening an invitation, a tablet's link (asked to confirm first) or a public form.
    { actor: 'owner', person: owner, pages: patterns.filter((p) => !PUBLIC.includes(p) || ['/invite', '/device-login', '/contact'].includes(p)) },
    { actor: 'venue-limited member', person: basic, pages: patterns.filter((p) => !PUBLIC.includes(p)) },
    { actor: 'tablet', person: tablet, pages: patterns.filter((p) => !PUBLIC.includes(p)) },
  ]
  const findings: string[] = []
  const rendered = new Set<string>()
  let contacts = ''
  for (const language of ['en', 'es'] as const) {
    for (const { actor, person, pages } of actors) {
      if (person && actor !== 'tablet') await ok(await person.api.put('/v1/profile', { data: { locale: language } }))
      // Signed in by cookie (the shared fixture), the language chosen by cookie too.
      const context = (await pageFor(browser, person, base, person ? { orgId, venueId } : undefined)).context()
      await context.addCookies([{ name: 'mise_lng', value: language, domain: new URL(base).hostname, path: '/' }])
      // The pages the browser would show, as it gets them with JavaScript off; a redirect is followed
      // once per context (every people's page sends the signed-out browser to the same /login).
      const read = new Set<string>()
      try {
        for (const pattern of pages) {
          let url = urlOf(pattern)
          for (let hop = 0; hop < 5; hop++) {
            const response = await context.request.get(url, { maxRedirects: 0 })
            // A page that is no one's to see still answers with the whole shell, in the right language.
            expect(response.status(), `${language} ${actor} ${url}`).toBeLessThan(500)
            if (response.status() >= 300 && response.status() < 400) {
              const next = new URL(response.headers().location!, base)
              if (read.has(next.pathname)) break
              url = next.pathname + next.search
              continue
            }
            read.add(new URL(url, base).pathname)
            if (hop === 0 && response.status() === (pattern === '/*' ? 404 : 200)) rendered.add(pattern)
            const html = await response.text()
            if (actor === 'owner' && language === 'en' && pattern === '/contacts') contacts = html
            expect(html, `${language} ${actor} ${url}: <html lang>`).toContain(`<html lang="${language}"`)
            for (const text of readable(html)) {
              for (const found of untranslated(text)) findings.push(`${language} ${actor} ${urlOf(pattern)} → ${url}: ${found}`)
              // An emoji is an empty box on a tablet without an emoji font: icons are drawn (SVG) instead.
              const emoji = text.match(/\p{Emoji_Presentation}/u)
              if (emoji) findings.push(`${language} ${actor} ${urlOf(pattern)} → ${url}: emoji ${emoji[0]} in "${text}"`)
            }
            break
          }
        }
      } finally {
        await context.close()
      }
    }
  }
  expect(findings, 'raw keys, placeholders or emoji on pages').toEqual([])
  // The contact's phone button: a drawn icon, named by its text.
  expect(contacts).toMatch(/<a href="tel:[^"]+"[^>]*><svg aria-hidden="true" focusable="false"[^>]*data-icon="phone"/)
  expect(contacts).toContain(`Call Green Valley ${tag}:`)
  // Every page route was shown (200) to someone.
  expect(patterns.filter((p) => !rendered.has(p))).toEqual([])
  // The sweep did see the pages it is about (the staff pages of issue #39, and a venue's).
  expect(patterns).toEqual(expect.arrayContaining(['/settings/staff', '/settings/staff/invite', '/settings/staff/:staffId', '/checklists/:checklistId', '/recipes/:recipeId']))
})

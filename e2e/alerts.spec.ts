/**
 * Alerts (issue #14), JavaScript on and off, at 390 and 1280 px: a check overdue since this morning
 * produces a real e-mail (on the alerts spec's own server, which scans every second) whose link opens the checklist in the
 * right organisation and venue; the alert is listed on the venue home; the unsubscribe link works
 * without signing in; the settings page and the profile's section save, refuse bad input keeping it.
 */
import { request } from '@playwright/test'
import { expect, expectAccessible, expectToast, linkIn, test, waitForMail } from './support/fixtures'
import { ALERTS_PORT } from './support/ports'
import { DESKTOP, middayTimeZone, ok, organisationWithMembers, pageFor, PHONE, type Person } from './support/setup'

// The server whose alert scan runs every second (e2e/support/serve.ts).
test.use({ baseURL: `http://localhost:${ALERTS_PORT}` })

for (const viewport of [PHONE, DESKTOP]) {
  test(`an overdue check e-mails the managers a link to fix it; unsubscribe without signing in (${viewport.width} px)`, async ({ browser, baseURL }) => {
    test.setTimeout(180_000)
    const tag = Math.random().toString(36).slice(2, 7)
    const started = Date.now()
    // The venue's clock at midday: a check due at 00:00 is hours overdue whenever the spec runs.
    const { owner, people, orgId, venueId } = await organisationWithMembers(baseURL!, [{ name: 'Ana Admin', role: 'ADMIN' }], `Alerts ${tag}`, 'Harbour', {
      timeZone: middayTimeZone(),
    })
    const [admin] = people as [Person]
    const org = `/v1/orgs/${orgId}`
    // The daily summary at midnight (venue time), so it too is due by now.
    await ok(await owner.api.put(`${org}/alert-settings`, { data: { digestTime: '00:00' } }))
    // Due at midnight: by now (the server's real clock) more than the default 30 minutes overdue.
    const { checklist } = await ok(await owner.api.post(`${org}/checklists`, { data: { name: `Opening ${tag}`, dueTime: '00:00', venueIds: [venueId] } }))
    await ok(await owner.api.post(`${org}/checklists/${checklist.id}/items`, { data: { label: 'Ovens on', type: 'check' } }))

    const mail = await waitForMail(admin.email, new RegExp(`Overdue: Opening ${tag} at Harbour`), started, 30_000)
    expect(mail.text).toContain('was due at 00:00')
    const open = linkIn(mail, '/alerts/open')

    // The admin, with no organisation or venue chosen in this browser, follows the link.
    const page = await pageFor(browser, admin, baseURL!, undefined, viewport)
    await page.goto(open)
    await expect(page).toHaveURL(new RegExp(`/checklists/${checklist.id}\\?date=\\d{4}-\\d{2}-\\d{2}$`))
    await expect(page.getByRole('heading', { level: 1, name: `Opening ${tag}` })).toBeVisible()
    await expectAccessible(page)

    // The venue home lists it among recent alerts, linking to the same page.
    await page.goto('/')
    const recent = page.getByRole('region', { name: 'Recent alerts' })
    const link = recent.getByRole('link', { name: new RegExp(`Overdue: Opening ${tag} \\(due 00:00`) })
    await expect(link).toHaveAttribute('href', new RegExp(`/checklists/${checklist.id}\\?date=`))
    await expect(recent.getByRole('listitem').filter({ hasText: `Overdue: Opening ${tag}` }).getByText(/e-mailed to 2 people/)).toBeVisible()
    await expectAccessible(page)
    await page.context().close()

    // Unsubscribe from the e-mail's link in a browser that is signed out: a GET asks, the POST stops it.
    const stranger = await pageFor(browser, null, baseURL!, undefined, viewport)
    await stranger.goto(linkIn(mail, '/unsubscribe'))
    await expect(stranger.getByRole('heading', { level: 1, name: 'Stop these e-mails?' })).toBeVisible()
    await expect(stranger.getByText(`You will no longer get e-mails about overdue checks from Alerts ${tag}.`)).toBeVisible()
    await expectAccessible(stranger)
    await stranger.getByRole('button', { name: 'Unsubscribe' }).click()
    await expect(stranger.getByRole('heading', { level: 1, name: 'You are unsubscribed' })).toBeVisible()
    await expect(stranger.getByText(`No more e-mails about overdue checks from Alerts ${tag}.`)).toBeVisible()
    await expectAccessible(stranger)
    const prefs = await ok(await admin.api.get(`${org}/alert-preferences`))
    expect(prefs.preferences).toMatchObject({ overdue: false, failures: true, digest: true })
    // A tampered link says so.
    await stranger.goto(`/unsubscribe?token=${encodeURIComponent(`${linkIn(mail, '/unsubscribe').split('token=')[1]}x`)}`)
    await expect(stranger.getByRole('heading', { level: 1, name: 'This unsubscribe link is not valid' })).toBeVisible()
    await stranger.context().close()

    // A mail client's one-click unsubscribe (RFC 8058): a POST to the List-Unsubscribe address, no session, no Origin.
    const digest = await waitForMail(admin.email, /Harbour: summary of/, started, 30_000)
    const client = await request.newContext({ baseURL })
    const oneClick = await client.post(linkIn(digest, '/unsubscribe'), { form: { 'List-Unsubscribe': 'One-Click' } })
    expect(oneClick.status()).toBe(200)
    await client.dispose()
    expect((await ok(await admin.api.get(`${org}/alert-preferences`))).preferences).toMatchObject({ overdue: false, failures: true, digest: false })
  })

  test(`the alert settings page and the profile's alerts save, and keep refused input (${viewport.width} px)`, async ({ browser, baseURL }) => {
    test.setTimeout(180_000)
    const tag = Math.random().toString(36).slice(2, 7)
    const { owner, people, orgId, venueId } = await organisationWithMembers(baseURL!, [{ name: 'Bo Basic', role: 'BASIC' }], `Settings ${tag}`, 'Harbour')
    const [basic] = people as [Person]
    const page = await pageFor(browser, owner, baseURL!, { orgId, venueId }, viewport)
    await page.goto('/settings')
    await page.getByRole('link', { name: 'Alerts' }).first().click()
    await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible()
    await expect(page.getByLabel('Minutes after the due time')).toHaveValue('30')
    await expectAccessible(page)

    // Quiet hours need both ends: refused, what was typed is kept.
    await page.getByLabel('Minutes after the due time').fill('45')
    await page.getByLabel('From').fill('22:00')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('Give both a start and an end (HH:mm), and not the same time')).toBeVisible()
    await expect(page.getByLabel('Minutes after the due time')).toHaveValue('45')
    await expect(page.getByLabel('From')).toHaveValue('22:00')
    await expectAccessible(page)

    await page.getByLabel('Until').fill('06:00')
    await page.getByLabel('A daily summary per venue').uncheck()
    await page.getByLabel('Bo Basic').check()
    await page.getByRole('button', { name: 'Save' }).click()
    await expectToast(page, 'Alert settings saved')
    await page.reload()
    await expect(page.getByLabel('Minutes after the due time')).toHaveValue('45')
    await expect(page.getByLabel('Until')).toHaveValue('06:00')
    await expect(page.getByLabel('A daily summary per venue')).not.toBeChecked()
    await expect(page.getByLabel('Bo Basic')).toBeChecked()
    const saved = await ok(await owner.api.get(`/v1/orgs/${orgId}/alert-settings`))
    expect(saved.settings).toMatchObject({ overdueDelayMinutes: 45, quietStart: '22:00', quietEnd: '06:00', digest: false, recipientIds: [expect.any(String)] })
    await page.context().close()

    // A member's own choices, in their profile.
    const own = await pageFor(browser, basic, baseURL!, { orgId, venueId }, viewport)
    await own.goto('/profile')
    const section = own.getByRole('region', { name: `Alerts from Settings ${tag}` })
    await expect(section).toBeVisible()
    await section.getByLabel('A failed item or out-of-range reading stays unresolved').uncheck()
    await section.getByLabel('From').fill('20:00')
    await section.getByLabel('Until').fill('08:00')
    await section.getByRole('button', { name: 'Save' }).click()
    await expectToast(own, `Your alerts from Settings ${tag} are saved`)
    await own.reload()
    await expect(own.getByRole('region', { name: `Alerts from Settings ${tag}` }).getByLabel('A failed item or out-of-range reading stays unresolved')).not.toBeChecked()
    await expectAccessible(own)
    const mine = await ok(await basic.api.get(`/v1/orgs/${orgId}/alert-preferences`))
    expect(mine.preferences).toEqual({ overdue: true, failures: false, digest: true, quietStart: '20:00', quietEnd: '08:00' })
    await own.context().close()
  })
}

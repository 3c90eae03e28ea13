/**
 * A reading field on a kitchen's phone (issue #39): a saved reading leaves the field empty (a second
 * tap must not record it again), and a freezer's reading below zero can be typed on a decimal pad with
 * no minus key (ADR 083). JavaScript on and off.
 */
import type { Browser } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { middayTimeZone, ok, organisationWithMembers, pageFor } from './support/setup'

async function freezerAndFridge(browser: Browser, baseURL: string) {
  const tag = Math.random().toString(36).slice(2, 7)
  const org = await organisationWithMembers(baseURL, [{ name: 'Ana Admin', role: 'ADMIN' }], `Pass ${tag}`, `Dock ${tag}`, { timeZone: middayTimeZone() })
  const admin = org.people[0]!
  const { temperature } = await ok(await admin.api.post(`/v1/orgs/${org.orgId}/temperatures`, { data: { name: `Cold ${tag}`, checksPerDay: 1 } }))
  for (const [label, kind] of [
    ['Walk-in fridge', 'fridge'],
    ['Chest freezer', 'freezer'],
  ]) {
    await ok(await admin.api.post(`/v1/orgs/${org.orgId}/temperatures/${temperature.id}/items`, { data: { label, kind } }))
  }
  /** Each unit's readings of the day, as the server holds them. */
  const readings = async () => {
    const day = await ok(await admin.api.get(`/v1/orgs/${org.orgId}/venues/${org.venueId}/temperature-entries`))
    const entryId = (day.temperatures as { id: string; entryId: string }[]).find((l) => l.id === temperature.id)!.entryId
    const log = await ok(await admin.api.get(`/v1/orgs/${org.orgId}/temperature-entries/${entryId}`))
    return (log.items as { checks: { record: { value: string } | null; history: { value: string }[] }[] }[]).map((i) =>
      i.checks.flatMap((c) => [c.record, ...c.history].filter((r): r is { value: string } => Boolean(r)).map((r) => r.value)),
    )
  }
  const page = await pageFor(browser, admin, baseURL, { orgId: org.orgId, venueId: org.venueId })
  return { page, path: `/temperatures/${temperature.id}`, readings }
}

test('a saved out-of-range reading leaves the re-check field empty: one tap records it once', async ({ browser, baseURL }) => {
  const { page, path, readings } = await freezerAndFridge(browser, baseURL!)
  await page.goto(path)
  await page.getByRole('textbox', { name: /^Reading \(°C\) — Walk-in fridge/ }).fill('58')
  await page.getByRole('button', { name: /^Save reading\s*: Walk-in fridge/ }).click()
  const recheck = page.getByRole('textbox', { name: /^Re-check reading \(°C\) — Walk-in fridge/ })
  await expect(recheck).toBeVisible()
  await expect(recheck).toHaveValue('')
  // Tapped again at once: the empty field is refused by the browser, nothing more is recorded.
  await page.getByRole('button', { name: /^Save re-check\s*: Walk-in fridge/ }).click()
  await expect(recheck).toHaveValue('')
  expect(await readings()).toEqual([['58'], []])
  await page.context().close()
})

test('a freezer at −18 °C: a minus sign can be typed and is saved', async ({ browser, baseURL }) => {
  const { page, path, readings } = await freezerAndFridge(browser, baseURL!)
  const js = test.info().project.use.javaScriptEnabled !== false
  await page.goto(path)
  const field = page.getByRole('textbox', { name: /^Reading \(°C\) — Chest freezer/ })
  const sign = page.getByRole('button', { name: /^Switch minus or plus: Chest freezer/ })
  if (js) {
    // The decimal pad (no minus key on many phones) and a switch beside it.
    await expect(field).toHaveAttribute('inputmode', 'decimal')
    await field.fill('18')
    await sign.click()
    await expect(field).toHaveValue('-18')
    await sign.click()
    await expect(field).toHaveValue('18')
    await sign.click()
  } else {
    // Without JavaScript no switch: the keyboard that has a minus sign.
    await expect(field).toHaveAttribute('inputmode', 'text')
    await expect(sign).toHaveCount(0)
    await field.fill('-18')
  }
  await page.getByRole('button', { name: /^Save reading\s*: Chest freezer/ }).click()
  await expect(page.getByText(/^-18(\.0)? °C$/).first()).toBeVisible()
  expect(await readings()).toEqual([[], ['-18']])
  await page.context().close()
})

test('a checklist reading below zero: typed with the switch (or the number keyboard without JavaScript) and saved', async ({ browser, baseURL }) => {
  const tag = Math.random().toString(36).slice(2, 7)
  const org = await organisationWithMembers(baseURL!, [{ name: 'Ana Admin', role: 'ADMIN' }], `Probe ${tag}`, `Quay ${tag}`, { timeZone: middayTimeZone() })
  const admin = org.people[0]!
  const { checklist } = await ok(await admin.api.post(`/v1/orgs/${org.orgId}/checklists`, { data: { name: `Freezers ${tag}` } }))
  await ok(await admin.api.post(`/v1/orgs/${org.orgId}/checklists/${checklist.id}/items`, { data: { label: 'Freezer probe', type: 'number' } }))
  const page = await pageFor(browser, admin, baseURL!, { orgId: org.orgId, venueId: org.venueId })
  await page.goto(`/checklists/${checklist.id}`)
  const field = page.getByRole('spinbutton', { name: 'Reading' })
  if (test.info().project.use.javaScriptEnabled !== false) {
    await field.fill('18')
    await page.getByRole('button', { name: 'Switch minus or plus: Freezer probe' }).click()
    await expect(field).toHaveValue('-18')
  } else {
    await expect(field).not.toHaveAttribute('inputmode', 'decimal')
    await field.fill('-18')
  }
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0)
  // With JavaScript the form gives way while the record is on its way: the server has it once it answers.
  const values = async () => {
    const entry = await ok(await admin.api.get(`/v1/orgs/${org.orgId}/checklist-entries/${checklist.id}?venueId=${org.venueId}`))
    return entry.items.map((i: { record: { value: string } | null }) => i.record?.value)
  }
  await expect.poll(values).toEqual(['-18'])
  await page.context().close()
})

/**
 * Issue #16, "checklist features people expect", on a 390 px phone, JavaScript on and off: a
 * multiple-choice item and a number with a unit built in the item editor, an item that needs a note
 * and one that needs a photo when it fails, recorded on the day page.
 */
import type { APIRequestContext } from '@playwright/test'
import { expect, expectAccessible, test, expectToast } from './support/fixtures'
import { organisationWithMembers } from './support/setup'

const PHONE = { width: 390, height: 844 }
const js = () => test.info().project.use.javaScriptEnabled !== false
// A 1×1 PNG: the upload is judged by its bytes.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64')

async function ok(res: Awaited<ReturnType<APIRequestContext['get']>>) {
  if (!res.ok()) throw new Error(`${res.url()} → ${res.status()} ${await res.text()}`)
  return (res.status() === 204 ? null : await res.json()) as any
}

test('multiple choice and a number with a unit, with a note or a photo required when they fail', async ({ browser, baseURL }) => {
  test.setTimeout(180_000)
  const tag = Math.random().toString(36).slice(2, 7)
  const org = await organisationWithMembers(baseURL!, [{ name: 'Ana Admin', role: 'ADMIN' }], `Bistro ${tag}`, `Harbour ${tag}`)
  const name = `Closing ${tag}`
  const { checklist } = await ok(await org.owner.api.post(`/v1/orgs/${org.orgId}/checklists`, { data: { name } }))

  const context = await browser.newContext({ storageState: await org.people[0]!.api.storageState(), viewport: PHONE, javaScriptEnabled: js() })
  const page = await context.newPage()

  // The item editor: a choice with a failing answer that needs a note.
  await page.goto(`/settings/checklists/${checklist.id}`)
  const add = page.getByRole('region', { name: 'Add an item' })
  await add.getByRole('textbox', { name: 'Label' }).fill('Hand-wash basin')
  await add.getByRole('combobox', { name: 'Type' }).selectOption('choice')
  await add.getByRole('textbox', { name: 'Answer 1', exact: true }).fill('Clean')
  await add.getByRole('textbox', { name: 'Answer 2', exact: true }).fill('Dirty')
  await add.getByRole('checkbox', { name: 'Answer 2 fails' }).check()
  await add.getByRole('checkbox', { name: 'A note is required' }).check()
  await expectAccessible(page)
  await add.getByRole('button', { name: 'Add item' }).click()
  await expectToast(page, 'Item Hand-wash basin added')
  const items = page.getByRole('list', { name: 'Items, in order' })
  await expect(items.getByText('Answers: Clean · Dirty — Failing: Dirty')).toBeVisible()
  await expect(items.getByText('Note when failing')).toBeVisible()

  // A number with a unit that needs a photo when out of range; a missing unit is refused, what was typed kept.
  await add.getByRole('textbox', { name: 'Label' }).fill('Sanitiser')
  await add.getByRole('combobox', { name: 'Type' }).selectOption('measure')
  await add.getByRole('spinbutton', { name: 'Minimum' }).fill('50')
  await add.getByRole('spinbutton', { name: 'Maximum' }).fill('200')
  await add.getByRole('checkbox', { name: 'A photo is required' }).check()
  await add.getByRole('button', { name: 'Add item' }).click()
  await expect(add.getByText('Choose the unit this number is read in')).toBeVisible()
  await expect(add.getByRole('textbox', { name: 'Label' })).toHaveValue('Sanitiser')
  await add.getByRole('combobox', { name: 'Unit' }).selectOption('ppm')
  await add.getByRole('button', { name: 'Add item' }).click()
  await expectToast(page, 'Item Sanitiser added')
  await expect(items.getByText('In ppm')).toBeVisible()
  await expect(items.getByText('From 50 to 200')).toBeVisible()
  await expectAccessible(page)

  // The day: the failing answer without a note is refused; with one, saved as failed.
  await page.goto(`/checklists/${checklist.id}`)
  const item = (label: string) => page.getByRole('listitem', { name: label })
  const basin = item('Hand-wash basin')
  await expect(basin.getByText('Failing answers: Dirty')).toBeVisible()
  await expect(basin.getByText('Required if it fails: say what is wrong.')).toBeVisible()
  await expectAccessible(page)
  await basin.getByRole('button', { name: 'Dirty' }).click()
  await expect(basin.getByText('This item needs a note when it fails: say what is wrong')).toBeVisible()
  await basin.getByRole('textbox', { name: 'Note' }).fill('Soap ran out')
  await basin.getByRole('button', { name: 'Dirty' }).click()
  await expectToast(page, 'Saved as failed: Hand-wash basin')
  await expect(basin.getByText('Answer: Dirty')).toBeVisible()

  // The reading out of range without a photo is refused; with one, saved with its unit.
  const sanitiser = item('Sanitiser')
  await sanitiser.getByRole('spinbutton', { name: 'Reading (ppm)' }).fill('20')
  await sanitiser.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(sanitiser.getByText('This item needs a photo when it fails')).toBeVisible()
  await sanitiser.getByRole('spinbutton', { name: 'Reading (ppm)' }).fill('20')
  await sanitiser.getByLabel('Photo (required if it fails)').setInputFiles({ name: 'basin.png', mimeType: 'image/png', buffer: PNG })
  await sanitiser.getByRole('button', { name: 'Save', exact: true }).click()
  await expectToast(page, 'Saved as failed: Sanitiser')
  await expect(sanitiser.getByText(/Reading:\s*20\s*ppm/)).toBeVisible()
  await expect(sanitiser.getByRole('img', { name: 'Photo for Sanitiser' })).toBeVisible()
  await expectAccessible(page)
  await context.close()
})

test('a checklist due at 08:00 and 14:00: each check recorded apart; dates of the month set in the editor', async ({ browser, baseURL }) => {
  test.setTimeout(180_000)
  const tag = Math.random().toString(36).slice(2, 7)
  const org = await organisationWithMembers(baseURL!, [{ name: 'Ana Admin', role: 'ADMIN' }], `Bistro ${tag}`, `Harbour ${tag}`)
  const name = `Toilets ${tag}`
  const { checklist } = await ok(await org.owner.api.post(`/v1/orgs/${org.orgId}/checklists`, { data: { name } }))
  await ok(await org.owner.api.post(`/v1/orgs/${org.orgId}/checklists/${checklist.id}/items`, { data: { label: 'Soap refilled', type: 'check' } }))

  const context = await browser.newContext({ storageState: await org.people[0]!.api.storageState(), viewport: PHONE, javaScriptEnabled: js() })
  const page = await context.newPage()

  // The editor: dates of the month that are not numbers are refused, what was typed kept; then saved.
  await page.goto(`/settings/checklists/${checklist.id}`)
  const details = page.getByRole('region', { name: 'Details' })
  await details.getByRole('textbox', { name: 'Dates of the month (optional)' }).fill('1, fifteen')
  await details.getByRole('button', { name: 'Save' }).click()
  await expect(details.getByText('Choose dates from 1 to 31, each once')).toBeVisible()
  await expect(details.getByRole('textbox', { name: 'Dates of the month (optional)' })).toHaveValue('1, fifteen')
  await details.getByRole('textbox', { name: 'Dates of the month (optional)' }).fill('15, 1')
  await details.getByRole('combobox', { name: 'Checks a day' }).selectOption('2')
  await details.getByLabel('Check 1', { exact: true }).fill('08:00')
  await details.getByLabel('Check 2', { exact: true }).fill('14:00')
  await expectAccessible(page)
  await details.getByRole('button', { name: 'Save' }).click()
  await expectToast(page, `Checklist ${name} saved`)
  await page.goto('/settings/checklists')
  await expect(page.getByRole('listitem').filter({ hasText: name }).getByText('Dates of the month: 1, 15')).toBeVisible()
  // Back to every day (no dates), so it is due today.
  await page.goto(`/settings/checklists/${checklist.id}`)
  await expect(details.getByLabel('Check 2', { exact: true })).toHaveValue('14:00')
  await details.getByRole('textbox', { name: 'Dates of the month (optional)' }).fill('')
  await details.getByRole('button', { name: 'Save' }).click()
  await expectToast(page, `Checklist ${name} saved`)

  // The day: two checks, each recorded apart.
  await page.goto('/checklists')
  const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name }) })
  await expect(card.getByText('2 checks a day')).toBeVisible()
  await expect(card.getByText('0 of 2 done')).toBeVisible()
  await card.getByRole('link', { name }).click()
  const checks = page.getByRole('navigation', { name: 'Checks of the day' })
  await expect(checks.getByRole('link', { name: /Check 1 · 08:00/ })).toHaveAttribute('aria-current', 'page')
  await expectAccessible(page)
  const soap = page.getByRole('listitem', { name: 'Soap refilled' })
  await soap.getByRole('button', { name: 'Done' }).click()
  await expectToast(page, 'Saved: Soap refilled')
  await expect(checks.getByRole('link', { name: /Check 1 · 08:00\s*Complete/ })).toBeVisible()
  await expect(page.getByText('1 of 2 done')).toBeVisible()
  await checks.getByRole('link', { name: /Check 2 · 14:00/ }).click()
  await expect(checks.getByRole('link', { name: /Check 2 · 14:00/ })).toHaveAttribute('aria-current', 'page')
  await expect(soap.getByRole('button', { name: 'Done' })).toBeVisible()
  await soap.getByRole('button', { name: 'Done' }).click()
  await expectToast(page, 'Saved: Soap refilled')
  await expect(page.getByText('2 of 2 done')).toBeVisible()
  await expect(checks.getByRole('link', { name: /Check 2 · 14:00\s*Complete/ })).toHaveAttribute('aria-current', 'page')
  await expectAccessible(page)
  await context.close()
})

test('a checklist that needs a manager’s sign-off: a basic member completes it, only an admin signs it off, shown with who and when', async ({ browser, baseURL }) => {
  test.setTimeout(180_000)
  const tag = Math.random().toString(36).slice(2, 7)
  const org = await organisationWithMembers(
    baseURL!,
    [
      { name: 'Ana Admin', role: 'ADMIN' },
      { name: 'Bea Basic', role: 'BASIC' },
    ],
    `Bistro ${tag}`,
    `Harbour ${tag}`,
  )
  const name = `Closing ${tag}`
  const { checklist } = await ok(await org.owner.api.post(`/v1/orgs/${org.orgId}/checklists`, { data: { name } }))
  await ok(await org.owner.api.post(`/v1/orgs/${org.orgId}/checklists/${checklist.id}/items`, { data: { label: 'Gas off', type: 'check' } }))

  const admin = await browser.newContext({ storageState: await org.people[0]!.api.storageState(), viewport: PHONE, javaScriptEnabled: js() })
  const adminPage = await admin.newPage()
  // The editor: the checklist asks for a sign-off.
  await adminPage.goto(`/settings/checklists/${checklist.id}`)
  const details = adminPage.getByRole('region', { name: 'Details' })
  await details.getByRole('checkbox', { name: "Requires a manager's sign-off" }).check()
  await details.getByRole('button', { name: 'Save' }).click()
  await expectToast(adminPage, `Checklist ${name} saved`)

  // A basic member completes it and may not sign off.
  const basic = await browser.newContext({ storageState: await org.people[1]!.api.storageState(), viewport: PHONE, javaScriptEnabled: js() })
  const basicPage = await basic.newPage()
  await basicPage.goto(`/checklists/${checklist.id}`)
  const section = (page: typeof basicPage) => page.getByRole('region', { name: 'Manager sign-off' })
  await expect(section(basicPage).getByText('Once the checklist is complete, a manager signs it off.')).toBeVisible()
  await basicPage.getByRole('listitem', { name: 'Gas off' }).getByRole('button', { name: 'Done' }).click()
  await expectToast(basicPage, 'Saved: Gas off')
  await expect(section(basicPage).getByText("Complete: waiting for a manager's sign-off.")).toBeVisible()
  await expect(section(basicPage).getByRole('button', { name: 'Sign off' })).toHaveCount(0)
  await expectAccessible(basicPage)

  // The admin signs it off: who and when are shown.
  await adminPage.goto('/checklists')
  await expect(adminPage.getByRole('listitem').filter({ hasText: name }).getByText('Needs sign-off')).toBeVisible()
  await adminPage.goto(`/checklists/${checklist.id}`)
  await expectAccessible(adminPage)
  await section(adminPage).getByRole('button', { name: 'Sign off' }).click()
  await expectToast(adminPage, 'Checklist signed off.')
  await expect(section(adminPage).getByText('Signed off.')).toBeVisible()
  await expect(section(adminPage).getByText(/^By Ana Admin at \d{1,2}:\d\d/)).toBeVisible()
  await expect(section(adminPage).getByRole('button', { name: 'Sign off' })).toHaveCount(0)
  await basicPage.reload()
  await expect(section(basicPage).getByText(/^By Ana Admin at/)).toBeVisible()
  await admin.close()
  await basic.close()
})

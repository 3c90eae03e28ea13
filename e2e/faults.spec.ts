/**
 * Issue #16 on a 390 px phone, JavaScript on and off: one definition of progress on the day card and the
 * checklist page (optional items counted apart, their answers not required); a yes/no item that fails
 * on "yes", set in the item editor; an impossible date refused as not a date.
 */
import type { APIRequestContext } from '@playwright/test'
import { expect, expectAccessible, test, expectToast } from './support/fixtures'
import { organisationWithMembers } from './support/setup'

const PHONE = { width: 390, height: 844 }
const js = () => test.info().project.use.javaScriptEnabled !== false

async function ok(res: Awaited<ReturnType<APIRequestContext['get']>>) {
  if (!res.ok()) throw new Error(`${res.url()} → ${res.status()} ${await res.text()}`)
  return (res.status() === 204 ? null : await res.json()) as any
}

test('progress counts required items, optional ones apart; a yes/no that fails on "yes"; impossible dates are not dates', async ({ browser, baseURL }) => {
  test.setTimeout(180_000)
  const tag = Math.random().toString(36).slice(2, 7)
  const org = await organisationWithMembers(baseURL!, [{ name: 'Ana Admin', role: 'ADMIN' }], `Bistro ${tag}`, `Harbour ${tag}`)
  const name = `Opening ${tag}`
  const { checklist } = await ok(await org.owner.api.post(`/v1/orgs/${org.orgId}/checklists`, { data: { name } }))
  const items = `/v1/orgs/${org.orgId}/checklists/${checklist.id}/items`
  await ok(await org.owner.api.post(items, { data: { label: 'Lights on', type: 'check' } }))
  await ok(await org.owner.api.post(items, { data: { label: 'Anything else', type: 'text', required: false } }))

  const context = await browser.newContext({ storageState: await org.people[0]!.api.storageState(), viewport: PHONE, javaScriptEnabled: js() })
  const page = await context.newPage()

  // The item editor: "Any pests seen?" fails on "yes".
  await page.goto(`/settings/checklists/${checklist.id}`)
  const add = page.getByRole('region', { name: 'Add an item' })
  await add.getByRole('textbox', { name: 'Label' }).fill('Any pests seen?')
  await add.getByRole('combobox', { name: 'Type' }).selectOption('yes_no')
  await add.getByRole('combobox', { name: 'Which answer fails' }).selectOption('yes')
  await expectAccessible(page)
  await add.getByRole('button', { name: 'Add item' }).click()
  await expectToast(page, 'Item Any pests seen? added')
  await expect(page.getByText('“Yes” fails')).toBeVisible()
  // A tick item sends no failing answer, even without JavaScript where the field is always on the form.
  await add.getByRole('textbox', { name: 'Label' }).fill('Bins out')
  await add.getByRole('combobox', { name: 'Type' }).selectOption('check')
  await add.getByRole('button', { name: 'Add item' }).click()
  await expectToast(page, 'Item Bins out added')

  // Move up / Move down line up with the item's text (past the drag handle), side by side, one row each.
  const row = page.getByRole('list', { name: 'Items, in order' }).getByRole('listitem').filter({ hasText: 'Any pests seen?' })
  const text = await row.getByText('Any pests seen?', { exact: true }).first().boundingBox()
  const up = await row.getByRole('button', { name: /^Move up.*Any pests seen\?/ }).boundingBox()
  const down = await row.getByRole('button', { name: /^Move down.*Any pests seen\?/ }).boundingBox()
  expect(Math.abs(up!.x - text!.x)).toBeLessThanOrEqual(2)
  expect(Math.abs(up!.y - down!.y)).toBeLessThanOrEqual(1)
  expect(Math.abs(up!.width - down!.width)).toBeLessThanOrEqual(1)
  expect(up!.height).toBeGreaterThanOrEqual(44)

  // The time zone picker: common zones first, then by region, each with its country and offset.
  await page.goto('/organisations/create')
  const zone = page.getByRole('combobox', { name: 'Time zone' })
  const groups = await zone.locator('optgroup').evaluateAll((els) => els.map((el) => el.getAttribute('label')))
  expect(groups.slice(0, 2)).toEqual(['Most used', 'Africa'])
  expect(groups).toContain('Europe')
  await expect(zone.locator('optgroup').first().locator('option').first()).toHaveText(/^London · United Kingdom \(UTC[+−]0[01]:00\)$/)
  await expect(zone.locator('option[value="Asia/Tokyo"]')).toHaveText('Tokyo · Japan (UTC+09:00)')
  await expectAccessible(page)

  // The day card: three required items, the optional one apart; "left" agrees with the count.
  await page.goto('/checklists')
  const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name }) })
  await expect(card.getByText('0 of 3 done · optional: 0 of 1')).toBeVisible()
  await expect(card.getByText('3 left')).toBeVisible()
  await expectAccessible(page)

  await card.getByRole('link', { name }).click()
  const item = (label: string) => page.getByRole('listitem', { name: label })
  // An optional item's answer is not a required field.
  await expect(item('Anything else').getByRole('textbox', { name: 'Answer' })).not.toHaveAttribute('required')
  await expect(item('Anything else').getByRole('textbox', { name: 'Answer' })).toBeVisible()
  // "No" is the safe answer to "Any pests seen?": saved as done, not failed.
  await item('Any pests seen?').getByRole('button', { name: 'No' }).click()
  await expectToast(page, 'Saved: Any pests seen?')
  await item('Lights on').getByRole('button', { name: 'Done' }).click()
  await expectToast(page, 'Saved: Lights on')
  await item('Bins out').getByRole('button', { name: 'Done' }).click()
  await expectToast(page, 'Saved: Bins out')
  await expect(page.getByText('3 of 3 done · optional: 0 of 1')).toBeVisible()
  await expect(page.getByText(/^\W*Complete$/).first()).toBeVisible()
  await expectAccessible(page)
  await page.goto('/checklists')
  await expect(card.getByText('3 of 3 done · optional: 0 of 1')).toBeVisible()
  await expect(card.getByText(/^\W*Complete$/)).toBeVisible()

  // An impossible day is not a date (not "a day that has not come yet"), on every page taking one.
  for (const path of ['/checklists', `/checklists/${checklist.id}`, '/temperatures']) {
    for (const date of ['2026-02-30', '2099-02-30']) {
      await page.goto(`${path}?date=${date}`)
      await expect(page.getByRole('alert').filter({ hasText: 'That date is not valid.' })).toBeVisible()
      await expect(page.getByText(/has not come yet/)).toHaveCount(0)
    }
  }
  await expectAccessible(page)
  // A real day in the future still says so.
  await page.goto('/checklists?date=2099-01-01')
  await expect(page.getByRole('alert').filter({ hasText: 'a day that has not come yet' })).toBeVisible()
  await context.close()
})

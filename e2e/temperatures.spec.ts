import fs from 'node:fs'
import { extractText, getDocumentProxy } from 'unpdf'
import type { Browser, Page } from '@playwright/test'
import { expect, expectAccessible, test, expectToast } from './support/fixtures'
import { organisationWithMembers, type Person } from './support/setup'

test.use({ viewport: { width: 390, height: 844 } })

/** A page signed in as the person by cookie (their API session), JavaScript as the project says. */
async function pageFor(browser: Browser, person: Person): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: test.info().project.use.javaScriptEnabled !== false, viewport: { width: 390, height: 844 } })
  await context.addCookies((await person.api.storageState()).cookies)
  return context.newPage()
}

async function download(page: Page, submit: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent('download'), submit()])
  return fs.readFileSync((await file.path())!)
}

test('an admin builds a log, a basic member records, resolves and re-checks, °F everywhere, exports read back', async ({ browser, baseURL }) => {
  test.setTimeout(600_000)
  const tag = Math.random().toString(36).slice(2, 7)
  const orgName = `Grill ${tag}`
  const { owner, people, orgId } = await organisationWithMembers(baseURL!, [{ name: 'Ana Admin', role: 'ADMIN' }, { name: 'Bo Basic', role: 'BASIC' }], orgName, 'Harbour')
  const [admin, basic] = people as [Person, Person]
  const log = `Fridges ${tag}`

  // The admin builds a log with two checks a day and three units.
  const adminPage = await pageFor(browser, admin)
  await adminPage.goto('/settings/temperatures')
  await expect(adminPage.getByText('No temperature logs yet.')).toBeVisible()
  await expectAccessible(adminPage)
  await adminPage.getByRole('link', { name: 'New temperature log' }).first().click()
  await adminPage.getByRole('textbox', { name: 'Name' }).fill(log)
  await adminPage.getByRole('combobox', { name: 'Checks a day' }).selectOption('2')
  await expectAccessible(adminPage)
  await adminPage.getByRole('button', { name: 'Create log' }).click()
  await expectToast(adminPage, `Temperature log “${log}” created`)
  const add = adminPage.getByRole('region', { name: 'Add a unit' })
  for (const [label, kind] of [
    ['Walk-in fridge', 'fridge'],
    ['Chest freezer', 'freezer'],
    ['Bain-marie', 'hot_holding'],
  ] as const) {
    await add.getByRole('textbox', { name: 'Label' }).fill(label)
    await add.getByRole('combobox', { name: 'Kind' }).selectOption(kind)
    await add.getByRole('button', { name: 'Add unit' }).click()
    await expectToast(adminPage, `Unit “${label}” added`)
  }
  await expect(adminPage.getByText('0 to 5 °C', { exact: true })).toBeVisible()
  await expect(adminPage.getByText('at most -18 °C', { exact: true })).toBeVisible()
  await expectAccessible(adminPage)

  // A basic member records both checks; the fridge is out of range at the first, resolved, re-checked.
  const basicPage = await pageFor(browser, basic)
  await basicPage.goto('/temperatures')
  await expect(basicPage.getByText('Check 1 0/3 · Check 2 0/3')).toBeVisible()
  await expectAccessible(basicPage)
  await basicPage.getByRole('link', { name: log }).click()
  await expect(basicPage).toHaveURL(/\/temperatures\/[0-9a-f-]{36}\?date=/)
  const reading = (label: string, check: number) => basicPage.getByRole('textbox', { name: `Reading (°C) — ${label} · Check ${check}` })
  /** A button whose visible words are followed by the cell it acts on (read out after a colon). */
  const named = (words: string, cell: string) => new RegExp(`^${words}\\s*:\\s*${cell}$`)
  const save = (label: string, check: number) => basicPage.getByRole('button', { name: named('Save reading', `${label} · Check ${check}`) })
  const record = async (label: string, check: number, value: string, toast: RegExp) => {
    await reading(label, check).fill(value)
    await save(label, check).click()
    await expectToast(basicPage, toast)
  }
  // The decimal pad with JavaScript (and a −/+ switch beside it); without, the keyboard with a minus (ADR 083).
  await expect(reading('Walk-in fridge', 1)).toHaveAttribute('inputmode', test.info().project.use.javaScriptEnabled === false ? 'text' : 'decimal')
  await record('Walk-in fridge', 1, '8,5', /Out of range: Walk-in fridge/)
  await expect(basicPage.getByText('Needs a corrective action', { exact: true })).toBeVisible()
  await expectAccessible(basicPage)
  await basicPage.getByRole('combobox', { name: 'Corrective action — Walk-in fridge' }).selectOption('movedFood')
  await basicPage.getByRole('button', { name: named('Record corrective action', 'Walk-in fridge') }).click()
  await expectToast(basicPage, 'Corrective action recorded: Walk-in fridge')
  await basicPage.getByRole('textbox', { name: 'Re-check reading (°C) — Walk-in fridge · Check 1' }).fill('3.5')
  await basicPage.getByRole('button', { name: named('Save re-check', 'Walk-in fridge · Check 1') }).click()
  await expectToast(basicPage, 'Reading saved: Walk-in fridge')
  // The page shows one check at a time: the first not complete, then the others from the checks' links.
  const checks = basicPage.getByRole('navigation', { name: 'Checks of the day' })
  await expect(checks.getByRole('link', { name: /^Check 1\s+1 of 3 done$/ })).toHaveAttribute('aria-current', 'page')
  await expect(reading('Walk-in fridge', 2)).toHaveCount(0)
  await record('Chest freezer', 1, '-20', /Reading saved/)
  await record('Bain-marie', 1, '70', /Reading saved/)
  await checks.getByRole('link', { name: /^Check 2\s+0 of 3 done$/ }).click()
  await expect(basicPage).toHaveURL(/[?&]check=2/)
  await record('Walk-in fridge', 2, '4', /Reading saved/)
  await record('Chest freezer', 2, '-19,5', /Reading saved/)
  await record('Bain-marie', 2, '66', /Reading saved/)
  await expect(checks.getByRole('link', { name: /^Check 2\s+Complete$/ })).toHaveAttribute('aria-current', 'page')
  // Both readings of the fridge's first check stay, the failure with its corrective action.
  await checks.getByRole('link', { name: /^Check 1\s+Complete$/ }).click()
  await expect(basicPage).toHaveURL(/[?&]check=1/)
  const fridge = basicPage.locator('#cell-' + (await basicPage.locator('li[id^="unit-"]').first().getAttribute('id'))!.slice(5) + '-0')
  await expect(fridge.getByText('Re-check', { exact: true })).toBeVisible()
  await expect(fridge.getByText('Moved food to another fridge')).toBeVisible()
  await expect(fridge.getByText('8.5 °C')).toBeVisible()
  await expect(basicPage.getByRole('img', { name: 'Walk-in fridge: readings of the last 7 days' })).toBeVisible()
  await expectAccessible(basicPage)
  // The chart's values, as on a paper log sheet: a row per day, a column per check, the re-check beside the
  // reading out of range; at 320 px the table scrolls within its own region, reachable by keyboard.
  const size = basicPage.viewportSize()!
  await basicPage.setViewportSize({ width: 320, height: 640 })
  await basicPage.getByText('Show the values').first().click()
  const values = basicPage.getByRole('region', { name: 'Walk-in fridge: readings of the last 7 days' })
  await expect(values.getByRole('columnheader')).toHaveText(['Date', 'Check 1', 'Check 2'])
  await expect(values.getByRole('row')).toHaveCount(2)
  await expect(values.getByRole('cell')).toHaveText(['8.5 °C (out of range), 3.5 °C', '4.0 °C'])
  await expect(values).toHaveAttribute('tabindex', '0')
  await expectAccessible(basicPage)
  await basicPage.setViewportSize(size)
  // The 30-day chart stays chosen from one check to the other.
  await basicPage.getByRole('link', { name: '30 days' }).click()
  await expect(basicPage.getByRole('img', { name: 'Walk-in fridge: readings of the last 30 days' })).toBeVisible()
  await checks.getByRole('link', { name: /^Check 2\s+Complete$/ }).click()
  await expect(basicPage).toHaveURL(/[?&]check=2.*chart=30|chart=30.*[?&]check=2/)
  await expect(basicPage.getByRole('img', { name: 'Walk-in fridge: readings of the last 30 days' })).toBeVisible()
  await checks.getByRole('link', { name: /^Check 1\s+Complete$/ }).click()
  await expect(basicPage).toHaveURL(/[?&]check=1/)

  // The organisation switches to °F: the same readings show in °F.
  const changed = await owner.api.put(`/v1/orgs/${orgId}`, { data: { temperatureUnit: 'F' } })
  expect(changed.ok()).toBe(true)
  await basicPage.reload()
  await expect(fridge.getByText('47.3 °F')).toBeVisible()
  await expect(fridge.getByText('38.3 °F')).toBeVisible()
  await expect(basicPage.getByText('32 to 41 °F').first()).toBeVisible()

  // The admin exports CSV and PDF of the temperatures.
  await adminPage.goto('/settings/checklists#export')
  const form = adminPage.getByRole('region', { name: 'Export records' })
  await form.getByRole('combobox', { name: 'Records' }).selectOption('temperatures')
  const csv = (await download(adminPage, () => form.getByRole('button', { name: 'Download' }).click())).toString('utf8')
  expect(csv).toContain('Value (°F)')
  expect(csv).toMatch(/Walk-in fridge — check 1,47\.3,[^,]+ °F,Failed/)
  expect(csv).toContain('38.3 (re-check)')
  expect(csv).toContain('Moved food to another fridge')
  await form.getByRole('combobox', { name: 'Records' }).selectOption('temperatures')
  await form.getByRole('radio', { name: 'PDF (to print)' }).check()
  const pdf = await download(adminPage, () => form.getByRole('button', { name: 'Download' }).click())
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true })
  expect(text).toContain('Temperature records')
  expect(text).toContain('47.3')
  expect(text).toMatch(/Moved\s+food\s+to\s+another\s+fridge/)

  // In Spanish the headings are Spanish.
  const profile = await admin.api.put('/v1/profile', { data: { name: admin.name, locale: 'es' } })
  expect(profile.ok()).toBe(true)
  await adminPage.goto('/settings/temperatures')
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Registros de temperatura' })).toBeVisible()
  await adminPage.goto('/settings/checklists#export')
  const es = adminPage.getByRole('region', { name: 'Exportar registros' })
  await es.getByRole('combobox', { name: 'Registros' }).selectOption('temperatures')
  const csvEs = (await download(adminPage, () => es.getByRole('button', { name: 'Descargar' }).click())).toString('utf8')
  expect(csvEs).toContain('Valor (°F)')
  expect(csvEs).toContain('control 1')
  await expectAccessible(adminPage)
})

import fs from 'node:fs'
import { getDocumentProxy } from 'unpdf'
import type { Page } from '@playwright/test'
import { expect, expectAccessible, test, expectToast } from './support/fixtures'
import { organisationWithMembers } from './support/setup'
import { pdfText } from './support/pdf'

// A 1×1 PNG: the upload is judged by its bytes.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64')

async function login(page: Page, email: string, password: string) {
  await page.goto('/login')
  await page.getByLabel('E-mail address').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page).not.toHaveURL(/\/login/)
}

async function download(page: Page, submit: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent('download'), submit()])
  return fs.readFileSync((await file.path())!)
}

test('an admin builds a checklist, a basic member completes it, the admin exports the records', async ({ page, browser, baseURL }) => {
  test.setTimeout(300_000)
  const tag = Math.random().toString(36).slice(2, 7)
  const orgName = `Bistro ${tag}`
  const { people } = await organisationWithMembers(baseURL!, [{ name: 'Ana Admin', role: 'ADMIN' }, { name: 'Bo Basic', role: 'BASIC' }], orgName, 'Harbour')
  const [admin, basic] = people as [(typeof people)[0], (typeof people)[0]]
  const checklist = `Opening ${tag}`

  // The admin builds a checklist with all five item types.
  await login(page, admin.email, admin.password)
  await page.goto('/settings/checklists')
  await expect(page.getByText('No checklists yet.')).toBeVisible()
  await expectAccessible(page)
  await page.getByRole('link', { name: 'New checklist' }).first().click()
  await expect(page).toHaveURL(/\/settings\/checklists\/new$/)
  await expectAccessible(page)
  await page.getByRole('textbox', { name: 'Name' }).fill(checklist)
  await page.getByLabel('Due time (optional)').fill('11:00')
  await page.getByRole('button', { name: 'Create checklist' }).click()
  await expectToast(page, `Checklist ${checklist} created`)
  const items = [
    { label: 'Lights and extraction on', type: 'check' },
    { label: 'Walk-in fridge clean?', type: 'yes_no' },
    { label: 'Dishwasher rinse temperature', type: 'number', min: '82', max: '90' },
    { label: 'Notes for the shift', type: 'text' },
    { label: 'Photo of the pass', type: 'photo' },
  ]
  const add = page.getByRole('region', { name: 'Add an item' })
  for (const item of items) {
    await add.getByRole('textbox', { name: 'Label' }).fill(item.label)
    await add.getByRole('combobox', { name: 'Type' }).selectOption(item.type)
    if (item.min) {
      await add.getByRole('spinbutton', { name: 'Minimum' }).fill(item.min)
      await add.getByRole('spinbutton', { name: 'Maximum' }).fill(item.max!)
    }
    await add.getByRole('button', { name: 'Add item' }).click()
    await expectToast(page, `Item ${item.label} added`)
  }
  await expectAccessible(page)

  // The basic member completes it at the venue.
  const basicPage = await (await browser.newContext({ javaScriptEnabled: test.info().project.use.javaScriptEnabled !== false })).newPage()
  await login(basicPage, basic.email, basic.password)
  await basicPage.goto('/checklists')
  await expectAccessible(basicPage)
  await expect(basicPage.getByText('0 of 5 done')).toBeVisible()
  await basicPage.getByRole('link', { name: checklist }).click()
  await expect(basicPage).toHaveURL(/\/checklists\/[0-9a-f-]{36}\?date=/)
  await expectAccessible(basicPage)
  const item = (label: string) => basicPage.getByRole('listitem', { name: label })

  await item('Lights and extraction on').getByRole('button', { name: 'Done' }).click()
  await expectToast(basicPage, 'Saved: Lights and extraction on')

  await item('Walk-in fridge clean?').getByRole('button', { name: 'No' }).click()
  await expectToast(basicPage, 'Saved as failed: Walk-in fridge clean?')
  await expect(item('Walk-in fridge clean?').getByText(/^\W*Failed$/).first()).toBeVisible()
  await expectAccessible(basicPage)
  await item('Walk-in fridge clean?').getByLabel('Corrective action').fill('Cleaned the seals and shelves, re-checked at 09:40')
  await item('Walk-in fridge clean?').getByRole('button', { name: 'Save corrective action' }).click()
  await expectToast(basicPage, 'Corrective action saved')
  await expect(item('Walk-in fridge clean?').getByText('Cleaned the seals and shelves, re-checked at 09:40')).toBeVisible()

  await item('Dishwasher rinse temperature').getByRole('spinbutton').fill('78')
  await item('Dishwasher rinse temperature').getByRole('button', { name: 'Save' }).click()
  await expectToast(basicPage, 'Saved as failed: Dishwasher rinse temperature')
  // A correction adds a record; the old one stays in the history.
  const rinse = item('Dishwasher rinse temperature')
  await rinse.getByText('Correct this record').click()
  await rinse.getByRole('spinbutton').last().fill('85')
  await rinse.getByRole('button', { name: 'Save' }).last().click()
  await expectToast(basicPage, 'Correction saved: Dishwasher rinse temperature')
  await expect(rinse.getByText('Replaced').first()).toBeVisible()

  await item('Notes for the shift').getByRole('textbox').first().fill('Delivery expected at 10')
  await item('Notes for the shift').getByRole('button', { name: 'Save' }).first().click()
  await expectToast(basicPage, 'Saved: Notes for the shift')

  await item('Photo of the pass').locator('input[type=file]').setInputFiles({ name: 'pass.png', mimeType: 'image/png', buffer: PNG })
  await item('Photo of the pass').getByRole('button', { name: 'Upload photo' }).click()
  await expectToast(basicPage, 'Saved: Photo of the pass')
  await expect(item('Photo of the pass').getByRole('img', { name: 'Photo for Photo of the pass' })).toBeVisible()
  await expect(basicPage.getByText('By Bo Basic').first()).toBeVisible()
  await expectAccessible(basicPage)

  await basicPage.goto('/checklists')
  await expect(basicPage.getByText('5 of 5 done')).toBeVisible()
  await expect(basicPage.getByText(/^\W*Complete$/).first()).toBeVisible()
  await basicPage.context().close()

  // The admin exports CSV and PDF and finds the records in both.
  await page.goto('/settings/checklists')
  const exportForm = page.getByRole('region', { name: 'Export records' })
  await exportForm.getByRole('radio', { name: 'CSV (spreadsheet)' }).check()
  const csv = (await download(page, () => exportForm.getByRole('button', { name: 'Download' }).click())).toString('utf8')
  for (const text of [checklist, 'Walk-in fridge clean?', 'Bo Basic', 'Cleaned the seals and shelves, re-checked at 09:40', '85', '78', 'Delivery expected at 10']) {
    expect(csv).toContain(text)
  }
  expect(csv).toContain('Date')
  await exportForm.getByRole('radio', { name: 'PDF (to print)' }).check()
  const pdf = await download(page, () => exportForm.getByRole('button', { name: 'Download' }).click())
  // The checklist's column is narrow: its name wraps between words, as far as the random tag's letters take it.
  const text = await pdfText(await getDocumentProxy(new Uint8Array(pdf)))
  for (const s of [orgName, 'Harbour', checklist, 'Bo Basic', 'Cleaned the seals', 'SHA-256']) expect(text).toContain(s)

  // In Spanish, the export's headings are Spanish.
  const menu = page.getByRole('banner').locator('summary')
  if (await menu.isVisible()) await menu.click() // below 1280 px the language buttons are in the menu
  await page.getByRole('banner').getByRole('button', { name: 'Español', exact: true }).click()
  const es = page.getByRole('region', { name: 'Exportar registros' })
  await es.getByRole('radio', { name: /CSV/ }).check()
  const csvEs = (await download(page, () => es.getByRole('button', { name: 'Descargar' }).click())).toString('utf8')
  expect(csvEs).toContain('Fecha')
  expect(csvEs).toContain('Cleaned the seals and shelves, re-checked at 09:40')
  await expectAccessible(page)
})

test('checklists are reordered with move buttons, and by keyboard when JavaScript is on', async ({ page, baseURL }) => {
  test.setTimeout(120_000)
  const tag = Math.random().toString(36).slice(2, 7)
  const { people, orgId } = await organisationWithMembers(baseURL!, [{ name: 'Ana Admin', role: 'ADMIN' }], `Order ${tag}`, 'Main')
  const admin = people[0]!
  for (const name of ['Opening', 'Closing', 'Cleaning']) {
    const res = await admin.api.post(`/v1/orgs/${orgId}/checklists`, { data: { name } })
    expect(res.status()).toBe(201)
  }
  const order = async () => ((await (await admin.api.get(`/v1/orgs/${orgId}/checklists`)).json()) as { checklists: Array<{ name: string }> }).checklists.map((c) => c.name)
  expect(await order()).toEqual(['Opening', 'Closing', 'Cleaning'])

  await login(page, admin.email, admin.password)
  await page.goto('/settings/checklists')
  await page.getByRole('button', { name: /Move down\W+Opening/ }).click()
  await expect.poll(order).toEqual(['Closing', 'Opening', 'Cleaning'])
  await expectAccessible(page)

  if (test.info().project.use.javaScriptEnabled !== false) {
    await page.getByRole('button', { name: 'Reorder Cleaning' }).focus()
    await page.keyboard.press('Home')
    await expect(page.getByText('New order saved.')).toBeAttached()
    await expect.poll(order).toEqual(['Cleaning', 'Closing', 'Opening'])
  }
})

/**
 * Without JavaScript nothing of offline recording exists (issue #11, ADR 053): no service worker is
 * registered, record forms post as before, and an offline browser shows its own error for every page —
 * none is served from a copy. The no-js project only (the js project ignores this file).
 */
import { expect, test } from './support/fixtures'
import { kitchen, onServer, TABLET } from './support/kitchen'

test('without JavaScript: forms post as before, no service worker, and offline the browser shows its own error', async ({ browser, baseURL }) => {
  test.setTimeout(120_000)
  const k = await kitchen(baseURL!)
  const context = await browser.newContext({ viewport: TABLET, javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto(k.loginUrl.pathname + k.loginUrl.search)
  await page.getByRole('button', { name: 'Sign in this tablet' }).click()
  await expect(page.getByRole('heading', { level: 1, name: `Quay ${k.tag}` })).toBeVisible()

  // The PIN and a record, posted by plain forms.
  await page.goto(`/pin?redirectTo=${encodeURIComponent(`/checklists/${k.checklistId}`)}`)
  await page.getByRole('link', { name: 'Pablo Pin', exact: true }).click()
  await page.getByLabel('PIN', { exact: true }).fill(k.pin)
  await page.getByRole('button', { name: 'OK', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/checklists/${k.checklistId}$`))
  const item = page.getByRole('listitem', { name: 'Floor mopped' })
  await item.getByRole('button', { name: 'Done' }).click()
  await expect(item.getByText(/^By Pablo Pin on Cellar tablet .* at \d{2}:\d{2}$/)).toBeVisible()
  expect((await onServer(k)).checklist.map((records) => records.length)).toEqual([0, 1, 0])
  for (const path of ['/', '/checklists', `/temperatures/${k.temperatureId}`]) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  }
  // Nothing registered a service worker: the pages opened today were kept nowhere.
  expect(context.serviceWorkers()).toHaveLength(0)

  await context.setOffline(true)
  for (const path of [`/checklists/${k.checklistId}`, '/', '/pin']) {
    await expect(page.goto(path)).rejects.toThrow(/net::ERR_INTERNET_DISCONNECTED/)
  }
  // A form sent offline is not kept either: the browser's error, and nothing reaches the server.
  await context.setOffline(false)
  await page.goto(`/checklists/${k.checklistId}`)
  await context.setOffline(true)
  const bins = page.getByRole('listitem', { name: 'Bins out' })
  await bins.getByRole('button', { name: 'Done' }).click()
  await expect(page.getByRole('heading', { level: 1, name: `Closing ${k.tag}` })).toHaveCount(0)
  await context.setOffline(false)
  expect((await onServer(k)).checklist.map((records) => records.length)).toEqual([0, 1, 0])
  await context.close()
})

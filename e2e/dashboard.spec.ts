import { expect, expectAccessible, test } from './support/fixtures'
import { DESKTOP, middayTimeZone, ok, organisationWithMembers, pageFor, PHONE, type Person } from './support/setup'

test("the venue home after a morning's work shows the right numbers, most urgent first; the overview lists both venues", async ({ browser, baseURL }) => {
  test.setTimeout(300_000)
  const tag = Math.random().toString(36).slice(2, 7)
  // The venue's clock at midday: the day does not turn while the spec runs, and a fridge check at 23:59 is still to come.
  const { owner, people, orgId, venueId } = await organisationWithMembers(baseURL!, [{ name: 'Bo Basic', role: 'BASIC' }], `Dash ${tag}`, 'Harbour Street', {
    timeZone: middayTimeZone(),
  })
  const [basic] = people as [Person]
  const org = `/v1/orgs/${orgId}`
  const market = (await ok(await owner.api.post(`${org}/venues`, { data: { name: 'Market Hall' } }))).venue.id as string

  // The owner sets up the day: a checklist due by midnight (so overdue at once) and a fridge log.
  const { checklist } = await ok(await owner.api.post(`${org}/checklists`, { data: { name: `Opening ${tag}`, dueTime: '00:00', venueIds: [venueId] } }))
  const items = []
  for (const label of ['Probe clean', 'Floors mopped']) items.push((await ok(await owner.api.post(`${org}/checklists/${checklist.id}/items`, { data: { label, type: 'check' } }))).item)
  const { temperature } = await ok(await owner.api.post(`${org}/temperatures`, { data: { name: `Fridges ${tag}`, venueIds: [venueId], checksPerDay: 1, checkTimes: ['23:59'] } }))
  const { item: fridge } = await ok(await owner.api.post(`${org}/temperatures/${temperature.id}/items`, { data: { label: 'Walk-in fridge', kind: 'fridge', min: 0, max: 5 } }))

  // The morning's work: one checklist item done, the fridge read out of range and left unresolved.
  await ok(await basic.api.post(`${org}/checklist-entries/${checklist.id}/items/${items[0].id}/complete`, { data: { venueId } }))
  const day = await ok(await basic.api.get(`${org}/venues/${venueId}/temperature-entries`))
  const entryId = day.temperatures.find((l: { id: string }) => l.id === temperature.id).entryId
  await ok(await basic.api.post(`${org}/temperature-entries/${entryId}/items/${fridge.id}/complete`, { data: { value: '9' } }))

  for (const viewport of [PHONE, DESKTOP]) {
    const page = await pageFor(browser, basic, baseURL!, { orgId, venueId }, viewport)
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1, name: 'Harbour Street' })).toBeVisible()
    // Most urgent first: the block of what needs attention comes before everything else.
    const urgent = page.getByRole('region', { name: 'Needs attention now: 2' })
    await expect(urgent).toBeVisible()
    const headings = await page.getByRole('heading', { level: 2 }).allTextContents()
    expect(headings[0]).toBe('Needs attention now: 2')
    await expect(urgent.getByRole('link', { name: `Opening ${tag}` })).toHaveAttribute('href', new RegExp(`/checklists/${checklist.id}\\?date=`))
    await expect(urgent.getByText('1 of 2 done', { exact: true })).toBeVisible()
    await expect(urgent.getByText('Overdue').first()).toBeVisible()
    const resolve = urgent.getByRole('link', { name: 'Resolve: Walk-in fridge, check 1' })
    await expect(resolve).toHaveAttribute('href', new RegExp(`/temperatures/${temperature.id}\\?date=.*#cell-${fridge.id}-0$`))

    // Compliance: today 3 checks due, 2 recorded on time, 1 still to do; 1 failure unresolved.
    const compliance = page.getByRole('region', { name: 'Last 7 days' })
    await expect(compliance.getByText('100%')).toBeVisible()
    await expect(page.getByRole('img', { name: 'Compliance, last 7 days' })).toBeVisible()
    await page.getByText('Show the numbers').click()
    const row = page.getByRole('table', { name: 'Compliance, last 7 days' }).getByRole('row').nth(1)
    await expect(row.getByRole('cell')).toHaveText(['3', '2', '0', '0', '1', '0', '1'])
    await page.getByRole('link', { name: 'Last 30 days' }).click()
    await expect(page.getByRole('img', { name: 'Compliance, last 30 days' })).toBeVisible()
    await expectAccessible(page)

    // The failure's link opens the log at the unit's check.
    await page.getByRole('link', { name: 'Resolve: Walk-in fridge, check 1' }).click()
    await expect(page).toHaveURL(new RegExp(`/temperatures/${temperature.id}\\?date=`))
    await expect(page.getByRole('heading', { level: 1, name: `Fridges ${tag}` })).toBeVisible()
    await page.context().close()
  }

  // The owner's overview: both venues side by side, sortable by plain links, as CSV too.
  for (const viewport of [PHONE, DESKTOP]) {
    const page = await pageFor(browser, owner, baseURL!, { orgId, venueId: market }, viewport)
    await page.goto('/')
    await page.getByRole('link', { name: 'All venues' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'All venues' })).toBeVisible()
    const names = () => page.getByRole('rowheader').allTextContents()
    await expect(page.getByRole('rowheader')).toHaveCount(2)
    // By name ascending, then descending.
    await page.getByRole('columnheader').getByRole('link', { name: /^Venue/ }).click()
    await expect(page).toHaveURL(/sort=name&dir=asc/)
    expect((await names()).map((n) => n.split('Done today')[0])).toEqual(['Harbour Street', 'Market Hall'])
    await page.getByRole('columnheader').getByRole('link', { name: /^Venue/ }).click()
    await expect(page).toHaveURL(/sort=name&dir=desc/)
    expect((await names()).map((n) => n.split('Done today')[0])).toEqual(['Market Hall', 'Harbour Street'])
    const harbour = page.getByRole('row', { name: /Harbour Street/ })
    // Overdue today: the checklist (due by midnight); unresolved failures: the fridge.
    await expect(harbour.getByRole('cell')).toHaveText(['100%', '100%', '1', '1', '0', '0'])
    await expect(page.getByRole('row', { name: /Market Hall/ }).getByRole('cell')).toHaveText(['—', '—', '0', '0', '0', '0'])
    await expectAccessible(page)
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download as CSV' }).click()])
    const csv = (await (await download.createReadStream()).toArray()).join('')
    expect(csv).toContain('Market Hall')
    expect(csv).toContain('Harbour Street')
    await page.context().close()
  }

  // A basic member has no overview.
  const basicPage = await pageFor(browser, basic, baseURL!, { orgId, venueId })
  const res = await basicPage.goto('/overview')
  expect(res?.status()).toBe(403)
  await basicPage.context().close()
})

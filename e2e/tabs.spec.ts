/**
 * Two tabs of one browser (original-spec §4 and §9, app/root.tsx): signing out in one signs the other
 * out too. With JavaScript the other tab notices the sign-in cookie change and reloads by itself; without
 * it, its next page is the sign-in page. A tab's own sign-out is not "another tab": it follows its
 * redirect (app/lib/own-submissions.ts).
 */
import { expect, test } from './support/fixtures'
import { organisationWithMembers } from './support/setup'

const js = () => test.info().project.use.javaScriptEnabled !== false

test('signing out in one tab signs the other out: at once with JavaScript, at its next page without', async ({ browser, baseURL }) => {
  const tag = Math.random().toString(36).slice(2, 7)
  const org = await organisationWithMembers(baseURL!, [], `Tabs ${tag}`, `Quay ${tag}`)
  const context = await browser.newContext({ storageState: await org.owner.api.storageState(), javaScriptEnabled: js() })
  const here = await context.newPage()
  await here.goto('/profile')
  await expect(here.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible()
  const other = await context.newPage()
  await other.goto('/profile')
  await other.getByRole('button', { name: 'Log out' }).click()
  // The tab that signed out follows its own redirect.
  await expect(other).toHaveURL(/\/login(\?|$)/)
  await expect(other.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible()
  if (!js()) await here.getByRole('link', { name: 'Profile' }).click()
  await expect(here).toHaveURL(/\/login(\?|$)/)
  await expect(here.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible()
  await context.close()
})

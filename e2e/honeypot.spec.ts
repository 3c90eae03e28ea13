import fs from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { expect, expectAccessible, test, uniqueEmail, waitForMail } from './support/fixtures'

const REFUSED = 'Sorry, we could not accept this form. Please try again.'

/** What a naive bot does: it fills in every text field it finds, hidden or not. */
async function fillTheHoneypot(page: Page) {
  const trap = page.locator('input[name="name__confirm"]')
  await expect(trap).toBeHidden()
  await trap.evaluate((input: HTMLInputElement) => {
    input.value = 'https://cheap-pills.example'
  })
}

/** Messages to an address whose subject matches, received since `after` (the test SMTP server's files, e2e/support/serve.ts). */
function mailsTo(to: string, subject: RegExp, after: number): number {
  const dir = path.resolve(import.meta.dirname, '.tmp/mail')
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json') && Number(f.split('-')[0]) >= after)
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as { to: string[]; subject: string })
    .filter((m) => m.to.includes(to.toLowerCase()) && subject.test(m.subject)).length
}

async function expectRefusedWithoutSayingWhy(page: Page) {
  const alert = page.getByRole('alert').filter({ hasText: REFUSED })
  await expect(alert).toBeVisible()
  // What a person sees (the honeypot's own label is hidden with its field).
  expect(await page.locator('main').innerText()).not.toMatch(/honeypot|bot\b|spam|leave this field/i)
}

test('a bot filling the honeypot on register is refused, and no account is created', async ({ page }) => {
  const email = uniqueEmail('bot')
  const started = Date.now()
  await page.goto('/register')
  await page.getByLabel('Your name').fill('Bot')
  await page.getByLabel('E-mail address').fill(email)
  await page.getByLabel('Password').fill('bot-password-1')
  await fillTheHoneypot(page)
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page).toHaveURL(/\/register$/)
  await expectRefusedWithoutSayingWhy(page)
  await expectAccessible(page)

  // No account: its credentials do not log in…
  await page.goto('/login')
  await page.getByLabel('E-mail address').fill(email)
  await page.getByLabel('Password').fill('bot-password-1')
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'The e-mail address or password is not correct' })).toBeVisible()

  // …and a person can still register the address; theirs is the only e-mail it ever got.
  await page.goto('/register')
  await page.getByLabel('Your name').fill('Real Person')
  await page.getByLabel('E-mail address').fill(email)
  await page.getByLabel('Password').fill('real-password-1')
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page).toHaveURL(/\/organisations$/)
  await waitForMail(email, /Verify your e-mail address/, started - 1000)
  expect(mailsTo(email, /./, started - 1000)).toBe(1)
})

test('every anonymous form carries the honeypot, hidden from people and assistive technology', async ({ page }) => {
  for (const url of ['/login', '/register', '/forgot-password', '/reset-password?id=x&token=y']) {
    await page.goto(url)
    const form = page.locator('form').filter({ has: page.locator('input[name="name__confirm"]') })
    await expect(form, url).toHaveCount(1)
    await expect(form.locator('input[name="name__confirm"]')).toBeHidden()
    await expect(form.locator('input[name="from__confirm"]')).toBeHidden()
    await expect(form.locator('[aria-hidden="true"]:has(input[name="name__confirm"])')).toHaveCount(1)
  }
})

test('a bot filling the honeypot on forgot-password or login is refused: no e-mail, no session', async ({ page, browser, baseURL }) => {
  const email = uniqueEmail('bot-reset')
  // An account to ask a reset for (in a context of its own: the public pages are for signed-out people).
  const owner = await browser.newContext({ baseURL, javaScriptEnabled: test.info().project.use.javaScriptEnabled })
  const ownerPage = await owner.newPage()
  await ownerPage.goto('/register')
  await ownerPage.getByLabel('Your name').fill('Owner')
  await ownerPage.getByLabel('E-mail address').fill(email)
  await ownerPage.getByLabel('Password').fill('owner-password-1')
  await ownerPage.getByRole('button', { name: 'Create account' }).click()
  await expect(ownerPage).toHaveURL(/\/organisations$/)
  await owner.close()

  const started = Date.now()
  await page.goto('/forgot-password')
  await page.getByLabel('E-mail address').fill(email)
  await fillTheHoneypot(page)
  await page.getByRole('button', { name: 'Send reset link' }).click()
  await expectRefusedWithoutSayingWhy(page)
  await expect(page.getByLabel('E-mail address')).toHaveValue(email)
  await expectAccessible(page)

  // Nor does it log in, even with the right password.
  await page.goto('/login')
  await page.getByLabel('E-mail address').fill(email)
  await page.getByLabel('Password').fill('owner-password-1')
  await fillTheHoneypot(page)
  await page.getByRole('button', { name: 'Log in' }).click()
  await expectRefusedWithoutSayingWhy(page)
  await expect(page).toHaveURL(/\/login$/)
  expect((await page.context().cookies()).some((c) => c.name === 'mise_session')).toBe(false)

  // A person's request goes through; it is the only reset e-mail sent.
  await page.goto('/forgot-password')
  await page.getByLabel('E-mail address').fill(email)
  await page.getByRole('button', { name: 'Send reset link' }).click()
  await expect(page.getByText('If an account exists for that address')).toBeVisible()
  await waitForMail(email, /Reset your Mise password/, started - 1000)
  expect(mailsTo(email, /Reset your Mise password/, 0)).toBe(1)
})

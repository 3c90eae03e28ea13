import { expect, expectAccessible, test, uniqueEmail, expectToast } from './support/fixtures'

/**
 * The language is the signed-in person's saved one first, then the browser's stored choice
 * (mise_lng), then Accept-Language (docs/decisions/017-i18n-remix-i18next.md). Run with JavaScript
 * on and off.
 */
test.use({ locale: 'en-GB', extraHTTPHeaders: { 'Accept-Language': 'en-GB,en;q=0.9' } })

test('a Spanish profile signing in on an English browser gets Spanish pages at once', async ({ page, playwright, baseURL }) => {
  const email = uniqueEmail('lucia')
  const password = 'lucia-password-1'
  // The account was made elsewhere, in Spanish.
  const api = await playwright.request.newContext({ baseURL })
  try {
    const res = await api.post('/v1/auth/register', { data: { name: 'Lucía Cocinera', email, password, locale: 'es' } })
    expect(res.status(), await res.text()).toBe(201)
  } finally {
    await api.dispose()
  }

  // Signed out, this browser gets English.
  await page.goto('/login')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await page.getByLabel('E-mail address').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Log in' }).click()

  // The first page after signing in is Spanish: the shell (common) and the page's own namespace (org).
  await expect(page).toHaveURL(/\/organisations$/)
  await expect(page.locator('html')).toHaveAttribute('lang', 'es')
  await expect(page.getByText('Todavía no perteneces a ninguna organización.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible()
  await expectAccessible(page)

  // Another group of pages, with another namespace (authed), reached by a link.
  await page.getByRole('link', { name: 'Perfil' }).click()
  await expect(page).toHaveURL(/\/profile$/)
  await expect(page.getByRole('heading', { name: 'Tu perfil' })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'es')

  // Signing in made the person's language this browser's stored choice: it stays after signing out.
  expect((await page.context().cookies()).find((c) => c.name === 'mise_lng')?.value).toBe('es')
  await page.getByRole('button', { name: 'Cerrar sesión' }).click()
  await expect(page).toHaveURL(/\/login$/)
  // (A success toast closes itself after 2 s with JavaScript: look at it first.)
  await expectToast(page, 'Has cerrado la sesión.')
  await expect(page.locator('html')).toHaveAttribute('lang', 'es')
  await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible()
})

test('an unknown address still gets the not-found page in the detected language', async ({ page }) => {
  const response = await page.goto('/no-such-page/at-all')
  expect(response?.status()).toBe(404)
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expect(page.getByText('Back to home')).toBeVisible()
  await page.context().addCookies([{ name: 'mise_lng', value: 'es', url: page.url() }])
  await page.goto('/no-such-page/at-all')
  await expect(page.locator('html')).toHaveAttribute('lang', 'es')
  await expect(page.getByText('Volver al inicio')).toBeVisible()
})

import type { Page } from '@playwright/test'
import config from '../playwright.config'
import { expect, expectAccessible, test } from './support/fixtures'

/** The page's background as [r, g, b] (whatever colour syntax the stylesheet used). */
async function background(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    const ctx = document.createElement('canvas').getContext('2d')!
    ctx.fillStyle = getComputedStyle(document.body).backgroundColor
    ctx.fillRect(0, 0, 1, 1)
    return [...ctx.getImageData(0, 0, 1, 1).data].slice(0, 3)
  })
}
const isDark = (rgb: number[]) => Math.max(...rgb) < 60
const isLight = (rgb: number[]) => Math.min(...rgb) > 200

/**
 * The theme class of the html element as the server sent the last document, before any script ran.
 * Reading a response's body is asynchronous: the getter waits for the last document's, so a check right
 * after a navigation never reads the one before it (or nothing, on a loaded machine).
 */
function servedClass(page: Page): () => Promise<string | null | undefined> {
  let served: Promise<string | null> | undefined
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'document' || response.status() !== 200) return
    served = response
      .text()
      .catch(() => '')
      .then((html) => /<html[^>]*\bclass="([^"]*)"/.exec(html)?.[1] ?? null)
  })
  return async () => (served ? await served : undefined)
}

// The device is in dark mode: its browser reports it in the colour-scheme client hint as well as in
// the media query. (Playwright's colorScheme alone emulates the media query only after the first
// request's hint is sent; --force-dark-mode makes the headless browser such a device.)
test.use({ launchOptions: { ...config.use?.launchOptions, args: [...(config.use?.launchOptions?.args ?? []), '--force-dark-mode'] } })

test.describe('a phone in dark mode', () => {
  test.use({ colorScheme: 'dark' })

  test('gets the dark theme on its first visit, keeps light once chosen, and can follow the device again', async ({ page }) => {
    const served = servedClass(page)
    await page.goto('/login')
    // Rendered dark by the server: no white flash, with or without JavaScript.
    expect(await served()).toBe('dark')
    await expect(page.locator('html')).toHaveClass('dark')
    expect(isDark(await background(page))).toBe(true)
    const themes = page.getByRole('group', { name: 'Theme' })
    await expect(themes.getByRole('button', { name: 'System' })).toHaveAttribute('aria-pressed', 'true')
    await expectAccessible(page)

    // Choosing light sticks, across pages and reloads.
    await themes.getByRole('button', { name: 'Light' }).click()
    await expect(page.locator('html')).toHaveClass('light')
    await expect(themes.getByRole('button', { name: 'Light' })).toHaveAttribute('aria-pressed', 'true')
    await expect(themes.getByRole('button', { name: 'System' })).toHaveAttribute('aria-pressed', 'false')
    await expect.poll(async () => (await page.context().cookies()).find((c) => c.name === 'mise_theme')?.value).toBe('light')
    expect(isLight(await background(page))).toBe(true)
    await expectAccessible(page)
    await page.getByRole('link', { name: 'Create an account' }).click()
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible()
    await expect(page.locator('html')).toHaveClass('light')
    await page.reload()
    expect(await served()).toBe('light')
    await expect(page.locator('html')).toHaveClass('light')
    expect(isLight(await background(page))).toBe(true)

    // "System" follows the device again.
    await page.getByRole('group', { name: 'Theme' }).getByRole('button', { name: 'System' }).click()
    await expect(page.locator('html')).toHaveClass('dark')
    await expect.poll(async () => (await page.context().cookies()).some((c) => c.name === 'mise_theme')).toBe(false)
    await page.reload()
    expect(await served()).toBe('dark')
    expect(isDark(await background(page))).toBe(true)
  })

  test('in Spanish the choices are translated', async ({ page, baseURL }) => {
    await page.context().addCookies([{ name: 'mise_lng', value: 'es', url: baseURL! }])
    await page.goto('/login')
    const themes = page.getByRole('group', { name: 'Tema' })
    await expect(themes.getByRole('button')).toHaveText(['Claro', 'Oscuro', 'Sistema'])
  })
})

test('a browser that sends no colour-scheme hint still shows the device’s theme', async ({ request, baseURL, browser }) => {
  // Firefox and Safari send no client hints: the server cannot know, so the page carries
  // remix-themes' no-flash script (JavaScript) and the stylesheet follows the media query (none).
  const html = await (await request.get('/login')).text()
  expect(html).not.toMatch(/<html[^>]*\bclass=/)
  expect(html).toContain('prefers-color-scheme')
  const context = await browser.newContext({ colorScheme: 'dark', javaScriptEnabled: test.info().project.use.javaScriptEnabled, baseURL })
  try {
    const dark = await context.newPage()
    await dark.route('**/login', (route) => route.fulfill({ contentType: 'text/html', body: html }))
    await dark.goto('/login')
    expect(isDark(await background(dark))).toBe(true)
    if (test.info().project.use.javaScriptEnabled !== false) await expect(dark.locator('html')).toHaveClass('dark')
  } finally {
    await context.close()
  }
})

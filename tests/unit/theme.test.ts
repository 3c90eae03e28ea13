import { describe, expect, test } from 'vitest'
import { action } from '../../app/routes/resources/set-theme.ts'
import { getTheme, themeHintHeaders } from '../../app/lib/theme.server.ts'
import { parseConfig, setConfig } from '../../server/config.ts'

setConfig(parseConfig({ NODE_ENV: 'test', APP_URL: 'https://mise.example', LOG_LEVEL: 'silent' }))

const page = (headers: Record<string, string> = {}, method = 'GET') => new Request('https://mise.example/login', { method, headers })

describe('the theme a page is rendered in', () => {
  test('the chosen theme wins; without a choice the device’s, as its browser hints it', () => {
    expect(getTheme(page())).toEqual({ choice: 'system', ssr: null })
    expect(getTheme(page({ 'sec-ch-prefers-color-scheme': 'dark' }))).toEqual({ choice: 'system', ssr: 'dark' })
    expect(getTheme(page({ 'sec-ch-prefers-color-scheme': '"light"' }))).toEqual({ choice: 'system', ssr: 'light' })
    expect(getTheme(page({ cookie: 'mise_theme=light', 'sec-ch-prefers-color-scheme': 'dark' }))).toEqual({ choice: 'light', ssr: 'light' })
    expect(getTheme(page({ cookie: 'a=1; mise_theme=dark' }))).toEqual({ choice: 'dark', ssr: 'dark' })
    expect(getTheme(page({ cookie: 'mise_theme=purple', 'sec-ch-prefers-color-scheme': 'no-preference' }))).toEqual({ choice: 'system', ssr: null })
  })

  test('the hint is asked for while the page follows the device; a first GET is retried with it', () => {
    expect(themeHintHeaders(page(), getTheme(page()))).toEqual({
      'Accept-CH': 'Sec-CH-Prefers-Color-Scheme',
      Vary: 'Sec-CH-Prefers-Color-Scheme',
      'Critical-CH': 'Sec-CH-Prefers-Color-Scheme',
    })
    const hinted = page({ 'sec-ch-prefers-color-scheme': 'dark' })
    expect(themeHintHeaders(hinted, getTheme(hinted))).toEqual({ 'Accept-CH': 'Sec-CH-Prefers-Color-Scheme', Vary: 'Sec-CH-Prefers-Color-Scheme' })
    // A POST is never retried (it would be sent twice).
    const post = page({}, 'POST')
    expect(themeHintHeaders(post, getTheme(post))).not.toHaveProperty('Critical-CH')
    const chosen = page({ cookie: 'mise_theme=dark' })
    expect(themeHintHeaders(chosen, getTheme(chosen))).toEqual({})
  })
})

/** The /set-theme action as React Router calls it. */
async function setTheme(body: BodyInit, headers: Record<string, string> = {}) {
  const request = new Request('https://mise.example/set-theme', { method: 'POST', body, headers })
  return (await action({ request, params: {}, context: undefined } as never)) as Response
}

describe('/set-theme', () => {
  test('the header form (no JavaScript): light, dark or system, then back to the page', async () => {
    const form = (theme: string, redirectTo = '/profile?tab=1') => new URLSearchParams({ theme, redirectTo })
    const dark = await setTheme(form('dark'))
    expect(dark.status).toBe(302)
    expect(dark.headers.get('location')).toBe('/profile?tab=1')
    expect(dark.headers.get('set-cookie')).toMatch(/^mise_theme=dark; Path=\/; Max-Age=31536000; SameSite=Lax; Secure$/)
    expect((await setTheme(form('light'))).headers.get('set-cookie')).toMatch(/^mise_theme=light;/)
    expect((await setTheme(form('system'))).headers.get('set-cookie')).toMatch(/^mise_theme=; Path=\/; Max-Age=0;/)
    const odd = await setTheme(form('purple', 'https://evil.example/'))
    expect(odd.headers.get('set-cookie')).toBeNull()
    expect(odd.headers.get('location')).toBe('/')
  })

  test('remix-themes’ own request (JavaScript): a JSON body, null for system', async () => {
    const dark = await setTheme(JSON.stringify({ theme: 'dark' }), { 'content-type': 'text/plain;charset=UTF-8' })
    expect(dark.status).toBe(200)
    expect(await dark.json()).toEqual({ success: true })
    expect(dark.headers.get('set-cookie')).toMatch(/^mise_theme=dark;/)
    const system = await setTheme(JSON.stringify({ theme: null }))
    expect(system.headers.get('set-cookie')).toMatch(/^mise_theme=; Path=\/; Max-Age=0;/)
    const bad = await setTheme(JSON.stringify({ theme: 'purple' }))
    expect(bad.headers.get('set-cookie')).toBeNull()
    expect(await bad.json()).toMatchObject({ success: false })
    const garbled = await setTheme('{not json')
    expect(garbled.status).toBe(400)
    expect(garbled.headers.get('set-cookie')).toBeNull()
  })
})

/**
 * Translations on the server without per-request and per-render costs (issue #18, ADR 046): one
 * i18next instance per language and set of namespaces, shared by every request of those pages, and
 * one `t` per instance and namespace shared by every component — with the same HTML as react-i18next's
 * own hook gives.
 */
import i18next from 'i18next'
import { renderToString } from 'react-dom/server'
import { I18nextProvider, useTranslation as reactI18nextUseTranslation } from 'react-i18next'
import { RouterContextProvider } from 'react-router'
import { describe, expect, test, vi } from 'vitest'
import { createI18n } from '../../app/lib/i18n.ts'
import { getClientResources, getLocale, i18nMiddleware } from '../../app/lib/i18n.server.ts'
import { useTranslation } from '../../app/lib/use-translation.ts'

describe('i18next instances', () => {
  test('one resources object and one instance per language and namespaces, across requests', () => {
    const a = getClientResources('es', ['common', 'org'])
    const b = getClientResources('es', ['common', 'org'])
    expect(b).toBe(a)
    expect(getClientResources('en', ['common', 'org'])).not.toBe(a)
    expect(getClientResources('es', ['common'])).not.toBe(a)
    expect(Object.keys(a)).toEqual(['common', 'org'])
    const i18n = createI18n('es', a)
    expect(createI18n('es', b)).toBe(i18n)
    expect(i18n.language).toBe('es')
    expect(createI18n('en', getClientResources('en', ['common', 'org']))).not.toBe(i18n)
  })
})

describe('language detection', () => {
  // remix-i18next's middleware built and initialised an i18next instance for every request, which
  // nothing read (ADR 070): it detects the language, and no instance is made.
  test('remix-i18next detects each request\'s language without making an i18next instance for it', async () => {
    const init = vi.spyOn(Object.getPrototypeOf(i18next) as { init: () => unknown }, 'init')
    try {
      for (const [header, cookie, expected] of [
        ['es-ES,es;q=0.9', '', 'es'],
        ['en-GB,en;q=0.9', '', 'en'],
        ['en-GB', 'mise_lng=es', 'es'],
      ] as const) {
        const request = new Request('http://mise.test/login', { headers: { 'accept-language': header, ...(cookie ? { cookie } : {}) } })
        const args = { request, context: new RouterContextProvider(), params: {}, unstable_pattern: '/login' } as unknown as Parameters<(typeof i18nMiddleware)[number]>[0]
        const [detect, remember] = i18nMiddleware
        const response = await detect!(args, async () => (await remember!(args, async () => new Response('page'))) as Response)
        expect(await (response as Response).text()).toBe('page')
        expect(getLocale(request)).toBe(expected)
      }
      expect(init).not.toHaveBeenCalled()
    } finally {
      init.mockRestore()
    }
  })
})

describe('useTranslation', () => {
  const resources = getClientResources('es', ['common', 'org'])
  const ts: unknown[] = []

  function Ours() {
    const { t, i18n } = useTranslation('org')
    const { t: tc } = useTranslation()
    ts.push(t)
    return (
      <p lang={i18n.language}>
        {t('checklists.title')} · {t('records.day.previousDayLabel', { date: '1 de mayo' })} · {tc('nav.skip')} · {t('no.such.key')}
      </p>
    )
  }
  function Theirs() {
    const { t, i18n } = reactI18nextUseTranslation('org')
    const { t: tc } = reactI18nextUseTranslation()
    return (
      <p lang={i18n.language}>
        {t('checklists.title')} · {t('records.day.previousDayLabel', { date: '1 de mayo' })} · {tc('nav.skip')} · {t('no.such.key')}
      </p>
    )
  }
  const render = (Component: () => React.ReactNode) =>
    renderToString(
      <I18nextProvider i18n={createI18n('es', resources)}>
        <Component />
        <Component />
      </I18nextProvider>,
    )

  test('renders what react-i18next renders, in the page language', () => {
    const html = render(Ours)
    expect(html).toBe(render(Theirs))
    expect(html).toContain('lang="es"')
    expect(html).not.toContain('checklists.title')
  })

  test('one `t` for every component, render and request', () => {
    ts.length = 0
    render(Ours)
    render(Ours)
    expect(ts).toHaveLength(4)
    expect(new Set(ts).size).toBe(1)
  })

  test('without a provider (a component rendered alone), what react-i18next shows', () => {
    function Alone() {
      const { t } = useTranslation('org')
      return <p>{t('checklists.title')}</p>
    }
    function AloneTheirs() {
      const { t } = reactI18nextUseTranslation('org')
      return <p>{t('checklists.title')}</p>
    }
    expect(renderToString(<Alone />)).toBe(renderToString(<AloneTheirs />))
  })
})

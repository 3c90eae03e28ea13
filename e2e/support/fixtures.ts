import fs from 'node:fs'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { expect, test as base, type BrowserContext, type Page } from '@playwright/test'

const mailDir = path.resolve(import.meta.dirname, '../.tmp/mail')

export interface Mail {
  to: string[]
  subject: string
  text: string
  html: string
}

/** Wait for the newest message to an address whose subject matches, as the SMTP server received it. */
export async function waitForMail(to: string, subject: RegExp, after = 0, timeoutMs = 15_000): Promise<Mail> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const files = fs.existsSync(mailDir) ? fs.readdirSync(mailDir).filter((f) => f.endsWith('.json')).sort() : []
    const matches = files
      .filter((f) => Number(f.split('-')[0]) >= after)
      .map((f) => JSON.parse(fs.readFileSync(path.join(mailDir, f), 'utf8')) as Mail)
      .filter((m) => m.to.includes(to.toLowerCase()) && subject.test(m.subject))
    if (matches.length) return matches[matches.length - 1]!
    if (Date.now() > deadline) throw new Error(`No mail to ${to} matching ${subject}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

export function linkIn(mail: Mail, pathname: string): string {
  const match = mail.text.match(new RegExp(`https?://\\S+${pathname}\\?\\S+`))
  if (!match) throw new Error(`No ${pathname} link in "${mail.subject}"`)
  const url = new URL(match[0])
  return url.pathname + url.search
}

/** axe-core must find no violations on the page as it is now. */
export async function expectAccessible(page: Page) {
  const results = await analyze(page)
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)
  expect(summary, `axe violations on ${page.url()}`).toEqual([])
}

/**
 * axe runs inside the page, which needs JavaScript. With JavaScript off, the rendered HTML (scripts
 * removed, same stylesheets) is checked in a JavaScript-enabled page of its own.
 */
async function analyze(page: Page) {
  if (test.info().project.use.javaScriptEnabled !== false) return new AxeBuilder({ page }).analyze()
  // The page's own scripts stay in the HTML but cannot run: a CSP forbids them, as if JavaScript were off.
  await page.waitForLoadState('load')
  const html = await page.content()
  const origin = new URL(page.url()).origin
  const context = await page.context().browser()!.newContext({ javaScriptEnabled: true })
  try {
    // This copy forbids the page's scripts on purpose: its CSP reports are expected.
    allowCspViolations(context)
    const copy = await context.newPage()
    await copy.route(`${origin}/__axe__`, (route) =>
      route.fulfill({ contentType: 'text/html', headers: { 'content-security-policy': "script-src 'none'" }, body: html }),
    )
    await copy.goto(`${origin}/__axe__`)
    return await new AxeBuilder({ page: copy }).analyze()
  } finally {
    await context.close()
  }
}

let n = 0
export function uniqueEmail(prefix: string) {
  return `${prefix}.${Date.now().toString(36)}${(n++).toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`
}

// Every page of every test, JavaScript on or off, must run under the app's Content-Security-Policy
// without a single violation (Chromium reports each one on the console, even with JavaScript off).
const cspViolations: string[] = []
const expectedViolations = new WeakSet<BrowserContext>()

/** Every context: CSP violations collected, toasts recorded (before its first page is made). */
async function watchContext(context: BrowserContext) {
  await context.addInitScript(recordToasts)
  context.on('console', (message) => {
    if (expectedViolations.has(context)) return
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) cspViolations.push(`${message.location().url}: ${message.text()}`)
  })
}

/** For a context whose CSP reports are the point of the test (e.g. a refused frame). */
export function allowCspViolations(context: BrowserContext) {
  expectedViolations.add(context)
}

/**
 * With JavaScript, a success toast leaves after 2 s (spec §9). On a loaded CI machine a poll from the
 * test can come later than that, so every page records each toast it renders (text as last shown,
 * kept after the toast leaves). Runs in the browser, before the page's own scripts; with JavaScript
 * off the toast is a banner that stays, and is looked for in the page.
 */
function recordToasts() {
  const seen = new WeakMap<Element, { text: string; taken: boolean }>()
  const shown: { text: string; taken: boolean }[] = []
  new MutationObserver(() => {
    // Defined from the first callback: with JavaScript off the script may run but observers never fire.
    if (!('__toastsShown' in window)) Object.defineProperty(window, '__toastsShown', { value: shown })
    for (const el of document.querySelectorAll('[data-testid="toaster"] > *')) {
      let entry = seen.get(el)
      if (!entry) {
        entry = { text: '', taken: false }
        seen.set(el, entry)
        shown.push(entry)
      }
      entry.text = el.textContent ?? ''
    }
  }).observe(document, { childList: true, subtree: true, characterData: true })
}

/**
 * A toast with this text was shown on the page: with JavaScript, one the page rendered since the last
 * call (each shown toast is matched once); without it, the banner in the page.
 */
export async function expectToast(page: Page, text: string | RegExp) {
  const pattern = typeof text === 'string' ? { source: text, flags: '', plain: true } : { source: text.source, flags: text.flags, plain: false }
  const recorded = await page.evaluate(() => '__toastsShown' in window).catch(() => false)
  if (!recorded) {
    await expect(page.getByRole('status').filter({ hasText: text })).toBeVisible()
    return
  }
  await expect
    .poll(
      () =>
        page.evaluate(({ source, flags, plain }) => {
          const shown = (window as unknown as { __toastsShown: { text: string; taken: boolean }[] }).__toastsShown
          const entry = shown.find((e) => !e.taken && (plain ? e.text.toLowerCase().includes(source.toLowerCase()) : new RegExp(source, flags).test(e.text)))
          if (!entry) return shown.map((e) => e.text)
          entry.taken = true
          return true
        }, pattern).catch(() => 'the page is navigating'),
      { message: `a toast matching ${String(text)}` },
    )
    .toBe(true)
}

export const test = base.extend<{ cspGuard: void }, { watchNewContexts: void }>({
  // Contexts a test opens itself (browser.newContext / browser.newPage) are watched too.
  watchNewContexts: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser)
      browser.newContext = async (options) => {
        const context = await newContext(options)
        await watchContext(context)
        return context
      }
      await use()
    },
    { scope: 'worker', auto: true },
  ],
  context: async ({ context }, use) => {
    await watchContext(context)
    await use(context)
  },
  cspGuard: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function needs from this pattern
    async ({}, use) => {
      cspViolations.length = 0
      await use()
      expect([...new Set(cspViolations)], 'Content-Security-Policy violations').toEqual([])
    },
    { auto: true },
  ],
})
export { expect }

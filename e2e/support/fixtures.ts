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

function watchCsp(context: BrowserContext) {
  context.on('console', (message) => {
    if (expectedViolations.has(context)) return
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) cspViolations.push(`${message.location().url}: ${message.text()}`)
  })
}

/** For a context whose CSP reports are the point of the test (e.g. a refused frame). */
export function allowCspViolations(context: BrowserContext) {
  expectedViolations.add(context)
}

export const test = base.extend<{ cspGuard: void }, { watchNewContexts: void }>({
  // Contexts a test opens itself (browser.newContext / browser.newPage) are watched too.
  watchNewContexts: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser)
      browser.newContext = async (options) => {
        const context = await newContext(options)
        watchCsp(context)
        return context
      }
      await use()
    },
    { scope: 'worker', auto: true },
  ],
  context: async ({ context }, use) => {
    watchCsp(context)
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

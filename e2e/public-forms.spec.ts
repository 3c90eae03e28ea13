/**
 * Public forms and support (issue #15, docs/decisions/033), JavaScript on and off, 390 px wide, axe:
 * a visitor finds the contact form from the sign-in page and sends it, and both e-mails arrive (to
 * support and the acknowledgement); a member sends a support request with their organisation and venue
 * attached; the early-access page answers in Spanish too.
 */
import { expect, expectAccessible, test, uniqueEmail, waitForMail } from './support/fixtures'
import { organisationWithMembers } from './support/setup'

const SUPPORT = 'support@mise.localhost'

test.use({ viewport: { width: 390, height: 844 } })

/** The pages' time trap: a person needs a moment before sending (app/routes/forms/shared.ts). */
const likeAPerson = () => new Promise((r) => setTimeout(r, 2_100))

test('a visitor sends the contact form from the sign-in page; support and the visitor each get their e-mail', async ({ page }) => {
  test.setTimeout(180_000)
  const email = uniqueEmail('visitor')
  const started = Date.now()
  await page.goto('/login')
  await page.getByRole('link', { name: 'Contact us' }).click()
  await expect(page).toHaveURL(/\/contact$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible()
  await expectAccessible(page)

  // A message of only spaces is refused on its field; what was typed stays.
  await page.getByLabel('Your name').fill('Vera Visitor')
  await page.getByLabel('E-mail address').fill(email)
  await page.getByLabel('Business name (optional)').fill('Harbour Café')
  await page.getByLabel('Your message').fill('   ')
  await likeAPerson()
  await page.getByRole('button', { name: 'Send message' }).click()
  await expect(page.getByLabel('Your message')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByLabel('Your name')).toHaveValue('Vera Visitor')
  await expectAccessible(page)

  await page.getByLabel('Your message').fill('How much is Pro for three venues?')
  await likeAPerson()
  await page.getByRole('button', { name: 'Send message' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Your message has been sent' })).toBeVisible()
  await expectAccessible(page)

  const toSupport = await waitForMail(SUPPORT, /contact from Vera Visitor/, started - 1000)
  expect(toSupport.text).toContain(`From: Vera Visitor <${email}>`)
  expect(toSupport.text).toContain('How much is Pro for three venues?')
  const ack = await waitForMail(email, /We received your message/, started - 1000)
  expect(ack.text).toContain('Hello Vera Visitor,')
})

test('the early-access page is linked from registration and works in Spanish', async ({ page }) => {
  test.setTimeout(120_000)
  const email = uniqueEmail('pronto')
  const started = Date.now()
  await page.goto('/register')
  await page.getByRole('link', { name: 'Early access' }).click()
  await expect(page).toHaveURL(/\/early-access$/)
  // The visitor's language (the stored choice, as the header's switcher leaves it).
  await page.context().addCookies([{ name: 'mise_lng', value: 'es', url: page.url() }])
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Acceso anticipado' })).toBeVisible()
  await page.getByLabel('Tu nombre').fill('Pablo Pronto')
  await page.getByLabel('Correo electrónico').fill(email)
  await page.getByLabel('¿Cuántos locales? (opcional)').fill('2')
  await likeAPerson()
  await page.getByRole('button', { name: 'Pedir acceso anticipado' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Estás en la lista' })).toBeVisible()
  await expectAccessible(page)
  await waitForMail(email, /Estás en la lista de acceso anticipado/, started - 1000)
})

test('a member sends a support request; their organisation and venue go with it', async ({ browser, baseURL }) => {
  test.setTimeout(180_000)
  const orgName = `Support Bistro ${Date.now()}`
  const { people, orgId, venueId } = await organisationWithMembers(baseURL!, [{ name: 'Bo Basic', role: 'BASIC' }], orgName, 'Harbour')
  const member = people[0]!
  const context = await browser.newContext({ storageState: await member.api.storageState(), viewport: { width: 390, height: 844 } })
  const host = new URL(baseURL!).hostname
  await context.addCookies([
    { name: 'mise_org_id', value: orgId, domain: host, path: '/' },
    { name: 'mise_venue_id', value: venueId, domain: host, path: '/' },
  ])
  const page = await context.newPage()
  const started = Date.now()
  await page.goto('/')
  await page.getByRole('banner').locator('summary').click() // on a phone the header's links are in its menu
  await page.getByRole('banner').getByRole('link', { name: 'Support', exact: true }).click()
  await expect(page).toHaveURL(/\/support$/)
  await expect(page.getByTestId('support-context')).toHaveText(`Sent with your organisation ${orgName} and venue Harbour, so we can look at the right place.`)
  await expectAccessible(page)

  await page.getByLabel('Subject').fill('Checklist export')
  await page.getByLabel('What happened?').fill('The PDF export shows no rows for yesterday.')
  await page.getByLabel('Screenshot (optional)').setInputFiles({
    name: 'screen.png',
    mimeType: 'image/png',
    buffer: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'),
  })
  await page.getByRole('button', { name: 'Send to support' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Your request has reached our support team' })).toBeVisible()
  await expectAccessible(page)

  const toSupport = await waitForMail(SUPPORT, /support from Bo Basic: Checklist export/, started - 1000)
  expect(toSupport.text).toContain(`Organisation: ${orgId}`)
  expect(toSupport.text).toContain(`Venue: ${venueId}`)
  expect(toSupport.text).toMatch(new RegExp(`Screenshot: http://localhost:\\d+/v1/orgs/${orgId}/uploads/[0-9a-f-]{36}`))
  await waitForMail(member.email, /We received your support request/, started - 1000)
  await context.close()
})

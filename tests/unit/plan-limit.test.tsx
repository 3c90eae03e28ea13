/**
 * The plan's limit on a page that adds venues, staff or devices (ADR 031), in English and Spanish:
 * within the limit "1 of 1"; over it (an organisation moved down to Free with more than Free allows,
 * issue #39) the count in use and the limit, with plurals, never "2 of 1".
 */
import { renderToString } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { createRoutesStub } from 'react-router'
import { expect, test } from 'vitest'
import { PlanLimitNotice } from '../../app/components/plan-limit.tsx'
import { createI18n } from '../../app/lib/i18n.ts'
import { getClientResources } from '../../app/lib/i18n.server.ts'
import type { LimitKind } from '../../server/billing/limits.ts'

function render(lang: 'en' | 'es', kind: LimitKind, used: number, limit: number, billingLink = true) {
  const summary = { plan: 'free' as const, limits: { venues: null, staff: null, devices: null, [kind]: limit }, usage: { venues: 0, staff: 0, devices: 0, [kind]: used } }
  const Stub = createRoutesStub([{ path: '/', Component: () => <PlanLimitNotice summary={summary} kind={kind} billingLink={billingLink} /> }])
  const html = renderToString(
    <I18nextProvider i18n={createI18n(lang, getClientResources(lang, ['common']))}>
      <Stub initialEntries={['/']} />
    </I18nextProvider>,
  )
  return html.replace(/<[^>]+>/g, ' ').replace(/&#x27;/g, "'").replace(/\s+/g, ' ').trim()
}

test('over the limit after a downgrade: how many are in use and how many are allowed, with plurals', () => {
  expect(render('en', 'venues', 2, 1)).toContain('Free plan: 2 venues in use, 1 allowed.')
  expect(render('en', 'venues', 2, 1)).toContain('adding another will be refused until you upgrade')
  expect(render('en', 'venues', 2, 1)).toContain('See plans in Billing')
  expect(render('en', 'devices', 1, 0)).toContain('Free plan: 1 shared device in use, 0 allowed.')
  expect(render('en', 'staff', 7, 5, false)).toContain('Free plan: 7 staff members in use, 5 allowed.')
  expect(render('en', 'staff', 7, 5, false)).toContain('Ask an owner of the organisation to upgrade to Pro.')
  expect(render('es', 'venues', 2, 1)).toContain('Plan Gratis: 2 locales en uso; el plan permite 1.')
  expect(render('es', 'devices', 1, 0)).toContain('Plan Gratis: 1 dispositivo compartido en uso; el plan permite 0.')
  for (const lang of ['en', 'es'] as const) expect(render(lang, 'venues', 2, 1)).not.toMatch(/2 (of|de) 1/)
})

test('within the limit and at it: "1 of 1", and at it the limit is reached', () => {
  expect(render('en', 'venues', 1, 1)).toContain('Free plan: 1 of 1 venues in use.')
  expect(render('en', 'venues', 1, 1)).toContain('You have reached the limit')
  expect(render('en', 'staff', 2, 5)).toBe('Free plan: 2 of 5 staff members in use. See plans in Billing')
})

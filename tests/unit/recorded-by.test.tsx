/**
 * Who recorded and when, on a record card (ADR 052, issue #11): a record made offline whose device time
 * is more than DEVICE_TIME_SHOWN_AFTER_MS from the time the server received it shows both, in English
 * and Spanish, as the export does; closer together, only the server's time. The page's loader writes
 * the times (moments.server.ts), the component places them.
 */
import { renderToString } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { describe, expect, test } from 'vitest'
import { momentOf } from '../../app/components/records/moments.server.ts'
import { RecordedBy } from '../../app/components/records/recorded-by.tsx'
import { createI18n } from '../../app/lib/i18n.ts'
import { getClientResources } from '../../app/lib/i18n.server.ts'
import { DEVICE_TIME_SHOWN_AFTER_MS } from '../../server/records/export.ts'

const ZONE = 'Europe/Madrid'
const person = { name: 'Pablo Pin', device: { id: 'd1', name: 'Cellar tablet' } }
const received = '2026-11-26T07:47:00.000Z' // 08:47 in Madrid

function render(lang: 'en' | 'es', deviceAt: string | null, day = '2026-11-26') {
  const html = renderToString(
    <I18nextProvider i18n={createI18n(lang, getClientResources(lang, ['common', 'org']))}>
      <RecordedBy person={person} at={received} moment={momentOf(received, deviceAt, ZONE, lang, day)} />
    </I18nextProvider>,
  )
  return html.replace(/<[^>]+>/g, '').replace(/&#x27;/g, "'")
}

describe('RecordedBy with a device time', () => {
  test('made offline 45 minutes before it arrived: both times, in English and Spanish', () => {
    const deviceAt = '2026-11-26T07:02:00.000Z'
    expect(render('en', deviceAt)).toBe('By Pablo Pin on Cellar tablet: recorded 08:02 on the device, received 08:47')
    expect(render('es', deviceAt)).toBe('Por Pablo Pin en Cellar tablet: registrado 8:02 en el dispositivo, recibido 8:47')
  })

  test('the two times as <time> elements with their instants', () => {
    const html = renderToString(
      <I18nextProvider i18n={createI18n('en', getClientResources('en', ['common', 'org']))}>
        <RecordedBy person={person} at={received} moment={momentOf(received, '2026-11-26T07:02:00.000Z', ZONE, 'en', '2026-11-26')} />
      </I18nextProvider>,
    )
    expect(html).toContain('<time dateTime="2026-11-26T07:02:00.000Z">08:02</time>')
    expect(html).toContain('<time dateTime="2026-11-26T07:47:00.000Z">08:47</time>')
  })

  test('within the threshold, or without a device time: the server time only', () => {
    const near = new Date(Date.parse(received) - DEVICE_TIME_SHOWN_AFTER_MS).toISOString()
    expect(render('en', near)).toBe('By Pablo Pin on Cellar tablet at 08:47')
    expect(render('en', null)).toBe('By Pablo Pin on Cellar tablet at 08:47')
    const beyond = new Date(Date.parse(received) - DEVICE_TIME_SHOWN_AFTER_MS - 60_000).toISOString()
    expect(render('en', beyond)).toBe('By Pablo Pin on Cellar tablet: recorded 08:41 on the device, received 08:47')
  })

  test('made on another day than the record’s: dated', () => {
    expect(render('en', '2026-11-25T22:50:00.000Z')).toMatch(/^By Pablo Pin on Cellar tablet: recorded .*25.*23:50 on the device, received 08:47$/)
  })
})

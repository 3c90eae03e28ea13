import { describe, expect, test } from 'vitest'
import { serverI18n, t, translator } from '../../server/i18n.ts'

describe('the server translator (server/i18n.ts)', () => {
  test('plural keys (_one/_other) with a count, in English and Spanish', () => {
    expect(t('en', 'org:records.state.left', { count: 1 })).toBe('1 left')
    expect(t('en', 'org:records.state.left', { count: 3 })).toBe('3 left')
    expect(t('es', 'org:records.state.left', { count: 1 })).toBe('Falta 1')
    expect(t('es', 'org:records.state.left', { count: 3 })).toBe('Faltan 3')
    expect(t('en', 'org:records.state.unresolved', { count: 1 })).toBe('1 failure to resolve')
    expect(t('es', 'org:records.state.unresolved', { count: 3 })).toBe('3 fallos por resolver')
  })

  test("Spanish 'many' (a million) uses the Spanish _other form, not English", () => {
    expect(t('es', 'org:records.state.left', { count: 1_000_000 })).toBe('Faltan 1000000')
  })

  test('interpolation, the common namespace by default, other namespaces by prefix', () => {
    expect(t('en', 'email.invite.subject', { inviterName: 'Ann', orgName: 'Casa', appName: 'Mise' })).toBe('Ann invited you to Casa on Mise')
    expect(t('es', 'email.invite.subject', { inviterName: 'Ann', orgName: 'Casa', appName: 'Mise' })).toBe('Ann te ha invitado a Casa en Mise')
    // No HTML escaping here: each medium escapes for itself (the e-mail templates do).
    expect(t('en', 'email.invite.subject', { inviterName: 'A & B', orgName: '<C>', appName: 'Mise' })).toBe('A & B invited you to <C> on Mise')
    expect(translator('es')('public:login.title')).not.toBe(translator('en')('public:login.title'))
  })

  test('a missing key comes back as the key; an unknown language is English', () => {
    expect(t('es', 'no.such.key')).toBe('no.such.key')
    expect(translator('fr' as 'en')('org:records.state.left', { count: 2 })).toBe('2 left')
  })

  test('one i18next instance per language, reused', () => {
    expect(serverI18n('es')).toBe(serverI18n('es'))
    expect(serverI18n('es')).not.toBe(serverI18n('en'))
    expect(serverI18n('es').language).toBe('es')
    expect(translator('es')).toBe(translator('es'))
  })
})

import { expect, test } from 'vitest'
import { untranslated } from '../support/untranslated.ts'

test('a raw key, a namespaced key, an unfilled placeholder and i18next’s object message are found', () => {
  expect(untranslated('roles.OWNER')).toEqual(['roles.OWNER'])
  expect(untranslated('Role: roles.BASIC.')).toEqual(['roles.BASIC'])
  expect(untranslated('org-settings:staff.title')).toContain('org-settings:staff.title')
  expect(untranslated('Hello {{supplierName}},')).toHaveLength(1)
  expect(untranslated('Hola, {{ name }}')).toHaveLength(1)
  expect(untranslated("key 'staff (en)' returned an object instead of string.")).toHaveLength(1)
  // A key that does not exist at all, in a section that does.
  expect(untranslated('email.noSuchMessage.subject')).toEqual(['email.noSuchMessage.subject'])
})

test('ordinary words are not keys: domains, addresses, links, files, numbers, times', () => {
  for (const text of [
    'Write to orders@freshfarm.example or visit example.com.',
    'http://localhost:3999/verify-email?id=1&token=abc',
    'pedido-2026-11-24.pdf',
    '2.5 kg at 12:30, 3.14',
    'Staff do the daily work. Admins also manage settings.',
    'e.g. a note',
  ]) expect(untranslated(text), text).toEqual([])
})

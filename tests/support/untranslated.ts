/**
 * What must never reach a person (issue #39): a translation key instead of its text, or a
 * `{{placeholder}}` left unfilled. Used by the e-mail sweep (tests/unit/mail-translated.test.ts) and
 * the page sweep (e2e/translated-pages.spec.ts), on every text, subject and attribute they read.
 *
 * A key is recognised by shape and by name, so ordinary words (a domain, a file name, "2.5 kg") are not:
 * - `namespace:key.path` for one of the app's namespaces;
 * - `section.key` (dot-separated, no spaces) whose first part is a top-level section of some namespace
 *   in some language (`roles.OWNER`, `staff.roles.BASIC`, `email.invite.subject`) — what i18next
 *   shows for a key it cannot find, with the namespace cut off;
 * - i18next's own answer for a key that names an object ("key '…' returned an object instead of string").
 */
import enAuthed from '../../locales/en/authed.json' with { type: 'json' }
import enCommon from '../../locales/en/common.json' with { type: 'json' }
import enOrgSettings from '../../locales/en/org-settings.json' with { type: 'json' }
import enOrg from '../../locales/en/org.json' with { type: 'json' }
import enPublic from '../../locales/en/public.json' with { type: 'json' }
import esAuthed from '../../locales/es/authed.json' with { type: 'json' }
import esCommon from '../../locales/es/common.json' with { type: 'json' }
import esOrgSettings from '../../locales/es/org-settings.json' with { type: 'json' }
import esOrg from '../../locales/es/org.json' with { type: 'json' }
import esPublic from '../../locales/es/public.json' with { type: 'json' }

const NAMESPACES = ['common', 'public', 'authed', 'org', 'org-settings']
const catalogues: Record<string, unknown>[] = [enAuthed, enCommon, enOrgSettings, enOrg, enPublic, esAuthed, esCommon, esOrgSettings, esOrg, esPublic]

/** The top-level sections of every namespace (`staff`, `roles`, `email`, …). */
const SECTIONS = new Set(catalogues.flatMap((c) => Object.keys(c)))

const PLACEHOLDER = /{{[^{}]*}}|{{|}}/
const NAMESPACED = new RegExp(`(?:^|[^\\w/-])(?:${NAMESPACES.join('|')}):[a-zA-Z][\\w-]*(?:\\.[\\w-]+)*`)
const KEY = /^[a-zA-Z][\w-]*(?:\.[\w-]+)+$/
const OBJECT_KEY = /returned an object instead of string/

/** Every untranslated key or unfilled placeholder in a piece of text, as found (empty when clean). */
export function untranslated(text: string): string[] {
  const found: string[] = []
  const placeholder = text.match(PLACEHOLDER)
  if (placeholder) found.push(around(text, placeholder.index!))
  const namespaced = text.match(NAMESPACED)
  if (namespaced) found.push(namespaced[0].trim())
  if (OBJECT_KEY.test(text)) found.push(around(text, text.search(OBJECT_KEY)))
  for (const raw of text.split(/\s+/)) {
    // A key in running text may carry punctuation after it ("Role: roles.OWNER.").
    const token = raw.replace(/^[("'«¿¡[]+|[)"'»:;,.!?\]]+$/g, '')
    if (KEY.test(token) && SECTIONS.has(token.split('.')[0]!)) found.push(token)
  }
  return found
}

function around(text: string, index: number): string {
  return text.slice(Math.max(0, index - 30), index + 40).replace(/\s+/g, ' ')
}

import { createHmac } from 'node:crypto'
import { Honeypot, type HoneypotInputProps } from 'remix-utils/honeypot/server'
import { secrets } from './cookies.server.ts'
import type { Locale } from './i18n'
import { translator } from './i18n.server'

/**
 * The honeypot on every anonymous form (remix-utils; docs/decisions/018-themes-honeypot-msw.md): a
 * field hidden from people that naive bots fill, and the time the form was served, encrypted with a
 * key derived from SESSION_SECRET (so any process can check a form another one served).
 */
const NAME_FIELD = 'name__confirm'

let current: { secret: string; honeypot: Honeypot; props: Map<number, Promise<HoneypotInputProps>> } | undefined
function honeypotOf(): NonNullable<typeof current> {
  const secret = secrets()[0]!
  if (current?.secret !== secret) {
    const seed = createHmac('sha256', secret).update('mise honeypot').digest('base64url')
    current = { secret, honeypot: new Honeypot({ nameFieldName: NAME_FIELD, encryptionSeed: seed }), props: new Map() }
  }
  return current
}
function honeypot(): Honeypot {
  return honeypotOf().honeypot
}

/**
 * For the loader of a page with an anonymous form (given to HoneypotProvider / HoneypotFields).
 * `minSeconds` is a time trap: the form is refused as spam when sent sooner than that after it was
 * served (the public contact and early-access forms, docs/decisions/033).
 */
export function honeypotInputProps(opts: { minSeconds?: number } = {}): Promise<HoneypotInputProps> {
  // The time is kept to the second, and each second's props made once: encrypting it is ~3 % of /login's
  // CPU, and every form served in that second carries the same time anyway (ADR 063).
  const { honeypot, props } = honeypotOf()
  const validFrom = Math.floor(Date.now() / 1000) * 1000 + (opts.minSeconds ?? 0) * 1000
  let made = props.get(validFrom)
  if (!made) {
    if (props.size >= 16) props.clear()
    made = honeypot.getInputProps({ validFromTimestamp: validFrom })
    props.set(validFrom, made)
  }
  return made
}

/**
 * True when a submitted form is not a person's: the hidden field filled in, the honeypot fields
 * missing (not posted from our page), or the encrypted time forged, from the future or from another
 * key. The action then refuses with spamMessage and does nothing else.
 */
export async function isSpam(form: FormData): Promise<boolean> {
  if (!form.has(NAME_FIELD)) return true
  try {
    await honeypot().check(form)
    return false
  } catch {
    // SpamError, or an undecryptable time (thrown by Web Crypto): the same answer either way.
    return true
  }
}

/** The answer to a refused form: generic, so a bot learns nothing about why. */
export function spamMessage(locale: Locale): string {
  return translator(locale)('errors.formRefused')
}

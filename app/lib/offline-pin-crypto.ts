/**
 * The device's half of offline PINs (docs/decisions/054), in WebCrypto (the browser, and Node for
 * tests): PBKDF2-SHA256 of the PIN under the device session's secret, then HMAC-SHA256 of it for the
 * verifier (compared with what the server issued) and for the proof key (which signs records made
 * offline). The server's half is server/devices/offline-pins.ts; they must agree byte for byte.
 */
const encoder = new TextEncoder()

export function toBase64url(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)
  let text = ''
  for (const byte of view) text += String.fromCharCode(byte)
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

export function fromBase64url(value: string): Uint8Array<ArrayBuffer> {
  const text = atob(value.replace(/-/g, '+').replace(/_/g, '/'))
  const bytes = new Uint8Array(text.length)
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i)
  return bytes
}

async function hmac(key: Uint8Array<ArrayBuffer>, message: string): Promise<ArrayBuffer> {
  const imported = await crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
  return crypto.subtle.sign('HMAC', imported, encoder.encode(message))
}

/** D = PBKDF2-SHA256(PIN, secret, iterations), 32 bytes: the slow step, once per PIN entered. */
export async function derivePin(pin: string, secret: string, iterations: number): Promise<Uint8Array<ArrayBuffer>> {
  const base = await crypto.subtle.importKey('raw', encoder.encode(pin), 'PBKDF2', false, ['deriveBits'])
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt: fromBase64url(secret), iterations }, base, 256)
  return new Uint8Array(bits)
}

/** What the server issued for the member: HMAC(D, "verify:<member>"). */
export async function verifierOf(derived: Uint8Array<ArrayBuffer>, membershipId: string): Promise<string> {
  return toBase64url(await hmac(derived, `verify:${membershipId}`))
}

/** The member's proof key on this device: HMAC(D, "proof:<member>"); known only with the PIN. */
export async function proofKeyOf(derived: Uint8Array<ArrayBuffer>, membershipId: string): Promise<string> {
  return toBase64url(await hmac(derived, `proof:${membershipId}`))
}

/** The `Mise-Offline-Pin` header of a record: `<member>.<HMAC(proof key, Idempotency-Key)>`. */
export async function offlinePinHeader(membershipId: string, proofKey: string, idempotencyKey: string): Promise<string> {
  return `${membershipId}.${toBase64url(await hmac(fromBase64url(proofKey), idempotencyKey))}`
}

/** Equal strings, compared in full (a verifier check leaks no timing about where it differs). */
export function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false
  let diff = 0
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i)
  return diff === 0
}

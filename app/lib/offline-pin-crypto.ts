/**
 * The device's half of PINs entered offline (docs/decisions/080), in WebCrypto (the browser, and Node
 * for tests): the PIN typed is sealed at once for the server — ECDH P-256 with a fresh key pair against
 * the device session's public key, HKDF-SHA256 (salt: the fresh public key), AES-256-GCM — and only the
 * sealed bytes are kept. Nothing here can tell a right PIN from a wrong one: only the server, which
 * holds the private key, can open it (server/devices/offline-pins.ts; they must agree byte for byte).
 */
const encoder = new TextEncoder()
/** The HKDF `info` (OFFLINE_PIN_INFO on the server). */
const INFO = 'mise-offline-pin-v2'

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

/**
 * `{ m: member, p: PIN, t: when }` sealed for the server under the session's public key (base64url of
 * an uncompressed P-256 point): base64url of fresh public key (65 bytes) ‖ IV (12) ‖ AES-GCM output.
 * Every call gives other bytes (a fresh key and IV), so a seal cannot be compared with a guess.
 */
export async function sealPin(publicKey: string, membershipId: string, pin: string, at = Date.now()): Promise<string> {
  const server = await crypto.subtle.importKey('raw', fromBase64url(publicKey), { name: 'ECDH', namedCurve: 'P-256' }, false, [])
  const mine = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, ['deriveBits'])) as CryptoKeyPair
  const shared = await crypto.subtle.deriveBits({ name: 'ECDH', public: server }, mine.privateKey, 256)
  const point = new Uint8Array(await crypto.subtle.exportKey('raw', mine.publicKey))
  const hkdf = await crypto.subtle.importKey('raw', shared, 'HKDF', false, ['deriveKey'])
  const key = await crypto.subtle.deriveKey({ name: 'HKDF', hash: 'SHA-256', salt: point, info: encoder.encode(INFO) }, hkdf, { name: 'AES-GCM', length: 256 }, false, ['encrypt'])
  const iv = crypto.getRandomValues(new Uint8Array(12))
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, encoder.encode(JSON.stringify({ m: membershipId, p: pin, t: at }))))
  const out = new Uint8Array(point.length + iv.length + sealed.length)
  out.set(point, 0)
  out.set(iv, point.length)
  out.set(sealed, point.length + iv.length)
  return toBase64url(out)
}

/** The `Mise-Offline-Pin` header of a record made under a PIN sealed offline: `<member>.<sealed>`. */
export function offlinePinHeader(membershipId: string, sealed: string): string {
  return `${membershipId}.${sealed}`
}

import { hash, randomBytes, timingSafeEqual } from 'node:crypto'

/** A random opaque token for cookies and e-mailed links (256 bits, base64url). */
export function newToken(): string {
  return randomBytes(32).toString('base64url')
}

/** Only hashes of tokens are stored: a leaked table cannot be replayed. (Node's one-shot `hash`: every page hashes its session token.) */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex')
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

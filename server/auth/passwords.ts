import { hash, verify } from '@node-rs/argon2'

// argon2id with OWASP's recommended minimums (19 MiB, 2 passes).
const options = { memoryCost: 19456, timeCost: 2, parallelism: 1, algorithm: 2 as const }

export function hashPassword(password: string): Promise<string> {
  return hash(password, options)
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}

/** A hash to verify against when the account does not exist, so timing does not reveal it. */
let dummy: Promise<string> | undefined
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword('not-a-real-password-0000')
  return dummy
}

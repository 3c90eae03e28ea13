/**
 * The PIN pad without a network (ADR 080), loaded when the pad is used offline and by the venue pages'
 * queue: who may pick their name here (fetched from the server while online) and the session's public
 * key. Nothing kept here can tell a right PIN from a wrong one: the PIN typed is sealed for the server
 * at once and checked when the records made under it sync — by the server's wrong-PIN rule.
 */
import { inStore } from './offline-db.client'
import { sealPin } from './offline-pin-crypto'
import type { OfflineHolder } from './offline-store'

export interface OfflineMember {
  membershipId: string
  name: string
}
interface Kept {
  key: 'members'
  owner: string
  publicKey: string
  members: OfflineMember[]
}

const get = <T>(key: string) => inStore<T | undefined>('pins', 'readonly', (s) => s.get(key) as IDBRequest<T | undefined>)
const clear = () => inStore('pins', 'readwrite', (s) => s.clear())

/**
 * Fetch who may pick their name on the device session (while online). Signed out or not a device:
 * whatever was kept goes. A network failure keeps the last list.
 */
export async function refreshVerifiers(owner: string): Promise<void> {
  let res: Response
  try {
    res = await fetch('/v1/auth/device/offline-pins', { credentials: 'same-origin', headers: { Accept: 'application/json' }, cache: 'no-store' })
  } catch {
    return
  }
  if (res.status === 401 || res.status === 403) {
    await clear()
    return
  }
  if (!res.ok) return
  const json = (await res.json()) as Omit<Kept, 'key' | 'owner'>
  // One transaction: the list is replaced whole (what an older version kept goes with it).
  await inStore('pins', 'readwrite', (s) => {
    s.clear()
    return s.put({ key: 'members', owner, publicKey: json.publicKey, members: json.members } satisfies Kept)
  })
}

/** Who may pick their name on this device offline (empty: nobody entered a PIN here online yet). */
export async function offlineMembers(owner: string): Promise<OfflineMember[]> {
  const kept = await get<Kept>('members')
  return kept && kept.owner === owner ? kept.members : []
}

export type OfflinePinOutcome = { status: 'ok'; holder: OfflineHolder } | { status: 'none' }

/** The PIN a member typed offline, sealed for the server: the holder records are made under (nothing is checked here). */
export async function sealPinOffline(owner: string, membershipId: string, pin: string): Promise<OfflinePinOutcome> {
  const kept = await get<Kept>('members')
  const member = kept && kept.owner === owner ? kept.members.find((m) => m.membershipId === membershipId) : undefined
  if (!kept || !member) return { status: 'none' }
  return { status: 'ok', holder: { owner, membershipId, name: member.name, sealed: await sealPin(kept.publicKey, membershipId, pin) } }
}

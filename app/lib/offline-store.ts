/**
 * The state of records made offline, shared by the page (banner, "waiting to sync" markers) and the
 * lazily loaded queue (app/lib/offline.client.ts, ADR 053). Tiny on purpose: it is in the first load;
 * the queue, IndexedDB and the sync loop are not.
 */
import { useSyncExternalStore } from 'react'

/** One submission kept on the device until the server has it. */
export interface PendingRecord {
  /** The Idempotency-Key, made when the record was made: a replay never makes a second record. */
  key: string
  /** Order of making (the queue is sent oldest first). */
  seq: number
  /** The /v1 call and its JSON body (with `recordedAt`, the device's time). */
  url: string
  body: Record<string, unknown>
  kind: 'complete' | 'resolve'
  /** The cell of the page it belongs to: "item-<id>" (checklists) or "cell-<item>-<slot>" (temperatures). */
  cell: string
  /** What the person entered, as shown while waiting ("✓", "yes", "4.5 °C", a corrective action). */
  shown: string
  /** When it was made, by the device's clock (ISO). */
  madeAt: string
  /** The signed-in account or device it was made under: only that one sends it (another sign-in on this browser never does). */
  owner: string
  /** Who made it: the PIN holder on a shared device, else the member (a name, for the page). */
  by: string | null
  /**
   * On a shared device, the PIN holder's membership: the server gives the record to whoever holds the
   * device's PIN when it arrives, so it is sent only while that same person holds it.
   */
  byId: string | null
  /**
   * Made under a PIN checked on the device while offline (ADR 054): the `Mise-Offline-Pin` header, the
   * member and the record's key signed with their proof key. Sent whoever holds the PIN online then.
   */
  offlinePin?: string
  /** Waiting to be sent, or refused by the server and kept for a person to review. */
  status: 'waiting' | 'review'
  /** Why the server refused it (status "review"). */
  message?: string
}

export interface OfflineState {
  online: boolean
  pending: PendingRecord[]
}

const SERVER: OfflineState = { online: true, pending: [] }
let state: OfflineState = SERVER
const listeners = new Set<() => void>()

export function setOfflineState(patch: Partial<OfflineState>) {
  state = { ...state, ...patch }
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useOfflineState(): OfflineState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => SERVER,
  )
}

/** What a person may do with a refused record: send it again, or drop it (set by the queue once loaded). */
export const offlineActions: { retry?: (key: string) => void; discard?: (key: string) => void } = {}

// ─── who holds the PIN while offline (ADR 054) ──────────────────────────────────────────────────

/**
 * A member who picked their name and typed their PIN on this device while offline (ADR 080): records
 * made now carry their PIN sealed for the server, which checks it on sync. Kept in sessionStorage
 * under the key the idle rule clears (app/lib/idle.client.ts), so a reload offline keeps it and 5
 * idle minutes forget it.
 */
export interface OfflineHolder {
  /** The device it was entered on (the signed-in device's id). */
  owner: string
  membershipId: string
  name: string
  /** `{ member, PIN, time }` sealed for the server (app/lib/offline-pin-crypto.ts); never the PIN itself. */
  sealed: string
}

export const OFFLINE_HOLDER_KEY = 'mise_device_pin'
/** The PIN held online that the idle rule forgot while offline, kept across the page loads of the offline spell. */
const FORGOTTEN_KEY = 'mise_device_pin_forgotten'

export interface HolderState {
  online: boolean
  holder: OfflineHolder | null
  /** A PIN held online that the idle rule forgot while offline (the page's copy still names it). */
  forgotten: string | null
}

const HOLDER_SERVER: HolderState = { online: true, holder: null, forgotten: null }
let holderState: HolderState | null = null
const holderListeners = new Set<() => void>()

function readHolder(): OfflineHolder | null {
  try {
    const raw = window.sessionStorage.getItem(OFFLINE_HOLDER_KEY)
    const holder = raw ? (JSON.parse(raw) as Partial<OfflineHolder>) : null
    // One kept by an older version (no sealed PIN) cannot sign anything: forgotten.
    return holder && typeof holder.sealed === 'string' ? (holder as OfflineHolder) : null
  } catch {
    return null
  }
}

/**
 * A PIN checked offline lasts while the network is gone: once it is back, recording goes through the
 * server again, which asks for the PIN itself (what was made offline keeps its own signature).
 */
function currentHolderState(): HolderState {
  if (!holderState) {
    holderState = { online: navigator.onLine, holder: navigator.onLine ? null : readHolder(), forgotten: navigator.onLine ? null : readForgotten() }
    if (navigator.onLine) removeStoredHolder()
    const update = () => {
      if (navigator.onLine) removeStoredHolder()
      patchHolderState(navigator.onLine ? { online: true, holder: null, forgotten: null } : { online: false })
    }
    window.addEventListener('online', update)
    window.addEventListener('offline', update)
  }
  return holderState
}

function removeStoredHolder() {
  try {
    window.sessionStorage.removeItem(OFFLINE_HOLDER_KEY)
    window.sessionStorage.removeItem(FORGOTTEN_KEY)
  } catch {
    // nothing kept
  }
}

function readForgotten(): string | null {
  try {
    return window.sessionStorage.getItem(FORGOTTEN_KEY)
  } catch {
    return null
  }
}

function patchHolderState(patch: Partial<HolderState>) {
  holderState = { ...currentHolderState(), ...patch }
  for (const listener of holderListeners) listener()
}

/** Set (after a PIN checked offline) or forget (Done, idle) the offline PIN holder. */
export function setOfflineHolder(holder: OfflineHolder | null) {
  if (!holder) removeStoredHolder()
  else {
    try {
      window.sessionStorage.setItem(OFFLINE_HOLDER_KEY, JSON.stringify(holder))
    } catch {
      // Storage refused (private mode): the holder lasts as long as the page.
    }
  }
  patchHolderState({ holder })
}

/** Done or the idle rule, offline: forget whoever holds the PIN here, the PIN the page's copy names included (until back online). */
export function forgetHoldersOffline(onlinePin: string | null) {
  setOfflineHolder(null)
  try {
    if (onlinePin) window.sessionStorage.setItem(FORGOTTEN_KEY, onlinePin)
  } catch {
    // forgotten for this page only
  }
  patchHolderState({ forgotten: onlinePin })
}

/** A PIN holder as the page shows it: a member's id and name, and whether the PIN was checked offline. */
export interface DeviceHolder {
  membershipId: string
  name: string
  offline: boolean
}

/**
 * Who holds the device's PIN for what is made now, given the holder the server last named: offline,
 * the member whose PIN was checked offline, else the server's (unless the idle rule forgot it);
 * online, the server's.
 */
export function deviceHolder(serverPin: { membershipId: string; name: string } | null, owner: string | null, state: HolderState = currentHolderState()): DeviceHolder | null {
  if (!state.online) {
    if (state.holder && state.holder.owner === owner) return { membershipId: state.holder.membershipId, name: state.holder.name, offline: true }
    if (serverPin && serverPin.membershipId === state.forgotten) return null
  }
  return serverPin ? { membershipId: serverPin.membershipId, name: serverPin.name, offline: false } : null
}

/** The offline holder with their proof key, when records made now are to be signed with it. */
export function offlineHolderNow(owner: string | null): OfflineHolder | null {
  const state = currentHolderState()
  return !state.online && state.holder && state.holder.owner === owner ? state.holder : null
}

export function useDeviceHolder(serverPin: { membershipId: string; name: string } | null, owner: string | null): DeviceHolder | null {
  const state = useSyncExternalStore(
    (listener) => {
      holderListeners.add(listener)
      return () => holderListeners.delete(listener)
    },
    currentHolderState,
    () => HOLDER_SERVER,
  )
  return deviceHolder(serverPin, owner, state)
}

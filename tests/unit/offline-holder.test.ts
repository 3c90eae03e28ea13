/**
 * Who holds a shared device's PIN for what is made now (ADR 054): offline, the member whose PIN was
 * checked on this device; else the holder the server last named, unless the idle rule or Done forgot
 * it offline; online, only the server's.
 */
import { describe, expect, test } from 'vitest'
import { deviceHolder, type HolderState } from '../../app/lib/offline-store.ts'

const pablo = { owner: 'tablet-1', membershipId: 'm-pablo', name: 'Pablo Pin', sealed: 'k' }
const ana = { membershipId: 'm-ana', name: 'Ana Online' }
const state = (patch: Partial<HolderState>): HolderState => ({ online: false, holder: null, forgotten: null, ...patch })

describe('deviceHolder', () => {
  test('offline: the PIN checked on this device, before the one the page’s copy names', () => {
    expect(deviceHolder(ana, 'tablet-1', state({ holder: pablo }))).toEqual({ membershipId: 'm-pablo', name: 'Pablo Pin', offline: true })
    expect(deviceHolder(null, 'tablet-1', state({ holder: pablo }))).toEqual({ membershipId: 'm-pablo', name: 'Pablo Pin', offline: true })
  })

  test('offline: a holder checked on another device (this browser paired again) is nobody here', () => {
    expect(deviceHolder(null, 'tablet-2', state({ holder: pablo }))).toBeNull()
    expect(deviceHolder(ana, 'tablet-2', state({ holder: pablo }))).toEqual({ ...ana, offline: false })
  })

  test('offline: the server’s holder, until the idle rule or Done forgets it', () => {
    expect(deviceHolder(ana, 'tablet-1', state({}))).toEqual({ ...ana, offline: false })
    expect(deviceHolder(ana, 'tablet-1', state({ forgotten: 'm-ana' }))).toBeNull()
  })

  test('online: only the server’s holder counts', () => {
    expect(deviceHolder(ana, 'tablet-1', state({ online: true, holder: pablo, forgotten: 'm-ana' }))).toEqual({ ...ana, offline: false })
    expect(deviceHolder(null, 'tablet-1', state({ online: true, holder: pablo }))).toBeNull()
  })
})

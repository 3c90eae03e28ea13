import { describe, expect, test } from 'vitest'
import { COMMON_ZONES, offsetOf, timeZones } from '../../app/lib/time-zones.ts'

describe('the time zone picker', () => {
  const winter = new Date('2026-01-15T12:00:00Z')
  test('common zones first, then by region; every zone once; values stay IANA names', () => {
    const groups = timeZones('en', winter)
    expect(groups[0]!.region).toBe('common')
    expect(groups.slice(0, 2).map((g) => g.label)).toEqual(['Most used', 'Africa'])
    expect(timeZones('es', winter)[0]!.label).toBe('Más usadas')
    expect(groups[0]!.zones.map((z) => z.value)).toEqual([...COMMON_ZONES])
    expect(groups.slice(1).map((g) => g.region)).toEqual(expect.arrayContaining(['Europe', 'America', 'Asia', 'Pacific']))
    const values = groups.flatMap((g) => g.zones.map((z) => z.value))
    expect(new Set(values).size).toBe(values.length)
    expect(values.length).toBeGreaterThan(300)
    const europe = groups.find((g) => g.region === 'Europe')!.zones
    expect(europe.every((z) => z.value.startsWith('Europe/'))).toBe(true)
    expect(europe.map((z) => z.value)).not.toContain('Europe/Madrid')
  })
  test('each reads as its city, its country in the reader’s language and its offset now', () => {
    const label = (language: 'en' | 'es', zone: string, at = winter) => timeZones(language, at).flatMap((g) => g.zones).find((z) => z.value === zone)!.label
    expect(label('en', 'Europe/Madrid')).toBe('Madrid · Spain (UTC+01:00)')
    expect(label('es', 'Europe/Madrid')).toBe('Madrid · España (UTC+01:00)')
    expect(label('es', 'America/New_York')).toBe('New York · Estados Unidos (UTC−05:00)')
    // The offset is the one in force now: summer time in July.
    expect(label('en', 'Europe/Madrid', new Date('2026-07-15T12:00:00Z'))).toBe('Madrid · Spain (UTC+02:00)')
    expect(label('en', 'UTC')).toBe('UTC')
    expect(offsetOf('Asia/Kolkata', winter)).toBe('UTC+05:30')
  })
})

/**
 * The time zones people choose from (server-rendered by the loaders, so no client cost): the ones most
 * venues use first, then every zone the runtime knows grouped by region, each labelled with its city, its
 * country in the reader's language and its offset now — "Madrid · España (UTC+01:00)" — instead of a raw
 * IANA name. The value stays the IANA name.
 */
import ct from 'countries-and-timezones'
import { dateLocaleTag } from '../../server/dates'
import { translator } from './i18n.server'
import type { Locale } from '../../server/i18n'

export interface TimeZoneOption {
  value: string
  label: string
}
export interface TimeZoneGroup {
  /** The region's key (`common:timeZones.regions`) and its name in the reader's language. */
  region: string
  label: string
  zones: TimeZoneOption[]
}

/** Shown first, in this order: the zones of the markets Mise serves most. */
export const COMMON_ZONES = [
  'Europe/London',
  'Europe/Madrid',
  'Atlantic/Canary',
  'Europe/Lisbon',
  'Europe/Paris',
  'Europe/Berlin',
  'Europe/Rome',
  'America/New_York',
  'America/Chicago',
  'America/Los_Angeles',
  'America/Mexico_City',
  'America/Bogota',
  'America/Buenos_Aires',
  'America/Santiago',
  'UTC',
] as const

const REGIONS = ['Africa', 'America', 'Antarctica', 'Arctic', 'Asia', 'Atlantic', 'Australia', 'Europe', 'Indian', 'Pacific'] as const

function supported(): string[] {
  try {
    return (Intl as unknown as { supportedValuesOf(k: string): string[] }).supportedValuesOf('timeZone')
  } catch {
    return [...COMMON_ZONES]
  }
}

/** "UTC+01:00" for the zone's offset at `now` ("UTC" when none). */
export function offsetOf(zone: string, now: Date): string {
  const name = new Intl.DateTimeFormat('en', { timeZone: zone, timeZoneName: 'longOffset' }).formatToParts(now).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT'
  return name === 'GMT' ? 'UTC' : name.replace('GMT', 'UTC').replace('-', '−')
}

function label(zone: string, now: Date, regions: Intl.DisplayNames): string {
  const city = zone === 'UTC' ? 'UTC' : zone.slice(zone.lastIndexOf('/') + 1).replaceAll('_', ' ')
  const country = ct.getTimezone(zone)?.countries[0]
  const place = country ? `${city} · ${regions.of(country) ?? country}` : city
  return zone === 'UTC' ? place : `${place} (${offsetOf(zone, now)})`
}

// Labelling ~420 zones costs tens of milliseconds: keep the groups per language for the hour (offsets
// change at most on the hour).
const cache = new Map<string, TimeZoneGroup[]>()

/** The groups for a time zone select, in the reader's language; `now` fixes the offsets shown. */
export function timeZones(language: Locale, now = new Date()): TimeZoneGroup[] {
  const key = `${language}|${Math.floor(now.getTime() / 3_600_000)}`
  const cached = cache.get(key)
  if (cached) return cached
  if (cache.size > 8) cache.clear()
  const groups = buildGroups(language, now)
  cache.set(key, groups)
  return groups
}

function buildGroups(language: Locale, now: Date): TimeZoneGroup[] {
  const t = translator(language)
  const group = (region: string, zones: TimeZoneOption[]) => ({ region, label: t(`common:timeZones.regions.${region}`), zones })
  const regions = new Intl.DisplayNames([dateLocaleTag(language)], { type: 'region' })
  const all = supported()
  const known = new Set(all)
  const common = COMMON_ZONES.filter((z) => known.has(z) || z === 'UTC')
  const rest = all.filter((z) => !(common as readonly string[]).includes(z))
  const option = (zone: string) => ({ value: zone, label: label(zone, now, regions) })
  const byLabel = (a: TimeZoneOption, b: TimeZoneOption) => a.label.localeCompare(b.label, dateLocaleTag(language))
  const groups: TimeZoneGroup[] = [group('common', common.map(option))]
  for (const region of REGIONS) {
    const zones = rest.filter((z) => z.startsWith(`${region}/`)).map(option).sort(byLabel)
    if (zones.length) groups.push(group(region, zones))
  }
  const other = rest.filter((z) => !REGIONS.some((r) => z.startsWith(`${r}/`))).map(option).sort(byLabel)
  if (other.length) groups.push(group('other', other))
  return groups
}

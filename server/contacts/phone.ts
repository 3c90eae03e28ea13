/**
 * Phone numbers (docs/decisions/028-contacts.md): parsed and stored as E.164 with libphonenumber-js,
 * a national number read in the country of the venue (or the organisation) it is entered for, and
 * shown in that venue's national format (a foreign number in international format).
 */
import ct from 'countries-and-timezones'
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js'

/** The country of a time zone (Europe/Madrid → ES), or undefined for zones of no country (UTC). */
export function countryOfTimeZone(timeZone: string): CountryCode | undefined {
  const zone = ct.getTimezone(timeZone)
  return (zone?.countries[0] as CountryCode | undefined) ?? undefined
}

/** E.164 for a number typed in any usual way, read as national in `country`; null when it is not a possible number. */
export function normalisePhone(input: string, country: CountryCode | undefined): string | null {
  const value = input.trim()
  if (!value) return ''
  const parsed = parsePhoneNumberFromString(value, country)
  if (!parsed || !parsed.isPossible()) return null
  return parsed.number
}

/** A stored E.164 number as a person in `country` dials it: national format at home, international abroad. */
export function displayPhone(e164: string, country: CountryCode | undefined): string {
  if (!e164) return ''
  const parsed = parsePhoneNumberFromString(e164)
  if (!parsed) return e164
  return parsed.country && parsed.country === country ? parsed.formatNational() : parsed.formatInternational()
}

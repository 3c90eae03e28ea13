/** IANA time zones the runtime knows, for time-zone selects (server-rendered, so no client cost). */
export function timeZones(): string[] {
  try {
    return (Intl as unknown as { supportedValuesOf(k: string): string[] }).supportedValuesOf('timeZone')
  } catch {
    return ['Europe/London', 'Europe/Madrid', 'Europe/Paris', 'America/New_York', 'America/Mexico_City', 'UTC']
  }
}

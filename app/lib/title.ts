export interface TitleParts {
  appName: string
  venue?: string
  organisation?: string
}

/** "Mise", then the venue, then the organisation, when known. */
export function buildTitle({ appName, venue, organisation }: TitleParts): string {
  return [appName, venue, organisation].filter(Boolean).join(' · ')
}

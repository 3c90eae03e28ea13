import type { Action } from '../../../server/auth/permissions'

/** The settings areas, each shown to members whose role allows it. Modules add theirs here. */
export const settingsAreas: Array<{ to: string; labelKey: string; descriptionKey: string; action: Action }> = [
  { to: '/settings', labelKey: 'nav.overview', descriptionKey: 'nav.overviewText', action: 'settings.access' },
  { to: '/settings/venues', labelKey: 'nav.venues', descriptionKey: 'nav.venuesText', action: 'venue.manage' },
  { to: '/settings/checklists', labelKey: 'nav.checklists', descriptionKey: 'nav.checklistsText', action: 'checklists.manage' },
  { to: '/settings/recipes', labelKey: 'nav.recipes', descriptionKey: 'nav.recipesText', action: 'recipes.manage' },
  { to: '/settings/temperatures', labelKey: 'nav.temperatures', descriptionKey: 'nav.temperaturesText', action: 'temperatures.manage' },
  { to: '/settings/staff', labelKey: 'nav.staff', descriptionKey: 'nav.staffText', action: 'staff.manage' },
  { to: '/settings/devices', labelKey: 'nav.devices', descriptionKey: 'nav.devicesText', action: 'devices.manage' },
  { to: '/settings/contacts', labelKey: 'contacts.nav', descriptionKey: 'contacts.navText', action: 'contacts.manage' },
  { to: '/settings/alerts', labelKey: 'nav.alerts', descriptionKey: 'nav.alertsText', action: 'settings.access' },
  { to: '/settings/general', labelKey: 'nav.general', descriptionKey: 'nav.generalText', action: 'org.update' },
  { to: '/settings/billing', labelKey: 'nav.billing', descriptionKey: 'nav.billingText', action: 'billing.manage' },
]

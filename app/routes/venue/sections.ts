/** The venue's work sections linked from the venue home; each module adds its own. */
export const venueSections: Array<{ to: string; labelKey: string }> = [
  { to: '/checklists', labelKey: 'home.checklists' },
  { to: '/recipes', labelKey: 'home.recipes' },
  { to: '/orders', labelKey: 'orders.title' },
  { to: '/contacts', labelKey: 'contacts.title' },
  { to: '/temperatures', labelKey: 'home.temperatures' },
]

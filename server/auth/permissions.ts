/**
 * The one permissions map: role → actions. The API enforces it; the web imports it to show or hide
 * controls. OWNER ⊃ ADMIN ⊃ BASIC. Pure data, safe to bundle for the browser.
 */
export type Role = 'OWNER' | 'ADMIN' | 'BASIC'

const BASIC = [
  'org.read',
  'onboarding.read',
  'venue.read',
  'venue.work', // today's checklists and temperatures, recipes, contacts, orders
  'records.write', // complete and resolve items, record temperatures
  'orders.write',
  'profile.own',
] as const

const ADMIN = [
  ...BASIC,
  'settings.access',
  'venue.manage',
  'checklists.manage',
  'temperatures.manage',
  'recipes.manage',
  'contacts.manage',
  'devices.manage',
  'staff.read',
  'staff.manage', // BASIC and ADMIN members
  'records.export',
  'overview.read', // the group overview: every venue side by side
  'checklists.signOff', // a manager's sign-off of a completed checklist's day
] as const

const OWNER = [...ADMIN, 'staff.manageOwners', 'org.update', 'org.delete', 'billing.manage'] as const

export type Action = (typeof OWNER)[number]

export const permissions: Record<Role, ReadonlySet<Action>> = {
  BASIC: new Set<Action>(BASIC),
  ADMIN: new Set<Action>(ADMIN),
  OWNER: new Set<Action>(OWNER),
}

export const roleRank: Record<Role, number> = { BASIC: 1, ADMIN: 2, OWNER: 3 }

export function can(role: Role | null | undefined, action: Action): boolean {
  return role ? permissions[role].has(action) : false
}

/** Roles a member of `role` may give to, or take from, someone else. */
export function manageableRoles(role: Role): Role[] {
  if (can(role, 'staff.manageOwners')) return ['OWNER', 'ADMIN', 'BASIC']
  if (can(role, 'staff.manage')) return ['ADMIN', 'BASIC']
  return []
}

/**
 * What a signed-in shared device may do (product.md, the roles table's device column): read its one
 * venue's pages, and — only while a staff member's PIN is active — record there. Nothing else: no
 * settings, staff, exports, profile, onboarding or organisation changes (docs/decisions/020).
 */
export const deviceActions: ReadonlySet<Action> = new Set<Action>(['org.read', 'venue.read', 'venue.work', 'records.write', 'orders.write'])

/** Whether a device may do the action; `withPin`: a staff member's PIN is active (or the organisation does not ask for one). */
export function deviceCan(action: Action, opts: { write: boolean; withPin: boolean }): boolean {
  return deviceActions.has(action) && (!opts.write || opts.withPin)
}

import { useId } from 'react'
import { useTranslation } from '../../lib/use-translation'
import type { Role } from '../../../server/auth/permissions'
import { Field, FieldMessage, SelectField, type FieldErrors } from '../../components/ui/field'

/** A member of the organisation as the staff API returns it (docs/api-contract-orgs.md). */
export interface Member {
  id: string
  name: string
  email: string | null
  role: Role
  venueIds: string[]
  status: 'invited' | 'active' | 'removed'
  hasPin: boolean
  hasAccount: boolean
  invitedAt: string | null
  inviteExpiresAt: string | null
  joinedAt: string | null
}

export const ROLE_ORDER: Role[] = ['OWNER', 'ADMIN', 'BASIC']

/** The role select: the roles the current member may give, with a hint saying what each may do. */
export function RoleSelect({
  roles,
  defaultValue,
  ...props
}: {
  roles: Role[]
  defaultValue?: string
  errors?: FieldErrors
  id?: string
  autoFocus?: boolean
}) {
  const { t } = useTranslation('org-settings')
  return (
    <SelectField label={t('staff.role')} {...props} name="role" required defaultValue={defaultValue ?? 'BASIC'} hint={t('staff.roleHint')}>
      {ROLE_ORDER.filter((r) => roles.includes(r)).map((r) => (
        <option key={r} value={r}>
          {t(`org:roles.${r}`)}
        </option>
      ))}
    </SelectField>
  )
}

/** Venue access as checkboxes in a fieldset; none ticked means every venue, including later ones. */
export function VenueCheckboxes({ venues, selected, errors }: { venues: Array<{ id: string; name: string }>; selected: readonly string[]; errors?: FieldErrors }) {
  const { t } = useTranslation('org-settings')
  const id = useId()
  return (
    <fieldset className="space-y-1" aria-describedby={`${id}-hint${errors?.length ? ` ${id}-error` : ''}`}>
      <legend className="text-sm font-medium">{t('staff.venues')}</legend>
      <p id={`${id}-hint`} className="text-sm text-stone-700 dark:text-stone-300">
        {venues.length ? t('staff.venuesHint') : t('staff.venuesNone')}
      </p>
      {venues.map((v) => (
        <Field key={v.id} type="checkbox" name="venueIds" value={v.id} label={v.name} defaultChecked={selected.includes(v.id)} />
      ))}
      <FieldMessage id={`${id}-error`} errors={errors} />
    </fieldset>
  )
}

/** "invited" / "active" as a small badge (text contrast ≥ 4.5:1 in both themes). */
export function StatusBadge({ status }: { status: Member['status'] }) {
  const { t } = useTranslation('org-settings')
  const colours =
    status === 'invited'
      ? 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100'
      : status === 'active'
        ? 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-100'
        : 'bg-stone-200 text-stone-900 dark:bg-stone-800 dark:text-stone-100'
  return <span className={`inline-block rounded px-2 py-0.5 text-xs font-medium ${colours}`}>{t(`staff.status.${status}`)}</span>
}

/** The names of a member's venues, or "All venues" when the list is empty. */
export function venueNames(venueIds: readonly string[], venues: Array<{ id: string; name: string }>, allLabel: string): string {
  if (!venueIds.length) return allLabel
  const names = venues.filter((v) => venueIds.includes(v.id)).map((v) => v.name)
  return names.length ? names.join(', ') : '—'
}

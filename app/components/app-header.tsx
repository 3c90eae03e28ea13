import { useEffect, useRef, type ReactNode } from 'react'
import { useTranslation } from '../lib/use-translation'
import { Form, Link } from 'react-router'
import { can, type Role } from '../../server/auth/permissions'
import type { PinHolder } from '../lib/device'
import type { Locale } from '../lib/i18n'
import { lazyComponent } from '../lib/lazy'
import { LanguageSwitch } from './language-switch'
import { ThemeSwitch } from './theme-switch'
import { buttonClasses } from './ui/button'

export interface HeaderUser {
  id: string
  type: 'user' | 'device'
  emailVerified: boolean
}

/** The first path segments that name a part of the app, shown beside the venue in the bar. */
const SECTIONS = ['checklists', 'temperatures', 'recipes', 'contacts', 'orders', 'settings', 'profile', 'organisations', 'venues', 'support', 'pin', 'device-settings'] as const
type Section = (typeof SECTIONS)[number]

export function sectionOf(pathname: string): Section | null {
  const first = pathname.split('/')[1] ?? ''
  return (SECTIONS as readonly string[]).includes(first) ? (first as Section) : null
}

const itemClass = buttonClasses({ variant: 'ghost', size: 'lg' })

// A shared device's part of the bar: loaded by the browser only on a device (app/lib/lazy.tsx).
const DevicePinStatus = lazyComponent(() => import('./device-nav').then((m) => m.DevicePinStatus))
const DeviceMenuItems = lazyComponent(() => import('./device-nav').then((m) => m.DeviceMenuItems))

/**
 * The app's bar: one row of at most 56 px on a phone with the venue, the current page and a menu
 * (a native `<details>`, so it opens without JavaScript) holding the switchers, language, theme, profile
 * and sign-out; from 1280 px the same items stand in the row. Every control is at least 44×44 px.
 * A shared device keeps who holds the PIN, and "Done", in the bar itself.
 */
export function AppHeader({
  user,
  locale,
  org,
  venue,
  pin,
  pathname,
  here,
  banner,
}: {
  user: HeaderUser | null
  locale: Locale
  org: { name: string; role: Role | null } | null
  venue: { name: string } | null
  pin: PinHolder | null
  pathname: string
  here: string
  banner?: ReactNode
}) {
  const { t } = useTranslation()
  const section = sectionOf(pathname)
  // With JavaScript the page changes in place: close the menu once it has taken the person somewhere.
  const menu = useRef<HTMLDetailsElement>(null)
  useEffect(() => {
    if (menu.current) menu.current.open = false
  }, [here, locale])
  const device = user?.type === 'device'
  const items = device ? (
    <DeviceMenuItems itemClass={itemClass} />
  ) : (
    <PersonMenuItems user={user} org={org} venue={venue} />
  )
  return (
    <header className="border-b border-stone-200 dark:border-stone-800">
      <nav aria-label={t('nav.main')} className="mx-auto flex min-h-13 max-w-7xl items-center gap-1 px-3 py-1">
        <Link to="/" className="flex min-h-11 shrink-0 items-center pr-1 text-lg font-bold text-green-800 dark:text-green-300">
          {t('appName')}
        </Link>
        <p className="min-w-0 flex-1 truncate text-sm text-stone-700 dark:text-stone-300" data-testid="header-context">
          {venue ? <span className="font-medium text-stone-900 dark:text-stone-100">{venue.name}</span> : null}
          {venue && section ? <span aria-hidden="true"> · </span> : null}
          {section ? <span>{t(`nav.sections.${section}`)}</span> : null}
        </p>
        {device && user ? <DevicePinStatus pin={pin} deviceId={user.id} here={here} onPinPad={pathname === '/pin'} /> : null}
        <div className="hidden flex-wrap items-center justify-end gap-1 xl:flex">
          {items}
          <ThemeSwitch redirectTo={here} />
          <LanguageSwitch locale={locale} redirectTo={here} />
        </div>
        <details
          ref={menu}
          className="group relative xl:hidden"
          data-testid="header-menu"
          onKeyDown={(event) => {
            if (event.key !== 'Escape' || !menu.current?.open) return
            menu.current.open = false
            menu.current.querySelector('summary')?.focus()
          }}
        >
          <summary className={`${buttonClasses({ variant: 'basic_border', size: 'lg' })} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}>
            {t('nav.menu')}
          </summary>
          <div className="absolute right-0 top-full z-40 mt-1 flex w-72 max-w-[calc(100vw-1.5rem)] flex-col items-stretch gap-1 rounded-lg border border-stone-200 bg-white p-2 shadow-lg dark:border-stone-700 dark:bg-stone-900">
            {items}
            <div className="border-t border-stone-200 pt-1 dark:border-stone-700">
              <ThemeSwitch redirectTo={here} />
            </div>
            <LanguageSwitch locale={locale} redirectTo={here} />
          </div>
        </details>
      </nav>
      {banner}
    </header>
  )
}

/** A signed-in person's items: venue and organisation switchers, settings, profile, sign-out. */
function PersonMenuItems({ user, org, venue }: { user: HeaderUser | null; org: { name: string; role: Role | null } | null; venue: { name: string } | null }) {
  const { t } = useTranslation()
  if (!user) return null
  return (
    <>
      {org ? (
        <>
          <Link to="/venues" className={itemClass} aria-label={t('nav.venueSwitch', { name: venue?.name ?? t('nav.noVenue') })}>
            <span className="max-w-48 truncate">{venue?.name ?? t('nav.noVenue')}</span>
          </Link>
          <Link to="/organisations" className={itemClass} aria-label={t('nav.orgSwitch', { name: org.name })}>
            <span className="max-w-48 truncate">{org.name}</span>
          </Link>
          {can(org.role, 'settings.access') ? (
            <Link to="/settings" className={itemClass}>
              {t('nav.settings')}
            </Link>
          ) : null}
        </>
      ) : (
        <Link to="/organisations" className={itemClass}>
          {t('nav.organisations')}
        </Link>
      )}
      <Link to="/support" className={itemClass}>
        {t('nav.support')}
      </Link>
      <Link to="/profile" className={itemClass}>
        {t('nav.profile')}
      </Link>
      <Form method="post" action="/logout" className="flex">
        <button type="submit" className={`${buttonClasses({ variant: 'basic_border', size: 'lg' })} grow`}>
          {t('nav.logout')}
        </button>
      </Form>
    </>
  )
}

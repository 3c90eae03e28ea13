import { useTranslation } from '../lib/use-translation'
import { Form } from 'react-router'
import { Theme, useTheme } from 'remix-themes'
import { buttonClasses } from './ui/button'

export type ThemeChoice = 'light' | 'dark' | 'system'

/** The person's choice as remix-themes knows it: "system" while it follows the device. */
export function useThemeChoice(): ThemeChoice {
  const [theme, , { definedBy }] = useTheme()
  return definedBy === 'SYSTEM' || !theme ? 'system' : theme
}

/**
 * Light, dark or the device's setting: a plain form posting to /set-theme, which sets the cookie and
 * comes back (no JavaScript needed); with JavaScript, remix-themes switches in place.
 */
export function ThemeSwitch({ redirectTo }: { redirectTo: string }) {
  const { t } = useTranslation()
  const [, setTheme] = useTheme()
  const choice = useThemeChoice()
  return (
    <Form
      method="post"
      action="/set-theme"
      className="inline"
      onSubmit={(event) => {
        const value = (event.nativeEvent as SubmitEvent).submitter?.getAttribute('value')
        if (value !== 'light' && value !== 'dark' && value !== 'system') return
        event.preventDefault()
        setTheme(value === 'system' ? null : value === 'dark' ? Theme.DARK : Theme.LIGHT)
      }}
    >
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <div role="group" aria-label={t('theme.label')} className="inline-flex items-center gap-0.5">
        {(['light', 'dark', 'system'] as const).map((value) => (
          <button
            key={value}
            type="submit"
            name="theme"
            value={value}
            aria-pressed={choice === value}
            className={buttonClasses({ variant: choice === value ? 'basic' : 'ghost', size: 'lg' })}
          >
            {t(`theme.${value}`)}
          </button>
        ))}
      </div>
    </Form>
  )
}

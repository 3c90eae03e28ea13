import { useTranslation } from '../lib/use-translation'
import { Form } from 'react-router'
import { supportedLocales, type Locale } from '../lib/i18n'
import { buttonClasses } from './ui/button'

/**
 * One button per language: a single tap changes it, with or without JavaScript (a plain form posting
 * to /set-language, which sets the cookie and the profile, then comes back here).
 */
export function LanguageSwitch({ locale, redirectTo }: { locale: Locale; redirectTo: string }) {
  const { t } = useTranslation()
  return (
    <Form method="post" action="/set-language" className="inline">
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <div role="group" aria-label={t('language.label')} className="inline-flex items-center gap-0.5">
        {supportedLocales.map((code) => (
          <button
            key={code}
            type="submit"
            name="locale"
            value={code}
            lang={code}
            aria-pressed={locale === code}
            className={buttonClasses({ variant: locale === code ? 'basic' : 'ghost', size: 'lg' })}
          >
            {t(`language.${code}`)}
          </button>
        ))}
      </div>
    </Form>
  )
}

import { useTranslation } from '../lib/use-translation'
import { supportedLocales } from '../lib/i18n'

/** One `<option>` per language the app speaks, each named in its own language's `lang`. */
export function LanguageOptions() {
  const { t } = useTranslation('common')
  return (
    <>
      {supportedLocales.map((code) => (
        <option key={code} value={code} lang={code}>
          {t(`language.${code}`)}
        </option>
      ))}
    </>
  )
}

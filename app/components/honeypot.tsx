import { useTranslation } from '../lib/use-translation'
import { HoneypotInputs, HoneypotProvider, type HoneypotProviderProps } from 'remix-utils/honeypot/react'

export { HoneypotProvider }

/**
 * The honeypot fields of an anonymous form (app/lib/honeypot.server.ts): hidden from people and
 * from assistive technology, filled in by naive bots. They take their props from a HoneypotProvider
 * (the public layout's) or from `inputProps` (a page outside it).
 */
export function HoneypotFields({ inputProps }: { inputProps?: Omit<HoneypotProviderProps, 'children'> | null }) {
  const { t } = useTranslation('public')
  // Hidden by a class (not the component's inline <style>), so a Content-Security-Policy needs no nonce for it.
  const inputs = <HoneypotInputs label={t('honeypot.label')} className="hidden" />
  return inputProps ? <HoneypotProvider {...inputProps}>{inputs}</HoneypotProvider> : inputs
}

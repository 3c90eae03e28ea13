import { Form, useNavigation } from 'react-router'
import { resultErrors, type FormResult } from '../../lib/forms'
import { useTranslation } from '../../lib/use-translation'
import { Button } from '../ui/button'
import { FormError } from '../ui/field'

/** One starter of the library (GET /v1/orgs/:org/checklists/starters), in the reader's language. */
export interface ChecklistStarter {
  key: string
  name: string
  description: string
  itemCount: number
}

/**
 * "Start from a template" on /settings/checklists/new (ADR 049): each starter with its name,
 * description and item count, and a plain form whose button copies it into the organisation.
 */
export function StarterLibrary({ starters, failed }: { starters: ChecklistStarter[]; failed?: { key: string; result?: FormResult } }) {
  const { t } = useTranslation('org-settings')
  const navigation = useNavigation()
  const sending = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'starter' ? String(navigation.formData.get('starter')) : undefined
  if (!starters.length) return null
  return (
    <section aria-labelledby="starters-title" className="space-y-3">
      <h2 id="starters-title" className="text-xl font-semibold">
        {t('checklists.starters.title')}
      </h2>
      <p className="text-stone-700 dark:text-stone-300">{t('checklists.starters.intro')}</p>
      <ul className="grid gap-3 sm:grid-cols-2">
        {starters.map((starter) => {
          const titleId = `starter-${starter.key}`
          const errors = failed?.key === starter.key ? resultErrors(failed.result) : undefined
          return (
            <li key={starter.key} className="flex flex-col gap-2 rounded-lg border border-stone-300 p-4 dark:border-stone-600">
              <h3 id={titleId} className="font-semibold">
                {starter.name}
              </h3>
              <p id={`${titleId}-description`} className="text-sm text-stone-700 dark:text-stone-300">
                {starter.description}
              </p>
              <p className="text-sm text-stone-700 dark:text-stone-300">{t('checklists.starters.itemCount', { count: starter.itemCount })}</p>
              <Form method="post" className="mt-auto space-y-2">
                <FormError errors={errors} />
                <input type="hidden" name="starter" value={starter.key} />
                <Button
                  type="submit"
                  name="intent"
                  value="starter"
                  variant="basic_border"
                  width="fit"
                  aria-describedby={titleId}
                  aria-disabled={sending === starter.key || undefined}
                >
                  {sending === starter.key ? t('common:actions.working') : t('checklists.starters.use')}
                </Button>
              </Form>
            </li>
          )
        })}
      </ul>
      <h2 className="pt-2 text-xl font-semibold">{t('checklists.starters.blankTitle')}</h2>
    </section>
  )
}

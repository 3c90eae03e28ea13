/**
 * The page of a new template (a checklist, a temperature log): its details form only. Apart from
 * template-detail.tsx, whose items (reorder list, delete confirmations) a new template has none of,
 * so this page does not load them (ADR 061).
 */
import type { ReactNode } from 'react'
import { Form, Link } from 'react-router'
import { useTranslation } from '../../lib/use-translation'
import { useServerForm, type FormResult } from '../../lib/forms'
import { FormError } from '../ui/field'
import { SubmitButton } from '../submit-button'
import type { DetailForms } from './template-detail'
import { DETAIL_LAYOUTS, type DetailKindName } from './detail-kinds'

/** The page of a new template; `before` (the checklists' starter library) comes between the intro and the blank form. */
export function NewTemplatePage({ kind, result, form: details, before }: { kind: DetailKindName; result?: FormResult; form: DetailForms['details']; before?: ReactNode }) {
  const { t } = useTranslation('org-settings')
  const form = useServerForm({ id: `new-${DETAIL_LAYOUTS[kind].one}`, lastResult: result, defaultValue: details.defaultValue })
  return (
    <div className="max-w-xl space-y-4">
      <p>
        <Link to={`/settings/${kind}`} className="text-sm underline">
          {t(`${kind}.backToList`)}
        </Link>
      </p>
      <h1 className="text-2xl font-bold">{t(`${kind}.newTitle`)}</h1>
      {before}
      <p className="text-stone-700 dark:text-stone-300">{t(`${kind}.newIntro`)}</p>
      <Form method="post" className="space-y-4" {...form.formProps}>
        <FormError errors={form.formErrors} />
        {details.fields(form)}
        <SubmitButton width="fit" pendingLabel={t('common:actions.working')}>
          {t(`${kind}.create`)}
        </SubmitButton>
      </Form>
    </div>
  )
}

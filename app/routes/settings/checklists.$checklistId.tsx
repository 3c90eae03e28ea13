import { Form } from 'react-router'
import { useTranslation } from '../../lib/use-translation'
import type { Route } from './+types/checklists.$checklistId'
import { can } from '../../../server/auth/permissions'
import { checklistForms, itemDefaults, ItemFields } from '../../components/checklists/checklist-fields'
import { CHECKLIST_FIELDS, checklistBody, checklistSchema, ITEM_FIELDS, itemBody, itemSchema } from '../../components/checklists/form-bodies.server'
import { ItemRow, TemplateDetailSections, TemplateHeading } from '../../components/templates/template-detail'
import { templateDetailAction, type DetailIntent, type DetailKind, type DetailResult } from '../../components/templates/template-detail.server'
import type { Checklist, ChecklistItem } from '../../components/checklists/types'
import { Button } from '../../components/ui/button'
import { DangerZone } from '../../components/ui/danger-zone'
import { FormError } from '../../components/ui/field'
import { api, must } from '../../lib/api.server'
import { resultErrors } from '../../lib/forms'
import { requireOrg } from '../../lib/selection.server'

const checklistDetail: DetailKind<typeof checklistSchema, typeof itemSchema> = {
  resource: 'checklists',
  itemResource: 'checklist-items',
  one: 'checklist',
  settingsPath: '/settings/checklists',
  itemPrefix: 'item-',
  itemsAnchor: 'items',
  addAnchor: 'add-item',
  keys: 'org-settings:checklists',
  itemKeys: 'org-settings:checklists.items',
  templateSchema: checklistSchema,
  templateFields: CHECKLIST_FIELDS,
  templateBody: (values) => checklistBody(values, 'update'),
  itemSchema,
  itemFields: ITEM_FIELDS,
  itemBody: (values, mode, { t }) => itemBody(values, mode, { number: t('org-settings:checklists.items.numberInvalid') }),
}

export async function loader(args: Route.LoaderArgs) {
  const { org } = await requireOrg(args)
  if (!can(org.role, 'checklists.manage')) throw new Response('Forbidden', { status: 403 })
  const client = api(args)
  const { checklist, items } = must(
    args.request,
    client,
    await client.get<{ checklist: Checklist; items: ChecklistItem[] }>(`/v1/orgs/${org.id}/checklists/${encodeURIComponent(args.params.checklistId)}`),
  )
  return { checklist, items, venues: org.venues }
}

export async function action(args: Route.ActionArgs) {
  const { org } = await requireOrg(args)
  if (!can(org.role, 'checklists.manage')) throw new Response('Forbidden', { status: 403 })
  return templateDetailAction(args, org.id, args.params.checklistId, checklistDetail)
}

export default function EditChecklist({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('org-settings')
  const { checklist, items, venues } = loaderData
  const result = actionData as DetailResult | undefined
  const only = (...intents: DetailIntent[]) => (result && intents.includes(result.intent) ? result.result : undefined)
  const checklistActionErrors = resultErrors(only('duplicate', 'archive', 'restore'))

  return (
    <div className="max-w-2xl space-y-8">
      <TemplateHeading name={checklist.name} archived={Boolean(checklist.archivedAt)} backTo="/settings/checklists" backLabel={t('checklists.backToList')}>
        {checklist.archivedAt ? (
          <div className="space-y-2 rounded-lg border border-amber-700 bg-amber-50 p-3 dark:border-amber-400 dark:bg-amber-950">
            <p>{t('checklists.archivedNotice')}</p>
            <FormError errors={checklistActionErrors} />
            <Form method="post">
              <Button type="submit" name="intent" value="restore" size="md" variant="basic_border">
                {t('checklists.actions.restore')}
              </Button>
            </Form>
          </div>
        ) : null}
      </TemplateHeading>

      <TemplateDetailSections kind="checklists" items={items} result={result} forms={checklistForms(checklist, venues)} renderItem={(item) => <ChecklistItemRow item={item} result={result?.itemId === item.id ? result : undefined} />} />

      <section aria-labelledby="checklist-actions" className="space-y-4 rounded-lg border border-stone-200 p-4 dark:border-stone-800">
        <h2 id="checklist-actions" className="text-lg font-semibold">
          {t('checklists.actions.title')}
        </h2>
        {checklist.archivedAt ? null : <FormError errors={checklistActionErrors} />}
        <div className="space-y-2">
          <p className="text-sm text-stone-700 dark:text-stone-300">{t('checklists.actions.duplicateHelp')}</p>
          <Form method="post">
            <Button type="submit" name="intent" value="duplicate" variant="basic_border">
              {t('checklists.actions.duplicate')}
            </Button>
          </Form>
        </div>
        {checklist.archivedAt ? null : (
          <div className="space-y-2">
            <p className="text-sm text-stone-700 dark:text-stone-300">{t('checklists.actions.archiveHelp')}</p>
            <Form method="post">
              <Button type="submit" name="intent" value="archive" variant="basic_border">
                {t('checklists.actions.archive')}
              </Button>
            </Form>
          </div>
        )}
      </section>

      <DangerZone
        trigger={t('checklists.actions.delete')}
        title={t('checklists.actions.deleteTitle', { name: checklist.name })}
        help={t('checklists.actions.deleteHelp')}
        errors={resultErrors(only('delete'))}
      />
    </div>
  )
}

/** The range of a number item as text, or null when it has none. */
function rangeText(item: ChecklistItem, t: (key: string, vars?: Record<string, unknown>) => string): string | null {
  if (item.type !== 'number' && item.type !== 'measure') return null
  if (item.min != null && item.max != null) return t('checklists.items.rangeBoth', { min: item.min, max: item.max })
  if (item.min != null) return t('checklists.items.rangeMin', { min: item.min })
  if (item.max != null) return t('checklists.items.rangeMax', { max: item.max })
  return null
}

/** One item: what it asks for, and (behind "Edit") its form, archive/restore and delete. */
function ChecklistItemRow({ item, result }: { item: ChecklistItem; result?: DetailResult }) {
  const { t } = useTranslation('org-settings')
  const range = rangeText(item, t)
  // Only a yes/no item that departs from the usual "no fails" says so.
  const failsOn = item.type === 'yes_no' && item.failsOn === 'yes' ? t('checklists.items.failsOnYes') : item.type === 'yes_no' && item.failsOn === 'none' ? t('checklists.items.failsOnNone') : null
  return (
    <ItemRow
      item={item}
      result={result}
      version={[item.label, item.type, item.required, item.min, item.max, item.failsOn, item.unit, JSON.stringify(item.options), item.photoWhenFailing, item.noteWhenFailing, item.instructions, item.archivedAt].join('|')}
      facts={
        <>
          <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-stone-700 dark:text-stone-300">
            <span>{t(`checklists.types.${item.type}`)}</span>
            <span>{item.required ? t('checklists.items.required') : t('checklists.items.optional')}</span>
            {range ? <span>{range}</span> : null}
            {failsOn ? <span>{failsOn}</span> : null}
            {item.type === 'measure' && item.unit ? <span>{t('checklists.items.unitShown', { unit: item.unit })}</span> : null}
            {item.photoWhenFailing ? <span>{t('checklists.items.needsPhoto')}</span> : null}
            {item.noteWhenFailing ? <span>{t('checklists.items.needsNote')}</span> : null}
          </p>
          {item.type === 'choice' && item.options ? (
            <p className="text-sm break-words text-stone-700 dark:text-stone-300">
              {t('checklists.items.answersShown', { answers: item.options.map((o) => o.label).join(' · ') })}
              {item.options.some((o) => o.fails) ? <> — {t('checklists.items.failingAnswers', { answers: item.options.filter((o) => o.fails).map((o) => o.label).join(', ') })}</> : null}
            </p>
          ) : null}
          {item.instructions ? <p className="text-sm break-words whitespace-pre-line text-stone-700 dark:text-stone-300">{item.instructions}</p> : null}
        </>
      }
      formId={`item-form-${item.id}`}
      defaults={itemDefaults(item)}
      fields={(form) => <ItemFields form={form} />}
      deleteText={{ title: t('checklists.items.deleteTitle', { label: item.label }), help: t('checklists.items.deleteHelp') }}
    />
  )
}

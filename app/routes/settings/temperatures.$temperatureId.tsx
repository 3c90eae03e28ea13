import { Form } from 'react-router'
import { useTranslation } from '../../lib/use-translation'
import type { Route } from './+types/temperatures.$temperatureId'
import { can } from '../../../server/auth/permissions'
import { ItemRow, TemplateDetailSections, TemplateHeading } from '../../components/templates/template-detail'
import { templateDetailAction, type DetailIntent, type DetailKind, type DetailResult } from '../../components/templates/template-detail.server'
import { LOG_FIELDS, logBody, logSchema, UNIT_FIELDS, unitBody, unitSchema } from '../../components/temperatures/form-bodies.server'
import { logForms, rangeText, unitDefaults, UnitFields } from '../../components/temperatures/log-fields'
import type { TemperatureLog, TemperatureUnit, TemperatureUnitItem } from '../../components/temperatures/types'
import { Button } from '../../components/ui/button'
import { ConfirmForm } from '../../components/ui/confirm-dialog'
import { FormError } from '../../components/ui/field'
import { api, must, type ApiClient } from '../../lib/api.server'
import { resultErrors } from '../../lib/forms'
import { requireOrg } from '../../lib/selection.server'

async function orgUnit(client: ApiClient, request: Request, orgId: string): Promise<TemperatureUnit> {
  return must(request, client, await client.get<{ organisation: { temperatureUnit: TemperatureUnit } }>(`/v1/orgs/${orgId}`)).organisation.temperatureUnit
}

const temperatureDetail: DetailKind<typeof logSchema, typeof unitSchema> = {
  resource: 'temperatures',
  itemResource: 'temperature-items',
  one: 'temperature',
  settingsPath: '/settings/temperatures',
  itemPrefix: 'unit-',
  itemsAnchor: 'units',
  addAnchor: 'add-unit',
  keys: 'org-settings:temperatures',
  itemKeys: 'org-settings:temperatures.units',
  templateSchema: logSchema,
  templateFields: LOG_FIELDS,
  templateBody: logBody,
  itemSchema: unitSchema,
  itemFields: UNIT_FIELDS,
  // Bounds are typed in the organisation's unit; an emptied bound clears it when saving.
  itemBody: async (values, mode, { t, client, request, orgId }) => {
    const outcome = unitBody(values, await orgUnit(client, request, orgId), { number: t('org-settings:temperatures.units.numberInvalid') })
    if (mode === 'update') for (const name of ['min', 'max'] as const) if (!(name in outcome.body)) outcome.body[name] = null
    return outcome
  },
}

export async function loader(args: Route.LoaderArgs) {
  const { org } = await requireOrg(args)
  if (!can(org.role, 'temperatures.manage')) throw new Response('Forbidden', { status: 403 })
  const client = api(args)
  const [logResult, unit] = await Promise.all([
    client.get<{ temperature: TemperatureLog; items: TemperatureUnitItem[] }>(`/v1/orgs/${org.id}/temperatures/${encodeURIComponent(args.params.temperatureId)}`),
    orgUnit(client, args.request, org.id),
  ])
  const { temperature, items } = must(args.request, client, logResult)
  return { temperature, items, venues: org.venues, unit }
}

export async function action(args: Route.ActionArgs) {
  const { org } = await requireOrg(args)
  if (!can(org.role, 'temperatures.manage')) throw new Response('Forbidden', { status: 403 })
  return templateDetailAction(args, org.id, args.params.temperatureId, temperatureDetail)
}

export default function EditTemperatureLog({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('org-settings')
  const { t: tc } = useTranslation('common')
  const { temperature, items, venues, unit } = loaderData
  const result = actionData as DetailResult | undefined
  const only = (...intents: DetailIntent[]) => (result && intents.includes(result.intent) ? result.result : undefined)

  return (
    <div className="max-w-2xl space-y-8">
      <TemplateHeading name={temperature.name} archived={Boolean(temperature.archivedAt)} backTo="/settings/temperatures" backLabel={t('temperatures.backToList')}>
        <FormError errors={resultErrors(only('duplicate', 'archive', 'restore', 'delete'))} />
      </TemplateHeading>

      <TemplateDetailSections kind="temperatures" items={items} result={result} forms={logForms(temperature, venues, unit)} renderItem={(item) => <UnitRow item={item} unit={unit} result={result?.itemId === item.id ? result : undefined} />} />

      <section aria-labelledby="temperature-actions" className="space-y-3 rounded-lg border border-stone-200 p-4 dark:border-stone-800">
        <h2 id="temperature-actions" className="text-lg font-semibold">
          {t('checklists.actions.title')}
        </h2>
        <Form method="post" className="flex flex-wrap gap-2">
          <Button type="submit" name="intent" value="duplicate" variant="basic_border">
            {t('temperatures.duplicate')}
          </Button>
          <Button type="submit" name="intent" value={temperature.archivedAt ? 'restore' : 'archive'} variant="basic_border">
            {temperature.archivedAt ? t('temperatures.restore') : t('temperatures.archive')}
          </Button>
        </Form>
        <ConfirmForm
          dangerous
          intent="delete"
          trigger={t('temperatures.delete')}
          title={t('temperatures.deleteTitle', { name: temperature.name })}
          description={t('temperatures.deleteHelp')}
          confirmLabel={t('temperatures.delete')}
          cancelLabel={tc('actions.cancel')}
          defaultTitle={tc('confirm.defaultTitle')}
        />
      </section>
    </div>
  )
}

/** One unit: kind and range, and (behind "Edit") its form, archive/restore and delete. */
function UnitRow({ item, unit, result }: { item: TemperatureUnitItem; unit: TemperatureUnit; result?: DetailResult }) {
  const { t } = useTranslation('org-settings')
  return (
    <ItemRow
      item={item}
      result={result}
      version={[item.label, item.kind, item.min, item.max, item.archivedAt].join('|')}
      facts={
        <p className="flex flex-wrap gap-x-3 text-sm text-stone-700 dark:text-stone-300">
          <span>{t(`temperatures.kinds.${item.kind}`)}</span>
          <span>{rangeText(item.min, item.max, unit, t)}</span>
        </p>
      }
      formId={`unit-form-${item.id}`}
      defaults={unitDefaults(item, unit)}
      fields={(form) => <UnitFields form={form} unit={unit} adding={false} />}
      deleteText={{ title: t('temperatures.units.deleteTitle', { label: item.label }), help: t('temperatures.units.deleteHelp') }}
    />
  )
}

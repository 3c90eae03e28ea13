/**
 * The response shapes of /v1 as JSON Schema (OpenAPI 3.1 component schemas), written from the
 * contracts (docs/api-contract-orgs.md, docs/api-contract-checklists.md) and the services' `public*`
 * functions. Request bodies are never written here: they come from the routes' zod schemas.
 */
import { ALERT_KINDS } from '../../alerts/schema.ts'
import { CHECKLIST_ITEM_TYPES, MEASURE_UNITS, YES_NO_FAILS } from '../../checklists/schema.ts'
import { TEMPERATURE_ITEM_KINDS } from '../../temperatures/schema.ts'
import { locales } from '../../i18n.ts'
import { MEMBER_STATUSES, PLANS, ROLES, TEMPERATURE_UNITS } from '../../orgs/schema.ts'
import { RECORD_KINDS, RECORD_STATUSES } from '../../records/schema.ts'
import { ALLERGEN_MARKS } from '../../recipes/allergens.ts'
import { ALLERGEN_LEVELS, ALLERGENS } from '../../recipes/schema.ts'
import { errorCatalogue } from '../errors.ts'

export type JsonSchema = Record<string, unknown>

/** A reference to a component schema (tests/api/openapi.test.ts checks that every reference resolves). */
export const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` })

/** An object whose listed properties are all present (every response field is always sent). */
function object(properties: Record<string, JsonSchema>, description?: string): JsonSchema {
  return { type: 'object', ...(description ? { description } : {}), required: Object.keys(properties), properties }
}

const uuid: JsonSchema = { type: 'string', format: 'uuid' }
const string: JsonSchema = { type: 'string' }
const boolean: JsonSchema = { type: 'boolean' }
const integer: JsonSchema = { type: 'integer' }
const number: JsonSchema = { type: 'number' }
const dateTime: JsonSchema = { type: 'string', format: 'date-time' }
const day: JsonSchema = { type: 'string', format: 'date', description: 'yyyy-MM-dd' }
const nullable = (schema: JsonSchema): JsonSchema => ({ ...schema, type: [schema.type as string, 'null'] })
const nullableRef = (name: string): JsonSchema => ({ oneOf: [ref(name), { type: 'null' }] })
const array = (items: JsonSchema): JsonSchema => ({ type: 'array', items })
const enumOf = (values: readonly string[]): JsonSchema => ({ type: 'string', enum: [...values] })
/** The day a temperature answer is for, at its venue, in the organisation's unit. */
const temperatureDay = { date: day, today: day, isToday: boolean, isPast: boolean, venue: ref('VenueRef'), unit: enumOf(['C', 'F']) }
const role = enumOf(ROLES)
/** A role, or null for a shared device (it has no role: product.md's device column). */
const roleOrDevice: JsonSchema = { type: ['string', 'null'], enum: [...ROLES, null] }
/** An object with required properties and some that may be absent. */
function withOptional(schema: JsonSchema, optional: Record<string, JsonSchema>): JsonSchema {
  return { ...schema, properties: { ...(schema.properties as object), ...optional } }
}
const pinHolder = object({
  membershipId: uuid,
  name: string,
  since: dateTime,
  lastUsedAt: dateTime,
  expiresAt: { ...dateTime, description: 'lastUsedAt + 5 minutes: forgotten after that without use' },
})
const monthDays: JsonSchema = {
  ...{ type: 'array', items: { type: 'integer', minimum: 1, maximum: 31 } },
  description: 'Dates of the month it is due on instead of the weekdays (29–31 fall on a shorter month’s last day); empty = by weekday',
}
const dueTime: JsonSchema = { type: ['string', 'null'], pattern: '^([01]\\d|2[0-3]):[0-5]\\d$', description: 'HH:mm in the venue zone, or null' }

const schemas = {
  Error: {
    type: 'object',
    required: ['error'],
    properties: {
      error: {
        type: 'object',
        required: ['name', 'code', 'message'],
        properties: {
          name: enumOf(Object.keys(errorCatalogue)),
          code: integer,
          message: string,
          data: {
            type: 'object',
            description: 'ValidationError: each field (dotted path for nested fields) → its message',
            additionalProperties: string,
          },
        },
      },
    },
  },
  Ok: object({ ok: { type: 'boolean', const: true } }),
  Status: object({ status: enumOf(['ok', 'ready', 'unavailable']) }),
  OpenApiDocument: { type: 'object', description: 'This document', required: ['openapi', 'info', 'paths'] },

  User: withOptional(
    object(
      {
        id: { ...uuid, description: "The user's id, or the device's" },
        type: enumOf(['user', 'device']),
        name: string,
        locale: enumOf(locales),
        superAdmin: boolean,
        emailVerified: boolean,
      },
      'A person (type user), or a signed-in shared device (type device, no email)',
    ),
    { email: string },
  ),
  UserOrg: object(
    { id: uuid, name: string, role: roleOrDevice, venues: array(object({ id: uuid, name: string })) },
    "An active membership with the non-archived venues the member may use, sorted by name (a device: its organisation, role null, its one venue)",
  ),
  Me: withOptional(object({ user: ref('User'), orgs: array(ref('UserOrg')), webVersion: string, flags: { type: 'object' } }), {
    device: object(
      { id: uuid, name: string, orgId: uuid, venueId: uuid, pinRequired: { ...boolean, description: "The organisation's requirePinOnDevices" } },
      'Only for a device',
    ),
    pin: { oneOf: [ref('PinHolder'), { type: 'null' }], description: 'Only for a device: who holds the PIN now' },
  }),

  OrgRef: object({ id: uuid, name: string }),
  Organisation: object({
    id: uuid,
    name: string,
    timeZone: { type: 'string', description: 'IANA time zone' },
    temperatureUnit: enumOf(TEMPERATURE_UNITS),
    requirePinOnDevices: boolean,
    plan: enumOf(PLANS),
    role: { ...roleOrDevice, description: "The caller's role in the organisation (null for a shared device)" },
  }),
  Venue: object({
    id: uuid,
    name: string,
    address: string,
    phone: { ...string, description: 'For suppliers delivering there: shown on orders' },
    timeZone: { type: 'string', description: 'IANA time zone' },
    archivedAt: nullable(dateTime),
  }),
  VenueRef: object({ id: uuid, name: string, timeZone: string }),
  Member: object({
    id: uuid,
    name: string,
    email: nullable(string),
    role,
    venueIds: { ...array(uuid), description: 'Venues the member may use; empty = every venue' },
    status: enumOf(MEMBER_STATUSES),
    hasPin: boolean,
    hasAccount: { type: 'boolean', description: 'The membership is linked to a user account' },
    invitedAt: nullable(dateTime),
    inviteExpiresAt: { ...nullable(dateTime), description: 'Null unless the member is invited' },
    joinedAt: nullable(dateTime),
  }),
  OrgProfile: object({ membershipId: uuid, name: string, role, venueIds: array(uuid), hasPin: boolean }),
  Onboarding: object({
    hidden: boolean,
    complete: boolean,
    steps: array(object({ key: string, done: boolean, href: string })),
  }),
  Invite: object({
    organisation: ref('OrgRef'),
    email: string,
    name: string,
    role,
    hasAccount: boolean,
    expiresAt: dateTime,
  }),

  Checklist: object({
    id: uuid,
    name: string,
    description: string,
    venueIds: { ...array(uuid), description: 'Venues where it is used; empty = every venue' },
    days: { ...array({ type: 'integer', minimum: 0, maximum: 6 }), description: 'Days of the week it is due, 0 = Sunday … 6 = Saturday' },
    monthDays,
    dueTime,
    checksPerDay: { type: 'integer', minimum: 1, maximum: 6, description: 'Checks a day; with one, it is due by dueTime' },
    checkTimes: { ...array({ type: ['string', 'null'] }), description: "One per check: HH:mm in the venue's zone after which it is overdue, or null" },
    requiresSignOff: { ...boolean, description: "Once complete, a manager (ADMIN or OWNER) signs the day off" },
    position: integer,
    archivedAt: nullable(dateTime),
    itemCount: integer,
  }),
  ChecklistStarter: object(
    {
      key: { ...string, description: 'Names it in POST …/checklists/starters/{starterId}' },
      name: string,
      description: string,
      itemCount: integer,
    },
    "A ready-made checklist of the starter library, in the caller's language (ADR 049)",
  ),
  SignOff: object({ signedBy: object({ membershipId: nullable(uuid), name: string }), signedAt: dateTime }, "A manager's sign-off of a checklist's day"),
  ChecklistItem: object({
    id: uuid,
    checklistId: uuid,
    label: string,
    instructions: string,
    type: enumOf(CHECKLIST_ITEM_TYPES),
    required: boolean,
    min: { type: ['number', 'null'], description: 'Number items only' },
    max: { type: ['number', 'null'], description: 'Number items only' },
    failsOn: { type: ['string', 'null'], enum: [...YES_NO_FAILS, null], description: 'Yes/no items only: the answer that fails ("none": neither); null for other types' },
    unit: { type: ['string', 'null'], enum: [...MEASURE_UNITS, null], description: 'Measure items (a number with a unit) only; null for other types' },
    options: { oneOf: [array(ref('ChoiceOption')), { type: 'null' }], description: 'Choice items only: the answers in order, the failing ones marked; null for other types' },
    photoWhenFailing: { type: 'boolean', description: 'A failing record must carry a photo (data.uploadId otherwise)' },
    noteWhenFailing: { type: 'boolean', description: 'A failing record must carry a note (data.note otherwise)' },
    position: integer,
    archivedAt: nullable(dateTime),
  }),
  ChoiceOption: object({ label: string, fails: boolean }),
  MemberRef: object({
    membershipId: nullable(uuid),
    name: string,
    device: {
      oneOf: [object({ id: uuid, name: string }), { type: 'null' }],
      description: 'The shared device it was done on (its name then); the member is then whoever held the PIN',
    },
  }),
  Record: object({
    id: uuid,
    value: nullable(string),
    note: nullable(string),
    upload: { oneOf: [object({ id: uuid, url: string, contentType: string }), { type: 'null' }] },
    status: enumOf(RECORD_STATUSES),
    late: { type: 'boolean', description: 'Recorded after the day it is for' },
    label: { type: 'string', description: "The item's label when recorded" },
    itemType: { type: 'string', description: "The item's type when recorded" },
    min: { type: ['number', 'null'] },
    max: { type: ['number', 'null'] },
    failsOn: { type: ['string', 'null'], description: 'A yes/no item: the answer that failed when recorded ("no", "yes", "none"); null otherwise' },
    unit: { type: ['string', 'null'], description: "A measure item's unit when recorded; null otherwise" },
    options: { oneOf: [array(ref('ChoiceOption')), { type: 'null' }], description: "A choice item's answers when recorded; null otherwise" },
    recordedBy: ref('MemberRef'),
    recordedAt: { ...dateTime, description: 'When the server received it' },
    deviceRecordedAt: { ...nullable(dateTime), description: "When the device made it, by its clock, if the call said so (`recordedAt` of the body: made offline, synced later)" },
    supersedesId: { ...nullable(uuid), description: 'The record this one corrects' },
    resolution: {
      oneOf: [object({ note: string, resolvedBy: ref('MemberRef'), resolvedAt: dateTime, deviceResolvedAt: nullable(dateTime) }), { type: 'null' }],
      description: 'The corrective action of a failed record',
    },
  }),
  Progress: object(
    { done: integer, total: integer, optional: object({ done: integer, total: integer }), failed: integer, unresolved: integer },
    'done of total: required items settled (recorded, failures resolved); optional items counted apart; complete when done = total and no failure is open',
  ),
  DayList: object(
    {
      date: day,
      today: day,
      isToday: boolean,
      isPast: boolean,
      venue: ref('VenueRef'),
      checklists: array(
        object({
          id: uuid,
          name: string,
          description: string,
          dueTime,
          checksPerDay: integer,
          requiresSignOff: boolean,
          signedOff: boolean,
          overdue: boolean,
          complete: boolean,
          progress: ref('Progress'),
          checks: { ...array(ref('TemperatureCheck')), description: 'Each check of the day with its own progress' },
        }),
      ),
    },
    'The non-archived checklists due at the venue that day, with progress',
  ),
  Entry: object(
    {
      date: day,
      today: day,
      isToday: boolean,
      isPast: boolean,
      venue: ref('VenueRef'),
      checklist: object({
        id: uuid,
        name: string,
        description: string,
        dueTime,
        checksPerDay: integer,
        checkTimes: array({ type: ['string', 'null'] }),
        monthDays,
        requiresSignOff: boolean,
        archivedAt: nullable(dateTime),
      }),
      dueThatDay: { ...boolean, description: 'Due on this day (weekday or date of the month); on other days nothing new can be recorded' },
      complete: boolean,
      overdue: boolean,
      progress: ref('Progress'),
      checks: { ...array(ref('TemperatureCheck')), description: 'Each check of the day with its own progress' },
      signOff: { ...nullableRef('SignOff'), description: "A manager's sign-off of the day, if given" },
      slot: { ...integer, description: 'The check whose records `items` shows (0-based)' },
      items: array(
        object({
          item: { ...ref('ChecklistItem'), description: 'The current template, or for an item archived since, what the record kept' },
          record: nullableRef('Record'),
          history: { ...array(ref('Record')), description: 'Older, superseded records, newest first' },
        }),
      ),
    },
    "One checklist's entry at a venue for a day, with every item's state",
  ),
  Temperature: object({
    id: uuid,
    name: string,
    venueIds: { ...array(uuid), description: 'Venues where it is used; empty = every venue' },
    days: { ...array({ type: 'integer', minimum: 0, maximum: 6 }), description: 'Days of the week it is due, 0 = Sunday … 6 = Saturday' },
    monthDays,
    checksPerDay: { type: 'integer', minimum: 1, maximum: 6 },
    checkTimes: { ...array({ type: ['string', 'null'] }), description: "One per check: HH:mm in the venue's zone after which it is overdue, or null" },
    position: integer,
    archivedAt: nullable(dateTime),
    itemCount: integer,
  }),
  TemperatureItem: object({
    id: uuid,
    temperatureId: uuid,
    label: string,
    kind: enumOf(TEMPERATURE_ITEM_KINDS),
    min: { type: ['number', 'null'], description: '°C, one decimal; null = no lower bound' },
    max: { type: ['number', 'null'], description: '°C, one decimal; null = no upper bound' },
    position: integer,
    archivedAt: nullable(dateTime),
  }),
  Reading: {
    allOf: [
      ref('Record'),
      object({
        slot: { ...integer, description: 'The check of the day (0-based)' },
        valueC: { type: ['number', 'null'], description: 'The stored value in °C' },
        recheck: { ...boolean, description: 'Taken after an out-of-range reading of the same unit and check' },
      }),
    ],
    description: "A temperature record: value, min and max in the organisation's unit",
  },
  TemperatureCheck: object({
    slot: integer,
    time: { type: ['string', 'null'] },
    complete: boolean,
    overdue: boolean,
    done: integer,
    total: integer,
    unresolved: integer,
  }),
  TemperatureDayList: object(
    {
      ...temperatureDay,
      temperatures: array(
        object({
          entryId: uuid,
          id: uuid,
          name: string,
          checksPerDay: integer,
          checks: array(ref('TemperatureCheck')),
          complete: boolean,
          overdue: boolean,
          progress: ref('Progress'),
        }),
      ),
    },
    'The non-archived temperature logs due at the venue that day, each with its entry (created on first read)',
  ),
  TemperatureEntry: withOptional(
    object(
      {
        id: uuid,
        ...temperatureDay,
        temperature: object({ id: uuid, name: string, checksPerDay: integer, checkTimes: array({ type: ['string', 'null'] }), archivedAt: nullable(dateTime) }),
        dueThatDay: boolean,
        checks: array(ref('TemperatureCheck')),
        complete: boolean,
        overdue: boolean,
        progress: ref('Progress'),
        items: array(
          object({
            item: object({
              id: uuid,
              label: string,
              kind: enumOf(TEMPERATURE_ITEM_KINDS),
              min: { type: ['number', 'null'] },
              max: { type: ['number', 'null'] },
              minC: { type: ['number', 'null'] },
              maxC: { type: ['number', 'null'] },
              archivedAt: nullable(dateTime),
            }),
            checks: array(
              object({
                slot: integer,
                time: { type: ['string', 'null'] },
                record: { oneOf: [ref('Reading'), { type: 'null' }] },
                history: { ...array(ref('Reading')), description: 'Earlier readings of the check, newest first' },
                openFailures: { ...integer, description: 'Out-of-range readings of the check not yet resolved' },
              }),
            ),
            chart: {
              ...array(object({ date: day, slot: integer, value: number, inRange: boolean, recordedAt: dateTime })),
              description: 'The last 30 days (7 with `chart=7` on the venue\'s one-log call): current readings and out-of-range ones, in the unit',
            },
          }),
        ),
      },
      "One temperature log's entry at a venue for a day, with every unit's readings by check",
    ),
    { slot: { ...integer, description: "The check each unit's `checks` shows (0-based), on the venue's one-log call; absent when every check is shown" } },
  ),
  Upload: object({
    id: uuid,
    url: { type: 'string', description: '/v1/orgs/{orgId}/uploads/{id}' },
    contentType: string,
    size: integer,
  }),

  PinHolder: pinHolder,
  Device: object({
    id: uuid,
    name: string,
    venue: object({ id: uuid, name: string }),
    lastSeenAt: { ...nullable(dateTime), description: 'Its last request (written at most once a minute); null before it first signs in' },
    signedIn: boolean,
    sessions: { ...integer, description: 'How many signed-in sessions it has' },
    pinHolder: { oneOf: [ref('PinHolder'), { type: 'null' }], description: 'Who holds the PIN on it now' },
    loginLink: { oneOf: [object({ expiresAt: dateTime }), { type: 'null' }], description: 'The live, unused login link, if any' },
    createdAt: dateTime,
  }),
  DeviceLoginLink: object({
    url: { type: 'string', description: 'APP_URL/device-login?id=<deviceId>&token=<token>' },
    expiresAt: dateTime,
  }),
  DeviceLogin: object({ device: object({ id: uuid, name: string }), organisation: ref('OrgRef'), venue: object({ id: uuid, name: string }) }),

  // Billing (docs/decisions/031, 032)
  PlanLimits: object({
    plan: enumOf(PLANS),
    limits: object({ venues: nullable(integer), staff: nullable(integer), devices: nullable(integer) }, 'null = no limit'),
    usage: object({ venues: integer, staff: integer, devices: integer }, 'Venues not archived; staff not removed (invitations and PIN-only members included); devices'),
  }),
  Billing: withOptional(
    object({
      plan: enumOf(PLANS),
      limits: object({ venues: nullable(integer), staff: nullable(integer), devices: nullable(integer) }, 'null = no limit'),
      usage: object({ venues: integer, staff: integer, devices: integer }),
      mode: { ...enumOf(['stripe', 'self-hosted']), description: 'stripe: Checkout and the portal; self-hosted: PUT …/billing/plan' },
      status: { type: ['string', 'null'], enum: ['active', 'past_due', 'cancelled', null], description: 'The Stripe subscription, if any' },
      hasCustomer: boolean,
      nextInvoice: {
        oneOf: [object({ date: dateTime, amount: nullable(integer), currency: nullable(string) }), { type: 'null' }],
        description: 'Amount in the currency’s minor unit (cents)',
      },
      invoices: array(
        object({
          id: uuid,
          number: nullable(string),
          date: dateTime,
          amount: { ...integer, description: 'Minor unit (cents)' },
          currency: string,
          status: { ...string, description: 'draft, open, paid, uncollectible or void' },
          pdfUrl: nullable(string),
          hostedUrl: nullable(string),
        }),
      ),
    }),
    {},
  ),
  RedirectUrl: object({ url: { type: 'string', description: 'A Stripe page to send the browser to' } }),
  WebhookReceipt: object({ received: { type: 'boolean', const: true }, duplicate: { ...boolean, description: 'This event id was already handled: nothing changed' } }),
  // Contacts and supplier orders (issue #13)
  ContactCategory: withOptional(object({ id: uuid, name: string, position: integer, supplier: { ...boolean, description: 'Its contacts are suppliers one can order from' } }), {
    contactCount: { ...integer, description: 'Contacts in it that the caller may see' },
  }),
  Contact: object({
    id: uuid,
    name: string,
    company: string,
    role: string,
    email: string,
    phone: { ...string, description: 'E.164 (+34911234567), or empty' },
    phoneDisplay: { ...string, description: 'The number in the national format of the venue asked for (else the organisation), international when foreign' },
    address: string,
    website: string,
    notes: string,
    category: { oneOf: [object({ id: uuid, name: string, supplier: boolean }), { type: 'null' }] },
    venueIds: { ...array(uuid), description: 'Empty: every venue' },
    createdAt: dateTime,
    updatedAt: dateTime,
  }),
  Order: object({
    id: uuid,
    venue: { ...object({ id: uuid, name: string, address: string, phone: string }), description: 'Where the supplier delivers' },
    supplier: object({ id: { type: ['string', 'null'], format: 'uuid', description: 'null once the contact is deleted' }, name: string, email: string }),
    deliveryDate: day,
    status: enumOf(['draft', 'sent', 'confirmed', 'received', 'cancelled']),
    notes: string,
    createdBy: string,
    createdAt: dateTime,
    sentAt: nullable(dateTime),
    sentBy: { type: ['string', 'null'] },
    confirmedAt: nullable(dateTime),
    receivedAt: nullable(dateTime),
    receivedBy: { type: ['string', 'null'] },
    deliveryTemperature: {
      type: ['number', 'null'],
      description:
        "°C, taken on receipt. It also goes into the venue's delivery temperature log when one is due that day; the `received` history entry's detail then names it: `temperatureLog: { entryId, temperatureId, date, name, status }`.",
    },
    cancelledAt: nullable(dateTime),
    cancelledBy: { type: ['string', 'null'] },
    creditRequestedAt: nullable(dateTime),
    supplierLinkExpiresAt: nullable(dateTime),
    lines: array(
      object({
        id: uuid,
        productId: { type: ['string', 'null'], format: 'uuid' },
        name: string,
        code: string,
        quantity: { type: 'number' },
        unit: string,
        unitPrice: { type: ['number', 'null'], description: "The product's price per unit when the line was written; null for free text or no price" },
        lineTotal: { type: ['number', 'null'], description: 'quantity × unitPrice, to the cent' },
        note: string,
        receivedQuantity: { type: ['number', 'null'] },
        receivedIssue: { type: ['string', 'null'], enum: ['short', 'damaged', 'wrong_item', 'too_warm', null] },
        receivedNote: string,
        shortfall: boolean,
      }),
    ),
    total: { type: ['number', 'null'], description: 'Sum of the priced lines, to the cent; null when no line has a price' },
    fullyPriced: { ...boolean, description: 'Every line has a price: `total` is the whole order' },
    history: array(object({ kind: string, by: string, at: dateTime, detail: { type: 'object' } })),
  }),
  SupplierOrder: object({
    id: uuid,
    organisation: string,
    venue: string,
    address: { ...string, description: "The venue's delivery address" },
    phone: { ...string, description: "The venue's phone" },
    timeZone: { ...string, description: "The venue's IANA time zone: times are shown in it" },
    supplier: string,
    deliveryDate: day,
    status: enumOf(['sent', 'confirmed']),
    notes: string,
    sentAt: nullable(dateTime),
    confirmedAt: nullable(dateTime),
    lines: array(object({ id: uuid, name: string, code: string, quantity: { type: 'number' }, unit: string, unitPrice: { type: ['number', 'null'] }, lineTotal: { type: ['number', 'null'] }, note: string })),
    total: { type: ['number', 'null'], description: 'Sum of the priced lines; null when none has a price' },
    fullyPriced: boolean,
  }),
  SupplierProduct: object({
    id: uuid,
    name: string,
    unit: string,
    packSize: string,
    price: { type: ['number', 'null'] },
    code: string,
    parLevels: array(object({ venueId: uuid, par: { type: 'number' } })),
  }),
  // Recipes
  AllergenMap: {
    type: 'object',
    description: 'The 14 EU allergens a recipe holds: "contains" or "mayContain"; an allergen not listed is not in it',
    additionalProperties: false,
    properties: Object.fromEntries(ALLERGENS.map((a) => [a, enumOf(ALLERGEN_LEVELS)])),
  },
  AllergenMarks: {
    type: 'object',
    description:
      'What every view of a recipe shows (docs/decisions/084-allergens-detected-on-every-save.md): the listed allergens, and while the list is not confirmed every allergen the ingredient names suggest that it does not list, as "check" ("may contain — check"); an allergen not listed is free of it',
    additionalProperties: false,
    properties: Object.fromEntries(ALLERGENS.map((a) => [a, enumOf(ALLERGEN_MARKS)])),
  },
  IngredientLine: {
    oneOf: [
      object({ type: { type: 'string', const: 'section' }, name: string }, 'A heading such as "For the sauce"'),
      object({
        type: { type: 'string', const: 'ingredient' },
        quantity: { type: ['number', 'null'] },
        quantityMax: { type: ['number', 'null'], description: 'The top of a range ("2-3"), else null' },
        unit: string,
        name: string,
        note: string,
      }),
    ],
  },
  RecipeSummary: object({
    id: uuid,
    name: string,
    categoryId: nullable(uuid),
    description: string,
    yieldQuantity: { type: ['number', 'null'] },
    yieldUnit: string,
    portions: { type: ['integer', 'null'] },
    prepMinutes: { type: ['integer', 'null'] },
    cookMinutes: { type: ['integer', 'null'] },
    allergens: ref('AllergenMap'),
    allergensConfirmed: { ...boolean, description: 'A person has confirmed the allergen list since it or the ingredients last changed' },
    detectedAllergens: { ...ref('AllergenMap'), description: 'What the ingredient names (English and Spanish) suggested when the recipe was last saved' },
    allergenMarks: ref('AllergenMarks'),
    imageUploadId: nullable(uuid),
    imageUrl: { ...nullable(string), description: 'GET {org}/uploads/{uploadId} of the image' },
    venueIds: { ...array(uuid), description: 'Venues where it is used; empty = every venue' },
    updatedAt: dateTime,
  }),
  Recipe: withOptional(
    object({
      id: uuid,
      name: string,
      categoryId: nullable(uuid),
      description: string,
      yieldQuantity: { type: ['number', 'null'] },
      yieldUnit: string,
      portions: { type: ['integer', 'null'] },
      prepMinutes: { type: ['integer', 'null'] },
      cookMinutes: { type: ['integer', 'null'] },
      ingredients: array(ref('IngredientLine')),
      steps: array(string),
      allergens: ref('AllergenMap'),
      allergensConfirmed: boolean,
      allergensConfirmedAt: nullable(dateTime),
      allergensConfirmedBy: { ...nullable(string), description: 'The name of who confirmed them' },
      detectedAllergens: { ...ref('AllergenMap'), description: 'What the ingredient names (English and Spanish) suggested when the recipe was last saved: a suggestion for the person confirming' },
      allergenMarks: ref('AllergenMarks'),
      imageUploadId: nullable(uuid),
      imageUrl: nullable(string),
      venueIds: array(uuid),
      createdAt: dateTime,
      updatedAt: dateTime,
    }),
    {},
  ),
  RecipeDraft: object({
    source: { ...enumOf(['parser', 'jsonld', 'llm']), description: 'What made the draft' },
    draft: object({
      name: string,
      description: string,
      yieldQuantity: { type: ['number', 'null'] },
      yieldUnit: string,
      portions: { type: ['integer', 'null'] },
      prepMinutes: { type: ['integer', 'null'] },
      cookMinutes: { type: ['integer', 'null'] },
      ingredients: array(ref('IngredientLine')),
      steps: array(string),
      allergens: { ...ref('AllergenMap'), description: 'Suggested from the ingredient names: to be confirmed by a person' },
    }),
  }),
  OpenFailure: object(
    {
      kind: enumOf(RECORD_KINDS),
      templateId: uuid,
      templateName: string,
      itemId: uuid,
      label: string,
      date: day,
      slot: integer,
      href: { ...string, description: 'The web page where it is resolved' },
    },
    'An unresolved failure (a failed item or an out-of-range reading)',
  ),
  DayCompliance: object(
    {
      date: day,
      due: { ...integer, description: 'Required checks due that day' },
      onTime: { ...integer, description: 'Recorded on their day' },
      late: { ...integer, description: 'Recorded on a later day' },
      missed: { ...integer, description: 'Never recorded, the day being over' },
      pending: { ...integer, description: 'Today, not recorded yet' },
      missedLogs: { ...integer, description: 'Checklists and logs left with a missed check' },
      failures: object({ resolved: integer, unresolved: integer }),
    },
    "One venue's compliance on one day",
  ),
  ComplianceSummary: object(
    {
      days: integer,
      due: integer,
      onTime: integer,
      late: integer,
      missed: integer,
      pending: integer,
      missedLogs: integer,
      failures: object({ resolved: integer, unresolved: integer }),
      score: { type: ['integer', 'null'], description: 'Share (0–100) of settled due checks done on time; null when none was due' },
    },
    'Totals over days',
  ),
  Dashboard: object({
    date: day,
    today: day,
    isToday: boolean,
    isPast: boolean,
    venue: ref('VenueRef'),
    due: array(
      object({
        kind: enumOf(RECORD_KINDS),
        id: uuid,
        name: string,
        href: string,
        dueTime,
        complete: boolean,
        overdue: boolean,
        progress: ref('Progress'),
        failures: array(ref('OpenFailure')),
      }),
    ),
    overdue: integer,
    failures: { ...array(ref('OpenFailure')), description: 'Every unresolved failure of the 30 days up to the day, newest first' },
    deliveries: { oneOf: [array(ref('Order')), { type: 'null' }], description: 'Orders expected that day; null for a shared device without an active PIN' },
    compliance: object({ days: array(ref('DayCompliance')), last7: ref('ComplianceSummary'), last30: ref('ComplianceSummary') }),
  }),
  Overview: object({
    venues: array(
      object({
        venue: ref('VenueRef'),
        date: day,
        today: day,
        day: object({ due: integer, complete: integer, overdue: integer, unresolved: integer, missedLogs: integer }),
        last7: ref('ComplianceSummary'),
        last30: ref('ComplianceSummary'),
        unresolved: { ...integer, description: 'Unresolved failures of the 30 days' },
      }),
    ),
  }),
  AlertSettings: object({
    overdue: boolean,
    overdueDelayMinutes: { ...integer, description: 'Minutes after a check is due (0–1440, default 30)' },
    failures: boolean,
    failureDelayMinutes: { ...integer, description: 'Minutes a failure stays unresolved (0–1440, default 30)' },
    digest: boolean,
    digestTime: { ...string, description: "HH:mm in each venue's zone" },
    quietStart: { ...nullable(string), description: "HH:mm in the venue's zone, or null (with quietEnd)" },
    quietEnd: nullable(string),
    recipientIds: { ...array(uuid), description: "Members who get alerts besides the venue's managers" },
  }),
  AlertPreferences: object({
    overdue: boolean,
    failures: boolean,
    digest: boolean,
    quietStart: { ...nullable(string), description: "The member's own quiet hours; null: the organisation's" },
    quietEnd: nullable(string),
  }),
  RecentAlert: object({
    id: uuid,
    kind: enumOf(ALERT_KINDS),
    date: day,
    templateName: string,
    label: string,
    dueTime: nullable(string),
    href: { ...string, description: 'The web page where it is fixed' },
    createdAt: dateTime,
    emailed: { ...integer, description: 'People e-mailed about it' },
  }),
  Unsubscribe: object({ kind: enumOf(ALERT_KINDS), orgName: string, subscribed: boolean }),
  RecipeCategory: object({ id: uuid, name: string, position: integer, recipeCount: { ...integer, description: 'Recipes in it that the member sees' } }),
  RecipeBook: object({
    venue: object({ id: uuid, name: string }),
    categories: array(ref('RecipeCategory')),
    uncategorisedCount: integer,
    recipes: array(ref('RecipeSummary')),
  }),
} satisfies Record<string, JsonSchema>

export type ComponentName = keyof typeof schemas

export const componentSchemas: Record<ComponentName, JsonSchema> = schemas

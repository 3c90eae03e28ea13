import { and, asc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm'
import type { Deps } from '../api/context.ts'
import { ApiError, badRequest, forbidden, notFound, validationError } from '../api/errors.ts'
import { isUuid, type OrgScope } from '../api/middleware/org-scope.ts'
import { can, roleRank, type Role } from '../auth/permissions.ts'
import { generateUnusedPin, limitPinAnswers, pinDigest, pinDigestInUse } from '../auth/pin.ts'
import { findUserByEmail } from '../auth/service.ts'
import { hashToken, newToken, sameHash } from '../auth/tokens.ts'
import { assertWithinLimit, createWithinLimit } from '../billing/limits.ts'
import type { Db } from '../db/client.ts'
import { isUniqueViolation } from '../db/errors.ts'
import { withOrgLock } from '../db/lock.ts'
import { memberships, organisations, users, venues } from '../db/schema.ts'
import { defaultLocale, isLocale, t, type Locale } from '../i18n.ts'
import { inviteMail } from '../mail/templates.ts'

export const INVITE_DAYS = 7
const DAY_MS = 24 * 60 * 60 * 1000

type MemberRow = typeof memberships.$inferSelect

/** The API's view of a staff member (docs/api-contract-orgs.md `Member`). */
export function publicMember(m: MemberRow) {
  return {
    id: m.id,
    name: m.name,
    email: m.email,
    role: m.role,
    venueIds: m.venueIds,
    status: m.status,
    hasPin: m.pinDigest !== null,
    /** The member signs in with a user account (false for PIN-only staff and pending invitations). */
    hasAccount: m.userId !== null,
    invitedAt: m.invitedAt,
    inviteExpiresAt: m.status === 'invited' ? m.inviteExpiresAt : null,
    joinedAt: m.joinedAt,
  }
}
export type PublicMember = ReturnType<typeof publicMember>

/** Who is acting, beyond the org scope: their user (for the verified-address rule and the mail). */
export interface Actor {
  name: string
  emailVerified: boolean
  /** Their saved profile language (not the page's): invitations fall back to it. */
  locale: string
}

export interface StaffContext {
  deps: Deps
  scope: OrgScope
  locale: Locale
}

const notRemoved = ne(memberships.status, 'removed')

// ─── reads ──────────────────────────────────────────────────────────────────────────────────────

/** Invited and active members of the organisation, sorted by name. */
export async function listStaff(db: Db, scope: OrgScope): Promise<PublicMember[]> {
  const rows = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.orgId, scope.orgId), notRemoved))
    .orderBy(sql`lower(${memberships.name})`, asc(memberships.name), asc(memberships.id))
  return rows.map(publicMember)
}

async function findMember(db: Db, scope: OrgScope, staffId: string): Promise<MemberRow | undefined> {
  if (!isUuid(staffId)) return undefined
  const [row] = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.orgId, scope.orgId), eq(memberships.id, staffId), notRemoved))
    .limit(1)
  return row
}

/** One invited or active member; removed members and other organisations' ids are 404. */
export async function getStaff(db: Db, scope: OrgScope, staffId: string): Promise<PublicMember> {
  const row = await findMember(db, scope, staffId)
  if (!row) throw notFound()
  return publicMember(row)
}

// ─── shared checks ──────────────────────────────────────────────────────────────────────────────

/** Every id must be a venue of this organisation; returns them de-duplicated. */
async function checkVenueIds(db: Db, scope: OrgScope, ids: string[], locale: Locale): Promise<string[]> {
  const unique = [...new Set(ids)]
  if (!unique.length) return []
  const bad = () => validationError({ venueIds: t(locale, 'staff.venueNotFound') })
  if (!unique.every((id) => isUuid(id))) throw bad()
  const found = await db
    .select({ id: venues.id })
    .from(venues)
    .where(and(eq(venues.orgId, scope.orgId), inArray(venues.id, unique)))
  if (found.length !== unique.length) throw bad()
  return unique
}

/**
 * The keyed digest of a PIN the caller wants to set; ValidationError data.pin when another member has
 * it. The answer says whether a PIN is in use, so it is counted first (ADR 016).
 */
async function digestForNewPin(db: Db, scope: OrgScope, pin: string, locale: Locale, exceptId?: string): Promise<string> {
  await limitPinAnswers(db, scope, locale)
  const digest = await pinDigest(db, scope.orgId, pin)
  if (await pinDigestInUse(db, scope.orgId, digest, exceptId)) throw validationError({ pin: t(locale, 'validation.pinTaken') })
  return digest
}

/** Translate a unique-index violation into the field it concerns; rethrow anything else. */
function uniqueToValidation(error: unknown, locale: Locale): never {
  if (isUniqueViolation(error, 'memberships_org_email_idx')) throw validationError({ email: t(locale, 'staff.emailTaken') })
  if (isUniqueViolation(error, 'memberships_org_pin_idx')) throw validationError({ pin: t(locale, 'validation.pinTaken') })
  throw error
}

/**
 * Rules about roles for changing `target` (undefined when creating) to `newRole`:
 * no one raises their own role; only an OWNER touches owners or hands out OWNER.
 */
function checkRoleRules(scope: OrgScope, target: MemberRow | undefined, newRole: Role | undefined, locale: Locale): void {
  const self = target !== undefined && target.id === scope.membershipId
  if (self && newRole && roleRank[newRole] > roleRank[target.role]) throw forbidden(t(locale, 'staff.raiseOwnRole'))
  if (!can(scope.role, 'staff.manageOwners') && (target?.role === 'OWNER' || newRole === 'OWNER')) {
    throw forbidden(t(locale, 'staff.ownersOnly'))
  }
}

/** SQL: another active OWNER of the organisation exists besides `memberId`. */
function anotherActiveOwner(orgId: string, memberId: string) {
  return sql`exists (select 1 from ${memberships} o where o.org_id = ${orgId} and o.role = 'OWNER' and o.status = 'active' and o.id <> ${memberId})`
}

// ─── invitations ────────────────────────────────────────────────────────────────────────────────

/**
 * The language of an invitation: the recipient's saved language when they already have an account,
 * else the inviter's saved profile language (never the inviter's cookie or browser).
 */
async function inviteLocale(db: Db, email: string, actor: Actor): Promise<Locale> {
  const [recipient] = await db
    .select({ locale: users.locale })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1)
  if (isLocale(recipient?.locale)) return recipient.locale
  return isLocale(actor.locale) ? actor.locale : defaultLocale
}

async function sendInvite(ctx: StaffContext, actor: Actor, member: { id: string; name: string; email: string }, token: string) {
  const { deps, scope } = ctx
  const [org] = await deps.db.select({ name: organisations.name }).from(organisations).where(eq(organisations.id, scope.orgId))
  const locale = await inviteLocale(deps.db, member.email, actor)
  const link = `${deps.config.appUrl}/invite?${new URLSearchParams({ id: member.id, token })}`
  // A failed send must not undo the invitation: it is logged and can be resent.
  await deps.mailer
    .send(
    inviteMail({
      locale,
      to: member.email,
      appName: deps.config.APP_NAME,
      name: member.name,
      inviterName: actor.name,
      orgName: org?.name ?? '',
      link,
      days: INVITE_DAYS,
    }),
  )
    .catch((err: unknown) => deps.logger.error({ err, memberId: member.id }, 'invitation mail failed'))
}

function newInvite() {
  const token = newToken()
  return { token, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + INVITE_DAYS * DAY_MS) }
}

// ─── writes ─────────────────────────────────────────────────────────────────────────────────────

export interface NewMember {
  name: string
  email?: string | null
  role: Role
  venueIds?: string[]
  pin?: string
}

/**
 * With an e-mail address: an invitation (status invited, link valid 7 days, e-mailed in the
 * recipient's saved language if they have an account, else the inviter's). Without: a PIN-only member (active, BASIC or ADMIN) with the given PIN or a
 * generated one, which is returned once.
 */
export async function createStaff(
  ctx: StaffContext,
  actor: Actor,
  input: NewMember,
): Promise<{ member: PublicMember; pin?: string }> {
  const { deps, scope, locale } = ctx
  const { db } = deps
  checkRoleRules(scope, undefined, input.role, locale)
  const email = input.email ?? undefined
  if (email && !actor.emailVerified) throw forbidden(t(locale, 'staff.verifyToInvite'))
  if (!email && input.role === 'OWNER') throw validationError({ role: t(locale, 'staff.pinOnlyRole') })
  const venueIds = await checkVenueIds(db, scope, input.venueIds ?? [], locale)
  // An early answer before the PIN is counted (ADR 016); the insert below re-counts under the lock.
  await assertWithinLimit(db, scope.orgId, 'staff', locale)
  if (email) {
    const [taken] = await db
      .select({ id: memberships.id })
      .from(memberships)
      .where(and(eq(memberships.orgId, scope.orgId), sql`lower(${memberships.email}) = ${email.toLowerCase()}`, notRemoved))
      .limit(1)
    if (taken) throw validationError({ email: t(locale, 'staff.emailTaken') })
  }
  const digest = input.pin ? await digestForNewPin(db, scope, input.pin, locale) : undefined
  // A generated PIN, returned once, is one nobody uses: counted like a chosen one (ADR 016).
  if (!email && !digest) await limitPinAnswers(db, scope, locale)
  const base = { orgId: scope.orgId, name: input.name, role: input.role, venueIds }

  if (email) {
    const invite = newInvite()
    // The staff limit is counted and the member inserted under the organisation's lock (ADR 079).
    // The venues are checked again under the lock, which deleting a venue also takes.
    const row = await createWithinLimit(db, scope.orgId, 'staff', locale, async (tx) => {
      await checkVenueIds(tx, scope, venueIds, locale)
      const [inserted] = await tx
        .insert(memberships)
        .values({
          ...base,
          email,
          status: 'invited',
          pinDigest: digest ?? null,
          inviteTokenHash: invite.tokenHash,
          inviteExpiresAt: invite.expiresAt,
          invitedAt: new Date(),
          invitedBy: scope.membershipId,
        })
        .returning()
      return inserted!
    }).catch((error: unknown) => uniqueToValidation(error, locale))
    await sendInvite(ctx, actor, { id: row.id, name: row.name, email }, invite.token)
    return { member: publicMember(row) }
  }

  // PIN-only: a generated PIN may lose a race for the unique index; draw again a few times.
  for (let attempt = 0; ; attempt++) {
    const generated = digest ? undefined : await generateUnusedPin(db, scope.orgId)
    const pinHash = digest ?? (await pinDigest(db, scope.orgId, generated!))
    try {
      const [row] = await createWithinLimit(db, scope.orgId, 'staff', locale, async (tx) => {
        await checkVenueIds(tx, scope, venueIds, locale)
        return tx.insert(memberships).values({ ...base, email: null, status: 'active', pinDigest: pinHash, joinedAt: new Date() }).returning()
      })
      return generated ? { member: publicMember(row!), pin: generated } : { member: publicMember(row!) }
    } catch (error) {
      if (generated && attempt < 5 && isUniqueViolation(error, 'memberships_org_pin_idx')) continue
      uniqueToValidation(error, locale)
    }
  }
}

export interface MemberPatch {
  name?: string
  role?: Role
  venueIds?: string[]
  pin?: string
}

/**
 * Change a member under the role rules. Runs with the organisation row locked so two owners
 * demoting each other at once cannot leave it without one; the guard is also in the UPDATE itself.
 */
export async function updateStaff(ctx: StaffContext, staffId: string, patch: MemberPatch): Promise<PublicMember> {
  const { deps, scope, locale } = ctx
  const { db } = deps
  if (!isUuid(staffId)) throw notFound()
  const venueIds = patch.venueIds === undefined ? undefined : await checkVenueIds(db, scope, patch.venueIds, locale)
  const digest = patch.pin === undefined ? undefined : await digestForNewPin(db, scope, patch.pin, locale, staffId)
  // The organisation's lock serialises changes to who owns it (the last-owner rule, ADR 079).
  return withOrgLock(db, scope.orgId, async (tx) => {
    const target = await findMember(tx, scope, staffId)
    if (!target) throw notFound()
    // Checked again under the lock, which deleting a venue also takes.
    if (venueIds !== undefined) await checkVenueIds(tx, scope, venueIds, locale)
    checkRoleRules(scope, target, patch.role, locale)
    const demotesOwner = target.role === 'OWNER' && patch.role !== undefined && patch.role !== 'OWNER'
    const set: Partial<MemberRow> = { updatedAt: new Date() }
    if (patch.name !== undefined) set.name = patch.name
    if (patch.role !== undefined) set.role = patch.role
    if (venueIds !== undefined) set.venueIds = venueIds
    if (digest !== undefined) set.pinDigest = digest
    const rows = await tx
      .update(memberships)
      .set(set)
      .where(
        and(
          eq(memberships.orgId, scope.orgId),
          eq(memberships.id, staffId),
          notRemoved,
          // The role seen above is the role changed (an ADMIN never edits someone just made OWNER).
          eq(memberships.role, target.role),
          demotesOwner && target.status === 'active' ? anotherActiveOwner(scope.orgId, staffId) : undefined,
        ),
      )
      .returning()
      .catch((error: unknown) => uniqueToValidation(error, locale))
    if (!rows[0]) {
      if (demotesOwner) throw forbidden(t(locale, 'staff.lastOwner'))
      throw notFound()
    }
    return publicMember(rows[0])
  })
}

/** Mark a member removed (their PIN and any pending invitation stop working). Same rules as editing. */
export async function removeStaff(ctx: StaffContext, staffId: string): Promise<void> {
  const { deps, scope, locale } = ctx
  if (!isUuid(staffId)) throw notFound()
  await withOrgLock(deps.db, scope.orgId, async (tx) => {
    const target = await findMember(tx, scope, staffId)
    if (!target) throw notFound()
    checkRoleRules(scope, target, undefined, locale)
    const ownerLeaving = target.role === 'OWNER' && target.status === 'active'
    const rows = await tx
      .update(memberships)
      .set({ status: 'removed', pinDigest: null, inviteTokenHash: null, inviteExpiresAt: null, updatedAt: new Date() })
      .where(
        and(
          eq(memberships.orgId, scope.orgId),
          eq(memberships.id, staffId),
          notRemoved,
          eq(memberships.role, target.role),
          ownerLeaving ? anotherActiveOwner(scope.orgId, staffId) : undefined,
        ),
      )
      .returning({ id: memberships.id })
    if (!rows[0]) {
      if (ownerLeaving) throw forbidden(t(locale, 'staff.lastOwner'))
      throw notFound()
    }
  })
}

/** A new invitation link for an invited member; the previous one stops working. */
export async function resendInvite(ctx: StaffContext, actor: Actor, staffId: string): Promise<void> {
  const { deps, scope, locale } = ctx
  const target = await findMember(deps.db, scope, staffId)
  if (!target) throw notFound()
  checkRoleRules(scope, target, undefined, locale)
  if (!actor.emailVerified) throw forbidden(t(locale, 'staff.verifyToInvite'))
  const invite = newInvite()
  const [row] = await deps.db
    .update(memberships)
    .set({ inviteTokenHash: invite.tokenHash, inviteExpiresAt: invite.expiresAt, invitedAt: new Date(), updatedAt: new Date() })
    .where(
      and(
        eq(memberships.orgId, scope.orgId),
        eq(memberships.id, staffId),
        eq(memberships.status, 'invited'),
        eq(memberships.role, target.role),
        // Compare and swap on the link seen above: of twenty resends at once one wins and sends the
        // one e-mail, whose link is the live one (ADR 079).
        target.inviteTokenHash === null ? isNull(memberships.inviteTokenHash) : eq(memberships.inviteTokenHash, target.inviteTokenHash),
      ),
    )
    .returning()
  if (!row) {
    // Lost: to another resend (still invited) or to an answer, a removal or a role change.
    const now = await findMember(deps.db, scope, staffId)
    throw badRequest(t(locale, now?.status === 'invited' && target.status === 'invited' ? 'staff.inviteJustResent' : 'staff.notInvited'))
  }
  if (!row.email) throw badRequest(t(locale, 'staff.notInvited'))
  await sendInvite(ctx, actor, { id: row.id, name: row.name, email: row.email }, invite.token)
}

// ─── the invitee's side (no org scope: the token is the credential) ────────────────────────────

export interface OpenInvite {
  member: MemberRow & { email: string }
  organisation: { id: string; name: string }
  tokenHash: string
}

/**
 * The invitation named by id and token. Unknown ids, wrong tokens, used (accepted) or voided
 * (re-sent, removed) links are all 404 whatever the id's shape; an expired one is 400.
 */
export async function openInvite(db: Db, id: string, token: string, locale: Locale): Promise<OpenInvite> {
  if (!isUuid(id) || !token || token.length > 200) throw notFound()
  const [row] = await db
    .select({ member: memberships, orgName: organisations.name })
    .from(memberships)
    .innerJoin(organisations, eq(organisations.id, memberships.orgId))
    .where(and(eq(memberships.id, id), eq(memberships.status, 'invited')))
    .limit(1)
  const tokenHash = hashToken(token)
  if (!row || !row.member.inviteTokenHash || !row.member.email || !sameHash(row.member.inviteTokenHash, tokenHash)) throw notFound()
  if (!row.member.inviteExpiresAt || row.member.inviteExpiresAt.getTime() <= Date.now()) {
    throw new ApiError('BadRequestError', t(locale, 'staff.inviteExpired'))
  }
  return {
    member: { ...row.member, email: row.member.email },
    organisation: { id: row.member.orgId, name: row.orgName },
    tokenHash,
  }
}

export async function describeInvite(db: Db, invite: OpenInvite) {
  const { member, organisation } = invite
  return {
    organisation,
    email: member.email,
    name: member.name,
    role: member.role,
    hasAccount: (await findUserByEmail(db, member.email)) !== undefined,
    expiresAt: member.inviteExpiresAt,
  }
}

/**
 * Turn the invitation into an active membership of `userId`, once: the UPDATE only matches while
 * the membership is still invited with this very token and unexpired.
 */
export async function claimInvite(db: Db, invite: OpenInvite, userId: string): Promise<boolean> {
  const now = new Date()
  const rows = await db
    .update(memberships)
    .set({ userId, status: 'active', joinedAt: now, inviteTokenHash: null, inviteExpiresAt: null, updatedAt: now })
    .where(
      and(
        eq(memberships.orgId, invite.organisation.id),
        eq(memberships.id, invite.member.id),
        eq(memberships.status, 'invited'),
        eq(memberships.inviteTokenHash, invite.tokenHash),
        gt(memberships.inviteExpiresAt, sql`now()`),
      ),
    )
    .returning({ id: memberships.id })
  return rows.length > 0
}

/** Is the user already an active member of the organisation? */
export async function isActiveMember(db: Db, orgId: string, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.orgId, orgId), eq(memberships.userId, userId), eq(memberships.status, 'active')))
    .limit(1)
  return rows.length > 0
}

/** Following an e-mailed invitation link proves the address. */
export async function markEmailVerified(db: Db, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ emailVerifiedAt: new Date() })
    .where(and(eq(users.id, userId), sql`${users.emailVerifiedAt} is null`))
}

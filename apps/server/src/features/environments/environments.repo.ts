import type { Role } from '@kontor/contract/api/roles';
import { and, asc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { sqlLiteral } from '../../db/env-opening';
import { rowsOf } from '../../db/rows';
import { users } from '../auth/auth.table';
import { portals } from '../settings/settings.table';
import { websiteHosts } from '../website/website.table';
import { environmentInvitations, environments, environmentUsers, presets } from './environments.table';

type Conn = Db | Tx;
type EnvironmentRow = typeof environments.$inferSelect;
export type NewEnvironment = typeof environments.$inferInsert;

/** The guard's lookup: the environment named by its slug and the caller's membership in it. */
export const findAccess = async (db: Conn, userId: string, slug: string) =>
  (
    await db
      .select({
        id: environments.id,
        slug: environments.urlSlug,
        name: environments.name,
        status: environments.status,
        language: environments.defaultLanguage,
        dateFormat: environments.defaultDateformat,
        configUpdatedAt: environments.configUpdatedAt,
        memberActive: environmentUsers.isActive,
        role: environmentUsers.role,
      })
      .from(environments)
      .innerJoin(
        environmentUsers,
        and(eq(environmentUsers.envId, environments.id), eq(environmentUsers.userId, userId)),
      )
      .where(eq(environments.urlSlug, slug))
      .limit(1)
  )[0];

const activeMembers = sql<number>`(select count(*)::int from ${environmentUsers} m where m.env_id = ${environments.id} and m.is_active)`;

/** The environments a user may enter, oldest membership first. */
export const listForUser = (db: Conn, userId: string) =>
  db
    .select({
      id: environments.id,
      name: environments.name,
      urlSlug: environments.urlSlug,
      logo: environments.logo,
      status: environments.status,
      usersCount: activeMembers,
    })
    .from(environmentUsers)
    .innerJoin(environments, eq(environments.id, environmentUsers.envId))
    .where(and(eq(environmentUsers.userId, userId), eq(environmentUsers.isActive, true)))
    .orderBy(asc(environmentUsers.createdAt), asc(environments.name));

/** The slugs taken by `base` and its numbered forms (`base-2`, `base-3` …), in one read. */
export const takenSlugs = async (db: Conn, base: string): Promise<Set<string>> =>
  new Set(
    (
      await db
        .select({ slug: environments.urlSlug })
        .from(environments)
        .where(sql`${environments.urlSlug} = ${base} or starts_with(${environments.urlSlug}, ${`${base}-`})`)
    ).map((r) => r.slug),
  );

/**
 * Inserts the environment unless its url_slug is taken, also by a creation running at the same
 * time (the insert waits for it): undefined then, and the caller tries the next slug.
 */
export const insertEnvironmentIfSlugFree = async (db: Conn, row: NewEnvironment): Promise<EnvironmentRow | undefined> =>
  (await db.insert(environments).values(row).onConflictDoNothing({ target: environments.urlSlug }).returning())[0];

export const findById = async (db: Conn, id: string): Promise<EnvironmentRow | undefined> =>
  (await db.select().from(environments).where(eq(environments.id, id)).limit(1))[0];

export const findBySlug = async (db: Conn, slug: string): Promise<EnvironmentRow | undefined> =>
  (await db.select().from(environments).where(eq(environments.urlSlug, slug)).limit(1))[0];

/** What a public page's environment lookup is keyed by (http/access.ts PublicEnvKey). */
export type PublicKey = { envSlug: string } | { portalSlug: string } | { host: string } | { envId: string };

/**
 * The one lookup of every public page (issue 30 item 1): the environment by its slug, by the slug
 * of its active portal, by a verified website host, or by the id a signed token names.
 */
export const findPublic = async (db: Conn, key: PublicKey) => {
  const columns = {
    id: environments.id,
    slug: environments.urlSlug,
    name: environments.name,
    status: environments.status,
    language: environments.defaultLanguage,
    functions: environments.functions,
    capabilities: environments.capabilities,
    dateFormat: environments.defaultDateformat,
    configUpdatedAt: environments.configUpdatedAt,
  };
  if ('portalSlug' in key) {
    return (
      await db
        .select(columns)
        .from(portals)
        .innerJoin(environments, eq(environments.id, portals.envId))
        .where(and(eq(portals.urlSlug, key.portalSlug), eq(portals.active, true)))
        .limit(1)
    )[0];
  }
  if ('host' in key) {
    return (
      await db
        .select(columns)
        .from(websiteHosts)
        .innerJoin(environments, eq(environments.id, websiteHosts.envId))
        .where(and(eq(websiteHosts.host, key.host), isNotNull(websiteHosts.verifiedAt)))
        .limit(1)
    )[0];
  }
  const condition = 'envSlug' in key ? eq(environments.urlSlug, key.envSlug) : eq(environments.id, key.envId);
  return (await db.select(columns).from(environments).where(condition).limit(1))[0];
};

export const listAll = (db: Conn) => db.select().from(environments).orderBy(asc(environments.createdAt));

export const setStatus = (db: Conn, id: string, status: EnvironmentRow['status']) =>
  db.update(environments).set({ status }).where(eq(environments.id, id));

/**
 * Adds the member with `role`, or re-activates a deactivated one with `role`: a former member comes
 * back with the role the invitation names, not the one they once had (issue 29 item 4).
 */
export const upsertMember = (db: Conn, envId: string, userId: string, role: Role) =>
  db
    .insert(environmentUsers)
    .values({ envId, userId, isActive: true, role })
    .onConflictDoUpdate({
      target: [environmentUsers.envId, environmentUsers.userId],
      // A member who is active again meanwhile (reactivated in the settings) keeps the role they have.
      set: {
        isActive: true,
        role: sql`case when ${environmentUsers.isActive} then ${environmentUsers.role} else excluded.role end`,
      },
    });

export const findMember = async (db: Conn, envId: string, userId: string) =>
  (
    await db
      .select()
      .from(environmentUsers)
      .where(and(eq(environmentUsers.envId, envId), eq(environmentUsers.userId, userId)))
      .limit(1)
  )[0];

/**
 * A pending invitation counts only while it is younger than its expiry and its creator is still an
 * active member of the environment with a usable account: a member who was removed cannot keep a
 * door open through an invitation she sent earlier (e.g. to her second address). Nor can one whose
 * role has since been lowered: the inviter must still be allowed to give the invitation's role
 * (issue 29: mayGiveRole, written in SQL: members' managers, and only an owner gives 'owner').
 */
const invitationIsLive = (now: Date) =>
  and(
    eq(environmentInvitations.status, 'pending'),
    gt(environmentInvitations.expiresAt, now),
    sql`exists (select 1 from ${environmentUsers} m join ${users} u on u.id = m.user_id
      where m.env_id = ${environmentInvitations.envId} and m.user_id = ${environmentInvitations.createdBy}
      and m.is_active and u.is_active and u.disabled_at is null
      and m.role in ('owner', 'admin') and (m.role = 'owner' or ${environmentInvitations.role} <> 'owner'))`,
  );

export const pendingInvitationsFor = (db: Conn, email: string, now: Date) =>
  db
    .select({
      id: environmentInvitations.id,
      createdAt: environmentInvitations.createdAt,
      envName: environments.name,
      inviterFirstname: users.firstname,
      inviterName: users.name,
    })
    .from(environmentInvitations)
    .innerJoin(environments, eq(environments.id, environmentInvitations.envId))
    .leftJoin(users, eq(users.id, environmentInvitations.createdBy))
    .where(and(eq(environmentInvitations.email, email), invitationIsLive(now)))
    .orderBy(asc(environmentInvitations.createdAt));

/** A live invitation addressed to `email`; another person's invitation is never found. */
export const findPendingInvitation = async (db: Conn, id: string, email: string, now: Date) =>
  (
    await db
      .select({
        id: environmentInvitations.id,
        envId: environmentInvitations.envId,
        slug: environments.urlSlug,
        role: environmentInvitations.role,
      })
      .from(environmentInvitations)
      .innerJoin(environments, eq(environments.id, environmentInvitations.envId))
      .where(and(eq(environmentInvitations.id, id), eq(environmentInvitations.email, email), invitationIsLive(now)))
      .limit(1)
  )[0];

export const findPendingInvitationByEmail = async (db: Conn, envId: string, email: string) =>
  (
    await db
      .select()
      .from(environmentInvitations)
      .where(
        and(
          eq(environmentInvitations.envId, envId),
          eq(environmentInvitations.email, email),
          eq(environmentInvitations.status, 'pending'),
        ),
      )
      .limit(1)
  )[0];

export const insertInvitation = (db: Conn, row: typeof environmentInvitations.$inferInsert) =>
  db.insert(environmentInvitations).values(row);

/**
 * A re-sent invitation: a new lifetime, the role asked for this time, and the member who re-sent
 * it answers for it now.
 */
export const renewInvitation = (
  db: Conn,
  key: { envId: string; id: string },
  change: { sender: string; role: Role; now: Date; expiresAt: Date },
) =>
  db
    .update(environmentInvitations)
    .set({ lastSentAt: change.now, expiresAt: change.expiresAt, createdBy: change.sender, role: change.role })
    .where(and(eq(environmentInvitations.envId, key.envId), eq(environmentInvitations.id, key.id)));

/** Invitation mails sent since `since` by one account (all environments) and in one environment. */
export const countInvitationsSent = async (db: Conn, envId: string, sender: string, since: Date) => {
  const [row] = await db
    .select({
      bySender: sql<number>`count(*) filter (where ${environmentInvitations.createdBy} = ${sender})::int`,
      inEnv: sql<number>`count(*) filter (where ${environmentInvitations.envId} = ${envId})::int`,
    })
    .from(environmentInvitations)
    .where(
      and(
        gt(environmentInvitations.lastSentAt, since),
        sql`(${environmentInvitations.createdBy} = ${sender} or ${environmentInvitations.envId} = ${envId})`,
      ),
    );
  return { bySender: Number(row?.bySender ?? 0), inEnv: Number(row?.inEnv ?? 0) };
};

/** Withdraws a pending invitation of the environment; false when there is none with that id. */
export const removeInvitation = async (db: Conn, envId: string, id: string, now: Date) =>
  (
    await db
      .update(environmentInvitations)
      .set({ status: 'removed', respondedAt: now })
      .where(
        and(
          eq(environmentInvitations.envId, envId),
          eq(environmentInvitations.id, id),
          eq(environmentInvitations.status, 'pending'),
        ),
      )
      .returning({ id: environmentInvitations.id })
  ).length === 1;

export const respondToInvitation = (db: Conn, id: string, status: 'accepted' | 'declined', now: Date) =>
  db
    .update(environmentInvitations)
    .set({ status, respondedAt: now })
    .where(and(eq(environmentInvitations.id, id), eq(environmentInvitations.status, 'pending')));

export const listPresets = (db: Conn) => db.select().from(presets).orderBy(asc(presets.sort));

export const upsertPreset = (db: Conn, row: typeof presets.$inferInsert) =>
  db
    .insert(presets)
    .values(row)
    .onConflictDoUpdate({
      target: presets.key,
      set: { title: row.title, description: row.description, definition: row.definition, sort: row.sort },
    });

export const updateEnvironment = (db: Conn, id: string, changes: Partial<NewEnvironment>) =>
  db.update(environments).set(changes).where(eq(environments.id, id));

export const countActiveMembers = async (db: Conn, envId: string): Promise<number> =>
  Number(
    (
      await db
        .select({ n: sql<number>`count(*)::int` })
        .from(environmentUsers)
        .where(and(eq(environmentUsers.envId, envId), eq(environmentUsers.isActive, true)))
    )[0]?.n ?? 0,
  );

/**
 * The guard's read: live session, its user, the environment of `slug` and the membership, through
 * the function of migration 0021 (which keeps its plan). Calls with a tenant transaction send it as
 * the transaction's opening (db/env-opening.ts), with literals, as the opening cannot take
 * parameters; the others (`tx: false`) read it alone.
 */
export const sessionUserAndAccessOpeningSql = (tokenHash: string, slug: string, now: Date): string =>
  `SELECT * FROM kontor.session_opening(${sqlLiteral(tokenHash)}, ${sqlLiteral(slug)}, ${sqlLiteral(now.toISOString())})`;

export const findSessionUserAndAccess = async (db: Db, tokenHash: string, slug: string, now: Date) =>
  rowsOf<Record<string, unknown>>(
    await db.execute(
      sql`SELECT * FROM kontor.session_opening(${tokenHash}, ${slug}, ${now.toISOString()}::timestamptz)`,
    ),
  )[0];

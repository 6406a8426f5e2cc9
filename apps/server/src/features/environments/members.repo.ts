import type { Role } from '@kontor/contract/api/roles';
import { asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type EnvScope, whereEnv } from '../../db/env-scope';
import { users } from '../auth/auth.table';
// Read-only: the audit chain's table. Its own feature (stages) offers no read of entries by action
// yet; the members' history (issue 29 item 5) reads them here rather than reach into its service.
import { auditEntries } from '../stages/stages.table';
import { environmentInvitations, environmentUsers } from './environments.table';

type PageQuery = Readonly<{
  /** A LIKE pattern (lower case, escaped), or null. */
  search: string | null;
  sort: { field: string; dir: 'asc' | 'desc' } | null;
  offset: number;
  limit: number;
}>;

const order = (dir: 'asc' | 'desc', expression: SQL | typeof users.email) =>
  dir === 'asc' ? asc(expression) : desc(expression);
const fullName = sql<string>`lower(${users.firstname} || ' ' || ${users.name})`;

/** The members of the scope's environment with their accounts, one page (settings → users). */
export const membersPage = async (scope: EnvScope, q: PageQuery & { active: boolean | null }) => {
  const where = whereEnv(
    scope,
    environmentUsers,
    q.active === null ? undefined : eq(environmentUsers.isActive, q.active),
    q.search ? sql`(${fullName} like ${q.search} or ${users.email} like ${q.search})` : undefined,
  );
  const dir = q.sort?.dir ?? 'asc';
  const sortBy =
    q.sort?.field === 'email'
      ? [order(dir, users.email)]
      : q.sort?.field === 'is_active'
        ? [order(dir, sql`${environmentUsers.isActive}`), asc(fullName)]
        : [order(dir, fullName)];
  const rows = await scope.tx
    .select({
      userId: environmentUsers.userId,
      isActive: environmentUsers.isActive,
      role: environmentUsers.role,
      createdAt: environmentUsers.createdAt,
      firstname: users.firstname,
      name: users.name,
      email: users.email,
      total: sql<number>`count(*) over ()::int`,
    })
    .from(environmentUsers)
    .innerJoin(users, eq(users.id, environmentUsers.userId))
    .where(where)
    .orderBy(...sortBy, asc(environmentUsers.userId))
    .offset(q.offset)
    .limit(q.limit);
  return { rows, total: await totalOr(rows, () => countMembers(scope, where)) };
};

const countMembers = async (scope: EnvScope, where: SQL | undefined) =>
  Number(
    (
      await scope.tx
        .select({ n: sql<number>`count(*)::int` })
        .from(environmentUsers)
        .innerJoin(users, eq(users.id, environmentUsers.userId))
        .where(where)
    )[0]?.n ?? 0,
  );

/** `count(*) over ()` is missing on a page past the end: then the total is counted on its own. */
const totalOr = async (rows: { total: number }[], count: () => Promise<number>) =>
  rows[0] ? Number(rows[0].total) : count();

/** The pending invitations of the scope's environment (expired ones too: they can be re-sent), one page. */
export const pendingInvitationsPage = async (scope: EnvScope, q: PageQuery) => {
  const invitee = sql`(select ${users.firstname} || ' ' || ${users.name} from ${users} where ${users.email} = ${environmentInvitations.email})`;
  const where = whereEnv(
    scope,
    environmentInvitations,
    eq(environmentInvitations.status, 'pending'),
    q.search ? sql`${environmentInvitations.email} like ${q.search}` : undefined,
  );
  const dir = q.sort?.dir ?? 'desc';
  const sortBy =
    q.sort?.field === 'email'
      ? order(dir, sql`${environmentInvitations.email}`)
      : order(dir, sql`${environmentInvitations.createdAt}`);
  const rows = await scope.tx
    .select({
      id: environmentInvitations.id,
      email: environmentInvitations.email,
      role: environmentInvitations.role,
      createdAt: environmentInvitations.createdAt,
      expiresAt: environmentInvitations.expiresAt,
      lastSentAt: environmentInvitations.lastSentAt,
      invitee: sql<string | null>`${invitee}`,
      total: sql<number>`count(*) over ()::int`,
    })
    .from(environmentInvitations)
    .where(where)
    .orderBy(sortBy, asc(environmentInvitations.id))
    .offset(q.offset)
    .limit(q.limit);
  const count = async () =>
    Number(
      (await scope.tx.select({ n: sql<number>`count(*)::int` }).from(environmentInvitations).where(where))[0]?.n ?? 0,
    );
  return { rows, total: await totalOr(rows, count) };
};

/**
 * Active members of the scope's environment other than `userId`. Locks every active membership in
 * one order, so two members deactivating each other at once queue instead of both passing.
 */
export const otherActiveMembers = async (scope: EnvScope, userId: string): Promise<number> =>
  (
    await scope.tx
      .select({ userId: environmentUsers.userId })
      .from(environmentUsers)
      .where(whereEnv(scope, environmentUsers, eq(environmentUsers.isActive, true)))
      .orderBy(asc(environmentUsers.userId))
      .for('update')
  ).filter((m) => m.userId !== userId).length;

/** A member's role and whether they are active, or undefined for no member of the scope's environment. */
export const memberOf = async (scope: EnvScope, userId: string) =>
  (
    await scope.tx
      .select({ role: environmentUsers.role, isActive: environmentUsers.isActive })
      .from(environmentUsers)
      .where(whereEnv(scope, environmentUsers, eq(environmentUsers.userId, userId)))
  )[0];

/**
 * Active owners of the scope's environment other than `userId`, locked in one order (as
 * `otherActiveMembers`): two owners demoting each other at once queue instead of both passing.
 */
export const otherActiveOwners = async (scope: EnvScope, userId: string): Promise<number> =>
  (
    await scope.tx
      .select({ userId: environmentUsers.userId })
      .from(environmentUsers)
      .where(whereEnv(scope, environmentUsers, eq(environmentUsers.isActive, true), eq(environmentUsers.role, 'owner')))
      .orderBy(asc(environmentUsers.userId))
      .for('update')
  ).filter((m) => m.userId !== userId).length;

/** Gives a member a role; false when the user is no member of the scope's environment. */
export const setMemberRole = async (scope: EnvScope, userId: string, role: Role) =>
  (
    await scope.tx
      .update(environmentUsers)
      .set({ role })
      .where(whereEnv(scope, environmentUsers, eq(environmentUsers.userId, userId)))
      .returning({ userId: environmentUsers.userId })
  ).length === 1;

/** Sets a member's flag; false when the user is no member of the scope's environment. */
export const setMemberActive = async (scope: EnvScope, userId: string, isActive: boolean) =>
  (
    await scope.tx
      .update(environmentUsers)
      .set({ isActive })
      .where(whereEnv(scope, environmentUsers, eq(environmentUsers.userId, userId)))
      .returning({ userId: environmentUsers.userId })
  ).length === 1;

/**
 * The newest `limit` entries of the scope's audit chain with one of `actions`, newest first, with
 * the acting account's name and address (null when the account is gone or a system job acted).
 */
export const auditEntriesAbout = (scope: EnvScope, actions: readonly string[], limit: number) =>
  scope.tx
    .select({
      seq: auditEntries.seq,
      at: auditEntries.at,
      action: auditEntries.action,
      payload: auditEntries.payload,
      actorFirstname: users.firstname,
      actorName: users.name,
      actorEmail: users.email,
    })
    .from(auditEntries)
    .leftJoin(users, eq(users.id, auditEntries.userId))
    .where(whereEnv(scope, auditEntries, inArray(auditEntries.action, [...actions])))
    .orderBy(desc(auditEntries.seq))
    .limit(limit);

/** Names and addresses of the given accounts (the members an audit entry names). */
export const accountsByIds = async (scope: EnvScope, ids: readonly string[]) =>
  ids.length === 0
    ? []
    : scope.tx
        .select({ id: users.id, firstname: users.firstname, name: users.name, email: users.email })
        .from(users)
        .where(inArray(users.id, [...ids]));

import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { newId } from '../../db/ids';
import { preparedPerDb } from '../../db/prepared';
import { type PendingRegistration, sessions, type UserTokenKind, users, userTokens } from './auth.table';

type Conn = Db | Tx;
export type UserRow = typeof users.$inferSelect;

export const findUserByEmail = async (db: Conn, email: string): Promise<UserRow | undefined> =>
  (await db.select().from(users).where(eq(users.email, email)).limit(1))[0];

export const findUserById = async (db: Conn, id: string): Promise<UserRow | undefined> =>
  (await db.select().from(users).where(eq(users.id, id)).limit(1))[0];

export const insertUser = async (
  db: Conn,
  row: { email: string; firstname: string; name: string; passwordHash: string; isActive?: boolean },
): Promise<UserRow> => {
  const [user] = await db
    .insert(users)
    .values({ id: newId(), ...row, activatedAt: row.isActive ? new Date() : null })
    .returning();
  if (!user) throw new Error('insert returned no row');
  return user;
};

/**
 * Inserts the user unless the address is taken, also by a registration running at the same time
 * (the insert waits for it): undefined then, and the caller reads the existing row.
 */
export const insertUserIfNew = async (
  db: Conn,
  row: { email: string; firstname: string; name: string; passwordHash: string },
): Promise<UserRow | undefined> =>
  (
    await db
      .insert(users)
      .values({ id: newId(), ...row })
      .onConflictDoNothing({ target: users.email })
      .returning()
  )[0];

/** Activates the account with the credentials of the registration whose link was opened. */
export const activateUser = (db: Conn, id: string, now: Date, pending: PendingRegistration | null) =>
  db
    .update(users)
    .set({ isActive: true, activatedAt: now, ...(pending ?? {}) })
    .where(eq(users.id, id));

/** Operator's switch: no login and no session from now on (a password reset does not undo it). */
export const setDisabled = async (db: Conn, email: string, disabled: boolean, now: Date) => {
  const [user] = await db
    .update(users)
    .set({ disabledAt: disabled ? now : null })
    .where(eq(users.email, email))
    .returning({ id: users.id });
  if (user && disabled) await db.delete(sessions).where(eq(sessions.userId, user.id));
  return user;
};

export const activateIfInactive = (db: Conn, id: string, now: Date) =>
  db
    .update(users)
    .set({ isActive: true, activatedAt: now })
    .where(and(eq(users.id, id), eq(users.isActive, false)));

export const setPassword = (db: Conn, id: string, passwordHash: string, now: Date) =>
  db.update(users).set({ passwordHash, passwordChangedAt: now }).where(eq(users.id, id));

export const insertSession = (db: Conn, tokenHash: string, userId: string, expiresAt: Date) =>
  db.insert(sessions).values({ tokenHash, userId, expiresAt });

/** One indexed read per request: the session and its user, if the token is live. */
const sessionUser = preparedPerDb((db: Db) =>
  db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('hash')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('guard_session_user'),
);

export const findSessionUser = async (db: Db, tokenHash: string, now: Date): Promise<UserRow | undefined> =>
  (await sessionUser(db).execute({ hash: tokenHash, now: now.toISOString() }))[0]?.user;

export const deleteSession = (db: Conn, tokenHash: string) =>
  db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));

/** Ends every session of the user but `keepTokenHash` (pass '' to end all). */
export const deleteUserSessions = (db: Conn, userId: string, keepTokenHash = '') =>
  db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepTokenHash)));

export const insertUserToken = (
  db: Conn,
  userId: string,
  kind: UserTokenKind,
  tokenHash: string,
  expiresAt: Date,
  pending: PendingRegistration | null = null,
) => db.insert(userTokens).values({ id: newId(), userId, kind, tokenHash, expiresAt, pending });

export const findLiveUserToken = async (db: Conn, userId: string, kind: UserTokenKind, tokenHash: string, now: Date) =>
  (
    await db
      .select()
      .from(userTokens)
      .where(
        and(
          eq(userTokens.tokenHash, tokenHash),
          eq(userTokens.userId, userId),
          eq(userTokens.kind, kind),
          isNull(userTokens.usedAt),
          gt(userTokens.expiresAt, now),
        ),
      )
      .limit(1)
  )[0];

/** Marks the token used; false when another request used it first (single use under races). */
export const consumeUserToken = async (db: Conn, id: string, now: Date): Promise<boolean> => {
  const used = await db
    .update(userTokens)
    .set({ usedAt: now })
    .where(and(eq(userTokens.id, id), isNull(userTokens.usedAt)))
    .returning({ id: userTokens.id });
  return used.length === 1;
};

/** Spends every open token of a kind, e.g. older reset links once the password is reset. */
export const consumeAllUserTokens = (db: Conn, userId: string, kind: UserTokenKind, now: Date) =>
  db
    .update(userTokens)
    .set({ usedAt: now })
    .where(and(eq(userTokens.userId, userId), eq(userTokens.kind, kind), isNull(userTokens.usedAt)));

export const countUsers = async (db: Conn): Promise<number> =>
  Number((await db.select({ n: sql<number>`count(*)` }).from(users))[0]?.n ?? 0);

export const listUsers = (db: Conn) => db.select().from(users).orderBy(users.createdAt);

/**
 * Housekeeping: expired sessions; never-activated accounts whose every activation link has
 * expired (so an address pre-registered by someone else is free again); single-use tokens that
 * are spent or expired for a day.
 */
export const deleteExpired = async (db: Conn, now: Date): Promise<void> => {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
  await db.delete(users).where(
    and(
      isNull(users.activatedAt),
      sql`not exists (select 1 from ${userTokens} t where t.user_id = ${users.id} and t.kind = 'activation'
        and t.used_at is null and t.expires_at > ${now.toISOString()})`,
    ),
  );
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60_000);
  await db.delete(userTokens).where(lt(userTokens.expiresAt, dayAgo));
};

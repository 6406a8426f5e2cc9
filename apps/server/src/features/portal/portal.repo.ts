import { eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { type EnvScope, whereEnv } from '../../db/env-scope';
import { records } from '../../engine/records.table';
import { portalLoginTokens, portalSessions } from './portal.table';

/** A customer's record by its e-mail (case-insensitive) among the given types. */
export const customerByEmail = async (scope: EnvScope, types: string[], email: string) =>
  (
    await scope.tx
      .select({ id: records.id, type: records.type, data: records.data })
      .from(records)
      .where(whereEnv(scope, records, inArray(records.type, types), sql`lower(${records.data}->>'email') = ${email}`))
      .orderBy(records.id)
      .limit(1)
  )[0];

export const customerById = async (scope: EnvScope, id: string) =>
  (
    await scope.tx
      .select({ id: records.id, type: records.type, data: records.data })
      .from(records)
      .where(whereEnv(scope, records, eq(records.id, id)))
      .limit(1)
  )[0];

/** Links sent to one customer since `since`: a cap against mail bombing. */
export const linksSince = async (scope: EnvScope, customerId: string, since: Date): Promise<number> =>
  (
    await scope.tx
      .select({ n: sql<number>`count(*)::int` })
      .from(portalLoginTokens)
      .where(
        whereEnv(
          scope,
          portalLoginTokens,
          eq(portalLoginTokens.customerId, customerId),
          gt(portalLoginTokens.createdAt, since),
        ),
      )
  )[0]?.n ?? 0;

export const insertLoginToken = (scope: EnvScope, row: Omit<typeof portalLoginTokens.$inferInsert, 'envId'>) =>
  scope.tx.insert(portalLoginTokens).values({ ...row, envId: scope.envId });

/** Uses a login link once: answers its customer when the link was unused and valid. */
export const consumeLoginToken = async (scope: EnvScope, tokenHash: string, now: Date) =>
  (
    await scope.tx
      .update(portalLoginTokens)
      .set({ usedAt: now })
      .where(
        whereEnv(
          scope,
          portalLoginTokens,
          eq(portalLoginTokens.tokenHash, tokenHash),
          isNull(portalLoginTokens.usedAt),
          gt(portalLoginTokens.expiresAt, now),
        ),
      )
      .returning({ customerId: portalLoginTokens.customerId })
  )[0];

export const insertSession = (scope: EnvScope, row: Omit<typeof portalSessions.$inferInsert, 'envId'>) =>
  scope.tx.insert(portalSessions).values({ ...row, envId: scope.envId });

export const sessionByHash = async (scope: EnvScope, tokenHash: string, now: Date) =>
  (
    await scope.tx
      .select()
      .from(portalSessions)
      .where(
        whereEnv(scope, portalSessions, eq(portalSessions.tokenHash, tokenHash), gt(portalSessions.expiresAt, now)),
      )
      .limit(1)
  )[0];

export const deleteSession = (scope: EnvScope, tokenHash: string) =>
  scope.tx.delete(portalSessions).where(whereEnv(scope, portalSessions, eq(portalSessions.tokenHash, tokenHash)));

import { and, eq, ne } from 'drizzle-orm';
import type { EnvScope } from '../../db/env-scope';
import { portals } from './settings.table';

export type PortalRow = typeof portals.$inferSelect;

/** The scope's environment's portal, if it has one. */
export const portalOf = async (scope: EnvScope): Promise<PortalRow | undefined> =>
  (await scope.tx.select().from(portals).where(eq(portals.envId, scope.envId)).limit(1))[0];

/** Whether another environment's portal holds the slug (portals is a control-plane table). */
export const slugTakenElsewhere = async (scope: EnvScope, slug: string): Promise<boolean> =>
  (
    await scope.tx
      .select({ envId: portals.envId })
      .from(portals)
      .where(and(eq(portals.urlSlug, slug), ne(portals.envId, scope.envId)))
      .limit(1)
  ).length > 0;

export const upsertPortal = async (
  scope: EnvScope,
  row: Omit<typeof portals.$inferInsert, 'envId'>,
): Promise<PortalRow | undefined> =>
  (
    await scope.tx
      .insert(portals)
      .values({ ...row, envId: scope.envId })
      .onConflictDoUpdate({
        target: portals.envId,
        set: { active: row.active, title: row.title, urlSlug: row.urlSlug, updatedAt: row.updatedAt },
      })
      .returning()
  )[0];

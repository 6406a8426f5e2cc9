import { and, asc, count, eq, gte, isNotNull, lt, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { type EnvScope, whereEnv } from '../../db/env-scope';
import {
  websiteHosts,
  websiteMenus,
  websitePages,
  websiteSalts,
  websites,
  websiteVisitors,
  websiteVisits,
} from './website.table';

export type WebsiteRow = typeof websites.$inferSelect;
export type PageRow = typeof websitePages.$inferSelect;
export type MenuRow = typeof websiteMenus.$inferSelect;
export type HostRow = typeof websiteHosts.$inferSelect;

/** Every statement on the website's tables; each names the scope's environment. */
export const websiteRepo = (scope: EnvScope) => ({
  website: async (): Promise<WebsiteRow | undefined> =>
    (await scope.tx.select().from(websites).where(whereEnv(scope, websites)).limit(1))[0],
  insertWebsite: async (row: Omit<typeof websites.$inferInsert, 'envId'>) =>
    (
      await scope.tx
        .insert(websites)
        .values({ ...row, envId: scope.envId })
        .onConflictDoNothing()
        .returning()
    )[0],
  updateWebsite: async (set: Partial<Omit<typeof websites.$inferInsert, 'envId' | 'id'>>) =>
    (
      await scope.tx
        .update(websites)
        .set({ ...set, version: sql`${websites.version} + 1` })
        .where(whereEnv(scope, websites))
        .returning()
    )[0],

  pages: () =>
    scope.tx.select().from(websitePages).where(whereEnv(scope, websitePages)).orderBy(asc(websitePages.urlPath)),
  pageCount: async () =>
    Number((await scope.tx.select({ n: count() }).from(websitePages).where(whereEnv(scope, websitePages)))[0]?.n ?? 0),
  page: async (id: string): Promise<PageRow | undefined> =>
    (
      await scope.tx
        .select()
        .from(websitePages)
        .where(whereEnv(scope, websitePages, eq(websitePages.id, id)))
        .limit(1)
    )[0],
  pageByPath: async (path: string): Promise<PageRow | undefined> =>
    (
      await scope.tx
        .select()
        .from(websitePages)
        .where(whereEnv(scope, websitePages, eq(websitePages.urlPath, path)))
        .limit(1)
    )[0],
  pathTaken: async (path: string, exceptId: string | null) =>
    (
      await scope.tx
        .select({ id: websitePages.id })
        .from(websitePages)
        .where(
          whereEnv(
            scope,
            websitePages,
            eq(websitePages.urlPath, path),
            exceptId ? ne(websitePages.id, exceptId) : undefined,
          ),
        )
        .limit(1)
    ).length > 0,
  notFoundPage: async (): Promise<PageRow | undefined> =>
    (
      await scope.tx
        .select()
        .from(websitePages)
        .where(whereEnv(scope, websitePages, eq(websitePages.setAsNotFoundPage, true)))
        .limit(1)
    )[0],
  recordPages: () =>
    scope.tx
      .select({ urlPath: websitePages.urlPath, recordPage: websitePages.recordPage })
      .from(websitePages)
      .where(whereEnv(scope, websitePages, sql`${websitePages.recordPage} is not null`)),
  insertPage: (row: Omit<typeof websitePages.$inferInsert, 'envId'>) =>
    scope.tx.insert(websitePages).values({ ...row, envId: scope.envId }),
  updatePage: (id: string, set: Partial<Omit<typeof websitePages.$inferInsert, 'envId' | 'id'>>) =>
    scope.tx
      .update(websitePages)
      .set(set)
      .where(whereEnv(scope, websitePages, eq(websitePages.id, id))),
  clearFlag: (flag: 'setAsHomepage' | 'setAsNotFoundPage', exceptId: string) =>
    scope.tx
      .update(websitePages)
      .set({ [flag]: false })
      .where(whereEnv(scope, websitePages, eq(websitePages[flag], true), ne(websitePages.id, exceptId))),
  removePage: async (id: string) =>
    (
      await scope.tx
        .delete(websitePages)
        .where(whereEnv(scope, websitePages, eq(websitePages.id, id)))
        .returning({ id: websitePages.id })
    ).length > 0,

  menus: () =>
    scope.tx
      .select()
      .from(websiteMenus)
      .where(whereEnv(scope, websiteMenus))
      .orderBy(asc(websiteMenus.createdAt), asc(websiteMenus.id)),
  menuCount: async () =>
    Number((await scope.tx.select({ n: count() }).from(websiteMenus).where(whereEnv(scope, websiteMenus)))[0]?.n ?? 0),
  insertMenu: async (row: Omit<typeof websiteMenus.$inferInsert, 'envId'>) =>
    (
      await scope.tx
        .insert(websiteMenus)
        .values({ ...row, envId: scope.envId })
        .returning()
    )[0],
  updateMenu: async (id: string, set: Partial<Omit<typeof websiteMenus.$inferInsert, 'envId' | 'id'>>) =>
    (
      await scope.tx
        .update(websiteMenus)
        .set(set)
        .where(whereEnv(scope, websiteMenus, eq(websiteMenus.id, id)))
        .returning()
    )[0],

  /** The host row of this environment (control plane, named by env_id): host, token, verification. */
  hostRow: async (): Promise<HostRow | undefined> =>
    (await scope.tx.select().from(websiteHosts).where(eq(websiteHosts.envId, scope.envId)))[0],
  /**
   * Saves the host. The same host keeps its token and verification; another one starts unverified
   * with the new token (issue 30 item 2: changing the host resets the verification).
   */
  setHost: async (host: string | null, token: string) => {
    const current = (
      await scope.tx.select({ host: websiteHosts.host }).from(websiteHosts).where(eq(websiteHosts.envId, scope.envId))
    )[0];
    if (current?.host === host) return;
    await scope.tx.delete(websiteHosts).where(eq(websiteHosts.envId, scope.envId));
    if (host) await scope.tx.insert(websiteHosts).values({ envId: scope.envId, host, token, verifiedAt: null });
  },
  /** Marks the host verified if it still carries `token` (the host was not changed meanwhile). */
  markHostVerified: async (token: string, at: Date) =>
    (
      await scope.tx
        .update(websiteHosts)
        .set({ verifiedAt: at })
        .where(and(eq(websiteHosts.envId, scope.envId), eq(websiteHosts.token, token)))
        .returning({ envId: websiteHosts.envId })
    ).length > 0,
  /** Another environment has verified this host (a pending claim elsewhere blocks nobody). */
  hostTakenElsewhere: async (host: string) =>
    (
      await scope.tx
        .select({ envId: websiteHosts.envId })
        .from(websiteHosts)
        .where(
          and(eq(websiteHosts.host, host), ne(websiteHosts.envId, scope.envId), isNotNull(websiteHosts.verifiedAt)),
        )
        .limit(1)
    ).length > 0,

  visits: (from: string) =>
    scope.tx
      .select({ day: websiteVisits.day, hits: websiteVisits.hits, visitors: websiteVisits.visitors })
      .from(websiteVisits)
      .where(whereEnv(scope, websiteVisits, gte(websiteVisits.day, from)))
      .orderBy(asc(websiteVisits.day)),
  /** Adds the day's hits and the visitors whose hash is new today (the primary key decides). */
  addVisits: async (day: string, hits: number, hashes: string[]) => {
    const fresh = hashes.length
      ? await scope.tx
          .insert(websiteVisitors)
          .values(hashes.map((visitorHash) => ({ envId: scope.envId, day, visitorHash })))
          .onConflictDoNothing()
          .returning({ h: websiteVisitors.visitorHash })
      : [];
    await scope.tx
      .insert(websiteVisits)
      .values({ envId: scope.envId, day, hits, visitors: fresh.length })
      .onConflictDoUpdate({
        target: [websiteVisits.envId, websiteVisits.day],
        set: {
          hits: sql`${websiteVisits.hits} + ${hits}`,
          visitors: sql`${websiteVisits.visitors} + ${fresh.length}`,
        },
      });
    // Yesterday's hashes are of no use any more: only today's decide whether a visitor is new.
    await scope.tx.delete(websiteVisitors).where(whereEnv(scope, websiteVisitors, lt(websiteVisitors.day, day)));
  },
});

/** The public lookup by address: the environment of a slug (control-plane environments table). */
/** The salt of a day: created once (the first process wins), older ones deleted. */
export const daySalt = async (db: Db | Tx, day: string, fresh: string): Promise<string> => {
  await db.insert(websiteSalts).values({ day, salt: fresh }).onConflictDoNothing();
  await db.delete(websiteSalts).where(lt(websiteSalts.day, day));
  const row = (await db.select({ salt: websiteSalts.salt }).from(websiteSalts).where(eq(websiteSalts.day, day)))[0];
  return row?.salt ?? fresh;
};

/** All hosts with their environment, for the Host-header check (a small table). */

import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { userWithEnvironment } from '../../test/fixtures';
import { startTestApp, type TestApp } from '../../test/harness';
import { appLoginRole, appRole, openDatabase } from './client';
import { rowsOf } from './rows';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await userWithEnvironment(t, 'Rollen GmbH', 'craftsman'); // a few records to hide
});
afterAll(() => t.close());

type Who = { user: string; session: string; super: boolean; owner: boolean; records: number };
/** Who the connection is, whether it is (or may become) a superuser or the owner of records, and what it sees. */
const whoAmI = sql`select current_user as user, session_user as session,
  exists (select 1 from pg_roles r where r.rolsuper and pg_has_role(current_user, r.oid, 'MEMBER')) as super,
  (select pg_has_role(current_user, relowner, 'MEMBER') from pg_class where oid = 'public.records'::regclass) as owner,
  (select count(*)::int from records) as records`;

/** Runs `statement` and then `whoAmI` on one pooled connection (one transaction). */
const after = (statement: SQL) =>
  t.db.transaction(async (tx) => {
    await tx.execute(statement);
    return rowsOf<Who>(await tx.execute(whoAmI))[0];
  });

const sqlState = (error: unknown): unknown => {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === 'string') return e.code;
  }
  return undefined;
};

describe('the role requests are served through', () => {
  test('is the application role: no superuser, not the owner, bound by Row Level Security', async () => {
    const [me] = rowsOf<Who>(await t.db.execute(whoAmI));
    expect(me).toMatchObject({ user: onPostgres ? appLoginRole : appRole, super: false, owner: false, records: 0 });
    const [all] = (await t.asSuperuser(sql`select count(*)::int as n from records`)).rows;
    expect(Number(all?.n)).toBeGreaterThan(0);
  });

  test.runIf(onPostgres)('logs in as the login role itself: RESET ROLE and SET ROLE gain nothing', async () => {
    const same = { user: appLoginRole, session: appLoginRole, super: false, owner: false, records: 0 };
    expect(await after(sql`reset role`)).toEqual(same);
    expect(await after(sql`set role none`)).toEqual(same);
    for (const statement of [sql`set role postgres`, sql`set session authorization postgres`]) {
      const refused = await after(statement).then(
        () => 'allowed',
        (e) => sqlState(e),
      );
      expect(refused).toBe('42501'); // insufficient_privilege
    }
  });

  test.runIf(onPostgres)('the server refuses to serve through the superuser that migrates', async () => {
    await expect(openDatabase({ url: t.ownerUrl, appUrl: t.ownerUrl, poolSize: 1 })).rejects.toThrow(
      /superuser, bypasses RLS or owns the tables/,
    );
  });
});

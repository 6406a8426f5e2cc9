/**
 * The bench's baseline: a bare Fastify route that runs the record list's own SQL (the same
 * statement the product builds, via `recordListPlan` and `recordListStatement`) straight on the
 * database — no session lookup, no membership check, no Row Level Security transaction, no
 * envelope, no answer schema. Each product scenario is printed as a fraction of it.
 *
 * BARE_PORT, and DATABASE_URL (PostgreSQL as its owner) or DATA_DIR (the same PGlite directory,
 * while the product server is stopped).
 */
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { translator } from '@kontor/contract/i18n/catalogs';
import { PgDialect } from 'drizzle-orm/pg-core';
import Fastify from 'fastify';
import pg from 'pg';
import { pgliteDir, pgliteExtensions } from '../apps/server/src/db/client';
import type { EnvScope } from '../apps/server/src/db/env-scope';
import { recordListStatement } from '../apps/server/src/engine/record-list.repo';
import { recordListPlan } from '../apps/server/src/engine/record-list.service';
import { resolveChildType } from '../apps/server/src/engine/record-types.service';

type Rows = Record<string, unknown>[];
type Query = (text: string, params: unknown[]) => Promise<{ rows: Rows }>;
/** The page statement sent as the product's tenant transaction would send it (BARE_SHAPE). */
type Send = (envId: string, compiled: { sql: string; params: unknown[] }) => Promise<Rows>;

/**
 * BARE_SHAPE (PostgreSQL only; bench/round-trips.ts compares them):
 * - `one` (default): the page statement alone, one round trip;
 * - `three`: BEGIN with the tenant setting, the page statement, COMMIT: the product's three round
 *   trips without its guard read;
 * - `joined`: the same three as one simple-protocol query, the statement's values inlined.
 */
const shape = process.env.BARE_SHAPE ?? 'one';
const opening = (envId: string) => `BEGIN; SELECT set_config('app.env_id', '${envId}', true)`;
/** Values as literals, for the measurement only: numbers, and strings in the escape form. */
const inlined = ({ sql, params }: { sql: string; params: unknown[] }) =>
  sql.replace(/\$(\d+)/g, (_m, n: string) => {
    const value = params[Number(n) - 1];
    return typeof value === 'number'
      ? String(value)
      : `E'${String(value).replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
  });

const open = async (): Promise<{ query: Query; send: Send }> => {
  if (process.env.DATABASE_URL) {
    const pool = new pg.Pool({
      connectionString: process.env.DATABASE_URL,
      max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
    });
    const query: Query = (text, params) => pool.query(text, params);
    const inTransaction: Send = async (envId, compiled) => {
      const client = await pool.connect();
      try {
        await client.query(opening(envId));
        const { rows } = await client.query(compiled.sql, compiled.params);
        await client.query('COMMIT');
        return rows;
      } finally {
        client.release();
      }
    };
    const joined: Send = async (envId, compiled) => {
      const results = (await pool.query(
        `${opening(envId)}; ${inlined(compiled)}; COMMIT`,
      )) as unknown as pg.QueryResult[];
      return results[2]?.rows ?? [];
    };
    const alone: Send = async (_envId, compiled) => (await query(compiled.sql, compiled.params)).rows;
    return { query, send: shape === 'three' ? inTransaction : shape === 'joined' ? joined : alone };
  }
  const db = await PGlite.create(pgliteDir(process.env.DATA_DIR ?? 'data'), { extensions: pgliteExtensions });
  const query: Query = (text, params) => db.query(text, params);
  return { query, send: async (_envId, compiled) => (await query(compiled.sql, compiled.params)).rows };
};

const { query, send } = await open();
const dialect = new PgDialect();
const t = translator('de_sie');
const envIds = new Map<string, string>();
const types = new Map<string, ReturnType<typeof resolveChildType>>();

/** Environment and type resolved once per slug (the product resolves them per request). */
const resolve = async (slug: string, typeKey: string) => {
  let envId = envIds.get(slug);
  if (!envId) {
    envId = String((await query('select id from environments where url_slug = $1', [slug])).rows[0]?.id);
    envIds.set(slug, envId);
  }
  const cacheKey = `${envId}:${typeKey}`;
  let type = types.get(cacheKey);
  if (!type) {
    const row = (
      await query('select key, parent, definition from record_types where env_id = $1 and key = $2', [envId, typeKey])
    ).rows[0] as { key: string; parent: string; definition: Record<string, unknown> };
    type = resolveChildType(row);
    types.set(cacheKey, type);
  }
  if (!type) throw new Error(`unknown type ${typeKey}`);
  return { envId, type };
};

const app = Fastify({ logger: false });
app.post('/bare/list', async (req) => {
  const body = req.body as { _env: string; type: string } & Parameters<typeof recordListPlan>[1];
  const { envId, type } = await resolve(body._env, body.type);
  const { plan } = recordListPlan(type, body, t);
  const scope = { envId, tx: null } as unknown as EnvScope;
  const compiled = dialect.sqlToQuery(recordListStatement(scope, plan));
  return send(envId, compiled);
});
// The website bench's baseline: a fixed HTML page (the product's cached page, from a file) with the
// same kind of headers, and nothing else: no host or slug lookup, no cache, no ETag, no visit count.
const barePage = process.env.BARE_PAGE_FILE
  ? fs.readFileSync(process.env.BARE_PAGE_FILE, 'utf8')
  : '<!doctype html><p>bare</p>';
app.get('/bare/page', (_req, reply) =>
  reply
    .header('content-security-policy', "default-src 'none'")
    .header('cache-control', 'public, max-age=0, must-revalidate')
    .type('text/html; charset=utf-8')
    .send(barePage),
);
await app.listen({ port: Number(process.env.BARE_PORT ?? 3998), host: '127.0.0.1' });

import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { serverDatabaseUrl } from './run-state';

/**
 * Changes to the app server's database behind its back, for what the product has no screen for
 * yet (switching a module off) or what only an operator does (blocking through the admin CLI).
 * Only possible when the run's server uses PostgreSQL (global-setup.ts, support/run-database.ts):
 * an embedded PGlite belongs to the server process alone. Tests ask `hasServerDatabase()` first
 * and skip with `noServerDatabase` otherwise.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const hasServerDatabase = (): boolean => serverDatabaseUrl() !== undefined;

export const noServerDatabase =
  'needs the app server on PostgreSQL (this run uses the embedded PGlite, which only the server process can open; see e2e/README.md)';

const databaseUrl = (): string => {
  const url = serverDatabaseUrl();
  if (!url) throw new Error(`This step ${noServerDatabase}`);
  return url;
};

const query = async (text: string, values: unknown[]): Promise<pg.QueryResult> => {
  const client = new pg.Client({ connectionString: databaseUrl() });
  client.on('error', () => {});
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end().catch(() => undefined);
  }
};

export type ModuleKey = 'website' | 'bookings' | 'queryForms' | 'filemanager';

/**
 * Switches a module (`functions.<key>.active`) of the environment on or off and moves its
 * `config_updated_at` to now, as every configuration change does (CLARIFICATIONS "Behaviour"),
 * so the heartbeat reports a newer configuration.
 */
export const setModuleActive = async (urlSlug: string, key: ModuleKey, active: boolean): Promise<void> => {
  const result = await query(
    `UPDATE environments
        SET functions = jsonb_set(functions, $2::text[], to_jsonb($3::boolean), true),
            config_updated_at = now()
      WHERE url_slug = $1`,
    [urlSlug, `{${key},active}`, active],
  );
  if (result.rowCount !== 1) throw new Error(`No environment with url_slug ${urlSlug}`);
};

/** The environment's module switches as stored. */
export const modulesOf = async (urlSlug: string): Promise<Record<ModuleKey, { active: boolean }>> => {
  const result = await query('SELECT functions FROM environments WHERE url_slug = $1', [urlSlug]);
  if (result.rowCount !== 1) throw new Error(`No environment with url_slug ${urlSlug}`);
  return result.rows[0].functions as Record<ModuleKey, { active: boolean }>;
};

/**
 * The operator's admin CLI (`npm run admin -- <command> <argument>`, CLARIFICATIONS "Blocking")
 * on the server's database; returns its output, fails the test if it fails.
 */
export const adminCli = async (...args: string[]): Promise<string> => {
  const run = promisify(execFile);
  const { stdout } = await run('npm', ['run', '--silent', 'admin', '--', ...args], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: databaseUrl(), LOG_LEVEL: 'warn' },
    timeout: 60_000,
  });
  return stdout;
};

/** Writes a website page's blocks as they are, past the save's checks (the render must still clean them). */
export const storeWebsiteBlocksRaw = async (pageId: string, blocks: unknown[]): Promise<void> => {
  await query('update website_pages set blocks = $1::jsonb where id = $2::uuid', [JSON.stringify(blocks), pageId]);
};

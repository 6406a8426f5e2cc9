import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pgliteDir, pgliteExtensions } from '../db/client';

/**
 * Backup and restore of the embedded database (PGlite): its whole data directory as one gzipped
 * tar. The server must be stopped (the CLI checks its lock). PostgreSQL is backed up with its own
 * tools (`pg_dump`, README "Backup").
 */
export const backupEmbedded = async (dataDir: string, file: string): Promise<number> => {
  const source = pgliteDir(dataDir);
  if (!fs.existsSync(source)) throw new Error(`Keine eingebettete Datenbank in ${dataDir}.`);
  const client = await PGlite.create(source, { extensions: pgliteExtensions });
  try {
    const archive = Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
    // Written beside the target and renamed: a half-written backup never has the backup's name.
    const partial = `${file}.partial-${process.pid}`;
    await fs.promises.writeFile(partial, archive);
    await fs.promises.rename(partial, file);
    return archive.length;
  } finally {
    await client.close();
  }
};

/**
 * Restores a backup into DATA_DIR. The archive is unpacked and opened beside the live directory
 * first; only a database that opens replaces it, and the replaced one is kept (its path returned).
 */
export const restoreEmbedded = async (file: string, dataDir: string): Promise<string | null> => {
  const archive = await fs.promises.readFile(file);
  const target = pgliteDir(dataDir);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const staging = `${target}.restoring-${stamp}`;
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    const client = await PGlite.create(staging, { extensions: pgliteExtensions, loadDataDir: new Blob([archive]) });
    try {
      await client.query('select count(*) from drizzle.__drizzle_migrations');
    } finally {
      await client.close();
    }
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw new Error(`Die Datei ist keine Sicherung dieser Anwendung: ${(error as Error).message}`);
  }
  let kept: string | null = null;
  if (fs.existsSync(target)) {
    kept = `${target}.before-restore-${stamp}`;
    fs.renameSync(target, kept);
  }
  fs.renameSync(staging, target);
  return kept;
};

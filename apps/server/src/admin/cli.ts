import { normalizeEmail } from '@kontor/contract/logic/email';
import { type Config, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { trustedEnvId, withEnv } from '../db/env-scope';
import { listUsers, setDisabled } from '../features/auth/auth.repo';
import * as environments from '../features/environments/environments.repo';
import { verifyAuditChain } from '../features/stages/stages.service';
import { runningServerPid } from '../server-lock';
import { backupEmbedded, restoreEmbedded } from './backup';

/**
 * Operator commands (CLARIFICATIONS.md "Blocking"): `npm run admin -- <command> [argument]`.
 * Works on the same database as the server (DATABASE_URL, or the PGlite data dir of DATA_DIR).
 */
const usage = `Verwendung: npm run admin -- <Befehl> [Argument]

  env:list               alle Firmenumgebungen mit Status
  env:block <url_slug>   Firmenumgebung sperren
  env:unblock <url_slug> Sperre aufheben
  user:list              alle Accounts
  user:disable <email>   Account sperren (beendet alle Sitzungen; ein Zurücksetzen des Passworts hebt das nicht auf)
  user:enable <email>    Sperre aufheben
  backup <datei>         eingebettete Datenbank in eine Datei sichern (PostgreSQL: pg_dump, siehe README)
  restore <datei>        Sicherung zurückspielen (die bisherige Datenbank bleibt daneben erhalten)
  audit:verify <url_slug> Prüfkette der festgeschriebenen Dokumente prüfen (meldet das erste gebrochene Glied)`;

const backupCommand = async (config: Config, command: 'backup' | 'restore', file: string | undefined) => {
  if (config.databaseUrl) {
    console.error('Mit DATABASE_URL sichern Sie PostgreSQL mit pg_dump und pg_restore (siehe README, „Sicherung“).');
    return 1;
  }
  if (!file) {
    console.error(`Bitte eine Datei angeben.\n\n${usage}`);
    return 1;
  }
  try {
    if (command === 'backup') {
      const bytes = await backupEmbedded(config.dataDir, file);
      console.log(`Gesichert: ${file} (${bytes} Bytes).`);
      return 0;
    }
    const kept = await restoreEmbedded(file, config.dataDir);
    console.log(`Zurückgespielt aus ${file}.${kept ? ` Die bisherige Datenbank liegt unter ${kept}.` : ''}`);
    return 0;
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  }
};

const main = async (args: string[]): Promise<number> => {
  const [command, argument] = args;
  if (!command || command === 'help' || command === '--help') {
    console.log(usage);
    return command ? 0 : 1;
  }
  const config = loadConfig();
  if (!config.databaseUrl) {
    // The embedded database belongs to one process at a time.
    const pid = runningServerPid(config.dataDir);
    if (pid) {
      console.error(
        `Der Server läuft (PID ${pid}) und hält die eingebettete Datenbank in ${config.dataDir}. Bitte zuerst stoppen.`,
      );
      return 1;
    }
  }
  if (command === 'backup' || command === 'restore') return backupCommand(config, command, argument);
  const database = await openDatabase({
    url: config.databaseUrl,
    appUrl: config.databaseAppUrl,
    dataDir: config.databaseUrl ? undefined : config.dataDir,
  });
  const { db } = database;
  try {
    switch (command) {
      case 'env:list': {
        const rows = await environments.listAll(db);
        if (rows.length === 0) console.log('Keine Firmenumgebungen vorhanden.');
        for (const e of rows) console.log(`${e.urlSlug.padEnd(32)} ${e.status.padEnd(9)} ${e.name}`);
        return 0;
      }
      case 'env:block':
      case 'env:unblock': {
        const env = argument ? await environments.findBySlug(db, argument) : undefined;
        if (!env) {
          console.error(`Unbekannte Firmenumgebung: ${argument ?? '(fehlt)'}`);
          return 1;
        }
        await environments.setStatus(db, env.id, command === 'env:block' ? 'blocked' : 'active');
        console.log(`${env.name} (${env.urlSlug}) ist jetzt ${command === 'env:block' ? 'gesperrt' : 'entsperrt'}.`);
        return 0;
      }
      case 'user:list': {
        const rows = await listUsers(db);
        if (rows.length === 0) console.log('Keine Accounts vorhanden.');
        for (const u of rows) {
          const state = u.disabledAt ? 'gesperrt ' : u.isActive ? 'aktiv    ' : 'inaktiv  ';
          console.log(`${u.email.padEnd(40)} ${state} ${u.firstname} ${u.name}`);
        }
        return 0;
      }
      case 'user:disable':
      case 'user:enable': {
        const disable = command === 'user:disable';
        const user = argument ? await setDisabled(db, normalizeEmail(argument), disable, new Date()) : undefined;
        if (!user) {
          console.error(`Unbekannter Account: ${argument ?? '(fehlt)'}`);
          return 1;
        }
        console.log(`${normalizeEmail(argument ?? '')} ist jetzt ${disable ? 'gesperrt' : 'entsperrt'}.`);
        return 0;
      }
      case 'audit:verify': {
        const env = argument ? await environments.findBySlug(db, argument) : undefined;
        if (!env) {
          console.error(`Unbekannte Firmenumgebung: ${argument ?? '(fehlt)'}`);
          return 1;
        }
        const check = await withEnv(db, trustedEnvId(env.id), null, (scope) => verifyAuditChain(scope));
        if (check.ok) {
          console.log(`${env.name} (${env.urlSlug}): Prüfkette intakt, ${check.entries} Einträge geprüft.`);
          return 0;
        }
        const why = {
          sequence: 'Eintrag fehlt',
          prev_hash: 'Verweis auf den Vorgänger stimmt nicht',
          hash: 'Inhalt verändert',
        };
        console.error(
          `${env.name} (${env.urlSlug}): Prüfkette gebrochen bei Eintrag ${check.brokenAt} (${why[check.reason]}); ${check.entries} Einträge davor sind intakt.`,
        );
        return 2;
      }
      default:
        console.error(`Unbekannter Befehl: ${command}\n\n${usage}`);
        return 1;
    }
  } finally {
    await database.close();
  }
};

process.exitCode = await main(process.argv.slice(2));

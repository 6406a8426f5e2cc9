/**
 * What the global setup hands to the test workers: environment variables set in the runner
 * before the workers start (workers inherit the runner's environment).
 */
export const stateKeys = {
  baseUrl: 'E2E_BASE_URL',
  mailDir: 'E2E_MAIL_DIR',
  /** Set only when the app server runs on PostgreSQL: the connection string of its database. */
  databaseUrl: 'E2E_SERVER_DATABASE_URL',
} as const;

const read = (key: string): string => {
  const value = process.env[key];
  if (!value) {
    throw new Error(`${key} is not set: run the specs through the Playwright config (global-setup.ts starts the app).`);
  }
  return value;
};

/** The app's address, e.g. http://127.0.0.1:41234 (no trailing slash). */
export const baseUrl = (): string => read(stateKeys.baseUrl);

/** The directory the SMTP sink writes received mails into. */
export const mailDir = (): string => read(stateKeys.mailDir);

/** The app server's PostgreSQL database, or undefined when it runs on the embedded PGlite. */
export const serverDatabaseUrl = (): string | undefined => process.env[stateKeys.databaseUrl] || undefined;

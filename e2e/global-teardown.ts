import { cleanUp, runHandles } from './global-setup';

/** Stops the app server (SIGTERM) and the SMTP server, and removes the run's temp directory. */
export default async function globalTeardown(): Promise<void> {
  const handles = runHandles();
  if (handles) await cleanUp(handles);
}

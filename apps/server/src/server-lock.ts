import fs from 'node:fs';
import path from 'node:path';

/**
 * The embedded database may be opened by one process only. The server notes its pid in the data
 * dir while it runs, so tools (the admin CLI) can refuse instead of corrupting it.
 */
const lockFile = (dataDir: string) => path.join(dataDir, 'server.pid');

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

export const runningServerPid = (dataDir: string): number | null => {
  try {
    const pid = Number(fs.readFileSync(lockFile(dataDir), 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid) ? pid : null;
  } catch {
    return null;
  }
};

export const holdServerLock = (dataDir: string): (() => void) => {
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(lockFile(dataDir), String(process.pid));
  return () => fs.rmSync(lockFile(dataDir), { force: true });
};

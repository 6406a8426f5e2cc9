import { hash, verify } from '@node-rs/argon2';

/** OWASP's argon2id baseline: 19 MiB memory, 2 passes, 1 lane. The PHC string records them. */
const params = { algorithm: 2 /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** At most two hashes run at once, so a login flood queues instead of starving every other call. */
const maxConcurrent = 2;
let active = 0;
const waiting: Array<() => void> = [];

const withSlot = async <T>(work: () => Promise<T>): Promise<T> => {
  if (active >= maxConcurrent) await new Promise<void>((resolve) => waiting.push(resolve));
  active++;
  try {
    return await work();
  } finally {
    active--;
    waiting.shift()?.();
  }
};

export const hashPassword = (password: string): Promise<string> => withSlot(() => hash(password, params));

export const verifyPassword = (phc: string, password: string): Promise<boolean> =>
  withSlot(() => verify(phc, password).catch(() => false));

// A real hash of a random secret: verifying against it costs what a real check costs, so the
// answer time of an unknown address matches that of a known one.
let dummy: Promise<string> | undefined;
export const dummyVerify = async (password: string): Promise<false> => {
  dummy ??= hashPassword(`dummy-${Math.random()}`);
  await verifyPassword(await dummy, password);
  return false;
};

import { hash, verify } from '@node-rs/argon2';

/** OWASP's argon2id baseline: 19 MiB memory, 2 passes, 1 lane. The PHC string records them. */
const params = { algorithm: 2 /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

type Slots = Readonly<{
  run: <T>(work: () => Promise<T>) => Promise<T>;
  /** Work running now, and the most that ever ran at once (for tests and metrics). */
  active: () => number;
  peak: () => number;
}>;

/**
 * At most `max` pieces of work at once; the rest wait in arrival order. A finishing piece hands
 * its slot straight to the next waiter, so a caller arriving in between cannot slip in and
 * push the count over `max`.
 */
export const createSlots = (max: number): Slots => {
  let active = 0;
  let peak = 0;
  const waiting: Array<() => void> = [];
  const run = async <T>(work: () => Promise<T>): Promise<T> => {
    if (active < max) {
      active++;
      peak = Math.max(peak, active);
    } else {
      // The slot is taken over from the piece that wakes us; `active` stays as it is.
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
  return { run, active: () => active, peak: () => peak };
};

/** At most two hashes run at once, so a login flood queues instead of starving every other call. */
export const hashingSlots = createSlots(2);
const withSlot = hashingSlots.run;

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

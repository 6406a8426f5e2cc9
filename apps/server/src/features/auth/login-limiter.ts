/**
 * Throttles password guessing on two levels, counting each attempt *before* its password is
 * checked (so parallel guesses cannot slip past the limit while the first ones are verified):
 *
 * - per account and client address: after `pairFailures` failures within `pairWindowMs` the pair
 *   waits until the window ends;
 * - per account, from any address: after `accountFailures` failures each further attempt waits a
 *   delay that doubles up to `accountMaxDelayMs`. Never a hard lockout, so an attacker can slow the
 *   owner down by at most that delay, but guesses from rotating addresses are throttled too.
 *
 * A successful login forgets both. Kept in memory per process; the interface is asynchronous so a
 * shared store can take its place.
 */
export type LoginLimiter = Readonly<{
  /** Admits one attempt (counted as a failure until `succeed`), or answers the seconds to wait. */
  begin: (email: string, ip: string) => Promise<number>;
  succeed: (email: string, ip: string) => Promise<void>;
}>;

export type LoginLimits = Readonly<{
  pairFailures: number;
  pairWindowMs: number;
  accountFailures: number;
  accountBaseDelayMs: number;
  accountMaxDelayMs: number;
  /** Quiet time after which an account's failures are forgotten. */
  accountForgetMs: number;
}>;

export const defaultLoginLimits: LoginLimits = {
  pairFailures: 5,
  pairWindowMs: 15 * 60_000,
  accountFailures: 10,
  accountBaseDelayMs: 1_000,
  accountMaxDelayMs: 60_000,
  accountForgetMs: 60 * 60_000,
};

type Pair = { count: number; since: number };
type Account = { count: number; lastAt: number; nextAt: number };

export const createLoginLimiter = (now: () => Date, limits: LoginLimits = defaultLoginLimits): LoginLimiter => {
  const pairs = new Map<string, Pair>();
  const accounts = new Map<string, Account>();
  const pairKey = (email: string, ip: string) => `${email}\u0000${ip}`;

  const livePair = (key: string, at: number) => {
    const entry = pairs.get(key);
    if (entry && at - entry.since >= limits.pairWindowMs) pairs.delete(key);
    return pairs.get(key);
  };
  const liveAccount = (email: string, at: number) => {
    const entry = accounts.get(email);
    if (entry && at - entry.lastAt >= limits.accountForgetMs) accounts.delete(email);
    return accounts.get(email);
  };
  // Bounded memory under a flood of distinct addresses: expired entries go first.
  const sweep = (at: number) => {
    if (pairs.size > 10_000) for (const k of pairs.keys()) livePair(k, at);
    if (accounts.size > 10_000) for (const k of accounts.keys()) liveAccount(k, at);
  };
  const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

  return {
    begin: async (email, ip) => {
      const at = now().getTime();
      sweep(at);
      const key = pairKey(email, ip);
      const pair = livePair(key, at);
      if (pair && pair.count >= limits.pairFailures) return seconds(pair.since + limits.pairWindowMs - at);
      const account = liveAccount(email, at);
      if (account && at < account.nextAt) return seconds(account.nextAt - at);

      // Admitted: counted now, in the same synchronous step as the check.
      if (pair) pair.count++;
      else pairs.set(key, { count: 1, since: at });
      const count = (account?.count ?? 0) + 1;
      const over = count - limits.accountFailures;
      const delay = over < 0 ? 0 : Math.min(limits.accountMaxDelayMs, limits.accountBaseDelayMs * 2 ** over);
      accounts.set(email, { count, lastAt: at, nextAt: at + delay });
      return 0;
    },
    succeed: async (email, ip) => {
      pairs.delete(pairKey(email, ip));
      accounts.delete(email);
    },
  };
};

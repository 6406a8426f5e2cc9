/**
 * Counts failed logins per account and client address. After `maxFailures` within `windowMs`
 * the pair is locked until the window ends. Kept in memory; with several app instances each
 * counts its own share, which still bounds guessing per instance.
 */
export type LoginLimiter = Readonly<{
  /** Seconds until the pair may try again, or 0. */
  retryAfter: (email: string, ip: string) => number;
  fail: (email: string, ip: string) => void;
  succeed: (email: string, ip: string) => void;
}>;

export const createLoginLimiter = (now: () => Date, maxFailures = 5, windowMs = 15 * 60_000): LoginLimiter => {
  const entries = new Map<string, { count: number; since: number }>();
  const key = (email: string, ip: string) => `${email}\u0000${ip}`;

  const live = (k: string) => {
    const entry = entries.get(k);
    if (entry && now().getTime() - entry.since >= windowMs) {
      entries.delete(k);
      return undefined;
    }
    return entry;
  };

  const sweep = () => {
    if (entries.size < 10_000) return;
    for (const k of entries.keys()) live(k);
  };

  return {
    retryAfter: (email, ip) => {
      const entry = live(key(email, ip));
      if (!entry || entry.count < maxFailures) return 0;
      return Math.max(1, Math.ceil((entry.since + windowMs - now().getTime()) / 1000));
    },
    fail: (email, ip) => {
      sweep();
      const k = key(email, ip);
      const entry = live(k);
      if (entry) entry.count++;
      else entries.set(k, { count: 1, since: now().getTime() });
    },
    succeed: (email, ip) => {
      entries.delete(key(email, ip));
    },
  };
};

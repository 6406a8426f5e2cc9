import type { Redis } from 'ioredis';
import { createLoginLimiter, defaultLoginLimits, type LoginLimiter, type LoginLimits } from './login-limiter';

/**
 * The login limiter of login-limiter.ts with its counts in Redis, so every server process sees
 * every attempt. One Lua script checks and counts atomically (the same "count before the password
 * is checked" rule); keys expire on their own, so nothing needs sweeping.
 */
const beginScript = `
local now = tonumber(ARGV[1])
local pairFailures, pairWindow = tonumber(ARGV[2]), tonumber(ARGV[3])
local accountFailures, baseDelay, maxDelay, forget = tonumber(ARGV[4]), tonumber(ARGV[5]), tonumber(ARGV[6]), tonumber(ARGV[7])
local pair = redis.call('HMGET', KEYS[1], 'count', 'since')
local pairCount, pairSince = tonumber(pair[1]), tonumber(pair[2])
if pairCount and now - pairSince >= pairWindow then redis.call('DEL', KEYS[1]); pairCount = nil end
if pairCount and pairCount >= pairFailures then return pairSince + pairWindow - now end
local account = redis.call('HMGET', KEYS[2], 'count', 'last', 'next')
local count, last, nextAt = tonumber(account[1]), tonumber(account[2]), tonumber(account[3])
if count and now - last >= forget then redis.call('DEL', KEYS[2]); count = nil end
if count and now < nextAt then return nextAt - now end
if pairCount then
  redis.call('HINCRBY', KEYS[1], 'count', 1)
else
  redis.call('HSET', KEYS[1], 'count', 1, 'since', now)
  redis.call('PEXPIRE', KEYS[1], pairWindow)
end
count = (count or 0) + 1
local over = count - accountFailures
local delay = 0
if over >= 0 then delay = math.min(maxDelay, baseDelay * 2 ^ over) end
redis.call('HSET', KEYS[2], 'count', count, 'last', now, 'next', now + delay)
redis.call('PEXPIRE', KEYS[2], forget)
return 0`;

export const createRedisLoginLimiter = (
  redis: Redis,
  now: () => Date,
  limits: LoginLimits = defaultLoginLimits,
  /** Counts while Redis does not answer: logins keep working, limited per process meanwhile. */
  fallback: LoginLimiter = createLoginLimiter(now, limits),
): LoginLimiter => {
  const pairKey = (email: string, ip: string) => `login:pair:${email}\u0000${ip}`;
  const accountKey = (email: string) => `login:account:${email}`;
  return {
    begin: async (email, ip) => {
      if (redis.status !== 'ready') return fallback.begin(email, ip);
      const waitMs = Number(
        await redis
          .eval(
            beginScript,
            2,
            pairKey(email, ip),
            accountKey(email),
            now().getTime(),
            limits.pairFailures,
            limits.pairWindowMs,
            limits.accountFailures,
            limits.accountBaseDelayMs,
            limits.accountMaxDelayMs,
            limits.accountForgetMs,
          )
          .catch(() => Number.NaN),
      );
      if (Number.isNaN(waitMs)) return fallback.begin(email, ip);
      return waitMs > 0 ? Math.max(1, Math.ceil(waitMs / 1000)) : 0;
    },
    succeed: async (email, ip) => {
      await fallback.succeed(email, ip);
      await redis.del(pairKey(email, ip), accountKey(email)).catch(() => undefined);
    },
  };
};

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * A signed time stamp in every public form: a post proves when its page was shown, so a bot that
 * posts at once (or forges the stamp) is told to try again, and a cross-site page cannot post a
 * portal form without first reading one of its pages.
 */
export const timeTokens = (configuredSecret: string | undefined) => {
  const secret = createHmac('sha256', configuredSecret ?? randomBytes(32).toString('hex'))
    .update('query-form-time')
    .digest();
  const mac = (ms: number) => createHmac('sha256', secret).update(String(ms)).digest('base64url');
  return {
    sign: (ms: number) => `${ms}.${mac(ms)}`,
    /** The time the token was issued, or null for a forged or malformed one. */
    issuedAt: (token: string): number | null => {
      const [ms, given] = token.split('.');
      if (!ms || !given || !/^\d{1,15}$/.test(ms)) return null;
      const expected = Buffer.from(mac(Number(ms)));
      const actual = Buffer.from(given);
      return expected.length === actual.length && timingSafeEqual(expected, actual) ? Number(ms) : null;
    },
  };
};

/** A person needs a moment to read and fill a form. */
export const minFillMs = 3000;
export const maxFillMs = 24 * 60 * 60_000;

/** Too fast, too old or forged: the form comes back with a request to send again. */
export const postedInTime = (issued: number | null, now: number): boolean =>
  issued !== null && now - issued >= minFillMs && now - issued <= maxFillMs;

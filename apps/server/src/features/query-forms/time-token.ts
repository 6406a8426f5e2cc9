import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Signed time stamps of the public pages: `{ms}.{mac}`, the MAC over the purpose, what the stamp
 * is bound to and the time. One signing for every purpose (the form's time token, the portal's
 * CSRF token), each with its own key, so a stamp of one purpose or binding is worth nothing in
 * another (issue 30).
 */
export const signedStamps = (configuredSecret: string | undefined, purpose: string) => {
  const secret = createHmac('sha256', configuredSecret ?? randomBytes(32).toString('hex'))
    .update(purpose)
    .digest();
  // JSON keeps the parts apart: no two bindings spell the same MAC input.
  const mac = (ms: number, binding: readonly string[]) =>
    createHmac('sha256', secret)
      .update(JSON.stringify([ms, ...binding]))
      .digest('base64url');
  return {
    sign: (ms: number, binding: readonly string[]) => `${ms}.${mac(ms, binding)}`,
    /** The time the token was issued for this binding, or null for a forged, foreign or malformed one. */
    issuedAt: (token: string, binding: readonly string[]): number | null => {
      const [ms, given, rest] = token.split('.');
      if (!ms || !given || rest !== undefined || !/^\d{1,15}$/.test(ms)) return null;
      const expected = Buffer.from(mac(Number(ms), binding));
      const actual = Buffer.from(given);
      return expected.length === actual.length && timingSafeEqual(expected, actual) ? Number(ms) : null;
    },
  };
};

/** What a form's time token is bound to: where it was shown (public page or portal) and which form of which environment. */
export type FormStampBinding = Readonly<{ via: 'public' | 'portal'; envId: string; formId: string }>;

/**
 * A signed time stamp in every public form: a post proves when its page was shown, so a bot that
 * posts at once (or forges the stamp) is told to try again. Since issue 30 the stamp names its form:
 * one shown on another form, environment or page kind is refused like a forged one.
 */
export const timeTokens = (configuredSecret: string | undefined) => {
  const stamps = signedStamps(configuredSecret, 'query-form-time');
  const parts = (b: FormStampBinding) => [b.via, b.envId, b.formId];
  return {
    sign: (ms: number, binding: FormStampBinding) => stamps.sign(ms, parts(binding)),
    issuedAt: (token: string, binding: FormStampBinding) => stamps.issuedAt(token, parts(binding)),
  };
};

/** A person needs a moment to read and fill a form. */
export const minFillMs = 3000;
export const maxFillMs = 24 * 60 * 60_000;

/** Too fast, too old or forged: the form comes back with a request to send again. */
export const postedInTime = (issued: number | null, now: number): boolean =>
  issued !== null && now - issued >= minFillMs && now - issued <= maxFillMs;

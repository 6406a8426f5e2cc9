import { stampSigner } from '../../signing/signed-links';

/** What a form's time token is bound to: where it was shown (public page or portal) and which form of which environment. */
export type FormStampBinding = Readonly<{ via: 'public' | 'portal'; envId: string; formId: string }>;

/**
 * A signed time stamp in every public form: a post proves when its page was shown, so a bot that
 * posts at once (or forges the stamp) is told to try again. Since issue 30 the stamp names its form:
 * one shown on another form, environment or page kind is refused like a forged one.
 */
export const timeTokens = (configuredSecret: string | undefined) => {
  const stamps = stampSigner(configuredSecret, 'form-time');
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

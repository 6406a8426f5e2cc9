/** E-mail addresses are compared case-insensitively: stored trimmed and lower-cased. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

// Pragmatic check: one @, a dot in the domain, no spaces. RFC 5322 allows more than any mail
// provider accepts; this is what a person expects a form to accept.
const pattern = /^[^\s@"(),:;<>[\\\]]+@[^\s@"(),:;<>[\\\]]+\.[^\s@"(),:;<>[\\\].]{2,}$/;

export const isValidEmail = (email: string): boolean => email.length <= 254 && pattern.test(email);

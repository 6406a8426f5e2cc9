/**
 * Limits that keep hashing cheap and rows small; the web shows the same numbers. Apart from the
 * calls (auth.ts), so the login page can use them without loading zod (issue 16).
 */
export const passwordLimits = { min: 5, max: 200, resetSubmitMin: 4 } as const;

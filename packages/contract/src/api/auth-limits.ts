/**
 * The longest password taken: keeps hashing cheap and rows small (the rule itself is in
 * logic/password-policy.ts). Apart from the calls (auth.ts), so the login page needs no zod (issue 16).
 */
export const passwordLimits = { max: 200 } as const;

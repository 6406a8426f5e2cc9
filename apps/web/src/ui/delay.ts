/** Resolves after `ms`; used for the spec's fixed UI delays (§9). */
export const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

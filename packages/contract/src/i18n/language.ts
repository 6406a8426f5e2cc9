import { z } from 'zod';

/** The catalog languages; the schema for calls that carry one. */
export const languages = ['de_sie', 'de_du', 'en'] as const;
export const languageSchema = z.enum(languages);
export type Language = z.infer<typeof languageSchema>;

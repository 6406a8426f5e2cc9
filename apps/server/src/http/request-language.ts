import type { Language } from '@kontor/contract/i18n/catalogs';
import type { FastifyRequest } from 'fastify';

/**
 * The language a request is answered in: the environment's `default_language` once the guard has
 * resolved `_env`, German (de_sie, the spec's texts) before that and for calls outside an environment.
 * The error handler reads it, so errors are translated at the edge.
 */
const languages = new WeakMap<FastifyRequest, Language>();

export const defaultLanguage: Language = 'de_sie';

export const setRequestLanguage = (req: FastifyRequest, language: Language): void => {
  languages.set(req, language);
};

export const requestLanguage = (req: FastifyRequest): Language => languages.get(req) ?? defaultLanguage;

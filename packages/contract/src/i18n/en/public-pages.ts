import type { publicPages as source } from '../de_sie/public-pages';

export const publicPages: Record<keyof typeof source, string> = {
  'public.notFoundTitle': 'Page not found',
  'public.notFoundText': 'This page does not exist or is not public.',
  'public.goneTitle': 'Link expired',
  'public.goneText': 'This link has expired. Please open it again in Kontor.',
  'public.rateLimitedTitle': 'Too many requests',
  'public.invalidTitle': 'Invalid request',
  'public.invalidText': 'The request could not be read. Please reload the page.',
  'public.errorTitle': 'Something went wrong',
};

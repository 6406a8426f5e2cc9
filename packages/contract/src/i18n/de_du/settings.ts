import type { settings as source } from '../de_sie/settings';

/** The texts of this area that differ from de_sie; every other key falls back to de_sie (de_du.ts). */
export const settings: Partial<Record<keyof typeof source, string>> = {
  'settings.soonText':
    '„{section}“ wird gerade entwickelt und steht in Kürze zur Verfügung. Adressen, Bankverbindungen und Steuersätze kannst du bereits jetzt pflegen.',
};

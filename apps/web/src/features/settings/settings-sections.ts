import type { MessageKey } from '../../i18n/i18n';

/** The settings sub-navigation (spec 02 §2.2), in the spec's order. */
export type SettingsSection = Readonly<{
  /** Path below /env/:env/settings; '' is the general page. */
  path: string;
  label: MessageKey;
  icon: string;
  /** The system record type a live section lists and edits. */
  recordType?: string;
  /** After a write: the environment's details must follow (tax rates appear in every position). */
  reloadsEnvironment?: boolean;
  /** Not built yet: the section shows "coming soon". */
  soon?: true;
}>;

export const settingsSections: readonly SettingsSection[] = [
  { path: '', label: 'settings.general', icon: 'settings' },
  { path: 'addresses', label: 'settings.addresses', icon: 'map-pin', recordType: 'envAddresses' },
  { path: 'bank-details', label: 'settings.bankDetails', icon: 'building-bank', recordType: 'envBankDetails' },
  { path: 'users', label: 'settings.users', icon: 'users' },
  { path: 'dynamic-records', label: 'settings.dataStructures', icon: 'box' },
  { path: 'taxes', label: 'settings.taxes', icon: 'percentage', recordType: 'envTaxes', reloadsEnvironment: true },
  { path: 'number-ranges', label: 'settings.numberRanges', icon: 'tag' },
  { path: 'portals', label: 'settings.portal', icon: 'world' },
];

export const liveSections = settingsSections.filter(
  (section): section is SettingsSection & { recordType: string } => section.recordType !== undefined,
);

import { Text, Tooltip } from '@mantine/core';
import {
  IconAddressBook,
  IconBell,
  IconBox,
  IconBriefcase,
  IconBuilding,
  IconBuildingBank,
  IconCalendar,
  IconCalendarEvent,
  IconCar,
  IconCash,
  IconCertificate,
  IconChartBar,
  IconClipboardList,
  IconClock,
  IconCoin,
  IconDoor,
  IconDownload,
  IconExternalLink,
  IconFileDescription,
  IconFileInvoice,
  IconFiles,
  IconFolder,
  IconForms,
  IconHelp,
  IconHome,
  IconLayoutDashboard,
  IconLogout,
  IconMail,
  IconMapPin,
  IconNotes,
  IconPackage,
  IconPencil,
  IconPercentage,
  IconPhone,
  IconPlus,
  IconQuestionMark,
  IconReceipt,
  IconSearch,
  IconSettings,
  IconShoppingCart,
  IconStar,
  IconSwitchHorizontal,
  IconTag,
  IconTools,
  IconToolsKitchen2,
  IconTrash,
  IconTruck,
  IconUpload,
  IconUser,
  IconUsers,
  IconWorld,
  type TablerIcon,
} from '@tabler/icons-react';
import { useT } from '../i18n/i18n';

/**
 * The one fixed icon set of the product (spec 01 §2: menu entries and record types name an icon
 * by key). Keys are stored in environment data, so they never change; new ones may be added.
 */
export const appIcons = {
  users: IconUsers,
  user: IconUser,
  'address-book': IconAddressBook,
  package: IconPackage,
  box: IconBox,
  'file-description': IconFileDescription,
  'file-invoice': IconFileInvoice,
  receipt: IconReceipt,
  cash: IconCash,
  coin: IconCoin,
  briefcase: IconBriefcase,
  'tools-kitchen': IconToolsKitchen2,
  tools: IconTools,
  'map-pin': IconMapPin,
  building: IconBuilding,
  'building-bank': IconBuildingBank,
  percentage: IconPercentage,
  door: IconDoor,
  'calendar-event': IconCalendarEvent,
  calendar: IconCalendar,
  clock: IconClock,
  home: IconHome,
  dashboard: IconLayoutDashboard,
  settings: IconSettings,
  files: IconFiles,
  folder: IconFolder,
  world: IconWorld,
  forms: IconForms,
  'clipboard-list': IconClipboardList,
  notes: IconNotes,
  help: IconHelp,
  bell: IconBell,
  upload: IconUpload,
  download: IconDownload,
  logout: IconLogout,
  switch: IconSwitchHorizontal,
  plus: IconPlus,
  edit: IconPencil,
  trash: IconTrash,
  'external-link': IconExternalLink,
  search: IconSearch,
  'chart-bar': IconChartBar,
  truck: IconTruck,
  'shopping-cart': IconShoppingCart,
  mail: IconMail,
  phone: IconPhone,
  tag: IconTag,
  star: IconStar,
  car: IconCar,
  certificate: IconCertificate,
} as const satisfies Record<string, TablerIcon>;

export type AppIconKey = keyof typeof appIcons;
export const appIconKeys = Object.keys(appIcons) as AppIconKey[];

const isAppIconKey = (key: string | null | undefined): key is AppIconKey =>
  typeof key === 'string' && Object.hasOwn(appIcons, key);

/** The catalog label of an icon (for search and tooltips). */
export const iconLabelKey = (key: AppIconKey) => `shell.icon.${key}` as const;

type AppIconProps = Readonly<{
  /** A key of the icon set; anything else shows the 'Unbekanntes Icon' placeholder. */
  name: string | null | undefined;
  size?: number;
  stroke?: number;
  /** Decorative by default; give a label when the icon alone carries meaning. */
  label?: string;
}>;

/** An icon of the fixed set by key (spec 01 §8: an unknown key shows 'Unbekanntes Icon'). */
export function AppIcon({ name, size = 20, stroke = 1.7, label }: AppIconProps) {
  const t = useT();
  if (!isAppIconKey(name)) {
    return (
      <Tooltip label={`${t('shell.iconUnknown')}${name ? ` (${name})` : ''}`}>
        <Text
          component="span"
          role="img"
          aria-label={t('shell.iconUnknown')}
          title={t('shell.iconUnknown')}
          style={{
            display: 'inline-flex',
            alignItems: 'center',
            justifyContent: 'center',
            width: size,
            height: size,
            flexShrink: 0,
            borderRadius: 4,
            border: '1px dashed var(--mantine-color-gray-5)',
            color: 'var(--mantine-color-gray-6)',
          }}
        >
          <IconQuestionMark size={size * 0.7} stroke={2} aria-hidden />
        </Text>
      </Tooltip>
    );
  }
  const Icon = appIcons[name];
  return label ? (
    <Icon size={size} stroke={stroke} role="img" aria-label={label} />
  ) : (
    <Icon size={size} stroke={stroke} aria-hidden />
  );
}

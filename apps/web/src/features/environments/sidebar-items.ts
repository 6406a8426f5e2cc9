import type { Environment } from '@kontor/contract/api/environments';
import type { MessageKey } from '../../i18n/i18n';
import { modules } from './modules';

export type SidebarItem =
  | Readonly<{ kind: 'title'; label: string }>
  | Readonly<{ kind: 'link'; label: string; to: string; icon?: string; exact?: boolean }>;

export const envBase = (envKey: string) => `/env/${encodeURIComponent(envKey)}`;

const isHiddenType = (path: string, readable: ReadonlySet<string>) => {
  const type = listedType(path);
  return type !== null && !readable.has(decodeURIComponent(type));
};

const withSlash = (path: string) => (path.startsWith('/') ? path : `/${path}`);

/** The record type a menu path lists (`/dyn/{type}…`), or null for any other screen. */
const listedType = (path: string): string | null => /^\/?dyn\/([^/?#]+)/.exec(path)?.[1] ?? null;

/**
 * The sidebar's entries: Dashboard, the environment's own menu (titles become section labels),
 * the active modules, and Einstellungen, which is always there (pinned to the bottom). A menu
 * entry of a record type the member may not read is left out (issue 29 item 4): `readable` are
 * the types environments/details named for the member.
 */
export const sidebarItems = (
  environment: Pick<Environment, 'menu' | 'functions'>,
  envKey: string,
  t: (key: MessageKey) => string,
  readable?: ReadonlySet<string>,
): { items: SidebarItem[]; settings: SidebarItem } => {
  const base = envBase(envKey);
  const items: SidebarItem[] = [
    { kind: 'link', label: t('shell.dashboard'), to: base, icon: 'dashboard', exact: true },
  ];
  for (const entry of environment.menu) {
    if (entry.type === 'title') items.push({ kind: 'title', label: entry.label });
    else if (entry.path && !(readable && isHiddenType(entry.path, readable)))
      items.push({ kind: 'link', label: entry.label, to: `${base}${withSlash(entry.path)}`, icon: entry.icon });
  }
  const active = modules.filter((m) => environment.functions[m.key]?.active === true);
  if (active.length > 0 && environment.menu.length > 0) items.push({ kind: 'title', label: t('shell.modules') });
  for (const m of active) items.push({ kind: 'link', label: t(m.label), to: `${base}${m.path}`, icon: m.icon });
  return { items, settings: { kind: 'link', label: t('shell.settings'), to: `${base}/settings`, icon: 'settings' } };
};

/** Whether a sidebar link belongs to the current path (the dashboard only on its exact root). */
export const isActivePath = (pathname: string, to: string, exact = false): boolean => {
  const path = pathname.replace(/\/+$/, '') || '/';
  return exact ? path === to : path === to || path.startsWith(`${to}/`);
};

import { Text } from '@mantine/core';
import { IconChartBar, IconFiles, IconMenu2, IconPalette, IconSettings, type TablerIcon } from '@tabler/icons-react';
import { NavLink, Outlet } from 'react-router';
import { useEnvironment } from '../../environment/environment-context';
import { type MessageKey, useT } from '../../i18n/i18n';
import { NotFoundView } from '../../ui/not-found-view';
import classes from '../../ui/section-layout.module.css';

const sections: ReadonlyArray<{ path: string; label: MessageKey; icon: TablerIcon }> = [
  { path: '', label: 'website.nav.overview', icon: IconChartBar },
  { path: 'pages', label: 'website.nav.pages', icon: IconFiles },
  { path: 'design', label: 'website.nav.design', icon: IconPalette },
  { path: 'menus', label: 'website.nav.menus', icon: IconMenu2 },
  { path: 'settings', label: 'website.nav.settings', icon: IconSettings },
];

export const useWebsiteBase = () => `/env/${encodeURIComponent(useEnvironment().envKey)}/website-manager`;

/** The website manager (spec 02 §2.5): its menu Overview, Pages, Design, Menus, Settings above the screen. */
export function WebsiteLayout() {
  const t = useT();
  const base = useWebsiteBase();
  return (
    <div>
      <Text className={classes.overline} component="p">
        {t('website.title')}
      </Text>
      <nav aria-label={t('website.title')} className={classes.nav}>
        {sections.map((s) => (
          <NavLink key={s.path} to={s.path ? `${base}/${s.path}` : base} end={s.path === ''} className={classes.tab}>
            <s.icon size={16} aria-hidden />
            <span>{t(s.label)}</span>
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}

/** Spec 02 §8: an unknown website-manager path. */
export function WebsiteNotFound() {
  const t = useT();
  const base = useWebsiteBase();
  return (
    <NotFoundView variant="area" title={t('website.notFound')} back={{ to: base, label: t('website.nav.overview') }} />
  );
}

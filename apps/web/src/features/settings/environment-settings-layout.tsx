import { Badge, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { SettingsRoleNotice } from '../../app/settings-role-notice';
import { useEnvironment } from '../../environment/environment-context';
import { useT } from '../../i18n/i18n';
import { AppIcon } from '../../ui/icons';
import classes from '../../ui/section-layout.module.css';
import { settingsSections } from './settings-sections';

/** The settings area (spec 02 §2.2): a sub-navigation of its sections above the section's screen. */
export function EnvironmentSettingsLayout() {
  const t = useT();
  const { envKey } = useEnvironment();
  const base = `/env/${encodeURIComponent(envKey)}/settings`;
  const { pathname } = useLocation();
  const nav = useRef<HTMLElement>(null);
  // On phones the tabs scroll sideways: keep the current one in sight.
  useEffect(() => {
    const bar = nav.current;
    const current = bar?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!bar || !current) return;
    const left = current.offsetLeft;
    const right = left + current.offsetWidth;
    if (left < bar.scrollLeft) bar.scrollLeft = left - 16;
    else if (right > bar.scrollLeft + bar.clientWidth) bar.scrollLeft = right - bar.clientWidth + 16;
  }, [pathname]);
  return (
    <div>
      <Text className={classes.overline} component="p">
        {t('settings.title')}
      </Text>
      <nav ref={nav} aria-label={t('settings.navLabel')} className={classes.nav}>
        {settingsSections.map((section) => (
          <NavLink
            key={section.path}
            to={section.path ? `${base}/${section.path}` : base}
            end={section.path === ''}
            className={classes.tab}
            data-soon={section.soon}
          >
            <AppIcon name={section.icon} size={16} />
            <span>{t(section.label)}</span>
            {section.soon && (
              <Badge
                size="xs"
                variant="light"
                color="gray"
                radius="sm"
                tt="none"
                className={classes.soon}
                title={t('settings.soon')}
              >
                {t('settings.soonShort')}
              </Badge>
            )}
          </NavLink>
        ))}
      </nav>
      <SettingsRoleNotice />
      <Outlet />
    </div>
  );
}

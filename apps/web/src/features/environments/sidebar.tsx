import { NavLink, ScrollArea, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useEnvironment } from '../../environment/environment-context';
import { useT } from '../../i18n/i18n';
import { AppIcon } from '../../ui/icons';
import classes from './sidebar.module.css';
import { isActivePath, type SidebarItem, sidebarItems } from './sidebar-items';

function Entry({ item, pathname }: { item: SidebarItem; pathname: string }) {
  if (item.kind === 'title') {
    return (
      <Text component="li" className={classes.section}>
        {item.label}
      </Text>
    );
  }
  const active = isActivePath(pathname, item.to, item.exact);
  return (
    <li>
      <NavLink
        component={Link}
        to={item.to}
        label={item.label}
        active={active}
        aria-current={active ? 'page' : undefined}
        leftSection={item.icon ? <AppIcon name={item.icon} size={19} /> : <span className={classes.noIcon} />}
        className={classes.link}
      />
    </li>
  );
}

/** Spec 01 §2 "Sidebar": the environment's navigation; Einstellungen sits at the bottom. */
export function Sidebar() {
  const t = useT();
  const { pathname } = useLocation();
  const { environment, envKey, role, recordTypes } = useEnvironment();
  // Owners and administrators read every type; below them the menu shows only what the role reads.
  const readable = role === 'owner' || role === 'admin' ? undefined : new Set(recordTypes.map((r) => r.key));
  const { items, settings } = sidebarItems(environment, envKey, t, readable);
  return (
    <nav aria-label={t('shell.navigation')} className={classes.root}>
      <ScrollArea className={classes.scroll} type="auto" scrollbarSize={6}>
        <ul className={classes.list}>
          {items.map((item) => (
            <Entry
              key={item.kind === 'link' ? `link:${item.to}` : `title:${item.label}`}
              item={item}
              pathname={pathname}
            />
          ))}
        </ul>
      </ScrollArea>
      <ul className={`${classes.list} ${classes.footer}`}>
        <Entry item={settings} pathname={pathname} />
      </ul>
    </nav>
  );
}

import { Box, Flex, NavLink, Stack } from '@mantine/core';
import { IconBell, IconKey, IconLock, IconTrash, IconUser } from '@tabler/icons-react';
import { Outlet, NavLink as RouterNavLink } from 'react-router';
import { useT } from '../../i18n/i18n';
import { PageTitle } from '../../ui/page-title';
import classes from './account-settings-layout.module.css';

/** Spec 01 §2 /account/settings: a sub-navigation; the last three entries are not available yet. */
export function AccountSettingsLayout() {
  const t = useT();
  const disabled = [
    { label: t('account.settingsNotifications'), icon: IconBell },
    { label: t('account.settingsApi'), icon: IconKey },
    { label: t('account.settingsDelete'), icon: IconTrash },
  ];
  return (
    <Stack gap="lg">
      <PageTitle title={t('account.settingsTitle')} />
      <Flex direction={{ base: 'column', sm: 'row' }} gap="lg" align="flex-start">
        <nav aria-label={t('account.settingsTitle')} className={classes.nav}>
          <NavLink
            component={RouterNavLink}
            to="/account/settings"
            end
            label={t('account.settingsGeneral')}
            leftSection={<IconUser size={18} stroke={1.7} />}
            className={classes.item}
          />
          <NavLink
            component={RouterNavLink}
            to="/account/settings/change-pw"
            label={t('account.settingsChangePw')}
            leftSection={<IconLock size={18} stroke={1.7} />}
            className={classes.item}
          />
          {disabled.map(({ label, icon: Icon }) => (
            <NavLink
              key={label}
              component="button"
              type="button"
              disabled
              // Mantine's NavLink only styles `disabled`; tell assistive technology as well.
              aria-disabled
              label={label}
              leftSection={<Icon size={18} stroke={1.7} />}
              description={t('account.settingsSoon')}
              className={classes.item}
              classNames={{ description: classes.soon }}
            />
          ))}
        </nav>
        <Box className={classes.content}>
          <Outlet />
        </Box>
      </Flex>
    </Stack>
  );
}

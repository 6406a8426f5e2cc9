import { ActionIcon, Box, Container, Group, Text, Tooltip } from '@mantine/core';
import { IconLogout, IconUserCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, Outlet } from 'react-router';
import { session, useSession } from '../../api/session';
import { I18nProvider, useT } from '../../i18n/i18n';
import { FooterLinks } from '../../ui/footer-links';
import { Logo } from '../../ui/logo';
import { meQuery } from './account.queries';
import classes from './account-layout.module.css';

/** Spec 01 §9: the account area is at most 800 px wide. */
const accountWidth = 800;

function TopBar() {
  const t = useT();
  const { user } = useSession();
  const fullName = [user?.firstname, user?.name].filter(Boolean).join(' ');
  return (
    <header className={classes.header}>
      <Container size={accountWidth} h="100%">
        <Group justify="space-between" h="100%" wrap="nowrap">
          <Link to="/account" title={t('account.menuEnvironments')} className={classes.logoLink}>
            <Logo height={28} />
          </Link>
          <Group gap={6} wrap="nowrap">
            {fullName && (
              <Text size="sm" c="dimmed" visibleFrom="sm" mr={6} truncate maw={240}>
                {fullName}
              </Text>
            )}
            <Tooltip label={t('account.menuSettings')}>
              <ActionIcon
                component={Link}
                to="/account/settings"
                variant="subtle"
                color="gray"
                size="lg"
                aria-label={t('account.menuSettings')}
              >
                <IconUserCircle size={22} stroke={1.7} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('account.menuLogout')}>
              <ActionIcon
                component={Link}
                to="/logout"
                variant="subtle"
                color="gray"
                size="lg"
                aria-label={t('account.menuLogout')}
              >
                <IconLogout size={22} stroke={1.7} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
      </Container>
    </header>
  );
}

/** Spec 01 §2 "Account area": top bar, a centred column and the footer links; always formal German. */
export function AccountLayout() {
  // Refresh the stored user (names, last password change) whenever the area is entered.
  const me = useQuery({ ...meQuery(), staleTime: 0 });
  useEffect(() => {
    if (me.data) session.setUser(me.data);
  }, [me.data]);

  return (
    <I18nProvider language="de_sie">
      <Box className={classes.root}>
        <TopBar />
        <Container size={accountWidth} component="main" className={classes.main}>
          <Outlet />
        </Container>
        <Container size={accountWidth} component="footer" w="100%">
          <FooterLinks />
        </Container>
      </Box>
    </I18nProvider>
  );
}

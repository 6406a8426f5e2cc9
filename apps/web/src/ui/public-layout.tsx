import { Box, Center, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, Outlet } from 'react-router';
import { useT } from '../i18n/i18n';
import { FooterLinks } from './footer-links';
import { Logo } from './logo';
import classes from './public-layout.module.css';

/**
 * The frame of every page outside the account area (login, registration, 404 …): the logo, a
 * centred column and the footer links. Used as a route layout or around one page.
 */
export function PublicLayout({ children, width = 440 }: { children?: ReactNode; width?: number }) {
  const t = useT();
  return (
    <Box className={classes.root}>
      <Stack className={classes.column} style={{ maxWidth: width }} gap="lg">
        <Center>
          <Link to="/" title={t('common.toStart')} className={classes.logoLink}>
            <Logo height={34} />
          </Link>
        </Center>
        <main>{children ?? <Outlet />}</main>
      </Stack>
      <footer>
        <FooterLinks />
      </footer>
    </Box>
  );
}

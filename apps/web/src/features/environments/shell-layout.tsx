import { AppShell, CloseButton, Drawer, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { useEnvironment } from '../../environment/environment-context';
import { useT } from '../../i18n/i18n';
import { AlertBar } from '../../ui/alert-bar';
import { Logo } from '../../ui/logo';
import { HelpPanel } from './help-panel';
import { NoAccessGate } from './no-access-gate';
import classes from './shell-layout.module.css';
import { Sidebar } from './sidebar';
import { envBase } from './sidebar-items';
import { TopBar } from './top-bar';

/** Spec 01 §9: up to 767 px the sidebar is a slide-in drawer. */
const desktopQuery = '(min-width: 48em)';

/** The frame of every screen inside an environment: top bar, sidebar, help panel, alert bar. */
export function ShellLayout() {
  const t = useT();
  const { environment, envKey } = useEnvironment();
  const { pathname } = useLocation();
  const [navOpened, nav] = useDisclosure(false);
  const [helpOpened, help] = useDisclosure(false);
  const desktop = useMediaQuery(desktopQuery);

  // The drawer closes on navigation and when the window grows past the breakpoint.
  useEffect(() => nav.close(), [pathname]);
  useEffect(() => {
    if (desktop) nav.close();
  }, [desktop, nav]);
  // Escape closes the help panel, as it closes a dialog (issue 31 item 8).
  useEffect(() => {
    if (!helpOpened) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') help.close();
    };
    // Captured: a tooltip under the focus (the help button's own) swallows Escape on its way up.
    window.addEventListener('keydown', closeOnEscape, true);
    return () => window.removeEventListener('keydown', closeOnEscape, true);
  }, [helpOpened, help]);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 256, breakpoint: 'md', collapsed: { mobile: true } }}
      aside={{ width: 340, breakpoint: 'md', collapsed: { desktop: !helpOpened, mobile: !helpOpened } }}
      padding={0}
      className={classes.shell}
    >
      {/* WCAG 2.4.1: keyboard users skip the top bar and the sidebar (issue 31 item 8). */}
      <a href="#main-content" className={classes.skipLink}>
        {t('shell.skipToContent')}
      </a>
      <AppShell.Header className={classes.header}>
        <TopBar navOpened={navOpened} onToggleNav={nav.toggle} helpOpened={helpOpened} onToggleHelp={help.toggle} />
      </AppShell.Header>
      <AppShell.Navbar className={classes.navbar} visibleFrom="md">
        <Sidebar />
      </AppShell.Navbar>
      <AppShell.Aside className={classes.aside} aria-hidden={!helpOpened || undefined} inert={!helpOpened || undefined}>
        {/* Closed, the panel is not in the page at all: no screen reader or find-in-page meets its text. */}
        {helpOpened && <HelpPanel onClose={help.close} />}
      </AppShell.Aside>
      <AppShell.Main className={classes.main} id="main-content" tabIndex={-1}>
        <div className={classes.content}>
          <AlertBar />
          <NoAccessGate />
        </div>
      </AppShell.Main>
      <Drawer
        opened={navOpened && !desktop}
        onClose={nav.close}
        size={288}
        padding={0}
        withCloseButton={false}
        classNames={{ body: classes.drawerBody }}
      >
        <div className={classes.drawerHeader}>
          <Link to={envBase(envKey)} title={t('shell.toDashboard')} className={classes.drawerLogo}>
            <Logo height={26} />
          </Link>
          <CloseButton onClick={nav.close} aria-label={t('shell.closeNavigation')} size="lg" />
        </div>
        <Text size="sm" fw={600} c="gray.7" className={classes.drawerEnv} truncate>
          {environment.name}
        </Text>
        <Sidebar />
      </Drawer>
    </AppShell>
  );
}

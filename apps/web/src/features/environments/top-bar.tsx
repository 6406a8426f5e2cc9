import { ActionIcon, Burger, Group, Text, Tooltip } from '@mantine/core';
import { IconHelp } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useEnvironment } from '../../environment/environment-context';
import { useT } from '../../i18n/i18n';
import { Logo } from '../../ui/logo';
import { envBase } from './sidebar-items';
import classes from './top-bar.module.css';
import { NotificationsMenu, UploadMenu, UserMenu } from './top-bar-menus';

type TopBarProps = Readonly<{
  navOpened: boolean;
  onToggleNav: () => void;
  helpOpened: boolean;
  onToggleHelp: () => void;
}>;

/** Spec 01 §2 "Fixed top bar": logo to the dashboard, help, uploads, notifications, user. */
export function TopBar({ navOpened, onToggleNav, helpOpened, onToggleHelp }: TopBarProps) {
  const t = useT();
  const { environment, envKey } = useEnvironment();
  return (
    <Group h="100%" px={{ base: 'sm', md: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
      <Group gap="sm" wrap="nowrap" miw={0}>
        <Burger
          opened={navOpened}
          onClick={onToggleNav}
          hiddenFrom="md"
          size="sm"
          aria-label={navOpened ? t('shell.closeNavigation') : t('shell.openNavigation')}
          aria-expanded={navOpened}
        />
        <Link to={envBase(envKey)} title={t('shell.toDashboard')} className={classes.logoLink}>
          <Logo height={28} />
        </Link>
        <div className={classes.envName}>
          <Text size="sm" fw={600} truncate title={environment.name}>
            {environment.name}
          </Text>
        </div>
      </Group>
      <Group gap={4} wrap="nowrap">
        <UploadMenu />
        <Tooltip label={helpOpened ? t('shell.helpClose') : t('shell.helpOpen')}>
          <ActionIcon
            variant={helpOpened ? 'light' : 'subtle'}
            color={helpOpened ? 'indigo' : 'gray'}
            size="lg"
            onClick={onToggleHelp}
            aria-label={t('shell.help')}
            aria-pressed={helpOpened}
          >
            <IconHelp size={22} stroke={1.7} />
          </ActionIcon>
        </Tooltip>
        <NotificationsMenu />
        <div className={classes.divider} />
        <UserMenu />
      </Group>
    </Group>
  );
}

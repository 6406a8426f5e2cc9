import { formatBytes } from '@kontor/contract/logic/number-format';
import {
  ActionIcon,
  Avatar,
  Button,
  Group,
  Indicator,
  Menu,
  Popover,
  Progress,
  Stack,
  Text,
  ThemeIcon,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import {
  IconBell,
  IconBellOff,
  IconChevronDown,
  IconCloudUpload,
  IconLogout,
  IconSwitchHorizontal,
  IconUserCog,
} from '@tabler/icons-react';
import { type KeyboardEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../../api/session';
import { type MessageKey, useT } from '../../i18n/i18n';
import { useDialogs } from '../../ui/confirm';
import { type UploadStatus, useUploads } from '../../ui/upload-store';
import classes from './top-bar.module.css';

/**
 * A top bar dropdown's open state. Escape closes it also while the focus stays on its button:
 * Mantine's popover only listens inside the dropdown, which holds nothing to focus. (Controlled,
 * the popover leaves the button's click to us; outside clicks still close it through onChange.)
 */
const useTopBarPopover = () => {
  const [opened, setOpened] = useState(false);
  return {
    popover: { opened, onChange: setOpened },
    target: {
      onClick: () => setOpened((current) => !current),
      onKeyDown: (event: KeyboardEvent) => {
        if (event.key === 'Escape' && opened) setOpened(false);
      },
    },
  };
};

const statusText: Record<UploadStatus, MessageKey> = {
  preparing: 'shell.uploadPreparing',
  prepared: 'shell.uploadPrepared',
  'start-uploading': 'shell.uploadStarting',
  uploading: 'shell.uploadUploading',
  'upload-finished': 'shell.uploadFinished',
  failed: 'shell.uploadFailed',
};

/** Spec 01 §2: the upload list, shown only while uploads exist, with a count badge. */
export function UploadMenu() {
  const t = useT();
  const uploads = useUploads();
  const { popover, target } = useTopBarPopover();
  if (uploads.length === 0) return null;
  const label = t('shell.uploads', { n: uploads.length });
  return (
    <Popover position="bottom-end" width={320} shadow="md" withArrow {...popover}>
      <Popover.Target>
        <Tooltip label={label}>
          <Indicator label={uploads.length} size={16} offset={6} color="indigo">
            <ActionIcon variant="subtle" color="gray" size="lg" aria-label={label} {...target}>
              <IconCloudUpload size={22} stroke={1.7} />
            </ActionIcon>
          </Indicator>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown p={0}>
        <Text fw={600} size="sm" px="md" py="sm" className={classes.dropdownHeader}>
          {t('shell.uploadsTitle')}
        </Text>
        <Stack component="ul" gap={0} className={classes.uploadList}>
          {uploads.map((u) => (
            <li key={u.id} className={classes.uploadItem}>
              <Text size="sm" fw={500} truncate title={u.filename}>
                {u.filename}
              </Text>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text
                  size="xs"
                  c={u.status === 'failed' ? 'red.7' : u.status === 'upload-finished' ? 'teal.7' : 'dimmed'}
                >
                  {t(statusText[u.status], { percent: Math.round(u.upload_percent) })}
                </Text>
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {u.status === 'uploading'
                    ? `${formatBytes((u.filesize * u.upload_percent) / 100)} / ${formatBytes(u.filesize)}`
                    : formatBytes(u.filesize)}
                </Text>
              </Group>
              {u.status === 'failed' && (u.error || u.retry) && (
                <Text size="xs" c="red.7" mt={2}>
                  {u.error ?? t('shell.uploadConnectionLost')}
                </Text>
              )}
              {u.status === 'failed' && u.retry && (
                <Button
                  size="compact-xs"
                  variant="light"
                  mt={6}
                  onClick={u.retry}
                  aria-label={`${t('common.retry')}: ${u.filename}`}
                >
                  {t('common.retry')}
                </Button>
              )}
              {(u.status === 'uploading' || u.status === 'start-uploading') && (
                <Progress
                  value={u.upload_percent}
                  size="sm"
                  mt={6}
                  aria-label={u.filename}
                  animated={u.status === 'start-uploading'}
                />
              )}
            </li>
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/** Spec 01 §1: the notifications dropdown always says there are none. */
export function NotificationsMenu() {
  const t = useT();
  const { popover, target } = useTopBarPopover();
  return (
    <Popover position="bottom-end" width={300} shadow="md" withArrow {...popover}>
      <Popover.Target>
        <Tooltip label={t('shell.notifications')}>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('shell.notifications')} {...target}>
            <IconBell size={22} stroke={1.7} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown p={0}>
        <Text fw={600} size="sm" px="md" py="sm" className={classes.dropdownHeader}>
          {t('shell.notifications')}
        </Text>
        <Stack align="center" gap="xs" p="lg" ta="center">
          <ThemeIcon size={44} radius="xl" variant="light" color="gray" aria-hidden>
            <IconBellOff size={22} stroke={1.6} />
          </ThemeIcon>
          <Text size="sm" c="dimmed">
            {t('shell.noNotifications')}
          </Text>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

const initials = (first?: string, last?: string, email?: string) =>
  `${first?.[0] ?? ''}${last?.[0] ?? ''}`.toUpperCase() || (email?.[0] ?? '?').toUpperCase();

/** Spec 01 §2: switch the environment, or log out after a question. */
export function UserMenu() {
  const t = useT();
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const { user } = useSession();
  const firstname = typeof user?.firstname === 'string' ? user.firstname : '';
  const name = typeof user?.name === 'string' ? user.name : '';
  const email = typeof user?.email === 'string' ? user.email : '';
  const fullName = [firstname, name].filter(Boolean).join(' ');

  const logout = async () => {
    const yes = await dialogs.confirm({
      title: t('shell.logoutQuestion'),
      text: t('shell.logoutText'),
      confirmLabel: t('shell.logout'),
    });
    if (yes) navigate('/logout', { state: { confirmed: true } });
  };

  return (
    <Menu position="bottom-end" width={280} shadow="md" withArrow>
      <Menu.Target>
        <UnstyledButton className={classes.userButton} aria-label={t('shell.userMenu')}>
          <Group gap={8} wrap="nowrap">
            <Avatar size={32} radius="xl" color="indigo" variant="light">
              {initials(firstname, name, email)}
            </Avatar>
            <Text size="sm" fw={500} visibleFrom="lg" truncate maw={160}>
              {fullName || email}
            </Text>
            <IconChevronDown size={14} stroke={2} className={classes.chevron} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <div className={classes.userHeader}>
          {fullName && (
            <Text size="sm" fw={600} truncate>
              {fullName}
            </Text>
          )}
          <Text size="xs" c="dimmed" truncate>
            {email}
          </Text>
        </div>
        <Menu.Divider />
        <Menu.Item component={Link} to="/account" leftSection={<IconSwitchHorizontal size={16} aria-hidden />}>
          {t('shell.switchEnvironment')}
        </Menu.Item>
        <Menu.Item component={Link} to="/account/settings" leftSection={<IconUserCog size={16} aria-hidden />}>
          {t('shell.accountSettings')}
        </Menu.Item>
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={() => void logout()}>
          {t('shell.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

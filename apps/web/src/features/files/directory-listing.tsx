import type { DirectoryEntry } from '@kontor/contract/api/files';
import { isPreviewableImage } from '@kontor/contract/logic/file-names';
import { ActionIcon, Badge, Button, Menu, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDots, IconDownload, IconFolderOpen, IconPencil, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useFormat } from '../../environment/use-format';
import { useT } from '../../i18n/i18n';
import { EntryIcon, kindLabel } from './file-icon';
import classes from './files.module.css';
import { previewQuery } from './files.queries';

type ListingProps = Readonly<{
  envKey: string;
  entries: readonly DirectoryEntry[];
  /** The folder shown is managed by the system: no rename, no delete. */
  readOnly: boolean;
  onOpen: (entry: DirectoryEntry) => void;
  onRename?: ((entry: DirectoryEntry) => void) | undefined;
  onDelete?: ((entry: DirectoryEntry) => void) | undefined;
  onDownload?: ((entry: DirectoryEntry) => void) | undefined;
  /** Picker mode: files get a "choose" button; ids already chosen are marked. */
  onPick?: ((entry: DirectoryEntry) => void) | undefined;
  picked?: ReadonlySet<string> | undefined;
  /** Picker mode: which files may be chosen (all by default). */
  canPick?: ((entry: DirectoryEntry) => boolean) | undefined;
}>;

/** A folder's entries: a table on wide screens, a compact list on phones (375 px). */
export function DirectoryListing(props: ListingProps) {
  const t = useT();
  const format = useFormat();
  const narrow = useMediaQuery('(max-width: 575px)');
  const imageIds = props.entries.filter((e) => e.type === 'file' && isPreviewableImage(e.mime ?? '')).map((e) => e._id);
  const previews = useQuery(previewQuery(props.envKey, imageIds));
  const thumbOf = (e: DirectoryEntry) => previews.data?.files[e._id]?.url;

  const name = (e: DirectoryEntry) => (
    <UnstyledButton className={classes.nameButton} onClick={() => props.onOpen(e)} title={e.name}>
      <Text size="sm" fw={500} truncate>
        {e.name}
      </Text>
    </UnstyledButton>
  );

  const actions = (e: DirectoryEntry) => {
    const changeable = !props.readOnly && !e.system;
    return (
      <>
        {props.onPick && e.type === 'file' && (props.canPick?.(e) ?? true) && (
          <Button
            size="compact-sm"
            variant={props.picked?.has(e._id) ? 'filled' : 'light'}
            onClick={() => props.onPick?.(e)}
          >
            {t('files.pick')}
          </Button>
        )}
        <Menu position="bottom-end" withinPortal shadow="md">
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={t('files.actionsFor', { name: e.name })}>
              <IconDots size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {e.type === 'directory' ? (
              <Menu.Item leftSection={<IconFolderOpen size={16} aria-hidden />} onClick={() => props.onOpen(e)}>
                {t('files.open')}
              </Menu.Item>
            ) : (
              props.onDownload && (
                <Menu.Item leftSection={<IconDownload size={16} aria-hidden />} onClick={() => props.onDownload?.(e)}>
                  {t('files.download')}
                </Menu.Item>
              )
            )}
            {changeable && props.onRename && (
              <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={() => props.onRename?.(e)}>
                {t('files.rename')}
              </Menu.Item>
            )}
            {changeable && props.onDelete && (
              <Menu.Item
                color="red"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={() => props.onDelete?.(e)}
              >
                {t('files.delete')}
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      </>
    );
  };

  const details = (e: DirectoryEntry) =>
    e.type === 'directory' ? t(kindLabel(e)) : `${format.bytes(e.size ?? 0)} · ${format.dateTime(e.updated_at)}`;

  if (narrow) {
    return (
      <ul className={classes.cardList} aria-label={t('files.title')}>
        {props.entries.map((e) => (
          <li
            key={e._id}
            className={`${classes.entryCard} ${classes.row}`}
            data-picked={props.picked?.has(e._id) || undefined}
          >
            <EntryIcon entry={e} thumbnail={thumbOf(e)} />
            <div className={classes.nameCell} style={{ flex: 1 }}>
              {name(e)}
              <Text size="xs" c="gray.7" truncate>
                {details(e)}
              </Text>
            </div>
            {actions(e)}
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Table verticalSpacing={6} highlightOnHover layout="fixed">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={52}>
            <VisuallyHidden>{t('files.colType')}</VisuallyHidden>
          </Table.Th>
          <Table.Th>{t('files.colName')}</Table.Th>
          <Table.Th w={84} ta="right">
            {t('files.colSize')}
          </Table.Th>
          <Table.Th w={130} visibleFrom="lg">
            {t('files.colType')}
          </Table.Th>
          <Table.Th w={150} visibleFrom="sm">
            {t('files.colDate')}
          </Table.Th>
          <Table.Th w={props.onPick ? 170 : 52}>
            <VisuallyHidden>{t('records.actions')}</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {props.entries.map((e) => (
          <Table.Tr key={e._id} className={classes.row} data-picked={props.picked?.has(e._id) || undefined}>
            <Table.Td>
              <EntryIcon entry={e} thumbnail={thumbOf(e)} />
            </Table.Td>
            <Table.Td className={classes.nameCell}>
              {name(e)}
              {e.system && (
                <Badge size="xs" variant="light" color="gray">
                  {t('files.systemFolder')}
                </Badge>
              )}
            </Table.Td>
            <Table.Td ta="right">
              <Text size="sm" c="gray.7">
                {e.type === 'file' ? format.bytes(e.size ?? 0) : '—'}
              </Text>
            </Table.Td>
            <Table.Td visibleFrom="lg">
              <Text size="sm" c="gray.7" truncate>
                {t(kindLabel(e))}
              </Text>
            </Table.Td>
            <Table.Td visibleFrom="sm">
              <Text size="sm" c="gray.7" style={{ whiteSpace: 'nowrap' }}>
                {format.dateTime(e.updated_at)}
              </Text>
            </Table.Td>
            <Table.Td>
              <div style={{ display: 'flex', gap: 6, justifyContent: 'flex-end', alignItems: 'center' }}>
                {actions(e)}
              </div>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

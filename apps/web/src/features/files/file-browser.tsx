import type { DirectoryEntry } from '@kontor/contract/api/files';
import { Anchor, Breadcrumbs, Button, Group, Pagination, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconFolderPlus, IconUpload } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type DragEvent, type ReactNode, useRef, useState } from 'react';
import { hasErrorCode } from '../../api/api';
import { useT } from '../../i18n/i18n';
import { ErrorAlert } from '../../ui/error-alert';
import { DirectoryListing } from './directory-listing';
import classes from './files.module.css';
import { directoryQuery } from './files.queries';
import { enqueueUploads, type UploadResult } from './upload-queue';
import { useEntryActions } from './use-entry-actions';

type FileBrowserProps = Readonly<{
  envKey: string;
  /** The folder shown; null: the main directory. */
  directory: string | null;
  onNavigate: (id: string) => void;
  /** Picker mode: files are chosen instead of downloaded on click. */
  onPick?: ((entry: DirectoryEntry) => void) | undefined;
  picked?: ReadonlySet<string> | undefined;
  canPick?: ((entry: DirectoryEntry) => boolean) | undefined;
  /** Each upload's stored file (null when it failed), e.g. to choose it in a picker. */
  onUploaded?: ((result: UploadResult) => void) | undefined;
  /** Shown above the listing (the title bar's actions in picker mode). */
  header?: ReactNode;
}>;

/** A folder with its path, create-folder and upload buttons, drop area and listing (spec 02 §2.4). */
export function FileBrowser(props: FileBrowserProps) {
  const t = useT();
  const actions = useEntryActions(props.envKey);
  const [page, setPage] = useState(1);
  const [shownDir, setShownDir] = useState(props.directory);
  if (shownDir !== props.directory) {
    setShownDir(props.directory);
    setPage(1);
  }
  const query = useQuery({ ...directoryQuery(props.envKey, props.directory, page), placeholderData: keepPreviousData });
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  if (query.isError) {
    const main = props.directory === null && hasErrorCode(query.error, 'not_found');
    return (
      <ErrorAlert>
        {main ? t('files.mainDirectoryMissing') : t('files.directoryNotFound')}
        {!main && (
          <Anchor component="button" ml="xs" onClick={() => props.onNavigate('')}>
            {t('files.mainDirectory')}
          </Anchor>
        )}
      </ErrorAlert>
    );
  }
  const data = query.data;
  const readOnly = data?.directory.system ?? false;
  const dirId = data?.directory._id;

  const upload = (files: readonly File[]) => {
    if (!dirId || files.length === 0 || readOnly) return;
    for (const done of enqueueUploads(props.envKey, files, dirId)) {
      void done.then((result) => props.onUploaded?.(result));
    }
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    upload(Array.from(event.dataTransfer.files));
  };
  const acceptsDrop = (event: DragEvent) => {
    if (readOnly || !event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    setDragging(true);
  };

  const open = (entry: DirectoryEntry) => {
    if (entry.type === 'directory') props.onNavigate(entry._id);
    else if (props.onPick && (props.canPick?.(entry) ?? true)) props.onPick(entry);
    else void actions.download(entry._id);
  };
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Breadcrumbs separatorMargin={4} style={{ flexWrap: 'wrap', minWidth: 0 }}>
          {(data?.path ?? []).map((p, i, all) =>
            i === all.length - 1 ? (
              <Text key={p._id} size="sm" fw={600} aria-current="page">
                {i === 0 ? t('files.mainDirectory') : p.name}
              </Text>
            ) : (
              <Anchor key={p._id} component="button" size="sm" onClick={() => props.onNavigate(p._id)}>
                {i === 0 ? t('files.mainDirectory') : p.name}
              </Anchor>
            ),
          )}
        </Breadcrumbs>
        <Group gap="xs">
          {props.header}
          <Button
            variant="default"
            size="sm"
            leftSection={<IconFolderPlus size={16} aria-hidden />}
            disabled={!dirId || readOnly}
            onClick={() => dirId && void actions.createFolder(dirId)}
          >
            {t('files.createFolder')}
          </Button>
          <Button
            size="sm"
            leftSection={<IconUpload size={16} aria-hidden />}
            disabled={!dirId || readOnly}
            onClick={() => input.current?.click()}
          >
            {t('files.upload')}
          </Button>
          <input
            ref={input}
            type="file"
            multiple
            hidden
            aria-label={t('files.uploadHere')}
            onChange={(event) => {
              upload(Array.from(event.currentTarget.files ?? []));
              event.currentTarget.value = '';
            }}
          />
        </Group>
      </Group>

      <Paper
        withBorder
        radius="lg"
        className={`${classes.drop} ${dragging ? classes.dropActive : ''}`}
        onDragOver={acceptsDrop}
        onDragEnter={acceptsDrop}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={onDrop}
        data-testid="file-drop-area"
      >
        {dragging && <div className={classes.dropOverlay}>{t('files.dropHere')}</div>}
        {!data ? (
          <Stack p="md" gap="sm">
            <Skeleton h={36} />
            <Skeleton h={36} />
            <Skeleton h={36} />
          </Stack>
        ) : data.children.length === 0 ? (
          <Text c="gray.7" size="sm" ta="center" p="xl">
            {readOnly ? t('files.systemFolder') : t('files.empty')}
          </Text>
        ) : (
          <DirectoryListing
            envKey={props.envKey}
            entries={data.children}
            readOnly={readOnly}
            onOpen={open}
            onRename={(e) => void actions.rename(e)}
            onDelete={(e) => void actions.remove(e)}
            onDownload={(e) => void actions.download(e._id)}
            onPick={props.onPick}
            picked={props.picked}
            canPick={props.canPick}
          />
        )}
      </Paper>
      {pages > 1 && (
        <Group justify="space-between">
          <Text size="sm" c="gray.7">
            {t('files.entriesCount', { n: data?.total ?? 0 })}
          </Text>
          <Pagination
            total={pages}
            value={page}
            onChange={setPage}
            size="sm"
            aria-label={t('files.pageOf', { page, pages })}
          />
        </Group>
      )}
    </Stack>
  );
}

import type { DirectoryEntry } from '@kontor/contract/api/files';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useT } from '../../i18n/i18n';
import { FileBrowser } from './file-browser';

export type PickedFile = Readonly<{ _id: string; filename: string }>;

type FilePickerProps = Readonly<{
  envKey: string;
  multiple: boolean;
  /** Ids chosen already (marked in the listing). */
  chosen: readonly string[];
  /** Only raster images may be chosen (a logo). */
  imagesOnly?: boolean | undefined;
  /** Called for each file chosen (or uploaded here); the caller asks about duplicates. */
  onPick: (file: PickedFile) => Promise<void> | void;
  onClose: () => void;
}>;

const isImage = (e: Pick<DirectoryEntry, 'mime'>) => /^image\/(png|jpeg|gif|webp)/.test(e.mime ?? '');

/**
 * The file selector's content (spec 01 §2, modal 800 px wide): browse folders, upload in place
 * (an upload is chosen as soon as it is stored), choose one file or several.
 */
export function FilePicker(props: FilePickerProps) {
  const t = useT();
  const [directory, setDirectory] = useState<string | null>(null);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(props.chosen));

  const pick = async (file: PickedFile) => {
    await props.onPick(file);
    setChosen((current) => new Set(current).add(file._id));
    if (!props.multiple) props.onClose();
  };

  return (
    <Stack gap="md">
      <FileBrowser
        envKey={props.envKey}
        directory={directory}
        onNavigate={(id) => setDirectory(id || null)}
        onPick={(e) => void pick({ _id: e._id, filename: e.name })}
        picked={chosen}
        canPick={props.imagesOnly ? isImage : undefined}
        onUploaded={(result) => {
          if (result && (!props.imagesOnly || isImage({ mime: result.type })))
            void pick({ _id: result._id, filename: result.filename });
        }}
      />
      {props.imagesOnly && (
        <Text size="xs" c="dimmed">
          {t('files.logoHint')}
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onClose}>
          {t('files.close')}
        </Button>
      </Group>
    </Stack>
  );
}

import type { DirectoryEntry } from '@kontor/contract/api/files';
import { fileKindOf } from '@kontor/contract/logic/file-names';
import { ThemeIcon } from '@mantine/core';
import {
  IconFile,
  IconFileSpreadsheet,
  IconFileText,
  IconFileTypePdf,
  IconFileZip,
  IconFolder,
  IconFolderCog,
  IconPhoto,
} from '@tabler/icons-react';
import type { MessageKey } from '../../i18n/i18n';
import classes from './files.module.css';

const kinds = {
  image: { icon: IconPhoto, color: 'grape' },
  pdf: { icon: IconFileTypePdf, color: 'red' },
  text: { icon: IconFileText, color: 'gray' },
  spreadsheet: { icon: IconFileSpreadsheet, color: 'teal' },
  document: { icon: IconFileText, color: 'blue' },
  archive: { icon: IconFileZip, color: 'orange' },
  other: { icon: IconFile, color: 'gray' },
} as const;

/** The catalog key naming an entry's kind (the listing's "Typ" column). */
export const kindLabel = (entry: Pick<DirectoryEntry, 'type' | 'mime'>): MessageKey =>
  entry.type === 'directory' ? 'files.kind.directory' : `files.kind.${fileKindOf(entry.mime ?? '')}`;

/** A folder or a file's type icon; an image shows its thumbnail when a preview link is given. */
export function EntryIcon({
  entry,
  thumbnail,
  size = 36,
}: {
  entry: Pick<DirectoryEntry, 'type' | 'mime' | 'system'>;
  thumbnail?: string | undefined;
  size?: number;
}) {
  if (thumbnail) {
    return (
      <img src={thumbnail} alt="" className={classes.thumb} style={{ width: size, height: size }} loading="lazy" />
    );
  }
  if (entry.type === 'directory') {
    const Icon = entry.system ? IconFolderCog : IconFolder;
    return (
      <ThemeIcon size={size} variant="light" color="yellow" radius="md" aria-hidden>
        <Icon size={size * 0.6} stroke={1.6} />
      </ThemeIcon>
    );
  }
  const { icon: Icon, color } = kinds[fileKindOf(entry.mime ?? '')];
  return (
    <ThemeIcon size={size} variant="light" color={color} radius="md" aria-hidden>
      <Icon size={size * 0.6} stroke={1.6} />
    </ThemeIcon>
  );
}

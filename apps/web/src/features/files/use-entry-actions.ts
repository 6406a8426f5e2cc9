import type { DirectoryEntry } from '@kontor/contract/api/files';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { messageOf } from '../../api/api';
import { useT } from '../../i18n/i18n';
import { alertBar } from '../../ui/alert-bar';
import { useDialogs } from '../../ui/confirm';
import { createFolder, deleteEntry, downloadFile, fileKeys, renameEntry } from './files.queries';

/**
 * Create folder, rename, delete (with its question) and download, with the German texts and the
 * server's message on failure. Blank input in the prompts is ignored (spec 02 §2.4).
 */
export const useEntryActions = (envKey: string) => {
  const t = useT();
  const dialogs = useDialogs();
  const queryClient = useQueryClient();
  return useMemo(() => {
    const refresh = () => queryClient.invalidateQueries({ queryKey: fileKeys.all(envKey) });
    const failed = (error: unknown) =>
      alertBar.push({ id: 'files-action', kind: 'danger', message: messageOf(error, t('files.actionFailed')) });
    return {
      createFolder: async (location: string): Promise<string | null> => {
        const name = await dialogs.prompt({
          title: t('files.createFolder'),
          label: t('files.createFolderPrompt'),
          okLabel: t('files.createFolder'),
        });
        if (name === null || name.trim() === '') return null;
        try {
          const { directory } = await createFolder(envKey, location, name);
          await refresh();
          return directory._id;
        } catch (error) {
          failed(error);
          return null;
        }
      },
      rename: async (entry: Pick<DirectoryEntry, 'type' | '_id' | 'name'>) => {
        const name = await dialogs.prompt({
          title: t('files.rename'),
          label: t('files.renamePrompt'),
          initial: entry.name,
          okLabel: t('files.save'),
        });
        if (name === null || name.trim() === '' || name.trim() === entry.name) return;
        try {
          await renameEntry(envKey, entry.type, entry._id, name);
          await refresh();
        } catch (error) {
          failed(error);
        }
      },
      remove: async (entry: Pick<DirectoryEntry, 'type' | '_id' | 'name'>): Promise<boolean> => {
        const yes = await dialogs.confirm({
          title: t('files.delete'),
          text: t(entry.type === 'directory' ? 'files.deleteFolderQuestion' : 'files.deleteFileQuestion', {
            name: entry.name,
          }),
          confirmLabel: t('files.delete'),
          danger: true,
        });
        if (!yes) return false;
        try {
          await deleteEntry(envKey, entry.type, entry._id);
          await refresh();
          return true;
        } catch (error) {
          failed(error);
          return false;
        }
      },
      download: async (id: string) => {
        try {
          await downloadFile(envKey, id);
        } catch (error) {
          alertBar.push({ id: 'files-action', kind: 'danger', message: messageOf(error, t('shell.downloadFailed')) });
        }
      },
    };
  }, [envKey, t, dialogs, queryClient]);
};

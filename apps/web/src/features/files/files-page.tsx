import { Alert, Paper } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useLocation, useSearchParams } from 'react-router';
import { useEnvironment } from '../../environment/environment-context';
import { useT } from '../../i18n/i18n';
import { ErrorAlert } from '../../ui/error-alert';
import { PageTitleBar } from '../../ui/page-title-bar';
import { DirectoryTree } from './directory-tree';
import { FileBrowser } from './file-browser';
import classes from './files.module.css';
import { ResumeHint } from './resume-hint';

/** /env/:env/files: the file manager (spec 02 §2.4); the folder shown lives in the URL (`?dir=`). */
export function FilesPage() {
  const t = useT();
  const { envKey, filemanagerDir, environment } = useEnvironment();
  const inactive = environment.functions.filemanager?.active !== true;
  const [params, setParams] = useSearchParams();
  const dir = params.get('dir') || null;
  const navigate = (id: string) => setParams(id && id !== filemanagerDir ? { dir: id } : {});
  const { pathname } = useLocation();
  const hrefOf = (id: string) => (id === filemanagerDir ? pathname : `${pathname}?dir=${encodeURIComponent(id)}`);

  return (
    <>
      <PageTitleBar title={t('files.title')} />
      {inactive ? (
        // Switched off for the environment: the module's page says so (files stay reachable in fields).
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={20} />}>
          {t('shell.moduleInactive')}
        </Alert>
      ) : filemanagerDir === null ? (
        <ErrorAlert>{t('files.mainDirectoryMissing')}</ErrorAlert>
      ) : (
        <div className={classes.layout}>
          <Paper withBorder radius="lg" p="xs" className={classes.tree}>
            <DirectoryTree envKey={envKey} current={dir ?? filemanagerDir} hrefOf={hrefOf} />
          </Paper>
          <div style={{ minWidth: 0 }}>
            <ResumeHint envKey={envKey} />
            <FileBrowser envKey={envKey} directory={dir} onNavigate={navigate} />
          </div>
        </div>
      )}
    </>
  );
}

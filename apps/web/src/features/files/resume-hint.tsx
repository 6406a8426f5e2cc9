import { Alert } from '@mantine/core';
import { IconPlayerPause } from '@tabler/icons-react';
import { useState } from 'react';
import { useT } from '../../i18n/i18n';
import { useUploads } from '../../ui/upload-store';
import { resumeStore } from './resume-store';

/** After a reload: names the large uploads that stopped, so the person chooses them again to resume. */
export function ResumeHint({ envKey }: { envKey: string }) {
  const t = useT();
  const uploads = useUploads();
  const [pending] = useState(() => resumeStore.pending(envKey));
  const running = new Set(uploads.filter((u) => u.status !== 'failed').map((u) => u.file_id));
  const open = pending.filter((p) => !running.has(p.fileId));
  if (open.length === 0) return null;
  return (
    <Alert variant="light" color="yellow" icon={<IconPlayerPause size={20} />} mb="sm">
      {open.map((p) => (
        <div key={p.fileId}>{t('files.resumeHint', { name: p.filename })}</div>
      ))}
    </Alert>
  );
}

import type { DownloadCall } from '@kontor/contract/api/records';
import { Anchor } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import { api, messageOf } from '../api/api';
import { useT } from '../i18n/i18n';
import { alertBar } from './alert-bar';

/** A download source: a call of the contract (spec 01 §7 "Download button call") and its body. */
type DownloadSource = Readonly<{
  source: DownloadCall;
  data?: Record<string, unknown>;
  method?: 'POST' | 'GET';
}>;

/**
 * Calls a download source through the api helper; the environment key of the current route goes
 * along as `_env` (in the body, or as a query parameter of a GET).
 */
export const requestDownload = (what: DownloadSource, envKey: string | undefined, method = what.method ?? 'POST') =>
  api.call(what.source, { ...(what.data ?? {}), ...(envKey ? { _env: envKey } : {}) }, { method });

/** Opens a url in a new tab; a blocked pop-up gets a link in the alert bar instead. */
const useOpenInNewTab = () => {
  const t = useT();
  return (url: string) => {
    const tab = window.open(url, '_blank');
    if (tab) {
      tab.opener = null;
      return;
    }
    alertBar.push({
      id: 'download-ready',
      kind: 'info',
      message: (
        <>
          {t('shell.downloadReady')}{' '}
          <Anchor href={url} target="_blank" rel="noopener noreferrer" fw={600}>
            {t('shell.downloadOpen')}
          </Anchor>
        </>
      ),
    });
  };
};

type PdfPreview = Readonly<{ url: string; what: DownloadSource; title: string }>;

/**
 * Spec 01 §2 "Page title bar", download kind: call the source, open `data.url` in a new tab; a pdf
 * with `data.urlPreview` opens the preview instead, whose 'Herunterladen' asks again with GET.
 */
export const useDownload = () => {
  const t = useT();
  const { env } = useParams<{ env?: string }>();
  const openInNewTab = useOpenInNewTab();
  const [pending, setPending] = useState<string | null>(null);
  const [preview, setPreview] = useState<PdfPreview | null>(null);
  // Shown inside the preview, which would otherwise cover the alert bar.
  const [previewError, setPreviewError] = useState<string | null>(null);

  const start = async (what: DownloadSource, title: string) => {
    setPending(title);
    try {
      const answer = await requestDownload(what, env);
      if (answer.type === 'pdf' && answer.urlPreview) setPreview({ url: answer.urlPreview, what, title });
      else openInNewTab(answer.url);
    } catch (error) {
      alertBar.push({ kind: 'danger', message: messageOf(error, t('shell.downloadPrepareFailed')) });
    } finally {
      setPending(null);
    }
  };

  const downloadPreviewed = async () => {
    if (!preview) return;
    setPending(preview.title);
    setPreviewError(null);
    try {
      const answer = await requestDownload(preview.what, env, 'GET');
      openInNewTab(answer.url);
      setPreview(null);
    } catch (error) {
      setPreviewError(messageOf(error, t('shell.downloadFailed')));
    } finally {
      setPending(null);
    }
  };

  const closePreview = () => {
    setPreview(null);
    setPreviewError(null);
  };

  return { start, pending, preview, previewError, closePreview, downloadPreviewed };
};

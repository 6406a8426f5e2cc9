import type { DownloadCall } from '@kontor/contract/api/records';
import { Box, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconExternalLink } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useT } from '../i18n/i18n';
import { BackLink } from './back-link';
import { useDownload } from './download';
import { ErrorAlert } from './error-alert';
import classes from './page-title-bar.module.css';

/**
 * Spec 01 §2 "Page title bar": title, subtitle, back link and actions of three kinds. The download
 * kind calls its source (POST unless `method` says otherwise) and opens the returned url; a pdf
 * with a preview url opens a preview modal. A `primary` link is filled, every other action quiet.
 */
export type TitleAction =
  | { kind: 'link'; label: string; to: string; icon?: ReactNode; disabled?: boolean; primary?: boolean }
  | { kind: 'external'; label: string; href: string; icon?: ReactNode }
  | {
      kind: 'download';
      label: string;
      source: DownloadCall;
      data?: Record<string, unknown>;
      method?: 'POST' | 'GET';
      icon?: ReactNode;
    };

type PageTitleBarProps = Readonly<{
  title: ReactNode;
  subtitle?: ReactNode;
  back?: { to: string; label?: string };
  actions?: TitleAction[];
}>;

export const PageTitleBar = ({ title, subtitle, back, actions = [] }: PageTitleBarProps) => {
  const t = useT();
  const download = useDownload();

  const button = (a: TitleAction) => {
    switch (a.kind) {
      case 'link':
        return (
          <Button
            key={`link-${a.label}`}
            component={Link}
            to={a.to}
            disabled={a.disabled}
            variant={a.primary ? 'filled' : 'default'}
            leftSection={a.icon}
          >
            {a.label}
          </Button>
        );
      case 'external':
        return (
          <Button
            key={`external-${a.label}`}
            component="a"
            href={a.href}
            target="_blank"
            rel="noopener noreferrer"
            variant="default"
            leftSection={a.icon}
            rightSection={<IconExternalLink size={14} aria-hidden />}
          >
            {a.label}
            <span className={classes.srOnly}> {t('shell.opensInNewTab')}</span>
          </Button>
        );
      case 'download':
        return (
          <Button
            key={`download-${a.label}`}
            variant="default"
            leftSection={a.icon ?? <IconDownload size={16} aria-hidden />}
            loading={download.pending === a.label}
            disabled={download.pending !== null && download.pending !== a.label}
            onClick={() => void download.start(a, a.label)}
          >
            {a.label}
          </Button>
        );
    }
  };

  return (
    <Box component="header" className={classes.root}>
      {back && <BackLink to={back.to}>{back.label ?? t('common.back')}</BackLink>}
      <div className={classes.row}>
        <Stack gap={4} className={classes.heading}>
          <Title order={1} className={classes.title}>
            {title}
          </Title>
          {subtitle ? (
            <Text c="dimmed" size="sm">
              {subtitle}
            </Text>
          ) : null}
        </Stack>
        {actions.length > 0 && (
          <Group gap="xs" className={classes.actions}>
            {actions.map(button)}
          </Group>
        )}
      </div>

      <Modal
        opened={download.preview !== null}
        onClose={download.closePreview}
        title={download.preview?.title ?? t('shell.preview')}
        size="min(1000px, 100%)"
        centered
        classNames={{ body: classes.previewBody }}
      >
        {download.preview && (
          <Stack gap="md">
            {download.previewError && <ErrorAlert>{download.previewError}</ErrorAlert>}
            <iframe src={download.preview.url} title={t('shell.preview')} className={classes.previewFrame} />
            <Group justify="flex-end" gap="sm" className={classes.previewActions}>
              <Button variant="default" onClick={download.closePreview}>
                {t('common.close')}
              </Button>
              <Button
                leftSection={<IconDownload size={16} aria-hidden />}
                loading={download.pending !== null}
                onClick={() => void download.downloadPreviewed()}
              >
                {t('shell.download')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Box>
  );
};

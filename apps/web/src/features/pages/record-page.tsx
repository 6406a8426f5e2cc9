import { Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { messageOf } from '../../api/api';
import { dynPaths, RecordTypeNotFound, useIsKnownType } from '../../engine/screens';
import { useEnvironment } from '../../environment/environment-context';
import { useT } from '../../i18n/i18n';
import { BackLink } from '../../ui/back-link';
import { ErrorAlert } from '../../ui/error-alert';
import { PageContext } from './page-context';
import { PageElements } from './page-elements';
import { pageDetailsQuery } from './pages.queries';

/** /dyn/{type}/{id}/page/{page}: a detail page rendered from the server's definition (spec 02 §2.1). */
export function RecordPage() {
  const { type = '', id = '', page = '' } = useParams();
  const known = useIsKnownType(type);
  if (!known) return <RecordTypeNotFound />;
  return <RecordPageView key={`${type}/${id}/${page}`} type={type} id={id} page={page} />;
}

function RecordPageView({ type, id, page }: { type: string; id: string; page: string }) {
  const t = useT();
  const { envKey } = useEnvironment();
  const query = useQuery(pageDetailsQuery(envKey, type, id, page));
  const paths = dynPaths(envKey, type);
  return (
    <Stack gap="lg">
      <BackLink to={paths.list}>{t('common.back')}</BackLink>
      {query.isPending ? (
        <Stack gap="md" aria-busy aria-label={t('common.loading')}>
          <Skeleton h={32} w={260} radius="sm" />
          <Skeleton h={160} radius="md" />
          <Skeleton h={200} radius="md" />
        </Stack>
      ) : query.isError ? (
        <ErrorAlert>{messageOf(query.error, t('stages.pageFailed'))}</ErrorAlert>
      ) : (
        <PageContext.Provider value={{ envKey, element: query.data.element }}>
          <Stack gap="lg">
            <PageElements elements={query.data.definition.elements} />
          </Stack>
        </PageContext.Provider>
      )}
    </Stack>
  );
}

import { Button, EmptyState, Paper, Skeleton, Stack } from '@mantine/core';
import { IconDatabaseOff, IconPlus, IconSearchOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useT } from '../../i18n/i18n';

/** Shown until the first page arrives. */
export function ListSkeleton() {
  const t = useT();
  return (
    <Paper withBorder radius="md" p="md" aria-busy aria-label={t('common.loading')}>
      <Stack gap="md">
        <Skeleton h={14} w="40%" radius="sm" />
        {[0, 1, 2, 3, 4, 5].map((row) => (
          <Skeleton key={row} h={22} radius="sm" />
        ))}
      </Stack>
    </Paper>
  );
}

/** No records at all (with the create button), or none for the search (with a way back). */
export function ListEmpty({
  plural,
  search,
  create,
  onClearSearch,
}: {
  plural: string;
  search: string;
  create: { label: string; to: string; disabled: boolean };
  onClearSearch: () => void;
}) {
  const t = useT();
  return (
    <Paper withBorder radius="md" p="xl">
      {search ? (
        <EmptyState
          icon={<IconSearchOff size={30} stroke={1.6} />}
          variant="light"
          title={t('records.noMatchesTitle')}
          description={t('records.noMatchesText', { search })}
        >
          <EmptyState.Actions>
            <Button variant="default" onClick={onClearSearch}>
              {t('records.clearSearch')}
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      ) : (
        <EmptyState
          icon={<IconDatabaseOff size={30} stroke={1.6} />}
          variant="light"
          title={t('records.emptyTitle', { plural })}
          description={t('records.emptyText')}
        >
          <EmptyState.Actions>
            {create.disabled ? (
              <Button leftSection={<IconPlus size={18} />} disabled>
                {create.label}
              </Button>
            ) : (
              <Button component={Link} to={create.to} leftSection={<IconPlus size={18} />}>
                {create.label}
              </Button>
            )}
          </EmptyState.Actions>
        </EmptyState>
      )}
    </Paper>
  );
}

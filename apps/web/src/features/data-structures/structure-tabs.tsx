import type { QueryFormLink } from '@kontor/contract/api/record-types';
import { Button, Checkbox, Divider, Group, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useEnvironment } from '../../environment/environment-context';
import { useT } from '../../i18n/i18n';
import { NotFoundView } from '../../ui/not-found-view';
import { formDetailsQuery } from '../query-forms/query-forms.queries';
import { useStructureEditor } from './structure-editor-context';
import { structureEditPath } from './structure-paths';

/** Exports are read-only here until issue 8's export definitions exist: saving keeps them. */
function _Soon() {
  const t = useT();
  return (
    <Text size="sm" c="gray.7">
      {t('structures.tabSoon')}
    </Text>
  );
}

const linkFlags = ['portal_fillable', 'portal_requirement', 'url_fillable', 'multiple', 'editable'] as const;

/** Query form links (spec 02 §3, §5): their flags; a portal requirement needs portal_fillable. */
export function QueryFormsTab() {
  const t = useT();
  const { draft, update } = useStructureEditor();
  const setFlag = (form: string, flag: (typeof linkFlags)[number], on: boolean) =>
    update((s) => ({
      ...s,
      queryForms: s.queryForms.map((link) => {
        if (link.form !== form) return link;
        const next = { ...link, [flag]: on };
        // Required in the portal only while fillable there.
        if (flag === 'portal_fillable' && !on) next.portal_requirement = false;
        return next;
      }),
    }));
  return (
    <Stack gap="md">
      {draft.queryForms.map((link) => (
        <Paper key={link.form} withBorder radius="md" p="md">
          <Group justify="space-between" mb="xs">
            <LinkTitle link={link} />
            <Button
              size="xs"
              variant="default"
              c="red.8"
              leftSection={<IconTrash size={14} />}
              onClick={() => update((s) => ({ ...s, queryForms: s.queryForms.filter((l) => l.form !== link.form) }))}
            >
              {t('structures.qfRemove')}
            </Button>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            {linkFlags.map((flag) => (
              <Checkbox
                key={flag}
                label={t(`structures.qf_${flag}`)}
                checked={link[flag]}
                disabled={flag === 'portal_requirement' && !link.portal_fillable}
                onChange={(e) => setFlag(link.form, flag, e.currentTarget.checked)}
              />
            ))}
          </SimpleGrid>
          <LinkMapping link={link} />
        </Paper>
      ))}
    </Stack>
  );
}

function LinkTitle({ link }: { link: QueryFormLink }) {
  const t = useT();
  const { envKey } = useEnvironment();
  const form = useQuery({ ...formDetailsQuery(envKey, link.form), retry: false });
  return <Text fw={600}>{form.data?.title || t('structures.qfForm', { form: link.form })}</Text>;
}

/** Issue 12 item 6: which question fills which field of this structure. */
function LinkMapping({ link }: { link: QueryFormLink }) {
  const t = useT();
  const { envKey } = useEnvironment();
  const { draft, update } = useStructureEditor();
  const form = useQuery({ ...formDetailsQuery(envKey, link.form), retry: false });
  if (form.isError) {
    return (
      <Text size="sm" c="red.8" mt="sm">
        {t('queryForms.linkFormMissing')}
      </Text>
    );
  }
  const questions = (form.data?.definition ?? []).filter((q) => q.questionType !== 'array');
  if (questions.length === 0) return null;
  const fields = draft.fields.map((f) => ({ value: f.key, label: `${f.label} (${f.key})` }));
  const setField = (question: string, field: string | null) =>
    update((s) => ({
      ...s,
      queryForms: s.queryForms.map((l) => {
        if (l.form !== link.form) return l;
        const { [question]: _old, ...rest } = l.mapping ?? {};
        return { ...l, mapping: field ? { ...rest, [question]: field } : rest };
      }),
    }));
  return (
    <Stack gap="xs" mt="md">
      <Divider />
      <Text fw={600} size="sm">
        {t('queryForms.linkMapping')}
      </Text>
      <Text size="xs" c="gray.7">
        {t('queryForms.linkMappingHint')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        {questions.map((q) => (
          <Select
            key={q.key}
            size="sm"
            label={q.title || q.key}
            placeholder={t('queryForms.linkNoField')}
            data={fields}
            value={link.mapping?.[q.key] ?? null}
            clearable
            searchable
            onChange={(value) => setField(q.key, value)}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

export function EditorTabNotFound() {
  const t = useT();
  const { envKey } = useEnvironment();
  const { type = '' } = useParams();
  return (
    <NotFoundView
      variant="area"
      title={t('structures.notFoundTitle')}
      back={{ to: structureEditPath(envKey, type), label: t('structures.tabFields') }}
    />
  );
}

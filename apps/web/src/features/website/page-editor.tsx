import { type Block, type PageInput, savePage, type WebsitePage, websiteLimits } from '@kontor/contract/api/website';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  Select,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { api, messageOf } from '../../api/api';
import { useEnvironment } from '../../environment/environment-context';
import { useT } from '../../i18n/i18n';
import { alertBar } from '../../ui/alert-bar';
import { ErrorAlert } from '../../ui/error-alert';
import { FormActions } from '../../ui/form-actions';
import { OrderActions } from '../../ui/order-actions';
import { PageTitleBar } from '../../ui/page-title-bar';
import { useFieldErrors } from '../../ui/use-field-errors';
import { BlockFields } from './block-fields';
import { blocksQuery, pageQuery, websiteKeys } from './website.queries';
import { useWebsiteBase } from './website-layout';

type Draft = Required<Omit<PageInput, 'blocks'>> & { blocks: Block[] };

/** Spec 02 §4 "Page edit": a new page starts with empty title and path, no blocks, both flags false. */
const newPage: Draft = {
  title: '',
  url_path: '',
  blocks: [],
  set_as_homepage: false,
  set_as_not_found_page: false,
  record_page: null,
};

const draftOf = (page: WebsitePage): Draft => ({
  title: page.title,
  url_path: page.url_path,
  blocks: page.blocks,
  set_as_homepage: page.set_as_homepage,
  set_as_not_found_page: page.set_as_not_found_page,
  record_page: page.record_page,
});

/** /website-manager/pages/{id}/edit (id new creates). */
export function PageEditorPage() {
  const t = useT();
  const { id = 'new' } = useParams();
  const { envKey } = useEnvironment();
  const page = useQuery({ ...pageQuery(envKey, id), enabled: id !== 'new' });
  const base = useWebsiteBase();
  const back = { to: `${base}/pages`, label: t('website.page.back') };
  if (id !== 'new' && page.isError) {
    return (
      <>
        <PageTitleBar title={t('website.page.editTitle')} back={back} />
        <ErrorAlert>{messageOf(page.error, t('website.page.loadError'))}</ErrorAlert>
      </>
    );
  }
  if (id !== 'new' && !page.data) return <Skeleton height={320} radius="md" />;
  return (
    <PageForm key={`${id}-${page.data?.updated_at ?? ''}`} id={id} initial={page.data ? draftOf(page.data) : newPage} />
  );
}

function PageForm({ id, initial }: { id: string; initial: Draft }) {
  const t = useT();
  const { envKey, canEdit, recordTypes } = useEnvironment();
  const base = useWebsiteBase();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const blocks = useQuery(blocksQuery(envKey));
  const [draft, setDraft] = useState<Draft>(initial);
  const [adding, setAdding] = useState<string | null>(null);
  const errors = useFieldErrors();

  const save = useMutation({
    mutationFn: () => api.send(savePage, { _env: envKey, id, page: draft }),
    onMutate: () => errors.reset(),
    onSuccess: ({ data, message }) => {
      alertBar.push({
        id: 'website-page',
        kind: 'success',
        message: message ?? t('website.page.saved'),
        page: data.id !== id ? `${base}/pages/${data.id}/edit` : undefined,
      });
      void queryClient.invalidateQueries({ queryKey: websiteKeys.all(envKey) });
      setDraft((d) => ({ ...d, url_path: data.url_path }));
      // Spec 02 §4: after a successful save the route switches to the saved id.
      if (data.id !== id) navigate(`${base}/pages/${data.id}/edit`, { replace: true });
    },
    onError: (error) => errors.fromError(error),
  });

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    errors.clear(String(key));
    setDraft((d) => ({ ...d, [key]: value }));
  };
  const setBlocks = (change: (list: Block[]) => Block[]) => setDraft((d) => ({ ...d, blocks: change(d.blocks) }));
  const move = (from: number, to: number) =>
    setBlocks((list) => {
      const next = [...list];
      const [item] = next.splice(from, 1);
      if (item) next.splice(to, 0, item);
      return next;
    });
  const addBlock = () => {
    const definition = blocks.data?.find((b) => b.name === adding);
    if (!definition) return;
    const fields = Object.fromEntries(definition.fields.map((f) => [f.key, f.default]));
    setBlocks((list) => [...list, { type: definition.name, designblock: true, fields }]);
    setAdding(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const rp = draft.record_page;
  const setRecordPage = (change: Partial<NonNullable<Draft['record_page']>>) =>
    rp && set('record_page', { ...rp, ...change });

  return (
    <form onSubmit={submit} noValidate>
      <PageTitleBar
        title={id === 'new' ? t('website.page.newTitle') : t('website.page.editTitle')}
        subtitle={draft.title || undefined}
        back={{ to: `${base}/pages`, label: t('website.page.back') }}
      />
      <Stack gap="lg" maw={860}>
        {save.isError && <ErrorAlert>{messageOf(save.error, t('website.page.saveError'))}</ErrorAlert>}
        <Card padding="lg">
          <Stack gap="md">
            <TextInput
              label={t('website.page.title')}
              value={draft.title}
              maxLength={websiteLimits.title}
              onChange={(e) => set('title', e.currentTarget.value)}
              error={errors.get('title')}
              readOnly={!canEdit}
            />
            <TextInput
              label={t('website.page.urlPath')}
              description={t('website.page.urlPathHint')}
              value={draft.url_path}
              maxLength={websiteLimits.urlPath}
              autoCapitalize="none"
              spellCheck={false}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              onChange={(e) => set('url_path', e.currentTarget.value)}
              error={errors.get('url_path')}
              readOnly={!canEdit}
            />
            <Group gap="xl">
              <Checkbox
                label={t('website.page.setAsHomepage')}
                checked={draft.set_as_homepage}
                disabled={!canEdit}
                onChange={(e) => set('set_as_homepage', e.currentTarget.checked)}
              />
              <Checkbox
                label={t('website.page.setAsNotFound')}
                checked={draft.set_as_not_found_page}
                disabled={!canEdit}
                onChange={(e) => set('set_as_not_found_page', e.currentTarget.checked)}
              />
            </Group>
            <Switch
              label={t('website.page.isRecordPage')}
              checked={rp !== null}
              disabled={!canEdit}
              onChange={(e) =>
                set(
                  'record_page',
                  e.currentTarget.checked
                    ? { type: recordTypes[0]?.key ?? '', mapping: '_id', url_parameter: 'id', conditions: [] }
                    : null,
                )
              }
            />
            {rp && (
              <Stack gap="sm" pl="md" style={{ borderLeft: '3px solid var(--mantine-color-teal-3)' }}>
                <Group grow align="flex-start" wrap="wrap">
                  <Select
                    label={t('website.page.recordType')}
                    data={recordTypes.map((r) => ({ value: r.key, label: r.plural }))}
                    value={rp.type || null}
                    onChange={(v) => setRecordPage({ type: v ?? '' })}
                    error={errors.get('record_page.type')}
                    miw={200}
                  />
                  <TextInput
                    label={t('website.page.mapping')}
                    value={rp.mapping}
                    onChange={(e) => setRecordPage({ mapping: e.currentTarget.value })}
                    miw={200}
                  />
                  <TextInput
                    label={t('website.page.urlParameter')}
                    value={rp.url_parameter}
                    onChange={(e) => setRecordPage({ url_parameter: e.currentTarget.value })}
                    error={errors.get('record_page.url_parameter')}
                    miw={160}
                  />
                </Group>
                <Text size="sm" fw={500}>
                  {t('website.page.conditions')}
                </Text>
                {rp.conditions.map((c, i) => (
                  <Group key={i} align="flex-end" wrap="nowrap">
                    <TextInput
                      label={t('website.page.conditionField')}
                      value={c.field}
                      onChange={(e) =>
                        setRecordPage({
                          conditions: rp.conditions.map((x, j) =>
                            j === i ? { ...x, field: e.currentTarget.value } : x,
                          ),
                        })
                      }
                      style={{ flex: 1 }}
                    />
                    <TextInput
                      label={t('website.page.conditionValue')}
                      value={c.value}
                      onChange={(e) =>
                        setRecordPage({
                          conditions: rp.conditions.map((x, j) =>
                            j === i ? { ...x, value: e.currentTarget.value } : x,
                          ),
                        })
                      }
                      style={{ flex: 1 }}
                    />
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="lg"
                      aria-label={t('website.page.removeBlock')}
                      onClick={() => setRecordPage({ conditions: rp.conditions.filter((_, j) => j !== i) })}
                    >
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Group>
                ))}
                <Button
                  variant="subtle"
                  size="xs"
                  w="fit-content"
                  leftSection={<IconPlus size={14} />}
                  onClick={() => setRecordPage({ conditions: [...rp.conditions, { field: '', value: '' }] })}
                >
                  {t('website.page.addCondition')}
                </Button>
              </Stack>
            )}
          </Stack>
        </Card>

        <Title order={2} fz="lg">
          {t('website.page.blocks')}
        </Title>
        {errors.get('blocks') && <Alert color="red">{errors.get('blocks')}</Alert>}
        {draft.blocks.length === 0 && (
          <Text c="dimmed" size="sm">
            {t('website.page.noBlocks')}
          </Text>
        )}
        {draft.blocks.map((block, i) => {
          const definition = blocks.data?.find((b) => b.name === block.type);
          return (
            <Card key={i} padding="lg" data-testid="page-block">
              <Group justify="space-between" mb="sm" wrap="nowrap">
                <div>
                  <Text fw={650}>{definition?.label ?? block.type}</Text>
                  {definition && (
                    <Text size="xs" c="dimmed">
                      {definition.description}
                    </Text>
                  )}
                </div>
                <OrderActions
                  index={i}
                  count={draft.blocks.length}
                  disabled={!canEdit}
                  onMove={move}
                  onRemove={() => setBlocks((list) => list.filter((_, j) => j !== i))}
                  labels={{
                    up: t('website.page.moveUp'),
                    down: t('website.page.moveDown'),
                    remove: t('website.page.removeBlock'),
                  }}
                  name={definition?.label ?? block.type}
                />
              </Group>
              {errors.get(`blocks[${i}].type`) && (
                <Alert color="red" mb="sm">
                  {errors.get(`blocks[${i}].type`)}
                </Alert>
              )}
              {definition ? (
                <BlockFields
                  at={i}
                  definition={definition}
                  block={block}
                  disabled={!canEdit}
                  errorOf={errors.get}
                  onChange={(key, value) => {
                    errors.clear(`blocks[${i}].fields.${key}`);
                    setBlocks((list) =>
                      list.map((b, j) => (j === i ? { ...b, fields: { ...b.fields, [key]: value } } : b)),
                    );
                  }}
                />
              ) : blocks.isError ? (
                <Text c="red" size="sm">
                  {t('website.page.loadError')}
                </Text>
              ) : blocks.data ? (
                <Text c="red" size="sm">
                  {t('website.page.blockUnknown')}
                </Text>
              ) : (
                <Skeleton height={60} />
              )}
            </Card>
          );
        })}
        <Card padding="md" withBorder style={{ borderStyle: 'dashed' }}>
          <Group align="flex-end" wrap="wrap">
            <Select
              label={t('website.page.chooseBlock')}
              data={(blocks.data ?? []).map((b) => ({ value: b.name, label: b.label }))}
              value={adding}
              onChange={setAdding}
              disabled={!canEdit || draft.blocks.length >= websiteLimits.blocksPerPage}
              style={{ flex: 1 }}
              miw={220}
            />
            <Button variant="default" leftSection={<IconPlus size={16} />} onClick={addBlock} disabled={!adding}>
              {t('website.page.addBlock')}
            </Button>
          </Group>
        </Card>
        <FormActions>
          <Button type="submit" loading={save.isPending} disabled={!canEdit}>
            {t('website.page.save')}
          </Button>
        </FormActions>
      </Stack>
    </form>
  );
}

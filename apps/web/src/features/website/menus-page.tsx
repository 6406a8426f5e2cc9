import { addMenu, type Menu, saveMenu, websiteLimits } from '@kontor/contract/api/website';
import { Box, Button, Card, Group, Select, Skeleton, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api, messageOf } from '../../api/api';
import { useEnvironment } from '../../environment/environment-context';
import { useT } from '../../i18n/i18n';
import { alertBar } from '../../ui/alert-bar';
import { ErrorAlert } from '../../ui/error-alert';
import { FormActions } from '../../ui/form-actions';
import { OrderActions } from '../../ui/order-actions';
import { PageTitleBar } from '../../ui/page-title-bar';
import { useFieldErrors } from '../../ui/use-field-errors';
import { designQuery, websiteKeys, websiteQuery } from './website.queries';

/** Spec 02 §2.5 /website-manager/menus: menus, a new one added by a non-blank title (§5). */
export function MenusPage() {
  const t = useT();
  const { envKey, canEdit } = useEnvironment();
  const queryClient = useQueryClient();
  const site = useQuery(websiteQuery(envKey));
  const [title, setTitle] = useState('');
  const errors = useFieldErrors();
  const add = useMutation({
    mutationFn: () => api.call(addMenu, { _env: envKey, title }),
    onMutate: () => errors.reset(),
    onSuccess: () => {
      setTitle('');
      void queryClient.invalidateQueries({ queryKey: websiteKeys.details(envKey) });
    },
    onError: (error) => errors.fromError(error),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate();
  };
  return (
    <>
      <PageTitleBar title={t('website.nav.menus')} />
      <Stack gap="lg" maw={860}>
        <Card padding="lg">
          <form onSubmit={submit} noValidate>
            <Group align="flex-start" wrap="wrap">
              <TextInput
                label={t('website.menus.titleLabel')}
                value={title}
                maxLength={websiteLimits.title}
                onChange={(e) => {
                  errors.clear('title');
                  setTitle(e.currentTarget.value);
                }}
                error={
                  errors.get('title') ??
                  (add.isError && !errors.get('title') ? messageOf(add.error, t('website.menus.addError')) : undefined)
                }
                readOnly={!canEdit}
                style={{ flex: 1 }}
                miw={220}
              />
              <Button
                type="submit"
                mt={25}
                leftSection={<IconPlus size={16} />}
                loading={add.isPending}
                disabled={!canEdit || title.trim() === ''}
              >
                {t('website.menus.add')}
              </Button>
            </Group>
          </form>
        </Card>
        {site.isError ? (
          <ErrorAlert>{messageOf(site.error, t('website.loadError'))}</ErrorAlert>
        ) : !site.data ? (
          <Skeleton height={160} radius="md" />
        ) : site.data.menus.length === 0 ? (
          <Text c="dimmed">{t('website.menus.empty')}</Text>
        ) : (
          site.data.menus.map((m) => <MenuEditor key={m._id} menu={m} design={site.data.design} />)
        )}
      </Stack>
    </>
  );
}

const attributesText = (attributes: Record<string, string>) =>
  Object.entries(attributes)
    .map(([k, v]) => `${k}=${v}`)
    .join('\n');
const parseAttributes = (text: string): Record<string, string> =>
  Object.fromEntries(
    text
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .map((line) => {
        const at = line.indexOf('=');
        return at < 0 ? [line, ''] : [line.slice(0, at).trim(), line.slice(at + 1).trim()];
      }),
  );

type Row = { label: string; url: string; attributes: string; children?: Menu['definition'][number]['children'] };

function MenuEditor({ menu, design }: { menu: Menu; design: string }) {
  const t = useT();
  const { envKey, canEdit } = useEnvironment();
  const queryClient = useQueryClient();
  const designDef = useQuery(designQuery(envKey, design));
  const [title, setTitle] = useState(menu.title);
  const [rows, setRows] = useState<Row[]>(() =>
    menu.definition.map((e) => ({
      label: e.label,
      url: e.url,
      attributes: attributesText(e.attributes),
      children: e.children,
    })),
  );
  const [usage, setUsage] = useState<string>(menu.design_usage[design] ?? '');
  const errors = useFieldErrors();
  const save = useMutation({
    mutationFn: () =>
      api.send(saveMenu, {
        _env: envKey,
        menu: menu._id,
        data: {
          title,
          definition: rows.map((r) => ({
            type: 'custom' as const,
            label: r.label,
            url: r.url,
            attributes: parseAttributes(r.attributes),
            ...(r.children?.length ? { children: r.children } : {}),
          })),
          design_usage: { ...menu.design_usage, [design]: usage },
        },
      }),
    onMutate: () => errors.reset(),
    onSuccess: ({ message }) => {
      void queryClient.invalidateQueries({ queryKey: websiteKeys.details(envKey) });
      alertBar.push({ id: `website-menu-${menu._id}`, kind: 'success', message: message ?? t('website.menus.saved') });
    },
    onError: (error) => errors.fromError(error),
  });
  const update = (i: number, change: Partial<Row>) =>
    setRows((list) => list.map((r, j) => (j === i ? { ...r, ...change } : r)));
  const move = (from: number, to: number) =>
    setRows((list) => {
      const next = [...list];
      const [item] = next.splice(from, 1);
      if (item) next.splice(to, 0, item);
      return next;
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <Card padding="lg" data-testid="menu-card">
      <form onSubmit={submit} noValidate aria-label={menu.title}>
        <Stack gap="md">
          <Title order={2} fz="lg">
            {menu.title}
          </Title>
          {save.isError && <ErrorAlert>{messageOf(save.error, t('website.menus.saveError'))}</ErrorAlert>}
          <Group grow align="flex-start" wrap="wrap">
            <TextInput
              label={t('website.page.title')}
              value={title}
              onChange={(e) => setTitle(e.currentTarget.value)}
              error={errors.get('title')}
              readOnly={!canEdit}
              miw={200}
            />
            <Select
              label={t('website.menus.usage')}
              data={[
                { value: '', label: t('website.menus.noUsage') },
                ...(designDef.data?.menuSlots ?? []).map((s) => ({ value: s.key, label: s.label })),
              ]}
              value={usage}
              onChange={(v) => setUsage(v ?? '')}
              allowDeselect={false}
              disabled={!canEdit}
              error={errors.get('design_usage')}
              miw={200}
            />
          </Group>
          {rows.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('website.menus.noEntries')}
            </Text>
          )}
          {rows.map((r, i) => (
            <Card key={i} withBorder padding="sm" data-testid="menu-entry">
              <Group align="flex-start" wrap="wrap" gap="sm">
                <TextInput
                  label={t('website.menus.label')}
                  value={r.label}
                  onChange={(e) => update(i, { label: e.currentTarget.value })}
                  error={errors.get(`definition[${i}].label`)}
                  readOnly={!canEdit}
                  style={{ flex: 1 }}
                  miw={160}
                />
                <TextInput
                  label={t('website.menus.url')}
                  value={r.url}
                  styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                  onChange={(e) => update(i, { url: e.currentTarget.value })}
                  error={errors.get(`definition[${i}].url`)}
                  readOnly={!canEdit}
                  style={{ flex: 1 }}
                  miw={160}
                />
                <Textarea
                  label={t('website.menus.attributes')}
                  value={r.attributes}
                  autosize
                  minRows={1}
                  styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                  onChange={(e) => update(i, { attributes: e.currentTarget.value })}
                  error={errors.get(`definition[${i}].attributes`)}
                  readOnly={!canEdit}
                  style={{ flex: 1 }}
                  miw={200}
                />
                <Box mt={24}>
                  <OrderActions
                    index={i}
                    count={rows.length}
                    disabled={!canEdit}
                    onMove={move}
                    onRemove={() => setRows((list) => list.filter((_, j) => j !== i))}
                    labels={{
                      up: t('website.page.moveUp'),
                      down: t('website.page.moveDown'),
                      remove: t('website.menus.removeEntry'),
                    }}
                    name={r.label}
                  />
                </Box>
              </Group>
            </Card>
          ))}
          <Group justify="space-between" wrap="wrap">
            <Button
              variant="subtle"
              leftSection={<IconPlus size={16} />}
              disabled={!canEdit || rows.length >= websiteLimits.menuEntries}
              onClick={() => setRows((list) => [...list, { label: '', url: '/', attributes: '' }])}
            >
              {t('website.menus.addEntry')}
            </Button>
          </Group>
          <FormActions>
            <Button type="submit" loading={save.isPending} disabled={!canEdit}>
              {t('website.menus.save')}
            </Button>
          </FormActions>
        </Stack>
      </form>
    </Card>
  );
}

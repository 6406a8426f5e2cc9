import { createStructure } from '@kontor/contract/api/data-structures';
import { suggestKey } from '@kontor/contract/logic/structure-checks';
import { Button, Group, Input, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { api, isApiError, messageOf } from '../../api/api';
import { useEnvironment } from '../../environment/environment-context';
import { useT } from '../../i18n/i18n';
import { alertBar } from '../../ui/alert-bar';
import { ErrorAlert } from '../../ui/error-alert';
import { FormActions } from '../../ui/form-actions';
import { IconPickerModal } from '../../ui/icon-picker';
import { AppIcon } from '../../ui/icons';
import { PageTitleBar } from '../../ui/page-title-bar';
import { useFieldErrors } from '../../ui/use-field-errors';
import { structureKeys, structuresQuery } from './data-structures.queries';
import { structureEditPath, structuresBase } from './structure-paths';

/** /settings/dynamic-records/create: names, key (suggested from the plural), parent and icon. */
export function StructureCreatePage() {
  const t = useT();
  const { envKey, reload } = useEnvironment();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const parents = useQuery(structuresQuery(envKey));
  const errors = useFieldErrors();
  const [singular, setSingular] = useState('');
  const [plural, setPlural] = useState('');
  const [key, setKey] = useState('');
  const [keyTouched, setKeyTouched] = useState(false);
  const [parent, setParent] = useState<string | null>(null);
  const [icon, setIcon] = useState<string>('box');
  const [picking, setPicking] = useState(false);

  const mutation = useMutation({
    mutationFn: () =>
      api.send(createStructure, { _env: envKey, key: key.trim(), parent: parent ?? '', singular, plural, icon }),
    onMutate: () => errors.reset(),
    onSuccess: async ({ data, message }) => {
      alertBar.push({
        id: 'data-structures',
        kind: 'success',
        message: message ?? t('structures.createSuccess'),
        page: structureEditPath(envKey, data.key),
      });
      await queryClient.invalidateQueries({ queryKey: structureKeys.all(envKey) });
      void reload();
      navigate(structureEditPath(envKey, data.key));
    },
    onError: errors.fromError,
  });

  const blocked = !singular.trim() || !plural.trim() || !key.trim() || !parent || mutation.isPending;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!blocked) mutation.mutate();
  };
  const showAlert = mutation.isError && !(isApiError(mutation.error) && Object.keys(mutation.error.errors).length > 0);

  return (
    <Stack gap="lg">
      <PageTitleBar
        title={t('structures.createTitle')}
        subtitle={
          // Mantine's dimmed grey is below AA contrast: the text brings its own colour.
          <Text span inherit c="gray.7">
            {t('structures.createIntro')}
          </Text>
        }
        back={{ to: structuresBase(envKey), label: t('structures.backToList') }}
      />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={760}>
        <form onSubmit={submit} noValidate>
          <Stack gap="lg">
            {showAlert && <ErrorAlert>{messageOf(mutation.error, t('structures.createError'))}</ErrorAlert>}
            {parents.isError && <ErrorAlert>{messageOf(parents.error, t('structures.loadError'))}</ErrorAlert>}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t('structures.singular')}
                value={singular}
                maxLength={100}
                required
                onChange={(e) => setSingular(e.currentTarget.value)}
                error={errors.get('singular')}
                autoFocus
              />
              <TextInput
                label={t('structures.plural')}
                value={plural}
                maxLength={100}
                required
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  setPlural(value);
                  if (!keyTouched) setKey(suggestKey(value));
                  errors.clear('plural');
                }}
                error={errors.get('plural')}
              />
              <TextInput
                label={t('structures.key')}
                description={
                  <Text span inherit c="gray.7">
                    {t('structures.keyHint')}
                  </Text>
                }
                value={key}
                maxLength={60}
                required
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                onChange={(e) => {
                  setKey(e.currentTarget.value);
                  setKeyTouched(true);
                  errors.clear('key');
                }}
                error={errors.get('key')}
              />
              <Select
                size="md"
                label={t('structures.parent')}
                data={(parents.data?.parents ?? []).map((p) => ({ value: p.key, label: p.plural }))}
                value={parent}
                required
                allowDeselect={false}
                onChange={(value) => {
                  setParent(value);
                  errors.clear('parent');
                }}
                error={errors.get('parent')}
              />
            </SimpleGrid>
            <Input.Wrapper label={t('structures.icon')}>
              <Group gap="sm" mt={4}>
                <AppIcon name={icon} size={24} />
                <Button variant="default" size="xs" onClick={() => setPicking(true)}>
                  {t('structures.iconChoose')}
                </Button>
              </Group>
            </Input.Wrapper>
            <IconPickerModal opened={picking} onClose={() => setPicking(false)} onPick={setIcon} value={icon} />
            <FormActions>
              <Button variant="default" component={Link} to={structuresBase(envKey)}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" disabled={blocked} loading={mutation.isPending}>
                {t('structures.createSubmit')}
              </Button>
            </FormActions>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}

import { type QueryForm, type Question, queryFormLimits, saveQueryForm } from '@kontor/contract/api/query-forms';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Menu,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconCheck,
  IconChevronDown,
  IconExternalLink,
  IconEye,
  IconLock,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { api, isApiError, messageOf } from '../../api/api';
import { useEnvironment } from '../../environment/environment-context';
import { useT } from '../../i18n/i18n';
import { ErrorAlert } from '../../ui/error-alert';
import { FormActions } from '../../ui/form-actions';
import { PageTitleBar } from '../../ui/page-title-bar';
import {
  canMoveDown,
  canMoveUp,
  draftOf,
  emptyDraft,
  type FormDraft,
  followsQuestions,
  isNestedKey,
  move,
  newQuestion,
  questionsWithErrors,
  removeColumn,
  withDefinition,
} from './editor-draft';
import classes from './form-editor.module.css';
import { formDetailsPath, formDetailsQuery, formEditPath, queryFormKeys, queryFormsBase } from './query-forms.queries';
import { QuestionModal, questionTypeLabel } from './question-modal';

/** Spec 02 §2.7 form editor at /query-forms/form/{id}/edit; id 'new' creates. */
export function FormEditorPage() {
  const t = useT();
  const { id = 'new' } = useParams();
  const { envKey } = useEnvironment();
  const details = useQuery({ ...formDetailsQuery(envKey, id), enabled: id !== 'new' });
  const back = { to: queryFormsBase(envKey), label: t('queryForms.backToList') };
  if (id !== 'new' && details.isError) {
    return (
      <>
        <PageTitleBar title={t('queryForms.editorTitle')} back={back} />
        <ErrorAlert>{messageOf(details.error, t('queryForms.editorLoadFailed'))}</ErrorAlert>
      </>
    );
  }
  if (id !== 'new' && !details.data) {
    return (
      <>
        <PageTitleBar title={t('queryForms.editorTitle')} back={back} />
        <Skeleton height={320} radius="md" />
      </>
    );
  }
  return <FormEditor key={id} id={id} form={details.data ?? null} />;
}

type SaveState = { kind: 'idle' } | { kind: 'success'; message: string } | { kind: 'danger'; message: string };

function FormEditor({ id, form }: { id: string; form: QueryForm | null }) {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { envKey, canEdit, environment } = useEnvironment();
  const [draft, setDraft] = useState<FormDraft>(() => (form ? draftOf(form) : emptyDraft()));
  const [saved, setSaved] = useState<string>(() => JSON.stringify(form ? draftOf(form) : emptyDraft()));
  const [open, setOpen] = useState<number | null>(null);
  const location = useLocation();
  // A new form's first save lands here again under its id: its success message comes along.
  const [state, setState] = useState<SaveState>(() => {
    const carried = (location.state as { saved?: string } | null)?.saved;
    return carried ? { kind: 'success', message: carried } : { kind: 'idle' };
  });
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const publishAllowed = environment.capabilities.html_form_publish;
  const update = (change: (d: FormDraft) => FormDraft) => setDraft((d) => change(d));

  const save = useMutation({
    mutationFn: () => api.send(saveQueryForm, { _env: envKey, id, ...draft }),
    onMutate: () => {
      setState({ kind: 'idle' });
      setErrors({});
    },
    onSuccess: async ({ data, message }) => {
      setState({ kind: 'success', message: message ?? t('queryForms.saveSuccess') });
      setSaved(JSON.stringify(draft));
      await queryClient.invalidateQueries({ queryKey: queryFormKeys.all(envKey) });
      // Spec 02 §4: after a successful save the returned id is adopted.
      if (id === 'new') navigate(formEditPath(envKey, data.id), { replace: true, state: { saved: message } });
    },
    onError: (error) => {
      setState({ kind: 'danger', message: messageOf(error, t('queryForms.saveFailed')) });
      setErrors(isApiError(error) ? error.errors : {});
    },
  });

  const keys = draft.definition.map((q) => q.key);
  const questionErrors = questionsWithErrors(errors);
  const columnKeys = draft.definition.flatMap((q) => [
    q.key,
    ...(q.definition ?? []).map((sub) => `${q.key}.${sub.key}`),
  ]);
  // Until a column is changed by hand, the table shows every question under its title.
  const following = draft.definition.length > 0 && followsQuestions(draft);
  const columnChoices = (current: string) =>
    [...new Set([...columnKeys, current])].map((key) => {
      const title = draft.definition.find((q) => q.key === key)?.title.trim();
      return { value: key, label: title ? `${title} (${key})` : key };
    });
  const web = draft.publications.html_website;
  const url = form?.public_url ?? null;
  const dirty = JSON.stringify(draft) !== saved;

  const saveQuestion = (index: number, q: Question) => {
    const before = draft.definition[index]?.key ?? q.key;
    update((d) =>
      withDefinition(
        d,
        d.definition.map((x, i) => (i === index ? q : x)),
        { renamed: { from: before, to: q.key } },
      ),
    );
    setOpen(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };

  return (
    <>
      <PageTitleBar
        title={id === 'new' ? t('queryForms.editorTitleNew') : t('queryForms.editorTitle')}
        subtitle={form?.title || undefined}
        back={{ to: queryFormsBase(envKey), label: t('queryForms.backToList') }}
        actions={
          id === 'new'
            ? []
            : [
                {
                  kind: 'link',
                  label: t('queryForms.details'),
                  to: formDetailsPath(envKey, id),
                  icon: <IconEye size={16} aria-hidden />,
                },
              ]
        }
      />
      <form onSubmit={submit} noValidate aria-label={t('queryForms.editorTitle')}>
        <Stack gap="lg" maw={860}>
          {state.kind === 'success' && (
            <Alert
              color="green"
              icon={<IconCheck size={18} />}
              role="status"
              withCloseButton
              closeButtonLabel={t('common.close')}
              onClose={() => setState({ kind: 'idle' })}
            >
              {state.message}
            </Alert>
          )}
          {state.kind === 'danger' && <ErrorAlert>{state.message}</ErrorAlert>}

          <Card padding="lg">
            <TextInput
              label={t('queryForms.formTitle')}
              required
              value={draft.title}
              maxLength={queryFormLimits.title}
              error={errors.title?.[0]}
              readOnly={!canEdit}
              onChange={(e) => {
                const title = e.currentTarget.value;
                update((d) => ({ ...d, title }));
              }}
            />
          </Card>

          <Card padding="lg">
            <Group justify="space-between" mb="md" wrap="wrap">
              <Title order={2} fz="lg">
                {t('queryForms.questions')}
              </Title>
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <Button
                    variant="light"
                    leftSection={<IconPlus size={16} aria-hidden />}
                    rightSection={<IconChevronDown size={14} aria-hidden />}
                    disabled={!canEdit || draft.definition.length >= queryFormLimits.questions}
                  >
                    {t('queryForms.addElement')}
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item disabled>{t('queryForms.addSection')}</Menu.Item>
                  <Menu.Item
                    onClick={() => {
                      update((d) =>
                        withDefinition(d, [...d.definition, newQuestion(t('queryForms.newQuestion'), keys)]),
                      );
                      setOpen(draft.definition.length);
                    }}
                  >
                    {t('queryForms.addQuestion')}
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            </Group>
            {draft.definition.length === 0 ? (
              <Text c="dimmed" size="sm">
                {t('queryForms.noQuestions')}
              </Text>
            ) : (
              <Stack gap="xs" component="ol" className={classes.list}>
                {draft.definition.map((q, i) => {
                  const locked = isNestedKey(q.key);
                  const problems = questionErrors.get(i);
                  return (
                    <li key={q.key} className={classes.item} data-error={problems ? true : undefined}>
                      <UnstyledButton
                        className={classes.open}
                        disabled={locked || !canEdit}
                        onClick={() => setOpen(i)}
                        aria-label={`${t('queryForms.editQuestion')}: ${q.title || q.key}`}
                      >
                        <Text fw={500} className={classes.title}>
                          {q.title || q.key}
                        </Text>
                        <Group gap={6} mt={4} wrap="wrap">
                          <Badge variant="light" color="gray" size="sm">
                            {t('queryForms.typeQuestion')}
                          </Badge>
                          <Badge variant="light" color="indigo" size="sm">
                            {t(questionTypeLabel[q.questionType])}
                          </Badge>
                          {q.required && (
                            <Badge variant="light" color="red" c="red.9" size="sm">
                              {t('queryForms.requiredBadge')}
                            </Badge>
                          )}
                          <Text size="xs" c="dimmed" ff="monospace">
                            {q.key}
                          </Text>
                          {locked && (
                            <Text size="xs" c="dimmed">
                              <IconLock size={12} aria-hidden /> {t('queryForms.nestedLocked')}
                            </Text>
                          )}
                        </Group>
                        {problems && (
                          <Text size="xs" c="red" mt={4}>
                            {problems.join(' ')}
                          </Text>
                        )}
                      </UnstyledButton>
                      <Group gap={4} wrap="nowrap">
                        <Tooltip label={t('queryForms.moveUp')}>
                          <ActionIcon
                            variant="subtle"
                            aria-label={`${t('queryForms.moveUp')}: ${q.title || q.key}`}
                            disabled={!canEdit || !canMoveUp(i)}
                            onClick={() => update((d) => withDefinition(d, move(d.definition, i, -1)))}
                          >
                            <IconArrowUp size={16} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label={t('queryForms.moveDown')}>
                          <ActionIcon
                            variant="subtle"
                            aria-label={`${t('queryForms.moveDown')}: ${q.title || q.key}`}
                            disabled={!canEdit || !canMoveDown(i, draft.definition.length)}
                            onClick={() => update((d) => withDefinition(d, move(d.definition, i, 1)))}
                          >
                            <IconArrowDown size={16} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </li>
                  );
                })}
              </Stack>
            )}
          </Card>

          <Card padding="lg">
            <Title order={2} fz="lg">
              {t('queryForms.columnsTitle')}
            </Title>
            <Text size="sm" c="dimmed" mb="md">
              {t(following ? 'queryForms.columnsFollow' : 'queryForms.columnsHint')}
            </Text>
            <Stack gap="xs">
              {draft.answer_table_columns.map((c, i) =>
                c.type === 'setting-field' ? (
                  <Group key={`${c.mapping}-${i}`} gap="xs" align="flex-start" wrap="wrap" className={classes.column}>
                    <Select
                      size="sm"
                      style={{ flex: '1 1 180px' }}
                      label={t('queryForms.columnMapping')}
                      data={columnChoices(c.mapping)}
                      value={c.mapping}
                      allowDeselect={false}
                      searchable
                      readOnly={!canEdit}
                      error={errors[`answer_table_columns[${i}].mapping`]?.[0]}
                      onChange={(value) =>
                        update((d) => ({
                          ...d,
                          answer_table_columns: d.answer_table_columns.map((x, j) =>
                            j === i && x.type === 'setting-field' ? { ...x, mapping: value ?? x.mapping } : x,
                          ),
                        }))
                      }
                    />
                    <TextInput
                      size="sm"
                      style={{ flex: '1 1 180px' }}
                      label={t('queryForms.columnLabel')}
                      value={c.label}
                      maxLength={200}
                      readOnly={!canEdit}
                      onChange={(e) => {
                        const label = e.currentTarget.value;
                        update((d) => ({
                          ...d,
                          answer_table_columns: d.answer_table_columns.map((x, j) =>
                            j === i && x.type === 'setting-field' ? { ...x, label } : x,
                          ),
                        }));
                      }}
                    />
                    <ActionIcon
                      mt={26}
                      size="lg"
                      variant="subtle"
                      color="red"
                      disabled={!canEdit}
                      aria-label={t('queryForms.removeColumn', { mapping: c.mapping })}
                      onClick={() =>
                        update((d) => ({ ...d, answer_table_columns: removeColumn(d.answer_table_columns, c.mapping) }))
                      }
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Group>
                ) : null,
              )}
              <Button
                variant="light"
                size="sm"
                style={{ alignSelf: 'flex-start' }}
                leftSection={<IconPlus size={16} aria-hidden />}
                disabled={
                  !canEdit || columnKeys.length === 0 || draft.answer_table_columns.length >= queryFormLimits.columns
                }
                onClick={() => {
                  const used = new Set(
                    draft.answer_table_columns.map((c) => (c.type === 'setting-field' ? c.mapping : '')),
                  );
                  const mapping = columnKeys.find((k) => !used.has(k)) ?? columnKeys[0] ?? '';
                  const label = draft.definition.find((q) => q.key === mapping)?.title ?? '';
                  update((d) => ({
                    ...d,
                    answer_table_columns: [...d.answer_table_columns, { type: 'setting-field', mapping, label }],
                  }));
                }}
              >
                {t('queryForms.addColumn')}
              </Button>
            </Stack>
          </Card>

          {publishAllowed && (
            <Card padding="lg">
              <Title order={2} fz="lg" mb="md">
                {t('queryForms.publication')}
              </Title>
              <Stack gap="sm">
                <Checkbox
                  label={t('queryForms.filledOnce')}
                  checked={draft.filled_once}
                  disabled={!canEdit}
                  onChange={(e) => {
                    const filled_once = e.currentTarget.checked;
                    update((d) => ({ ...d, filled_once }));
                  }}
                />
                <Checkbox
                  label={t('queryForms.websiteActive')}
                  checked={web.is_active}
                  disabled={!canEdit}
                  onChange={(e) => {
                    const is_active = e.currentTarget.checked;
                    update((d) => ({
                      ...d,
                      publications: { html_website: { ...d.publications.html_website, is_active } },
                    }));
                  }}
                />
                {web.is_active &&
                  (web.publish_key && url ? (
                    <Group gap="xs" align="flex-end" wrap="wrap">
                      <TextInput
                        style={{ flex: '1 1 260px', minWidth: 0 }}
                        label={t('queryForms.publicUrl')}
                        value={url}
                        readOnly
                        onFocus={(e) => e.currentTarget.select()}
                      />
                      <Button
                        component="a"
                        href={url}
                        target="_blank"
                        rel="noopener noreferrer"
                        variant="default"
                        rightSection={<IconExternalLink size={14} aria-hidden />}
                      >
                        {t('queryForms.open')}
                      </Button>
                    </Group>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {t('queryForms.publicUrlLater')}
                    </Text>
                  ))}
              </Stack>
            </Card>
          )}

          <FormActions>
            {dirty && (
              <Text size="sm" c="dimmed">
                {t('queryForms.unsaved')}
              </Text>
            )}
            <Button type="submit" loading={save.isPending} disabled={!canEdit}>
              {t('queryForms.save')}
            </Button>
          </FormActions>
        </Stack>
      </form>
      <QuestionModal
        question={open === null ? null : (draft.definition[open] ?? null)}
        otherKeys={keys.filter((_, i) => i !== open)}
        onClose={() => setOpen(null)}
        onRemove={() => {
          if (open === null) return;
          const key = draft.definition[open]?.key ?? '';
          update((d) =>
            withDefinition(
              d,
              d.definition.filter((_, i) => i !== open),
              { removed: key },
            ),
          );
          setOpen(null);
        }}
        onSave={(q) => open !== null && saveQuestion(open, q)}
      />
    </>
  );
}

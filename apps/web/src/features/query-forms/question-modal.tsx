import {
  type NestedQuestion,
  type Question,
  type QuestionOption,
  type QuestionType,
  queryFormLimits,
  questionTypes,
} from '@kontor/contract/api/query-forms';
import {
  ActionIcon,
  Button,
  Checkbox,
  Divider,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { type MessageKey, useT } from '../../i18n/i18n';
import { FormModal } from '../../ui/form-modal';
import { hasOptions, keyPattern, newNestedQuestion, relabelOption } from './editor-draft';

export const questionTypeLabel: Record<QuestionType, MessageKey> = {
  string: 'queryForms.qtString',
  text: 'queryForms.qtText',
  number: 'queryForms.qtNumber',
  date: 'queryForms.qtDate',
  selection: 'queryForms.qtSelection',
  'selection-multi': 'queryForms.qtSelectionMulti',
  array: 'queryForms.qtArray',
  signature: 'queryForms.qtSignature',
};

type Errors = Record<string, string>;

/** One error of the modal under another name (a sub-question's options show theirs as `options`). */
const pick = (errors: Errors, from: string, as: string): Errors => {
  const message = errors[from];
  return message ? { [as]: message } : {};
};

/** The modal's own checks; the server checks the same again on save. */
const check = (q: Question, otherKeys: readonly string[], t: ReturnType<typeof useT>): Errors => {
  const errors: Errors = {};
  if (!q.key.trim()) errors.key = t('validation.required');
  else if (!keyPattern.test(q.key)) errors.key = t('queryForms.questionKeyHint');
  else if (otherKeys.includes(q.key)) errors.key = t('queryForms.keyTaken');
  if (!Number.isInteger(q.columns) || q.columns < 1 || q.columns > 12) errors.columns = t('validation.outOfRange');
  if (hasOptions(q.questionType)) {
    if (!q.options?.length) errors.options = t('queryForms.optionsRequired');
    // Values are unique by construction; two options reading alike would confuse whoever fills in.
    const seen = new Set<string>();
    q.options?.forEach((o, i) => {
      const label = (o.label || o.value).trim().toLowerCase();
      if (!label) errors[`options.${i}`] = t('validation.required');
      else if (seen.has(label)) errors[`options.${i}`] = t('queryForms.optionTaken');
      seen.add(label);
    });
  }
  if (q.questionType === 'array') {
    if (!q.definition?.length) errors.definition = t('queryForms.arrayNeedsQuestions');
    const keys = new Set<string>();
    q.definition?.forEach((sub, i) => {
      if (!keyPattern.test(sub.key)) errors[`definition.${i}`] = t('queryForms.questionKeyHint');
      else if (keys.has(sub.key)) errors[`definition.${i}`] = t('queryForms.keyTaken');
      keys.add(sub.key);
      // A sub-question's options: at least one, none without a label (shown under its options).
      if (hasOptions(sub.questionType) && !sub.options?.length)
        errors[`definition.${i}.options`] = t('queryForms.optionsRequired');
      else if (sub.options?.some((o) => !(o.label || o.value).trim()))
        errors[`definition.${i}.options`] = t('validation.required');
    });
  }
  return errors;
};

/** Under a list of rows (options, nested questions): what is wrong with it, then the button adding a row. */
function RowsFooter({
  error,
  addLabel,
  full,
  onAdd,
}: {
  error: string | undefined;
  addLabel: string;
  /** At the limit: no further row. */
  full: boolean;
  onAdd: () => void;
}) {
  return (
    <>
      {error && (
        <Text c="red" size="xs" role="alert">
          {error}
        </Text>
      )}
      <Button
        size="xs"
        variant="light"
        leftSection={<IconPlus size={14} aria-hidden />}
        style={{ alignSelf: 'flex-start' }}
        disabled={full}
        onClick={onAdd}
      >
        {addLabel}
      </Button>
    </>
  );
}

/**
 * Answer options as one label each (issue 31 item 5); the stored value is derived from the label.
 * Options the question was opened with keep their stored value, so earlier answers still match.
 */
function OptionsEditor({
  options,
  onChange,
  errors,
}: {
  options: QuestionOption[];
  onChange: (options: QuestionOption[]) => void;
  errors: Errors;
}) {
  const t = useT();
  // The values stored before this editor opened, read once.
  const [kept] = useState(() => new Set(options.map((o) => o.value)));
  return (
    <Stack gap="xs">
      <div>
        <Text fw={500} size="sm">
          {t('queryForms.options')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('queryForms.optionsHint')}
        </Text>
      </div>
      {options.map((o, i) => (
        <Group key={i} gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            size="xs"
            style={{ flex: 1 }}
            aria-label={t('queryForms.optionN', { n: i + 1 })}
            placeholder={t('queryForms.optionN', { n: i + 1 })}
            value={o.label || (kept.has(o.value) ? o.value : '')}
            maxLength={200}
            error={errors[`options.${i}`]}
            onChange={(e) => onChange(relabelOption(options, i, e.currentTarget.value, kept))}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`${t('queryForms.removeOption')} ${i + 1}`}
            onClick={() => onChange(options.filter((_, j) => j !== i))}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      <RowsFooter
        error={errors.options}
        addLabel={t('queryForms.addOption')}
        full={options.length >= queryFormLimits.options}
        onAdd={() => onChange([...options, { value: '', label: '' }])}
      />
    </Stack>
  );
}

function NestedEditor({
  definition,
  onChange,
  errors,
}: {
  definition: NestedQuestion[];
  onChange: (definition: NestedQuestion[]) => void;
  errors: Errors;
}) {
  const t = useT();
  const nestedTypes = questionTypes.filter((q) => q !== 'array');
  return (
    <Stack gap="xs">
      <Text fw={500} size="sm">
        {t('queryForms.nestedQuestions')}
      </Text>
      {definition.map((sub, i) => (
        <Paper key={sub.key || i} withBorder p="xs" radius="sm">
          <Group gap="xs" align="flex-start" wrap="wrap">
            <TextInput
              size="xs"
              style={{ flex: '1 1 140px' }}
              label={t('queryForms.questionTitle')}
              value={sub.title}
              maxLength={queryFormLimits.questionTitle}
              onChange={(e) => {
                const title = e.currentTarget.value;
                onChange(definition.map((x, j) => (j === i ? { ...x, title } : x)));
              }}
            />
            <TextInput
              size="xs"
              style={{ flex: '1 1 110px' }}
              label={t('queryForms.questionKey')}
              value={sub.key}
              maxLength={queryFormLimits.key}
              error={errors[`definition.${i}`]}
              onChange={(e) => {
                const key = e.currentTarget.value.trim();
                onChange(definition.map((x, j) => (j === i ? { ...x, key } : x)));
              }}
            />
            <Select
              size="xs"
              style={{ flex: '1 1 140px' }}
              label={t('queryForms.questionType')}
              data={nestedTypes.map((q) => ({ value: q, label: t(questionTypeLabel[q]) }))}
              value={sub.questionType}
              allowDeselect={false}
              onChange={(value) => {
                const questionType = (value ?? 'string') as NestedQuestion['questionType'];
                onChange(
                  definition.map((x, j) =>
                    j === i
                      ? { ...x, questionType, options: hasOptions(questionType) ? (x.options ?? []) : undefined }
                      : x,
                  ),
                );
              }}
            />
            <ActionIcon
              mt={22}
              variant="subtle"
              color="red"
              aria-label={`${t('queryForms.removeNested')}: ${sub.title || sub.key}`}
              onClick={() => onChange(definition.filter((_, j) => j !== i))}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
          {hasOptions(sub.questionType) && (
            <Stack mt="xs">
              <OptionsEditor
                options={sub.options ?? []}
                onChange={(options) => onChange(definition.map((x, j) => (j === i ? { ...x, options } : x)))}
                errors={pick(errors, `definition.${i}.options`, 'options')}
              />
            </Stack>
          )}
        </Paper>
      ))}
      <RowsFooter
        error={errors.definition}
        addLabel={t('queryForms.addNested')}
        full={definition.length >= queryFormLimits.nestedQuestions}
        onAdd={() =>
          onChange([
            ...definition,
            newNestedQuestion(
              t('queryForms.newQuestion'),
              definition.map((d) => d.key),
            ),
          ])
        }
      />
    </Stack>
  );
}

type QuestionModalProps = Readonly<{
  question: Question | null;
  otherKeys: readonly string[];
  onSave: (question: Question) => void;
  onRemove: () => void;
  onClose: () => void;
}>;

/** Spec 02 §2.7: clicking a question opens this modal (550 px), which saves the question or closes. */
export function QuestionModal({ question, otherKeys, onSave, onRemove, onClose }: QuestionModalProps) {
  const t = useT();
  // On a phone the modal takes the whole screen, so its buttons stay in reach.
  const phone = useMediaQuery('(max-width: 35.99em)', false, { getInitialValueInEffect: false });
  return (
    <FormModal
      opened={question !== null}
      onClose={onClose}
      title={t('queryForms.editQuestion')}
      size={550}
      centered
      fullScreen={phone}
    >
      {question && (
        <QuestionForm
          key={question.key}
          initial={question}
          otherKeys={otherKeys}
          onSave={onSave}
          onRemove={onRemove}
          onClose={onClose}
        />
      )}
    </FormModal>
  );
}

function QuestionForm({
  initial,
  otherKeys,
  onSave,
  onRemove,
  onClose,
}: Omit<QuestionModalProps, 'question'> & { initial: Question }) {
  const t = useT();
  const [q, setQ] = useState<Question>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const set = (patch: Partial<Question>) => setQ((current) => ({ ...current, ...patch }));
  const withDefault =
    q.questionType !== 'array' && q.questionType !== 'signature' && q.questionType !== 'selection-multi';
  const submit = () => {
    const found = check(q, otherKeys, t);
    setErrors(found);
    if (Object.keys(found).length === 0) onSave(q);
  };
  return (
    <Stack gap="md">
      <Select
        label={t('queryForms.questionType')}
        data={questionTypes.map((type) => ({ value: type, label: t(questionTypeLabel[type]) }))}
        value={q.questionType}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        onChange={(value) => {
          const questionType = (value ?? 'string') as QuestionType;
          set({
            questionType,
            options: hasOptions(questionType) ? (q.options ?? []) : undefined,
            definition: questionType === 'array' ? (q.definition ?? []) : undefined,
            default: withDefault ? q.default : undefined,
          });
        }}
      />
      <TextInput
        label={t('queryForms.questionTitle')}
        value={q.title}
        maxLength={queryFormLimits.questionTitle}
        data-autofocus
        onChange={(e) => set({ title: e.currentTarget.value })}
      />
      <Group grow align="flex-start">
        <TextInput
          label={t('queryForms.questionKey')}
          description={t('queryForms.questionKeyHint')}
          value={q.key}
          maxLength={queryFormLimits.key}
          error={errors.key}
          onChange={(e) => set({ key: e.currentTarget.value.trim() })}
        />
        <NumberInput
          label={t('queryForms.questionColumns')}
          description="1–12"
          min={1}
          max={12}
          step={1}
          allowDecimal={false}
          clampBehavior="strict"
          value={q.columns}
          error={errors.columns}
          onChange={(value) => set({ columns: typeof value === 'number' ? value : 12 })}
        />
      </Group>
      {withDefault && (
        <TextInput
          label={t('queryForms.questionDefault')}
          value={typeof q.default === 'string' || typeof q.default === 'number' ? String(q.default) : ''}
          maxLength={queryFormLimits.stringAnswer}
          onChange={(e) => set({ default: e.currentTarget.value })}
        />
      )}
      <Checkbox
        label={t('queryForms.questionRequired')}
        checked={q.required}
        onChange={(e) => set({ required: e.currentTarget.checked })}
      />
      {hasOptions(q.questionType) && (
        <>
          <Divider />
          <OptionsEditor options={q.options ?? []} onChange={(options) => set({ options })} errors={errors} />
        </>
      )}
      {q.questionType === 'array' && (
        <>
          <Divider />
          <NestedEditor
            definition={q.definition ?? []}
            onChange={(definition) => set({ definition })}
            errors={errors}
          />
        </>
      )}
      <Group justify="space-between" mt="sm" wrap="wrap">
        <Button variant="subtle" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={onRemove}>
          {t('queryForms.removeQuestion')}
        </Button>
        <Group gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('queryForms.close')}
          </Button>
          <Button onClick={submit}>{t('queryForms.saveQuestion')}</Button>
        </Group>
      </Group>
    </Stack>
  );
}

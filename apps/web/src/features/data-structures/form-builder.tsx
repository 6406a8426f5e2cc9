import type { DataField, Form, FormElement } from '@kontor/contract/api/record-types';
import {
  Alert,
  Box,
  Button,
  Flex,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { FormPreview } from '../../engine/screens';
import { useT } from '../../i18n/i18n';
import {
  appendAt,
  canMoveInto,
  elementAt,
  hasBlankTab,
  insertTarget,
  listTargets,
  moveTo,
  placedFields,
  removeAt,
  type TreePath,
  updateAt,
} from './form-tree';
import { FormTreeView } from './form-tree-view';

type Props = Readonly<{
  form: Form;
  fields: readonly DataField[];
  onApply: (elements: FormElement[]) => void;
}>;

/**
 * Spec 02 §4 "Form builder": the form's tree of tabs, cards, containers and fields; changes stay
 * pending until applied; moving an element clears the selection; the side panel (400 px) edits the
 * selected element. Fields default to 6 of 12 columns, components to 12 (spec 02 §9).
 */
export function FormBuilder({ form, fields, onApply }: Props) {
  const t = useT();
  const [elements, setElements] = useState<FormElement[]>(form.fields);
  const [selected, setSelected] = useState<TreePath | null>(null);
  const [pending, setPending] = useState(false);
  const [tried, setTried] = useState(false);
  const [fieldToAdd, setFieldToAdd] = useState<string | null>(null);
  const labels = new Map(fields.map((f) => [f.key, f.label]));
  const free = fields.filter((f) => !placedFields(elements).includes(f.key));
  const change = (next: FormElement[]) => {
    setElements(next);
    setPending(true);
  };
  const add = (element: FormElement) => change(appendAt(elements, insertTarget(elements, selected), element));
  const blankTab = hasBlankTab(elements);
  const current = selected ? elementAt(elements, selected) : undefined;
  const targets = selected ? listTargets(elements).filter((target) => canMoveInto(selected, target.path)) : [];
  const targetLabel = (target: (typeof targets)[number]) =>
    `${'– '.repeat(target.depth)}${
      !target.element
        ? t('structures.moveTop')
        : target.section !== undefined
          ? `${t('structures.elementTabs')}: ${target.section || '—'}`
          : title(target.element)
    }`;
  // A move (drag, buttons or the panel's choice) clears the selection (spec 02 §4).
  const move = (next: FormElement[]) => {
    change(next);
    setSelected(null);
  };

  const title = (e: FormElement) =>
    e.type === 'field'
      ? (labels.get(e.field) ?? e.field)
      : e.type === 'card'
        ? `${t('structures.elementCard')}${e.headerTitle ? `: ${e.headerTitle}` : ''}`
        : e.type === 'tabs'
          ? t('structures.elementTabs')
          : e.type === 'container'
            ? t('structures.elementContainer')
            : `${t('structures.elementButton')}: ${e.label}`;

  return (
    <Stack gap="sm">
      <Text size="sm" c="gray.7">
        {t('structures.pendingChanges')}
      </Text>
      <Group gap="xs" wrap="wrap">
        <Select
          aria-label={t('structures.addField')}
          placeholder={t('structures.addField')}
          data={free.map((f) => ({ value: f.key, label: f.label }))}
          value={fieldToAdd}
          onChange={setFieldToAdd}
          w={220}
          searchable
        />
        <Button
          variant="default"
          leftSection={<IconPlus size={14} />}
          disabled={!fieldToAdd}
          onClick={() => {
            if (fieldToAdd) add({ type: 'field', field: fieldToAdd, columns: 6 });
            setFieldToAdd(null);
          }}
        >
          {t('structures.addField')}
        </Button>
        <Button
          variant="default"
          onClick={() => add({ type: 'card', headerTitle: t('structures.newCard'), children: [], columns: 12 })}
        >
          {t('structures.addCard')}
        </Button>
        <Button variant="default" onClick={() => add({ type: 'container', children: [], columns: 12 })}>
          {t('structures.addContainer')}
        </Button>
        <Button
          variant="default"
          onClick={() =>
            change([
              ...elements,
              { type: 'tabs', sections: [{ title: t('structures.newSection'), fields: [] }], columns: 12 },
            ])
          }
        >
          {t('structures.addTabs')}
        </Button>
      </Group>
      <Flex gap="md" direction={{ base: 'column', md: 'row' }} align="flex-start">
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }} w="100%">
          {elements.length === 0 ? (
            <Text c="gray.7">{t('structures.formEmpty')}</Text>
          ) : (
            <FormTreeView root={elements} selected={selected} onSelect={setSelected} onMove={move} title={title} />
          )}
        </Stack>
        <Paper withBorder radius="md" p="md" w={{ base: '100%', md: 400 }} style={{ flex: '0 0 auto' }}>
          <Title order={3} size="h6" mb="sm">
            {t('structures.elementProps')}
          </Title>
          {!current || !selected ? (
            <Text size="sm" c="gray.7">
              {t('structures.selectHint')}
            </Text>
          ) : (
            <Stack gap="sm">
              <NumberInput
                label={t('structures.columns')}
                min={1}
                max={12}
                clampBehavior="strict"
                value={current.columns ?? (current.type === 'field' ? 6 : 12)}
                onChange={(v) => change(updateAt(elements, selected, { ...current, columns: Number(v) || 1 }))}
              />
              {targets.length > 0 && (
                <Select
                  label={t('structures.moveTo')}
                  placeholder={t('structures.moveToPlaceholder')}
                  data={targets.map((target) => ({ value: target.path.join('.'), label: targetLabel(target) }))}
                  value={null}
                  onChange={(value) => {
                    const target = targets.find((candidate) => candidate.path.join('.') === value);
                    if (target) move(moveTo(elements, selected, target.path, Number.MAX_SAFE_INTEGER));
                  }}
                  comboboxProps={{ withinPortal: true }}
                />
              )}
              {current.type === 'card' && (
                <TextInput
                  label={t('structures.cardTitle')}
                  value={current.headerTitle ?? ''}
                  maxLength={200}
                  onChange={(e) =>
                    change(updateAt(elements, selected, { ...current, headerTitle: e.currentTarget.value }))
                  }
                />
              )}
              {current.type === 'tabs' &&
                current.sections.map((section, si) => (
                  <TextInput
                    key={si}
                    label={t('structures.sectionTitle', { n: si + 1 })}
                    value={section.title}
                    maxLength={200}
                    error={!section.title.trim() ? t('structures.tabNameRequired') : undefined}
                    onChange={(e) => {
                      const sections = current.sections.map((s, j) =>
                        j === si ? { ...s, title: e.currentTarget.value } : s,
                      );
                      change(updateAt(elements, selected, { ...current, sections }));
                    }}
                  />
                ))}
              {current.type === 'tabs' && (
                <Button
                  variant="default"
                  size="xs"
                  onClick={() =>
                    change(
                      updateAt(elements, selected, {
                        ...current,
                        sections: [...current.sections, { title: t('structures.newSection'), fields: [] }],
                      }),
                    )
                  }
                >
                  {t('structures.sectionAdd')}
                </Button>
              )}
              <Button
                variant="default"
                c="red.8"
                leftSection={<IconTrash size={14} />}
                onClick={() => {
                  change(removeAt(elements, selected));
                  setSelected(null);
                }}
              >
                {t('structures.elementRemove')}
              </Button>
            </Stack>
          )}
        </Paper>
      </Flex>
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="form-preview-title">
        <Title order={3} size="h6" id="form-preview-title">
          {t('structures.preview')}
        </Title>
        <Text size="sm" c="gray.7" mb="sm">
          {t('structures.previewHint')}
        </Text>
        {elements.length === 0 ? (
          <Text size="sm" c="gray.7">
            {t('structures.formEmpty')}
          </Text>
        ) : (
          <FormPreview elements={elements} fields={fields} />
        )}
      </Paper>
      {tried && blankTab && (
        <Alert color="red" variant="light">
          {t('structures.tabNameRequired')}
        </Alert>
      )}
      <Box>
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            disabled={!pending}
            onClick={() => {
              setElements(form.fields);
              setPending(false);
              setSelected(null);
            }}
          >
            {t('structures.discard')}
          </Button>
          <Button
            disabled={!pending}
            onClick={() => {
              setTried(true);
              if (blankTab) return;
              onApply(elements);
              setPending(false);
            }}
          >
            {t('structures.apply')}
          </Button>
        </Group>
      </Box>
    </Stack>
  );
}

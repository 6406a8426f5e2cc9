import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { FormElement } from '@kontor/contract/api/record-types';
import { ActionIcon, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical } from '@tabler/icons-react';
import { useT } from '../../i18n/i18n';
import { moveAt, moveWithin, type TreePath } from './form-tree';

type Shared = Readonly<{
  root: FormElement[];
  selected: TreePath | null;
  onSelect: (path: TreePath) => void;
  /** A move: the new tree; the builder clears the selection (spec 02 §4). */
  onMove: (next: FormElement[]) => void;
  title: (element: FormElement) => string;
}>;

const samePath = (a: TreePath | null, b: TreePath) => !!a && a.length === b.length && a.every((k, i) => k === b[i]);

/**
 * One list of the form tree (top level, a card's or container's children, a tab's fields), its
 * elements sortable by drag (`@dnd-kit`, also by keyboard: space, arrows, space) and by the
 * up/down buttons. Elements move within their own list.
 */
export function SortableElements(props: Shared & { list: readonly FormElement[]; base: TreePath; depth: number }) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = props.list.map((_, i) => [...props.base, i].join('.'));
  const onDragEnd = (event: DragEndEvent) => {
    if (!event.over || event.active.id === event.over.id) return;
    const from = ids.indexOf(String(event.active.id));
    const to = ids.indexOf(String(event.over.id));
    props.onMove(moveWithin(props.root, props.base, from, to));
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <Stack gap={6}>
          {props.list.map((element, i) => (
            <ElementRow
              key={ids[i]}
              {...props}
              id={ids[i] as string}
              element={element}
              index={i}
              count={props.list.length}
            />
          ))}
        </Stack>
      </SortableContext>
    </DndContext>
  );
}

function ElementRow(
  props: Shared & { id: string; element: FormElement; index: number; count: number; base: TreePath; depth: number },
) {
  const t = useT();
  const { element, index, count, base, depth } = props;
  const path = [...base, index];
  const sortable = useSortable({ id: props.id });
  const name = props.title(element);
  const selected = samePath(props.selected, path);
  return (
    <div
      ref={sortable.setNodeRef}
      style={{ transform: CSS.Transform.toString(sortable.transform), transition: sortable.transition }}
    >
      <Group gap={4} wrap="nowrap" pl={depth * 20}>
        <ActionIcon
          variant="subtle"
          color="gray.7"
          aria-label={`${t('structures.elementDrag')}: ${name}`}
          style={{ cursor: 'grab', touchAction: 'none' }}
          {...sortable.attributes}
          {...sortable.listeners}
        >
          <IconGripVertical size={16} />
        </ActionIcon>
        <UnstyledButton
          onClick={() => props.onSelect(path)}
          aria-pressed={selected}
          px="xs"
          py={6}
          style={{
            flex: 1,
            minWidth: 0,
            borderRadius: 6,
            background: selected ? 'var(--mantine-color-blue-0)' : 'var(--mantine-color-body)',
            border: '1px solid var(--mantine-color-gray-3)',
          }}
        >
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" fw={element.type === 'field' ? 400 : 600} truncate>
              {name}
            </Text>
            <Text size="xs" c="gray.7">
              {element.columns ?? (element.type === 'field' ? 6 : 12)}/12
            </Text>
          </Group>
        </UnstyledButton>
        <ActionIcon
          variant="subtle"
          aria-label={`${t('structures.elementUp')}: ${name}`}
          disabled={index === 0}
          onClick={() => props.onMove(moveAt(props.root, path, -1))}
        >
          <IconArrowUp size={16} />
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          aria-label={`${t('structures.elementDown')}: ${name}`}
          disabled={index === count - 1}
          onClick={() => props.onMove(moveAt(props.root, path, 1))}
        >
          <IconArrowDown size={16} />
        </ActionIcon>
      </Group>
      {(element.type === 'card' || element.type === 'container') && element.children.length > 0 && (
        <Stack gap={6} mt={6}>
          <SortableElements {...props} list={element.children} base={[...path, 'children']} depth={depth + 1} />
        </Stack>
      )}
      {element.type === 'tabs' &&
        element.sections.map((section, si) => (
          <Stack key={`${props.id}.s${si}`} gap={6} mt={6}>
            <Text size="xs" c="gray.7" pl={(depth + 1) * 20 + 34}>
              {section.title || '—'}
            </Text>
            <SortableElements
              {...props}
              list={section.fields}
              base={[...path, 'sections', si, 'fields']}
              depth={depth + 2}
            />
          </Stack>
        ))}
    </div>
  );
}

import {
  DndContext,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  PointerSensor,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, type SortingStrategy, sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { FormElement } from '@kontor/contract/api/record-types';
import { ActionIcon, Box, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical } from '@tabler/icons-react';
import { useT } from '../../i18n/i18n';
import { moveAt, type TreePath } from './form-tree';
import { type DragData, dropMove, formTreeAutoScroll, formTreeCollision, inListOf, sameList } from './form-tree-dnd';

type Shared = Readonly<{
  root: FormElement[];
  selected: TreePath | null;
  onSelect: (path: TreePath) => void;
  /** A move: the new tree; the builder clears the selection (spec 02 §4). */
  onMove: (next: FormElement[]) => void;
  title: (element: FormElement) => string;
}>;

const samePath = (a: TreePath | null, b: TreePath) => !!a && sameList(a, b);

/**
 * Rows stay where they are while one is dragged (only the dragged row follows the pointer, and
 * the row or empty list it would land on is highlighted): in a tree of nested lists, rows that
 * shift under the pointer would move the drop targets away from it.
 */
const stayPut: SortingStrategy = () => null;

/** Arrow keys step through the rows of the dragged row's own list. */
const keyboardCoordinates: KeyboardCoordinateGetter = (event, args) => {
  const { active, droppableContainers } = args.context;
  if (!active) return undefined;
  const own = droppableContainers.getEnabled().filter(inListOf(active));
  const scoped = {
    ...droppableContainers,
    getEnabled: () => own,
    get: (id: string | number) => droppableContainers.get(id),
  };
  return sortableKeyboardCoordinates(event, {
    ...args,
    context: { ...args.context, droppableContainers: scoped as typeof droppableContainers },
  });
};

/**
 * The whole form tree in one drag context, so an element can be dragged within its list and
 * into another (a card's or container's children, a tab's fields, the top level) by pointer;
 * by keyboard (space, arrows, space) within its list. The up/down buttons and the side panel's
 * 'Verschieben nach' choice do the same without dragging.
 */
export function FormTreeView(props: Shared) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: keyboardCoordinates }),
  );
  const onDragEnd = (event: DragEndEvent) => {
    const next = dropMove(
      props.root,
      event.active.data.current as DragData | undefined,
      event.over?.data.current as DragData | undefined,
    );
    if (next !== props.root) props.onMove(next);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={formTreeCollision}
      autoScroll={formTreeAutoScroll}
      onDragEnd={onDragEnd}
    >
      <SortableElements {...props} list={props.root} base={[]} depth={0} />
    </DndContext>
  );
}

/** One list of the tree (top level, a card's or container's children, a tab's fields). */
function SortableElements(props: Shared & { list: readonly FormElement[]; base: TreePath; depth: number }) {
  const ids = props.list.map((_, i) => [...props.base, i].join('.'));
  return (
    <SortableContext items={ids} strategy={stayPut}>
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
        {props.list.length === 0 && <EmptyList list={props.base} depth={props.depth} />}
      </Stack>
    </SortableContext>
  );
}

/** An empty card, container or tab still takes a dragged element. */
function EmptyList({ list, depth }: { list: TreePath; depth: number }) {
  const t = useT();
  const data: DragData = { list, index: 0 };
  const { setNodeRef, isOver } = useDroppable({ id: `list:${list.join('.')}`, data });
  return (
    <Box ml={depth * 20 + 34} mr={68}>
      <Text
        ref={setNodeRef}
        size="xs"
        c="gray.7"
        px="xs"
        py={6}
        style={{
          border: '1px dashed var(--mantine-color-gray-5)',
          borderRadius: 6,
          background: isOver ? 'var(--mantine-color-blue-0)' : undefined,
        }}
      >
        {t('structures.dropHere')}
      </Text>
    </Box>
  );
}

function ElementRow(
  props: Shared & { id: string; element: FormElement; index: number; count: number; base: TreePath; depth: number },
) {
  const t = useT();
  const { element, index, count, base, depth } = props;
  const path = [...base, index];
  const data: DragData = { path, list: base, index };
  const sortable = useSortable({ id: props.id, data });
  const name = props.title(element);
  const selected = samePath(props.selected, path);
  const dropTarget = sortable.isOver && !sortable.isDragging;
  return (
    <div
      ref={sortable.setNodeRef}
      style={{
        transform: CSS.Transform.toString(sortable.transform),
        transition: sortable.transition,
        position: 'relative',
        zIndex: sortable.isDragging ? 2 : undefined,
      }}
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
            background: selected || dropTarget ? 'var(--mantine-color-blue-0)' : 'var(--mantine-color-body)',
            border: `1px solid var(--mantine-color-${dropTarget ? 'blue-6' : 'gray-3'})`,
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
      {(element.type === 'card' || element.type === 'container') && (
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

import { useMemo, type CSSProperties, type ReactNode } from 'react';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDescriptor,
  type CollisionDetection,
  type DraggableAttributes,
  type DraggableSyntheticListeners,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import DragIndicator from '@mui/icons-material/DragIndicator';
import IconButton from '@mui/material/IconButton';
import { useTranslate } from 'react-admin';

/**
 * What an item's reorder handle needs from dnd-kit (kept the same object between renders, so a memoised item
 * renders again only when its own props change).
 */
export interface DragHandleProps {
  attributes: DraggableAttributes;
  listeners: DraggableSyntheticListeners;
  setActivatorNodeRef: (element: HTMLElement | null) => void;
  isDragging: boolean;
  disabled: boolean;
}

/**
 * Which item the dragged one is over. A pointer drag: the one nearest its centre. A keyboard move: the one whose
 * top (moving up) or bottom (moving down) edge it was lined up with, as `sortableKeyboardCoordinates` places it;
 * by centres, a tall item (a question with its details open) stayed nearest its own place and never moved.
 */
export const sortableCollisions: CollisionDetection = (args) => {
  if (args.pointerCoordinates) return closestCenter(args);
  const { collisionRect, droppableRects, droppableContainers } = args;
  const collisions: CollisionDescriptor[] = [];
  for (const container of droppableContainers) {
    const rect = droppableRects.get(container.id);
    if (!rect) continue;
    const value = Math.min(Math.abs(rect.top - collisionRect.top), Math.abs(rect.bottom - collisionRect.bottom));
    collisions.push({ id: container.id, data: { droppableContainer: container, value } });
  }
  return collisions.sort((a, b) => a.data.value - b.data.value);
};

interface SortableListProps {
  ids: readonly string[];
  /** How the announcements and the handle name an item. */
  labelOf: (id: string) => string;
  onMove: (from: number, to: number) => void;
  disabled?: boolean;
  children: (id: string, handle: DragHandleProps) => ReactNode;
}

/**
 * A vertical list reordered by dragging (pointer) or by keyboard (dnd-kit's KeyboardSensor), announced to
 * screen readers in the reader's language. Each list is its own context, so a question cannot be dropped
 * into another section or group by mistake.
 */
export function SortableList({ ids, labelOf, onMove, disabled = false, children }: SortableListProps) {
  const translate = useTranslate();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const position = (id: UniqueIdentifier | undefined) => ids.indexOf(String(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => translate('formBuilder.drag.start', { label: labelOf(String(active.id)) }),
    onDragOver: ({ active, over }) =>
      over ? translate('formBuilder.drag.over', { label: labelOf(String(active.id)), position: position(over.id), count: ids.length }) : undefined,
    onDragEnd: ({ active, over }) =>
      over ? translate('formBuilder.drag.end', { label: labelOf(String(active.id)), position: position(over.id), count: ids.length }) : undefined,
    onDragCancel: ({ active }) => translate('formBuilder.drag.cancel', { label: labelOf(String(active.id)) }),
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from >= 0 && to >= 0) onMove(from, to);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={sortableCollisions}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: translate('formBuilder.drag.instructions') } }}
    >
      <SortableContext items={[...ids]} strategy={verticalListSortingStrategy} disabled={disabled}>
        {ids.map((id, index) => (
          <SortableItem key={id} id={id} index={index} disabled={disabled}>
            {(handle) => children(id, handle)}
          </SortableItem>
        ))}
      </SortableContext>
    </DndContext>
  );
}

function SortableItem({ id, index, disabled, children }: { id: string; index: number; disabled: boolean; children: (handle: DragHandleProps) => ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id, disabled });
  const style: CSSProperties = { transform: CSS.Translate.toString(transform), transition, position: 'relative', zIndex: isDragging ? 2 : undefined };
  const handle = useMemo(
    () => ({ attributes, listeners, setActivatorNodeRef, isDragging, disabled }),
    [attributes, listeners, setActivatorNodeRef, isDragging, disabled],
  );
  return (
    <div ref={setNodeRef} style={style} data-sortable-index={index}>
      {children(handle)}
    </div>
  );
}

/** The reorder handle: a button (Space or Enter picks the item up, the arrows move it, Space or Enter drops it); none when the list is read-only. */
export function DragHandle({
  handle: { attributes, listeners, setActivatorNodeRef, isDragging, disabled },
  label,
}: {
  handle: DragHandleProps;
  label: string;
}) {
  const translate = useTranslate();
  if (disabled) return null;
  return (
    <IconButton
      ref={setActivatorNodeRef}
      {...attributes}
      {...listeners}
      size="small"
      aria-label={translate('formBuilder.drag.handle', { label })}
      data-testid="reorder-handle"
      sx={{ cursor: isDragging ? 'grabbing' : 'grab', touchAction: 'none' }}
    >
      <DragIndicator fontSize="small" />
    </IconButton>
  );
}

/**
 * Drag sort for antd tables (dnd-kit, pointer and keyboard): the tasks and marks of an activity, the tags of a
 * type. Rows are dragged by their handle column only, so links and inputs in a row keep their clicks.
 */
import { HolderOutlined } from "@ant-design/icons";
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from "@dnd-kit/core";
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { Table, type TableProps } from "antd";
import { createContext, useContext, useMemo, type HTMLAttributes } from "react";

const HandleContext = createContext<HTMLAttributes<HTMLElement>>({});

/** The grip of a sortable row (the only part that starts a drag, so links and inputs keep their clicks). */
export function DragHandle() {
  const listeners = useContext(HandleContext);
  return <HolderOutlined aria-label="拖动排序" className="rm-drag-handle" style={{ cursor: "grab", color: "#999", touchAction: "none" }} {...listeners} />;
}

function SortableRow(props: HTMLAttributes<HTMLTableRowElement> & { "data-row-key": string }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: props["data-row-key"] });
  const style = { ...props.style, transform: CSS.Translate.toString(transform), transition, ...(isDragging ? { position: "relative" as const, zIndex: 9, background: "#fafafa" } : {}) };
  const handle = useMemo(() => ({ ...attributes, ...listeners }) as HTMLAttributes<HTMLElement>, [attributes, listeners]);
  return (
    <HandleContext value={handle}>
      <tr {...props} ref={setNodeRef} style={style} />
    </HandleContext>
  );
}

/**
 * An antd table whose rows are dragged by their handle column; `onSort` gets the ids in the new order (the
 * page sends them to the server and reloads). `sortable` false shows the table without drag.
 */
export function SortableTable<R extends { id: string }>({ onSort, sortable, dataSource, columns, ...props }: TableProps<R> & { onSort: (ids: string[]) => void; sortable: boolean }) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const rows = (dataSource ?? []) as R[];
  const ids = rows.map((r) => r.id);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from < 0 || to < 0) return;
    onSort(arrayMove(ids, from, to));
  };
  const allColumns = sortable ? [{ title: "拖动", key: "drag", width: 56, align: "center" as const, render: () => <DragHandle /> }, ...(columns ?? [])] : columns;
  if (!sortable) return <Table<R> rowKey="id" dataSource={rows} columns={allColumns} {...props} />;
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <Table<R> rowKey="id" dataSource={rows} columns={allColumns} components={{ body: { row: SortableRow } }} {...props} />
      </SortableContext>
    </DndContext>
  );
}

import type { TaskDto } from "@core/schemas/projects";
import { useVirtualizer } from "@tanstack/react-virtual";
import { useRef } from "react";
import type { ListedTask } from "@/features/project/list/task-list-filter";
import { TaskListRow } from "@/features/project/list/task-list-row";

/** From this many rows the list draws only the rows in view (issue #10: 5,000 tasks scroll smoothly). */
export const VIRTUALISE_FROM = 100;
const ESTIMATED_ROW_HEIGHT = 64;
const OVERSCAN = 8;

type TaskListRowsProps = {
  rows: ListedTask[];
  canEdit: boolean;
  onOpen: (task: TaskDto) => void;
  onDelete: (task: TaskDto) => void;
};

/** The rows of the task list: all of them when few, a virtualised window when many. */
export function TaskListRows(props: TaskListRowsProps) {
  if (props.rows.length < VIRTUALISE_FROM) {
    return (
      <ul aria-label="Tasks" className="divide-y">
        {props.rows.map(({ task, status }) => (
          <TaskListRow
            key={task.id}
            task={task}
            status={status}
            canEdit={props.canEdit}
            onOpen={props.onOpen}
            onDelete={props.onDelete}
          />
        ))}
      </ul>
    );
  }
  return <VirtualTaskListRows {...props} />;
}

/** Rows measured as they are drawn (descriptions make heights differ), inside a scroll box of its own. */
function VirtualTaskListRows({ rows, canEdit, onOpen, onDelete }: TaskListRowsProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_ROW_HEIGHT,
    getItemKey: (index) => rows[index].task.id,
    overscan: OVERSCAN,
  });
  return (
    <div ref={scrollRef} data-virtualised="true" className="max-h-[70vh] overflow-y-auto">
      <ul aria-label="Tasks" className="relative" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const { task, status } = rows[item.index];
          return (
            <TaskListRow
              key={task.id}
              task={task}
              status={status}
              canEdit={canEdit}
              onOpen={onOpen}
              onDelete={onDelete}
              virtual={{ index: item.index, top: item.start, measure: virtualizer.measureElement }}
            />
          );
        })}
      </ul>
    </div>
  );
}

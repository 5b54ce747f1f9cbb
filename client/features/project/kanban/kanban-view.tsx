import { groupTasks } from "@core/gantt/rows";
import { unfinishedPrerequisiteCounts } from "@core/graph/dependency-graph";
import type { TaskDto } from "@core/schemas/projects";
import { breadcrumb } from "@core/tasks/outline-view";
import type { TaskStatus } from "@core/tasks/status";
import {
  type Announcements,
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  getClientRect,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  type MeasuringConfiguration,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { Plus } from "lucide-react";
import { useMemo, useState } from "react";
import { EmptyState } from "@/components/empty-state";
import { Button } from "@/components/ui/button";
import { type UpdateTaskVariables, useUpdateTask } from "@/entities/task/api/update-task";
import { useConfirmCompletion } from "@/entities/task/components/completion-confirmation";
import { useProjectOutline } from "@/features/project/components/project-outline";
import { useProjectCategories, useProjectContext } from "@/features/project/project-context";
import { denied, PERMISSION_MESSAGES } from "@/lib/permission-denied";
import { PROJECT_TASKS_ID } from "@/lib/skip-links";
import { toast } from "@/lib/use-toast";
import { cardDragId, KanbanCardOverlay } from "./kanban-card";
import { KanbanColumnView } from "./kanban-column";
import {
  columnDropId,
  KANBAN_COLUMNS,
  KANBAN_KEYBOARD_STEP,
  KANBAN_POINTER_DISTANCE,
  KANBAN_TOASTS,
  kanbanDrop,
  nextColumnCenter,
  tasksByColumn,
} from "./kanban-columns";

/**
 * A lifted card: ArrowRight and ArrowLeft take it to the next column's centre in one press (six
 * presses of 25 px reached the next column before); ArrowUp and ArrowDown move it 25 px, the spec's
 * step, within a column.
 */
const keyboardCoordinates: KeyboardCoordinateGetter = (event, { currentCoordinates, context }) => {
  const step = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] }[event.code];
  if (!step) return undefined;
  event.preventDefault();
  const card = context.collisionRect;
  if (step[0] !== 0 && card) {
    const columns = KANBAN_COLUMNS.map((column) => context.droppableRects.get(columnDropId(column.status)));
    const center = { x: card.left + card.width / 2, y: card.top + card.height / 2 };
    const target = nextColumnCenter(columns, center, step[0] as 1 | -1);
    if (target === null) return currentCoordinates;
    return { x: currentCoordinates.x + target.x - center.x, y: currentCoordinates.y + target.y - center.y };
  }
  return {
    x: currentCoordinates.x + step[0] * KANBAN_KEYBOARD_STEP,
    y: currentCoordinates.y + step[1] * KANBAN_KEYBOARD_STEP,
  };
};

// Enter opens a card, so only Space lifts and drops one.
const keyboardCodes = { start: ["Space"], cancel: ["Escape"], end: ["Space", "Tab"] };

// Under the pointer when there is one; the keyboard's card overlapping a column most otherwise.
const collisions: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  return hits.length > 0 ? hits : rectIntersection(args);
};

/**
 * A column's drop target is the list inside its scroll box (kanban-column.tsx), so that dnd-kit
 * scrolls the column a card is carried near the edge of; it is measured as the whole column, header
 * included, as the column was the target before.
 */
const measuring: MeasuringConfiguration = {
  droppable: {
    measure: (node) => getClientRect(node.closest("[data-kanban-column]") ?? node, { ignoreTransform: true }),
  },
};

/** 'Task moved to {column}': a drop writes the status of the column it landed on (kanbanDrop). */
const movedToast = ({ changes }: UpdateTaskVariables) => {
  const column = KANBAN_COLUMNS.find((candidate) => candidate.status === changes.status);
  return column ? KANBAN_TOASTS.moved(column.title) : null;
};

type KanbanViewProps = {
  onOpenTask: (task: TaskDto) => void;
  /** Opens the task dialog to add a task with this status. */
  onNewTask: (status: TaskStatus) => void;
};

/**
 * The kanban board: four status columns whose cards are dragged between them. In a plan with
 * summaries the cards are the leaves (the work), in tree order, each naming the summaries above it.
 */
export function KanbanView({ onOpenTask, onNewTask }: KanbanViewProps) {
  const { tasks: projectTasks, dependencies, canEdit } = useProjectContext();
  const projectOutline = useProjectOutline();
  const tasks = useMemo(() => {
    if (!projectOutline) return projectTasks;
    const { outline } = projectOutline;
    const byId = new Map(projectTasks.map((task) => [task.id, task]));
    return outline.order.flatMap((id) => {
      const task = byId.get(id);
      return task && !outline.isSummary(id) ? [task] : [];
    });
  }, [projectTasks, projectOutline]);
  const pathOf = useMemo(() => {
    if (!projectOutline) return undefined;
    return (taskId: number) => {
      const path = projectOutline.pathOf(taskId);
      return path.length > 0 ? breadcrumb(path) : undefined;
    };
  }, [projectOutline]);
  const waitingFor = useMemo(
    () => unfinishedPrerequisiteCounts(projectTasks, dependencies),
    [projectTasks, dependencies],
  );
  const categoryList = useProjectCategories();
  const categories = useMemo(
    () => new Map(categoryList.map((category) => [category.id, category])),
    [categoryList],
  );
  // Within a column, cards follow the categories and each category's order, as the Gantt rows do.
  // (In a plan with summaries, in tree order.)
  const columns = useMemo(
    () =>
      tasksByColumn(
        projectOutline
          ? tasks
          : groupTasks(
              tasks,
              categoryList.map((category) => category.id),
            ).flatMap((group) => group.tasks),
      ),
    [tasks, categoryList, projectOutline],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: due-date colours are worked out again when the tasks change.
  const now = useMemo(() => new Date(), [tasks]);
  const [activeId, setActiveId] = useState<string | null>(null);
  // The card lands in its column at once and goes back if the call fails, with the board's toasts.
  const updateTask = useUpdateTask({ notifySuccess: movedToast, notifyError: KANBAN_TOASTS.failed });
  const confirmCompletion = useConfirmCompletion();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: KANBAN_POINTER_DISTANCE } }),
    useSensor(KeyboardSensor, { coordinateGetter: keyboardCoordinates, keyboardCodes }),
  );

  const byDragId = useMemo(() => new Map(tasks.map((task) => [cardDragId(task.id), task])), [tasks]);
  const taskOf = (id: string | number | undefined) => (typeof id === "string" ? byDragId.get(id) : undefined);
  const columnTitle = (id: string | number | undefined) =>
    KANBAN_COLUMNS.find((column) => columnDropId(column.status) === id)?.title;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up task ${taskOf(active.id)?.name ?? ""}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `Task ${taskOf(active.id)?.name ?? ""} is over ${columnTitle(over.id) ?? "no column"}.`
        : `Task ${taskOf(active.id)?.name ?? ""} is not over a column.`,
    onDragEnd: ({ active, over }) =>
      `Task ${taskOf(active.id)?.name ?? ""} was dropped ${over ? `on ${columnTitle(over.id) ?? "no column"}` : "outside the columns"}.`,
    onDragCancel: ({ active }) => `Moving task ${taskOf(active.id)?.name ?? ""} was cancelled.`,
  };

  function addTask(status: TaskStatus) {
    if (denied(canEdit, PERMISSION_MESSAGES.addTasks)) return;
    onNewTask(status);
  }

  async function onDragEnd({ active, over }: DragEndEvent) {
    setActiveId(null);
    const task = taskOf(active.id);
    if (!canEdit || !task) return;
    const drop = kanbanDrop(task, over?.id, new Date());
    if (drop.kind === "none") return;
    if (drop.kind === "invalid") {
      toast({ variant: "destructive", ...KANBAN_TOASTS.invalidTarget });
      return;
    }
    if (drop.changes.completed === true && !task.completed && !(await confirmCompletion(task))) return;
    updateTask.mutate({ taskId: task.id, projectId: task.projectId, changes: drop.changes });
  }

  const active = activeId ? taskOf(activeId) : undefined;

  if (tasks.length === 0) {
    return (
      <EmptyState
        title="No tasks yet"
        description="Create your first task to get started"
        className="min-h-80 bg-card"
        action={
          canEdit && (
            <Button onClick={() => addTask("not-started")}>
              <Plus aria-hidden />
              New Task
            </Button>
          )
        }
      />
    );
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisions}
      measuring={measuring}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            "To move a task, press Space to pick it up, use the arrow keys to carry it to another column, then press Space to drop it, or Escape to cancel. Press Enter to open the task.",
        },
      }}
      onDragStart={({ active: dragged }) => setActiveId(String(dragged.id))}
      onDragCancel={() => setActiveId(null)}
      onDragEnd={onDragEnd}
    >
      <div className="@container">
        <div
          id={PROJECT_TASKS_ID}
          tabIndex={-1}
          role="group"
          aria-label="Kanban board"
          className="grid gap-3 outline-none @md:grid-cols-2 @4xl:grid-cols-4"
        >
          {KANBAN_COLUMNS.map((column) => (
            <KanbanColumnView
              key={column.status}
              column={column}
              tasks={columns[column.status]}
              categories={categories}
              waitingFor={waitingFor}
              now={now}
              canEdit={canEdit}
              onOpenTask={onOpenTask}
              onAddTask={() => addTask(column.status)}
              pathOf={pathOf}
            />
          ))}
        </div>
      </div>
      {/* No drop animation: while dnd-kit animates a dropped card, the board takes no new drag, and
          a press then selects text instead (e2e/messages.e2e.ts drags again at once). The card
          lands where the move puts it, at once. */}
      <DragOverlay dropAnimation={null}>
        {active ? (
          <KanbanCardOverlay
            task={active}
            category={active.categoryId === null ? undefined : categories.get(active.categoryId)}
            now={now}
            path={pathOf?.(active.id)}
          />
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}

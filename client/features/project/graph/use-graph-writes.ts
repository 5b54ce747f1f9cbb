import { outlineLayout } from "@core/graph/layout";
import type { DependencyDto, TaskDto } from "@core/schemas/projects";
import type { CreateTaskInput } from "@core/schemas/tasks";
import type { Connection, XYPosition } from "@xyflow/react";
import { useCallback, useEffect, useRef } from "react";
import { createDependencyRequest, useCreateDependency } from "@/entities/dependency/api/create-dependency";
import { useSchedulePreview } from "@/entities/schedule/components/use-schedule-preview";
import { useCreateTask } from "@/entities/task/api/create-task";
import { toggleCompleted as completionToggle, useUpdateTask } from "@/entities/task/api/update-task";
import { type TaskPosition, useSaveTaskPositions } from "@/entities/task/api/update-task-positions";
import { useConfirmCompletion } from "@/entities/task/components/completion-confirmation";
import { errorMessage } from "@/lib/error-message";
import { denied, PERMISSION_MESSAGES } from "@/lib/permission-denied";
import { toast } from "@/lib/use-toast";
import { snapToGrid } from "./graph-elements";
import { GRAPH_TOASTS, newNodeName } from "./graph-texts";

type GraphWritesInputs = {
  projectId: number;
  tasks: readonly TaskDto[];
  dependencies: readonly DependencyDto[];
  canEdit: boolean;
  onOpenTask: (task: TaskDto, options?: { draft?: boolean }) => void;
};

/**
 * The graph's writes, each refused with the spec's permission toast without edit rights. The
 * handlers are stable (they read the latest data through a ref), so passing them to the canvas and
 * the cards never makes a card render again.
 */
export function useGraphWrites(inputs: GraphWritesInputs) {
  const latest = useRef(inputs);
  useEffect(() => {
    latest.current = inputs;
  });
  const createTask = useCreateTask();
  const updateTask = useUpdateTask({ notifyError: false });
  const createDependency = useCreateDependency();
  const savePositions = useSaveTaskPositions();
  const { mutate: create } = createTask;
  const { mutate: update } = updateTask;
  const confirmCompletion = useConfirmCompletion();
  const { mutate: connectTasks } = createDependency;
  const { mutate: save } = savePositions;
  // A link drawn may move its dependent and those after it: shown before it is made.
  const preview = useSchedulePreview((id) => latest.current.tasks.find((task) => task.id === id)?.name);
  const previewRef = useRef(preview);
  previewRef.current = preview;

  /** Node mode: a 'Task {count+1}' (status todo) where the canvas was clicked; then its dialog. */
  /** A new card at a point of the canvas; inside a summary's frame (`parentId`), under it. */
  const addTaskAt = useCallback(
    (point: XYPosition, parentId: number | null = null) => {
      const { projectId, tasks, canEdit, onOpenTask } = latest.current;
      if (!projectId) {
        toast({ variant: "destructive", ...GRAPH_TOASTS.noProject });
        return;
      }
      if (denied(canEdit, PERMISSION_MESSAGES.createTasks)) return;
      // The card's top left corner lands a little up and left of the click, so the card is under it.
      const { x, y } = snapToGrid({ x: point.x - 90, y: point.y - 30 });
      // projectId is sent as the spec's graph does; the server takes the project from the path.
      const task = {
        name: newNodeName(tasks.length),
        status: "todo",
        positionX: x,
        positionY: y,
        projectId,
        ...(parentId === null ? {} : { parentId }),
      };
      create(
        { projectId, task: task as CreateTaskInput },
        { onSuccess: (created) => onOpenTask(created, { draft: true }) },
      );
    },
    [create],
  );

  /** A drag from one card to another: the first becomes the second's prerequisite. */
  const connect = useCallback(
    ({ source, target }: Connection) => {
      const { projectId, canEdit } = latest.current;
      if (denied(canEdit, PERMISSION_MESSAGES.createDependencies)) return;
      const link = { sourceTaskId: Number(source), targetTaskId: Number(target) };
      void previewRef.current.confirm(createDependencyRequest(link), () =>
        connectTasks({ projectId, ...link }),
      );
    },
    [connectTasks],
  );

  /** The card's complete toggle; shown at once, and failures only logged. */
  const toggleCompleted = useCallback(
    async (task: TaskDto) => {
      if (denied(latest.current.canEdit, PERMISSION_MESSAGES.editTask)) return;
      if (!task.completed && !(await confirmCompletion(task))) return;
      update(completionToggle(task));
    },
    [update, confirmCompletion],
  );

  /**
   * Saves the tasks that stand elsewhere than they say (a collapsed summary's card moved stands for
   * the tasks under it: useGraphElements' positionsOf): one request for all of them.
   */
  const saveMoved = useCallback(
    (moved: readonly { taskId: number; position: XYPosition }[]) => {
      const { projectId, tasks, canEdit } = latest.current;
      if (!canEdit) return;
      const byId = new Map(tasks.map((task) => [task.id, task]));
      const positions: TaskPosition[] = [];
      for (const { taskId, position } of moved) {
        const task = byId.get(taskId);
        if (!task || (task.positionX === position.x && task.positionY === position.y)) continue;
        positions.push({ taskId: task.id, positionX: position.x, positionY: position.y });
      }
      if (positions.length > 0) save({ projectId, positions });
    },
    [save],
  );

  /**
   * Beyond the spec: every task placed left to right by dependency level, each summary's tasks
   * inside its frame (outlineLayout), saved in one request.
   */
  const runAutoLayout = useCallback(
    (onPlaced: () => void) => {
      const { projectId, tasks, dependencies, canEdit } = latest.current;
      if (denied(canEdit, PERMISSION_MESSAGES.editTask) || tasks.length === 0) return;
      const placed = outlineLayout(tasks, dependencies);
      const positions = [...placed].map(([taskId, { x, y }]) => ({ taskId, positionX: x, positionY: y }));
      save(
        { projectId, positions },
        {
          onError: (error) =>
            toast({
              variant: "destructive",
              title: GRAPH_TOASTS.layoutFailed,
              description: errorMessage(error),
            }),
        },
      );
      onPlaced();
    },
    [save],
  );

  return {
    addTaskAt,
    connect,
    toggleCompleted,
    saveMoved,
    runAutoLayout,
    /** The preview asked before a drawn link is made: rendered by the view. */
    previewDialog: preview.dialog,
    layoutPending: savePositions.isPending && (savePositions.variables?.positions.length ?? 0) > 1,
  };
}

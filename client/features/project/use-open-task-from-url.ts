// A link may name a task to open: `?task=<id>` (the bell's notifications, the notification emails,
// docs/spec/notifications-and-api.md). Once the project's tasks are loaded, the task's dialog opens
// as a click on it would, and the parameter leaves the address without a new history entry, so
// Back and a reload do not open it again.
import type { TaskDto } from "@core/schemas/projects";
import { useEffect, useRef } from "react";
import { useLocation, useSearch } from "wouter";
import { toast } from "@/lib/use-toast";

/** The query parameter naming the task to open. */
export const TASK_PARAM = "task";

/**
 * The address without its `task` parameter, others kept.
 *
 * @example withoutTaskParam("/projects/a/list", "task=4&x=1") // "/projects/a/list?x=1"
 */
export function withoutTaskParam(path: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete(TASK_PARAM);
  const rest = params.toString();
  return rest === "" ? path : `${path}?${rest}`;
}

/**
 * Opens the task `?task=` names once `tasks` (the project's, undefined while loading) are there;
 * an id the project does not hold is told in a toast. Either way the parameter is removed.
 */
export function useOpenTaskFromUrl(tasks: readonly TaskDto[] | undefined, openTask: (task: TaskDto) => void) {
  const search = useSearch();
  const [path, navigate] = useLocation();
  const requested = new URLSearchParams(search).get(TASK_PARAM);
  // The latest opener, so a new function each render does not run the effect again.
  const open = useRef(openTask);
  open.current = openTask;
  // The request already handled: an effect run again before the address changed does nothing.
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (requested === null) {
      handled.current = null;
      return;
    }
    if (tasks === undefined || handled.current === requested) return;
    handled.current = requested;
    const task = tasks.find((each) => String(each.id) === requested.trim());
    if (task) open.current(task);
    else toast({ title: "Task not found", description: "That task no longer exists." });
    navigate(withoutTaskParam(path, search), { replace: true });
  }, [requested, tasks, path, search, navigate]);
}

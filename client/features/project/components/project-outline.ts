// The open project's outline as the views show it (list, Gantt, board, public link): read from each
// task's parentId and order, so optimistic edits and live events show at once, and the summaries
// the user collapsed, remembered per user and project.
import type { PublicUser } from "@core/schemas/auth";
import type { Outline } from "@core/tasks/outline";
import { planOutline, rolledUpCompletion, summaryPath } from "@core/tasks/outline-view";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo, useState } from "react";
import { useProjectContext } from "@/features/project/project-context";
import { outlineCollapsedKey, readStoredJson, type StorageKey, writeStoredJson } from "@/lib/storage-keys";
import { AUTH_USER_QUERY_KEY } from "@/lib/use-auth";

export type ProjectOutline = {
  outline: Outline;
  /** Each summary's completion, rolled up from the leaves below it. */
  completed: ReadonlyMap<number, boolean>;
  /** The names of the summaries above a task, from the top down. */
  pathOf: (id: number) => string[];
};

/** The open project's outline; null for a flat plan (no task under another), shown as it always was. */
export function useProjectOutline(): ProjectOutline | null {
  const { tasks } = useProjectContext();
  return useMemo(() => {
    const outline = planOutline(tasks);
    if (!outline) return null;
    const byId = new Map(tasks.map((task) => [task.id, task]));
    return {
      outline,
      completed: rolledUpCompletion(outline, (id) => byId.get(id)?.completed ?? false),
      pathOf: (id) => summaryPath(outline, (above) => byId.get(above)?.name, id),
    };
  }, [tasks]);
}

const isIdList = (value: unknown): value is number[] =>
  Array.isArray(value) && value.every((item) => Number.isSafeInteger(item));

const readCollapsed = (key: StorageKey) => new Set(readStoredJson(key, [], isIdList));

export type OutlineCollapse = {
  /** The summaries whose subtree is hidden. */
  collapsed: ReadonlySet<number>;
  toggle: (summaryId: number) => void;
};

/**
 * The summaries collapsed in the open project, shared by the list, the Gantt chart and the graph and kept in
 * localStorage per user and project (on a public link, per project on this browser). Collapsing
 * only hides rows: viewers and visitors collapse too.
 */
export function useOutlineCollapse(): OutlineCollapse {
  const { project, publicShare } = useProjectContext();
  const queryClient = useQueryClient();
  // The project page opens after the signed-in user is known; a public link has none.
  const userId = publicShare
    ? undefined
    : queryClient.getQueryData<PublicUser | null>(AUTH_USER_QUERY_KEY)?.id;
  const key = outlineCollapsedKey(userId ?? "public", project.id);
  const [state, setState] = useState(() => ({ key, collapsed: readCollapsed(key) }));
  if (state.key !== key) setState({ key, collapsed: readCollapsed(key) });
  const toggle = useCallback((summaryId: number) => {
    setState((current) => {
      const collapsed = new Set(current.collapsed);
      if (!collapsed.delete(summaryId)) collapsed.add(summaryId);
      writeStoredJson(current.key, [...collapsed]);
      return { key: current.key, collapsed };
    });
  }, []);
  return { collapsed: state.key === key ? state.collapsed : readCollapsed(key), toggle };
}

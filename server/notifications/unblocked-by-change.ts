// Which tasks a committed change unblocked: the project's tasks and dependencies as they are now,
// and as they were with the change undone in memory; a leaf waiting then and not now is ready,
// by the blocking rules every view uses (core/graph/dependency-graph.ts: a link into a summary
// holds every leaf below it, a summary prerequisite holds until its leaves allow).
import { outlineOfTasks, tasksWithIncompletePrerequisites } from "@core/graph/dependency-graph";
import type { DependencyType } from "@core/scheduling/engine";
import { sql } from "drizzle-orm";
import type { Database } from "../db/client";

/** What the blocking rules and the notifications read of a task. */
export type GraphTaskRow = {
  id: number;
  parentId: number | null;
  order: number;
  completed: boolean;
  status: string;
  assigneeId: number | null;
  name: string;
};

export type GraphDependencyRow = {
  id: number;
  sourceTaskId: number;
  targetTaskId: number;
  type: DependencyType;
};

export type ProjectGraph = { tasks: GraphTaskRow[]; dependencies: GraphDependencyRow[] };

/** How to undo a change in memory: fields of a task set back, rows given back, a type set back. */
export type Revert =
  | { kind: "task"; id: number; fields: Partial<Pick<GraphTaskRow, "completed" | "status" | "parentId">> }
  | {
      kind: "restore";
      tasks: readonly (Omit<GraphTaskRow, "assigneeId" | "name"> & Partial<GraphTaskRow>)[];
      dependencies: readonly GraphDependencyRow[];
    }
  | { kind: "dependency"; id: number; type: DependencyType };

/** The project's tasks and dependencies, as the blocking rules read them: two indexed reads. */
export async function readProjectGraph(
  db: Pick<Database, "execute">,
  projectId: number,
): Promise<ProjectGraph> {
  const tasks = await db.execute(sql`
    select id, parent_id as "parentId", "order", completed, status, assignee_id as "assigneeId", name
    from tasks where project_id = ${projectId}`);
  const dependencies = await db.execute(sql`
    select id, source_task_id as "sourceTaskId", target_task_id as "targetTaskId", type
    from dependencies where project_id = ${projectId}`);
  return {
    tasks: (tasks as unknown as { rows: GraphTaskRow[] }).rows,
    dependencies: (dependencies as unknown as { rows: GraphDependencyRow[] }).rows,
  };
}

/**
 * The leaves the change unblocked: waiting for a prerequisite before it (the reverts applied), not
 * now, and neither completed nor marked blocked by hand (which the views still show as Blocked).
 * @example unblockedByChange({ tasks: [a, b], dependencies: [a→b] }, [{ kind: "task", id: a.id, fields: { completed: false } }]) // [b]
 */
export function unblockedByChange(graph: ProjectGraph, reverts: readonly Revert[]): GraphTaskRow[] {
  const before = new Map(graph.tasks.map((task) => [task.id, task]));
  const beforeLinks = new Map(graph.dependencies.map((dependency) => [dependency.id, dependency]));
  // Last change first, so each revert meets the state the change after it left.
  for (const revert of [...reverts].reverse()) {
    if (revert.kind === "task") {
      const task = before.get(revert.id);
      if (task) before.set(revert.id, { ...task, ...revert.fields });
    } else if (revert.kind === "dependency") {
      const link = beforeLinks.get(revert.id);
      if (link) beforeLinks.set(revert.id, { ...link, type: revert.type });
    } else {
      for (const task of revert.tasks)
        if (!before.has(task.id)) before.set(task.id, { assigneeId: null, name: "", ...task });
      for (const link of revert.dependencies) if (!beforeLinks.has(link.id)) beforeLinks.set(link.id, link);
    }
  }
  const waitingBefore = tasksWithIncompletePrerequisites([...before.values()], [...beforeLinks.values()]);
  if (waitingBefore.size === 0) return [];
  const waitingNow = tasksWithIncompletePrerequisites(graph.tasks, graph.dependencies);
  const outline = outlineOfTasks(graph.tasks);
  const now = new Map(graph.tasks.map((task) => [task.id, task]));
  const ready: GraphTaskRow[] = [];
  for (const id of waitingBefore) {
    const task = now.get(id);
    if (!task || waitingNow.has(id) || task.completed || task.status === "blocked") continue;
    if (outline?.isSummary(id)) continue;
    ready.push(task);
  }
  return ready.sort((a, b) => a.id - b.id);
}

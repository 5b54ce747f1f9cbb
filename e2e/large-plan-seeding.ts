// Large plans written straight into the database, for the browser tests and benchmarks that need
// thousands of tasks (the API would take minutes to make them): three categories, tasks with
// descriptions and dates, their statuses as the caller spreads them, and, when asked, an outline of
// three levels as bench/views.bench.ts builds one (phases holding work packages holding the tasks).
import type { StoredTaskStatus } from "../core/tasks/status";
import { categories, tasks } from "../server/db/schema";
import type { RunningApp } from "./fixtures";

export type LargePlanOptions = {
  /** How many tasks in all, summaries included. */
  tasks: number;
  /**
   * One task in this many is a summary (12.5: 400 summaries in 5,000 tasks, a tenth of them phases
   * at the top, the others work packages under them); a flat plan when absent.
   */
  summaryEvery?: number;
  /** The status of the `index`th leaf (from 0); Not Started when absent. Completed leaves are completed. */
  statusOf?: (index: number) => StoredTaskStatus;
};

/** A leaf of the plan (a task that is not a summary), as written. */
export type LargeLeaf = {
  id: number;
  name: string;
  status: StoredTaskStatus;
  categoryId: number | null;
  order: number;
};

export type LargePlan = {
  categories: { id: number; name: string }[];
  /** The leaves in the order given by `order` (and, in an outline, under the packages in turn). */
  leaves: LargeLeaf[];
  /** The summaries' ids, phases first; none in a flat plan. */
  summaryIds: number[];
};

const BATCH = 1000;
const DAY = 24 * 60 * 60 * 1000;

/**
 * Writes a plan of `options.tasks` tasks into the project: categories Design, Build and Ship taken
 * in turn, a description on every third leaf, start and due dates around today. "Task {n}" is the
 * nth leaf; summaries are "Phase {n}" and "Package {n}".
 *
 * @example await seedLargePlan(app, project.id, { tasks: 5000, summaryEvery: 12.5 })
 */
export async function seedLargePlan(
  app: RunningApp,
  projectId: number,
  { tasks: count, summaryEvery, statusOf = () => "not-started" }: LargePlanOptions,
): Promise<LargePlan> {
  const { db } = app.database;
  const made = await db
    .insert(categories)
    .values(["Design", "Build", "Ship"].map((name) => ({ projectId, name, color: "#3357FF" })))
    .returning({ id: categories.id, name: categories.name });

  const summaryIds: number[] = [];
  let packageIds: number[] = [];
  if (summaryEvery !== undefined) {
    const summaries = Math.round(count / summaryEvery);
    const phases = Math.max(1, Math.round(summaries / 10));
    const top = await db
      .insert(tasks)
      .values(
        Array.from({ length: phases }, (_, index) => ({
          projectId,
          name: `Phase ${index + 1}`,
          order: index,
        })),
      )
      .returning({ id: tasks.id });
    const packages = await db
      .insert(tasks)
      .values(
        Array.from({ length: summaries - phases }, (_, index) => ({
          projectId,
          name: `Package ${index + 1}`,
          parentId: top[index % phases].id,
          order: index,
        })),
      )
      .returning({ id: tasks.id });
    summaryIds.push(...top.map((row) => row.id), ...packages.map((row) => row.id));
    packageIds = packages.length > 0 ? packages.map((row) => row.id) : top.map((row) => row.id);
  }

  const now = Date.now();
  const rows = Array.from({ length: count - summaryIds.length }, (_, index) => {
    const status = statusOf(index);
    const completed = status === "completed";
    return {
      projectId,
      name: `Task ${index + 1}`,
      description: index % 3 === 0 ? "Checked by two people before it ships." : "",
      status,
      completed,
      completedAt: completed ? new Date(now) : null,
      categoryId: made[index % made.length].id,
      parentId: packageIds.length > 0 ? packageIds[index % packageIds.length] : null,
      order: index,
      startDate: new Date(now + ((index % 60) - 20) * DAY),
      dueDate: new Date(now + ((index % 60) - 17) * DAY),
    };
  });
  const leaves: LargeLeaf[] = [];
  for (let at = 0; at < rows.length; at += BATCH) {
    const written = await db
      .insert(tasks)
      .values(rows.slice(at, at + BATCH))
      .returning({
        id: tasks.id,
        name: tasks.name,
        status: tasks.status,
        categoryId: tasks.categoryId,
        order: tasks.order,
      });
    leaves.push(...written);
  }
  leaves.sort((a, b) => a.order - b.order);
  return { categories: made, leaves, summaryIds };
}

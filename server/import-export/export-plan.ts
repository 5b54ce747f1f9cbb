// A stored project as every export format writes it: its calendar, categories, tasks (with their
// assignee's email and their scheduled dates, in outline order: a summary, then its subtree) and
// dependencies, and its baselines with their tasks, read in four statements; the schedule comes
// from the same rows (the scheduling state is not read a second time).
import { scheduleOf } from "@core/scheduling/plan";
import { buildOutline } from "@core/tasks/outline";
import { asc, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { baselines, baselineTasks, categories, dependencies, type Project, tasks, users } from "../db/schema";
import { schedulingStateOf } from "../scheduling/rescheduler";
import type { ExportedBaseline, ExportedPlan } from "./imported-plan";

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export async function loadExportedPlan(db: Database, project: Project): Promise<ExportedPlan> {
  const [categoryRows, taskRows, dependencyRows, baselineRows] = await Promise.all([
    db
      .select({ id: categories.id, name: categories.name, color: categories.color })
      .from(categories)
      .where(eq(categories.projectId, project.id))
      .orderBy(asc(categories.id)),
    db
      .select({ task: tasks, assigneeEmail: users.email })
      .from(tasks)
      .leftJoin(users, eq(users.id, tasks.assigneeId))
      .where(eq(tasks.projectId, project.id))
      .orderBy(asc(tasks.order), asc(tasks.id)),
    db
      .select({
        id: dependencies.id,
        sourceTaskId: dependencies.sourceTaskId,
        targetTaskId: dependencies.targetTaskId,
        type: dependencies.type,
        lag: dependencies.lag,
      })
      .from(dependencies)
      .where(eq(dependencies.projectId, project.id))
      .orderBy(asc(dependencies.id)),
    // Each baseline with its tasks' rows, one row per pair (a baseline of no task, once).
    db
      .select({
        id: baselines.id,
        name: baselines.name,
        finish: baselines.finish,
        taskId: baselineTasks.taskId,
        start: baselineTasks.start,
        taskFinish: baselineTasks.finish,
        duration: baselineTasks.duration,
      })
      .from(baselines)
      .leftJoin(baselineTasks, eq(baselineTasks.baselineId, baselines.id))
      .where(eq(baselines.projectId, project.id))
      .orderBy(asc(baselines.id), asc(baselineTasks.taskId)),
  ]);
  const calendar = {
    startDate: project.startDate,
    workingDays: project.workingDays,
    holidays: project.holidays,
  };
  const schedule = scheduleOf(
    schedulingStateOf(
      project.id,
      calendar,
      taskRows.map(({ task }) => task),
      dependencyRows,
    ),
  ).tasks;
  // Outline order: each summary before its subtree, siblings by order (core/tasks/outline.ts).
  const outline = buildOutline(taskRows.map(({ task }) => task));
  const rowOf = new Map(taskRows.map((row) => [row.task.id, row]));
  const ordered = outline.order.map((id) => rowOf.get(id) as (typeof taskRows)[number]);
  // A baseline outlives a deleted task: only the rows of tasks the plan still holds go out.
  const baselineById = new Map<number, ExportedBaseline>();
  for (const row of baselineRows) {
    let baseline = baselineById.get(row.id);
    if (!baseline) {
      baseline = { name: row.name, finish: row.finish, tasks: [] };
      baselineById.set(row.id, baseline);
    }
    if (row.taskId !== null && rowOf.has(row.taskId))
      baseline.tasks.push({
        taskId: row.taskId,
        start: row.start,
        finish: row.taskFinish,
        duration: row.duration,
      });
  }
  return {
    project: {
      name: project.name,
      slug: project.slug,
      description: project.description ?? "",
      statusDate: project.statusDate,
    },
    calendar,
    categories: categoryRows,
    tasks: ordered.map(({ task, assigneeEmail }) => {
      const scheduled = schedule.get(task.id);
      return {
        id: task.id,
        name: task.name,
        description: task.description,
        status: task.status,
        completed: task.completed,
        completedAt: iso(task.completedAt),
        startDate: iso(task.startDate),
        snoozeUntil: iso(task.snoozeUntil),
        dueDate: iso(task.dueDate),
        duration: task.duration,
        schedulingMode: task.schedulingMode,
        startNoEarlierThan: task.startNoEarlierThan,
        constraintType: task.constraintType,
        constraintDate: task.constraintDate,
        deadline: task.deadline,
        percentComplete: task.percentComplete,
        actualStart: task.actualStart,
        actualFinish: task.actualFinish,
        categoryId: task.categoryId,
        // A parent the outline does not read (never stored) goes out as the top level.
        parentId: outline.parentOf(task.id),
        assigneeEmail: assigneeEmail ?? null,
        positionX: task.positionX,
        positionY: task.positionY,
        width: task.width,
        height: task.height,
        order: task.order,
        schedule: scheduled ? { start: scheduled.start, finish: scheduled.finish } : null,
      };
    }),
    dependencies: dependencyRows,
    baselines: [...baselineById.values()],
  };
}

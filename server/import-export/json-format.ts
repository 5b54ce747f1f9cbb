// Our own JSON: a project's whole content (tasks with every field and position, categories,
// dependencies, calendar, the outline, progress, the status date and the baselines) for backups and moving between servers. Importing it gives
// an identical project with new ids (docs/decisions/025-import-and-export.md). Read with a schema
// whose errors name the path.
import { CONSTRAINT_TYPES } from "@core/scheduling/constraints";
import { DEPENDENCY_TYPES, SCHEDULING_MODES } from "@core/scheduling/engine";
import { unstorableTextIn } from "@core/schemas/storable-text";
import { STORED_TASK_STATUSES } from "@core/tasks/status";
import { z } from "zod";
import { type ExportedPlan, ImportError, type ImportedPlan } from "./imported-plan";
import { countTopLevelLists } from "./json-counts";
import { wholeWorkingDays } from "./whole-days";

export const JSON_FORMAT = "visual-project-planner";
export const JSON_VERSION = 1;

const nullableText = z.string().nullable().default(null);
const nullableNumber = z.number().finite().nullable().default(null);

const fileSchema = z.object({
  format: z.literal(JSON_FORMAT, { error: `"format" must be "${JSON_FORMAT}".` }),
  version: z.literal(JSON_VERSION, { error: `"version" must be ${JSON_VERSION}.` }),
  project: z.object({
    name: z.string(),
    description: z.string().nullable().default(""),
    statusDate: nullableText,
  }),
  calendar: z
    .object({
      startDate: z.string().optional(),
      workingDays: z.array(z.number().int()).optional(),
      holidays: z.array(z.string()).optional(),
    })
    .default({}),
  categories: z
    .array(z.object({ id: z.number().int(), name: z.string(), color: z.string().nullable().default(null) }))
    .default([]),
  tasks: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      description: z.string().default(""),
      status: z.enum(STORED_TASK_STATUSES).default("not-started"),
      completed: z.boolean().default(false),
      completedAt: nullableText,
      startDate: nullableText,
      snoozeUntil: nullableText,
      dueDate: nullableText,
      // Our export writes whole days; a part-day written by hand or by another tool is rounded up.
      duration: z.number().min(0).nullable().default(null),
      schedulingMode: z.enum(SCHEDULING_MODES).default("auto"),
      startNoEarlierThan: nullableText,
      // A file from before constraints carries only startNoEarlierThan: ASAP, or SNET on its day.
      // Dates that are no day are dropped with a warning when the plan is prepared.
      constraintType: z
        .enum(CONSTRAINT_TYPES, { error: `must be one of ${CONSTRAINT_TYPES.join(", ")}.` })
        .default("ASAP"),
      constraintDate: nullableText,
      deadline: nullableText,
      // Any number: one outside 0..100 is kept within it with a warning, and 100 completes the task
      // (imported-tracking.ts). Absent (a file from before tracking): as its completion says.
      percentComplete: nullableNumber,
      actualStart: nullableText,
      actualFinish: nullableText,
      categoryId: z.number().int().nullable().default(null),
      /** The id of the summary task it sits under (a task of the file), null at the top level. */
      parentId: z.number().int().nullable().default(null),
      assigneeEmail: nullableText,
      positionX: nullableNumber,
      positionY: nullableNumber,
      width: nullableNumber,
      height: nullableNumber,
      // Its place among its siblings. Any integer: out of the API's range, the store renumbers the
      // siblings from 0 in this order.
      order: z.number().int().default(0),
    }),
  ),
  dependencies: z
    .array(
      z.object({
        sourceTaskId: z.number().int(),
        targetTaskId: z.number().int(),
        type: z.enum(DEPENDENCY_TYPES).default("FS"),
        lag: z.number().int().default(0),
      }),
    )
    .default([]),
  /** Each baseline's tasks by the file's task ids (docs/spec/import-export.md, "Tracking"). */
  baselines: z
    .array(
      z.object({
        name: z.string(),
        finish: nullableText,
        tasks: z
          .array(
            z.object({
              taskId: z.number().int(),
              start: nullableText,
              finish: nullableText,
              duration: nullableNumber,
            }),
          )
          .default([]),
      }),
    )
    .default([]),
});

/**
 * The JSON export: the plan as stored, ids included (links, categories and parentId name them),
 * the tasks in outline order.
 */
export function writeJson(plan: ExportedPlan): string {
  return `${JSON.stringify(
    {
      format: JSON_FORMAT,
      version: JSON_VERSION,
      exportedAt: new Date().toISOString(),
      project: {
        name: plan.project.name,
        description: plan.project.description,
        statusDate: plan.project.statusDate ?? null,
      },
      calendar: plan.calendar,
      categories: plan.categories,
      tasks: plan.tasks.map(({ schedule: _schedule, ...task }) => task),
      dependencies: plan.dependencies.map(({ sourceTaskId, targetTaskId, type, lag }) => ({
        sourceTaskId,
        targetTaskId,
        type,
        lag,
      })),
      baselines: plan.baselines ?? [],
    },
    null,
    2,
  )}\n`;
}

/** The lists counted before the file is parsed, and what each holds. */
const COUNTED_LISTS = { tasks: "tasks", dependencies: "dependencies", categories: "categories" } as const;

/** ` (task "Name")` when a path is into a task that has a name, else nothing. */
function taskNamed(data: unknown, path: readonly PropertyKey[]): string {
  if (path[0] !== "tasks" || typeof path[1] !== "number") return "";
  const tasks = (data as { tasks?: unknown }).tasks;
  const name = Array.isArray(tasks) ? (tasks[path[1]] as { name?: unknown } | null)?.name : undefined;
  return typeof name === "string" ? ` (task "${name.slice(0, 80)}")` : "";
}

/** Reads our JSON export; a file of another shape is refused naming the first field that is wrong. */
export function readJson(text: string): ImportedPlan {
  const json = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  countTopLevelLists(json, COUNTED_LISTS);
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch (error) {
    throw new ImportError(`The JSON file cannot be read: ${(error as Error).message}.`);
  }
  // JSON escapes can write what no field stores ("\u0000", a lone "\ud800"): named by its path.
  const unstorable = unstorableTextIn(data);
  if (unstorable)
    throw new ImportError(
      `The JSON file holds text that cannot be stored: ${unstorable.path} must not contain ${unstorable.problem}.`,
    );
  const parsed = fileSchema.safeParse(data);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    const where = issue.path.length > 0 ? issue.path.join(".") : "the file";
    throw new ImportError(
      `The JSON file is not a project export: ${where}${taskNamed(data, issue.path)}: ${issue.message}`,
    );
  }
  const file = parsed.data;
  const warnings: string[] = [];
  const assigned = file.tasks.filter((task) => task.assigneeEmail).length;
  if (assigned > 0)
    warnings.push(
      `${assigned} tasks had an assignee; the imported project has no members yet, so they are unassigned.`,
    );
  return {
    name: file.project.name,
    description: file.project.description ?? undefined,
    calendar: file.calendar,
    categories: file.categories.map((category) => ({
      key: String(category.id),
      name: category.name,
      color: category.color,
    })),
    tasks: file.tasks.map((task) => ({
      key: String(task.id),
      name: task.name,
      description: task.description,
      status: task.status,
      completed: task.completed,
      completedAt: task.completedAt,
      startDate: task.startDate,
      snoozeUntil: task.snoozeUntil,
      dueDate: task.dueDate,
      duration: task.duration === null ? null : wholeWorkingDays(task.duration),
      schedulingMode: task.schedulingMode,
      startNoEarlierThan: task.startNoEarlierThan,
      constraintType: task.constraintType,
      constraintDate: task.constraintDate,
      deadline: task.deadline,
      percentComplete: task.percentComplete,
      actualStart: task.actualStart,
      actualFinish: task.actualFinish,
      categoryKey: task.categoryId === null ? null : String(task.categoryId),
      parentKey: task.parentId === null ? null : String(task.parentId),
      positionX: task.positionX,
      positionY: task.positionY,
      width: task.width,
      height: task.height,
      order: task.order,
    })),
    dependencies: file.dependencies.map((link) => ({
      sourceKey: String(link.sourceTaskId),
      targetKey: String(link.targetTaskId),
      type: link.type,
      lag: link.lag,
    })),
    statusDate: file.project.statusDate,
    baselines: file.baselines.map((baseline) => ({
      name: baseline.name,
      finish: baseline.finish,
      tasks: new Map(
        baseline.tasks.map(({ taskId, start, finish, duration }) => [
          String(taskId),
          { start, finish, duration },
        ]),
      ),
    })),
    warnings,
  };
}

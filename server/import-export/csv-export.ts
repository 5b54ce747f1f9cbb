// Writing a plan as a CSV task list (docs/decisions/025-import-and-export.md): one row per task in
// outline order, the wire's field labels as the header then the outline's "Outline Level" and
// "WBS", the constraint's "Constraint Type", "Constraint Date" and "Deadline" and the progress's
// "% Complete", "Actual Start" and "Actual Finish" (MS Project's names and words), predecessors as MS Project writes them, every cell neutralised against
// spreadsheet formulas.
import { epochDayOf, isoDateOf } from "@core/scheduling/calendar";
import { CSV_FIELD_LABELS, CSV_FIELDS } from "@core/schemas/import-export";
import { buildOutline } from "@core/tasks/outline";
import { constraintCells } from "./csv-constraints";
import { trackingCells } from "./csv-tracking";
import { neutralized, predecessorText } from "./csv-values";
import type { ExportedPlan } from "./imported-plan";

/**
 * The export's columns, in order: the wire's field labels, then the outline's, as MS Project names
 * them (docs/decisions/025-import-and-export.md).
 */
export const CSV_HEADER = [
  ...CSV_FIELDS.map((field) => CSV_FIELD_LABELS[field]),
  "Outline Level",
  "WBS",
  "Constraint Type",
  "Constraint Date",
  "Deadline",
  "% Complete",
  "Actual Start",
  "Actual Finish",
];

/** One cell: neutralised against formulas, quoted when it holds a comma, a quote or a line break. */
function csvCell(value: string): string {
  const safe = neutralized(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** "YYYY-MM-DD" of a stored date-time: the day of its nearest UTC midnight. */
function storedDay(value: string | null): string {
  if (!value) return "";
  const day = epochDayOf(value);
  return Number.isFinite(day) ? isoDateOf(day) : "";
}

/**
 * The plan as CSV: the header and one row per task in outline order (a summary, then its subtree),
 * CRLF line ends. A summary's start and finish are the scheduler's when it rolls them up.
 */
export function writeCsv(plan: ExportedPlan): string {
  const categoryNames = new Map(plan.categories.map((category) => [category.id, category.name]));
  const taskIds = new Set(plan.tasks.map((task) => task.id));
  const predecessors = new Map<number, string[]>();
  for (const link of plan.dependencies) {
    if (!taskIds.has(link.sourceTaskId)) continue;
    const list = predecessors.get(link.targetTaskId) ?? [];
    list.push(predecessorText(link.sourceTaskId, link.type, link.lag));
    predecessors.set(link.targetTaskId, list);
  }
  const lines = [CSV_HEADER.join(",")];
  const outline = buildOutline(plan.tasks);
  const byId = new Map(plan.tasks.map((task) => [task.id, task]));
  for (const id of outline.order) {
    const task = byId.get(id) as ExportedPlan["tasks"][number];
    const { outlineLevel, wbs } = outline.fieldsOf(id);
    const row = [
      String(task.id),
      task.name,
      task.description,
      task.status,
      String(task.completed),
      task.schedule?.start ?? storedDay(task.startDate),
      task.schedule?.finish ?? storedDay(task.dueDate),
      task.duration === null ? "" : String(task.duration),
      task.categoryId === null ? "" : (categoryNames.get(task.categoryId) ?? ""),
      task.assigneeEmail ?? "",
      (predecessors.get(task.id) ?? []).join(";"),
      String(outlineLevel),
      wbs,
      ...constraintCells(task),
      ...trackingCells(task),
    ];
    lines.push(row.map(csvCell).join(","));
  }
  return `${lines.join("\r\n")}\r\n`;
}

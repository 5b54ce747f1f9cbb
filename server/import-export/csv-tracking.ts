// A task's progress in a CSV (docs/spec/import-export.md, "Tracking"): the columns "% Complete",
// "Actual Start" and "Actual Finish", as MS Project names them. A percent is read with or without
// its sign ("50%", "50"); the export writes it with the sign, as MS Project does, and the actual
// dates as "YYYY-MM-DD" days.
import type { ExportedTask } from "./imported-plan";

/**
 * The percent a cell says, null for an empty cell, NaN for one that says no number (the import
 * leaves it out with a warning); a number outside 0..100 is passed on, to be kept within it.
 * @example percentOf("50%") // 50
 */
export function percentOf(cell: string): number | null {
  const trimmed = cell.trim();
  if (trimmed === "" || /^n\/?a$/i.test(trimmed)) return null;
  const match = /^([+-]?\d+(?:[.,]\d+)?)\s*%?$/.exec(trimmed);
  return match ? Number(match[1].replace(",", ".")) : Number.NaN;
}

/** A task's three cells as the export writes them: its percent with the sign, then two days. */
export function trackingCells(
  task: Pick<ExportedTask, "completed" | "percentComplete" | "actualStart" | "actualFinish">,
): [string, string, string] {
  const percent = task.completed ? 100 : (task.percentComplete ?? 0);
  return [`${percent}%`, task.actualStart?.slice(0, 10) ?? "", task.actualFinish?.slice(0, 10) ?? ""];
}

// What an edited grid cell asks of its task: the same update the task dialog or a bar edit sends
// (docs/spec/gantt-columns.md). Start on a scheduled auto task moves it, keeping its duration (its
// start becomes its start-no-earlier-than, as a bar moved); Finish is its last day worked (its
// duration follows, as a bar's end dragged); a task without a duration keeps its own dates.
import { CELL_MESSAGES, readConstraint, readDay, readDuration, readPercent } from "@core/gantt/grid-cells";
import type { ConstraintType } from "@core/scheduling/constraints";
import type { ScheduledTaskDto, TaskDto } from "@core/schemas/projects";
import { type TaskChanges, taskDateProblems } from "@core/schemas/tasks";
import { fromDateInputValue, toDateInputValue } from "@/lib/task-dates";
import type { GridColumn } from "./gantt-grid-columns";

/** What the editor holds: the text typed (a day for dates), and a constraint's type. */
export type CellDraft = { text: string; constraintType?: ConstraintType };

export type CellChanges = { ok: true; changes: TaskChanges } | { ok: false; message: string };

const NONE: CellChanges = { ok: true, changes: {} };

/** A task without a schedule keeps its own dates, which must keep their order. */
function ownDate(task: TaskDto, field: "startDate" | "dueDate", day: string | null): CellChanges {
  if (day === toDateInputValue(task[field]) || (day === null && task[field] === null)) return NONE;
  const value = day === null ? null : fromDateInputValue(day);
  const problem = taskDateProblems({
    startDate: task.startDate,
    snoozeUntil: task.snoozeUntil,
    dueDate: task.dueDate,
    [field]: value,
  })[0];
  return problem ? { ok: false, message: problem.message } : { ok: true, changes: { [field]: value } };
}

/**
 * The update of `task` that a cell's draft asks for, or why it cannot be saved; empty changes when
 * the draft says what the task already holds. The ID and the predecessors are not task fields.
 * @example cellChanges(task, "duration", { text: "5d" }, false) // { ok: true, changes: { duration: 5 } }
 */
export function cellChanges(
  task: TaskDto,
  column: GridColumn,
  draft: CellDraft,
  summary: boolean,
): CellChanges {
  const { schedule } = task as ScheduledTaskDto;
  switch (column) {
    case "duration": {
      const read = readDuration(draft.text);
      if (!read.ok) return read;
      return read.value === task.duration ? NONE : { ok: true, changes: { duration: read.value } };
    }
    case "percentComplete": {
      const read = readPercent(draft.text);
      if (!read.ok) return read;
      return read.value === task.percentComplete
        ? NONE
        : { ok: true, changes: { percentComplete: read.value } };
    }
    case "start":
    case "finish": {
      const read = readDay(draft.text, !schedule);
      if (!read.ok) return read;
      const field = column === "start" ? "startDate" : "dueDate";
      if (!schedule || read.value === null) return ownDate(task, field, read.value);
      if (read.value === (column === "start" ? schedule.start : schedule.finish)) return NONE;
      if (column === "finish" && read.value < schedule.start)
        return { ok: false, message: CELL_MESSAGES.finishBeforeStart };
      return { ok: true, changes: { [field]: fromDateInputValue(read.value) } };
    }
    case "constraint": {
      const read = readConstraint(draft.constraintType ?? task.constraintType, draft.text, summary);
      if (!read.ok) return read;
      const { constraintType, constraintDate } = read.value;
      if (constraintType === task.constraintType && constraintDate === task.constraintDate) return NONE;
      return { ok: true, changes: { constraintType, constraintDate } };
    }
    case "id":
    case "predecessors":
      return NONE;
  }
}

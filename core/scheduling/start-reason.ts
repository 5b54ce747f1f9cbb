// Why a task starts when it does, in words (docs/spec/constraints.md, "Why this date"): the task
// dialog says what its schedule's `drivenBy` names, the link it waits for with the prerequisite's
// name, its type and lag, the project's start, its constraint or its own dates; and, when a
// constraint or deadline is missed, how late it is.
import { CONSTRAINT_NAMES } from "./constraint-fields";
import { type ConstraintType, DATED_CONSTRAINTS } from "./constraints";
import type { DependencyType } from "./engine";
import { shortDate } from "./preview-text";
import type { DrivenBy } from "./schedule-explanation";

type ReasonTask = {
  id: number;
  name: string;
  parentId?: number | null;
  schedulingMode?: string;
  constraintType?: ConstraintType | null;
  constraintDate?: string | null;
  schedule?: {
    start: string;
    totalFloat: number;
    drivenBy?: DrivenBy;
    conflict?: boolean;
    conflictReason?: string | null;
  } | null;
};
type ReasonDependency = { id: number; sourceTaskId: number; type?: DependencyType; lag?: number };

/** A link's type as a sentence says it. */
export const LINK_TYPE_WORDS: Record<DependencyType, string> = {
  FS: "finish to start",
  SS: "start to start",
  FF: "finish to finish",
  SF: "start to finish",
};

const days = (count: number) => `${count} ${count === 1 ? "day" : "days"}`;

/**
 * A link's lag as a sentence says it: "+ 2 days", "− 1 day" (a minus sign), "" for none.
 * @example lagWords(-1) // "− 1 day"
 */
export function lagWords(lag: number): string {
  if (lag === 0) return "";
  return `${lag > 0 ? "+" : "\u2212"} ${days(Math.abs(lag))}`;
}

/** "Start no earlier than Mar 9": a constraint type's words and, for a dated one, its day. */
export function constraintWords(
  type: ConstraintType,
  date: string | null | undefined,
  thisYear: number,
): string {
  const name = CONSTRAINT_NAMES[type];
  return DATED_CONSTRAINTS.includes(type) && date ? `${name} ${shortDate(date, thisYear)}` : name;
}

/** The nearest summary above the task that holds a dated constraint (a start-no-earlier-than). */
function constrainedSummaryOf(task: ReasonTask, byId: ReadonlyMap<number, ReasonTask>) {
  const seen = new Set([task.id]);
  for (let at = byId.get(task.parentId ?? -1); at && !seen.has(at.id); at = byId.get(at.parentId ?? -1)) {
    seen.add(at.id);
    if (at.constraintType && DATED_CONSTRAINTS.includes(at.constraintType) && at.constraintDate) return at;
  }
  return undefined;
}

/**
 * Why the task starts when it does, or null when it is not scheduled (or its schedule does not
 * say). `tasks` and `dependencies` are the project's; `thisYear` leaves the year off its dates.
 * @example startReason(pourWalls, tasks, dependencies, 2026)
 * // "Starts Mar 4 because it waits for Pour foundation, finish to start + 2 days."
 * @example startReason(firstTask, tasks, dependencies, 2026) // "Starts Mar 2, the project's start."
 */
export function startReason(
  task: ReasonTask,
  tasks: readonly ReasonTask[],
  dependencies: readonly ReasonDependency[],
  thisYear: number,
): string | null {
  const schedule = task.schedule;
  const driver = schedule?.drivenBy;
  if (!schedule || !driver) return null;
  const starts = `Starts ${shortDate(schedule.start, thisYear)}`;
  switch (driver.kind) {
    case "manual":
      return "Stands on its own dates (manual).";
    case "actual":
      return `Started ${shortDate(schedule.start, thisYear)}: work on it has begun.`;
    case "projectStart":
      return `${starts}, the project's start.`;
    case "constraint": {
      const type = task.constraintType ?? "ASAP";
      if (type === "ALAP") return `${starts}: as late as possible.`;
      if (DATED_CONSTRAINTS.includes(type))
        return `${starts}: its constraint, ${constraintWords(type, task.constraintDate, thisYear)}.`;
      // An undated task held by a constraint is held by its summary's start-no-earlier-than.
      const summary = constrainedSummaryOf(task, new Map(tasks.map((each) => [each.id, each])));
      return summary
        ? `${starts}: its summary ${summary.name}'s constraint, ${constraintWords(summary.constraintType ?? "SNET", summary.constraintDate, thisYear)}.`
        : `${starts}: its constraint.`;
    }
    case "dependency": {
      const link = dependencies.find((each) => each.id === driver.dependencyId);
      const prerequisite = link && tasks.find((each) => each.id === link.sourceTaskId);
      if (!link || !prerequisite) return `${starts} because it waits for a prerequisite.`;
      const how = [LINK_TYPE_WORDS[link.type ?? "FS"], lagWords(link.lag ?? 0)].filter(Boolean).join(" ");
      return `${starts} because it waits for ${prerequisite.name}, ${how}.`;
    }
  }
}

/**
 * How late a task is when its float is negative: "3 working days late"; null when it is not.
 * @example lateWords(-1) // "1 working day late"
 */
export function lateWords(totalFloat: number): string | null {
  if (totalFloat >= 0) return null;
  const count = -totalFloat;
  return `${count} working ${count === 1 ? "day" : "days"} late`;
}

/**
 * What the dialog warns of a task's schedule: its conflict in words and how late it is, or null
 * when nothing is missed. Negative float without a conflict's words still says it is late.
 * @example scheduleWarning({ conflict: true, conflictReason: "Finishes Mar 12, after its deadline, Mar 9, 2026.", totalFloat: -3 })
 * // { reason: "Finishes Mar 12, after its deadline, Mar 9, 2026.", late: "3 working days late" }
 */
export function scheduleWarning(
  schedule: NonNullable<ReasonTask["schedule"]>,
): { reason: string | null; late: string | null } | null {
  const late = lateWords(schedule.totalFloat);
  const reason = schedule.conflict ? (schedule.conflictReason ?? null) : null;
  if (!schedule.conflict && late === null) return null;
  return { reason, late };
}

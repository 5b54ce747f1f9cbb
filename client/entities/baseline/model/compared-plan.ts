// The plan a user compares the current one with (docs/spec/tracking.md): a saved baseline or the
// plan as it stood at the end of a past day. Both come to one shape, so the Gantt's thin bars, the
// variance and the list's columns read either alike; each task's dates are mapped by id once per
// answer, so a row of a 5,000-task plan finds them in O(1).
import { dayWords } from "@core/scheduling/schedule-explanation";
import { momentOf, type ProjectAsOfDto } from "@core/schemas/as-of";
import type { BaselineDto } from "@core/schemas/baselines";

/** A task's dates in the compared plan, "YYYY-MM-DD"; null: it was not scheduled then. */
export type PlannedDates = { start: string | null; finish: string | null };

export type ComparedPlan = {
  /** What was chosen: "baseline:7" or "date:2026-03-03". */
  key: string;
  /** Its name in words: the baseline's ("Baseline 1") or the day's ("Mar 3, 2026"). */
  name: string;
  /** Each task the plan held, by id; a task absent was not in it. */
  tasks: ReadonlyMap<number, PlannedDates>;
};

/** What the user compares with: a baseline by id, or a past day (null: the day is not picked yet). */
export type ComparedChoice = { kind: "baseline"; id: number } | { kind: "date"; day: string | null };

/** A day as the as-of route reads it (its end); momentOf also refuses a day that does not exist. */
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The stored choice read back: "baseline:7", "date:2026-03-03", "date:" (a past day, none picked
 * yet), or an older plain baseline id ("7"); null for anything else.
 * @example parseComparedChoice("7") // { kind: "baseline", id: 7 }
 */
export function parseComparedChoice(stored: string | null): ComparedChoice | null {
  if (stored === null) return null;
  if (stored.startsWith("date:")) {
    const day = stored.slice("date:".length);
    if (day === "") return { kind: "date", day: null };
    return DAY.test(day) && momentOf(day) !== null ? { kind: "date", day } : null;
  }
  const id = Number(stored.startsWith("baseline:") ? stored.slice("baseline:".length) : stored);
  return stored !== "" && Number.isInteger(id) && id > 0 ? { kind: "baseline", id } : null;
}

/**
 * The choice as stored.
 * @example storedComparedChoice({ kind: "date", day: "2026-03-03" }) // "date:2026-03-03"
 */
export const storedComparedChoice = (choice: ComparedChoice): string =>
  choice.kind === "baseline" ? `baseline:${choice.id}` : `date:${choice.day ?? ""}`;

/** A day ("YYYY-MM-DD") in words as it names a compared plan: "Mar 3, 2026". */
export const pastDayName = (day: string) => dayWords(day);

/** A saved baseline as a compared plan: its rows' start and finish, under its name. */
export function baselinePlan(baseline: BaselineDto): ComparedPlan {
  return {
    key: `baseline:${baseline.id}`,
    name: baseline.name,
    tasks: new Map(baseline.tasks.map((task) => [task.taskId, task])),
  };
}

/**
 * The plan at the end of `day` (the as-of answer) as a compared plan: each task's scheduled start
 * and finish then, under the day's name.
 * @example asOfPlan("2026-03-03", answer).name // "Mar 3, 2026"
 */
export function asOfPlan(day: string, answer: ProjectAsOfDto): ComparedPlan {
  return {
    key: `date:${day}`,
    name: pastDayName(day),
    tasks: new Map(
      answer.tasks.map((task) => [
        task.id,
        {
          start: task.schedule ? task.schedule.start.slice(0, 10) : null,
          finish: task.schedule ? task.schedule.finish.slice(0, 10) : null,
        },
      ]),
    ),
  };
}

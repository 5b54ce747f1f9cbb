// A leaf task's progress (docs/spec/tracking.md): percentComplete, actualStart and actualFinish,
// and the completion they are one fact with. A write may send any of them, or only complete or
// reopen the task; the task ends holding them agreeing, or the write is refused naming the field.
// The server judges every write by this; the task dialog the same way.

import { OUTLINE_LEVELS_MAX } from "./outline";

/** What a task holds of its progress. */
export type ProgressFields = {
  percentComplete: number;
  actualStart: string | null;
  actualFinish: string | null;
  completed: boolean;
};

/** What a write sends of it (undefined: left as it is). */
export type ProgressChanges = Partial<ProgressFields>;

export const PROGRESS_MESSAGES = {
  finishBeforeStart: "actualFinish must be on or after actualStart.",
  finishNotDone: "actualFinish can only be set on a completed task: set percentComplete to 100 too.",
  disagree: "percentComplete is 100 exactly when the task is completed: send one of them, or both agreeing.",
} as const;

/** The progress fields a write may send, besides the completion. */
export const PROGRESS_FIELDS = ["percentComplete", "actualStart", "actualFinish"] as const;

/** Whether a write touches progress: one of its fields, or the completion. */
export const touchesProgress = (changes: ProgressChanges) =>
  changes.completed !== undefined || PROGRESS_FIELDS.some((field) => changes[field] !== undefined);

/**
 * The progress a task holds after a write. Completing makes it 100 % with an actual finish (today
 * when none is sent) and 100 % completes it; reopening takes it back to 0 % (or the percent sent)
 * without a finish; any progress gives it an actual start, its scheduled start when none is sent
 * (never after its finish). `today` and `scheduledStart` are "YYYY-MM-DD".
 * @example settleProgress(notStarted, { percentComplete: 40 }, { today: "2026-03-05", scheduledStart: "2026-03-02" })
 * // { percentComplete: 40, actualStart: "2026-03-02", actualFinish: null, completed: false }
 */
export function settleProgress(
  current: ProgressFields,
  changes: ProgressChanges,
  { today, scheduledStart }: { today: string; scheduledStart: string | null },
): ProgressFields | { field: keyof ProgressChanges; message: string } {
  const sentPercent = changes.percentComplete;
  if (
    changes.completed !== undefined &&
    sentPercent !== undefined &&
    (sentPercent === 100) !== changes.completed
  )
    return { field: "percentComplete", message: PROGRESS_MESSAGES.disagree };
  // Which way the facts meet: what was sent decides.
  let completed = changes.completed ?? current.completed;
  if (changes.completed === undefined) {
    if (sentPercent !== undefined) completed = sentPercent === 100;
    else if (changes.actualFinish) completed = true;
  }
  let percent = sentPercent ?? current.percentComplete;
  let start = changes.actualStart !== undefined ? changes.actualStart : current.actualStart;
  let finish = changes.actualFinish !== undefined ? changes.actualFinish : current.actualFinish;
  if (completed) {
    percent = 100;
    finish ??= today;
  } else {
    if (changes.actualFinish) return { field: "actualFinish", message: PROGRESS_MESSAGES.finishNotDone };
    if (percent === 100) percent = 0;
    finish = null;
  }
  if (percent > 0 && start === null) {
    start = scheduledStart ?? today;
    if (finish !== null && start > finish) start = finish;
  }
  if (start !== null && finish !== null && finish < start)
    return { field: "actualFinish", message: PROGRESS_MESSAGES.finishBeforeStart };
  return { percentComplete: percent, actualStart: start, actualFinish: finish, completed };
}

/**
 * A summary's progress: its leaves' weighted by duration (a leaf without one, or a milestone,
 * weighs one day), rounded down so that only a whole finished subtree reads 100.
 * @example rolledUpPercent([{ percentComplete: 100, duration: 3 }, { percentComplete: 0, duration: 1 }]) // 75
 */
export function rolledUpPercent(
  leaves: readonly { percentComplete: number; duration: number | null }[],
): number {
  let weight = 0;
  let done = 0;
  for (const leaf of leaves) {
    const days = leaf.duration && leaf.duration > 0 ? leaf.duration : 1;
    weight += days;
    done += days * leaf.percentComplete;
  }
  return weight === 0 ? 0 : Math.floor(done / weight);
}

type RollUpTask = {
  id: number;
  parentId?: number | null;
  percentComplete: number;
  duration: number | null;
  completed?: boolean;
  status?: string;
};

/** What a summary shows of its leaves (docs/spec/outline.md, "Roll-up"). */
export type SummaryRollUp = {
  /** rolledUpPercent of the leaves under it. */
  percentComplete: number;
  /** Every leaf under it is completed. */
  completed: boolean;
  /** Completed, else in progress once a leaf has started (is in progress or completed), else not started. */
  status: "completed" | "in-progress" | "not-started";
};

/**
 * Each summary's roll-up of the leaves under it, by id: the answers and the live copies carry it as
 * the summary's percentComplete, completed and status. A leaf adds to every summary above it.
 * @example summaryRollUps([{ id: 1, parentId: null, ... }, { id: 2, parentId: 1, percentComplete: 50, duration: 2, status: "in-progress" }]).get(1) // { percentComplete: 50, completed: false, status: "in-progress" }
 */
export function summaryRollUps(tasks: readonly RollUpTask[]): Map<number, SummaryRollUp> {
  const byId = new Map(tasks.map((task) => [task.id, task]));
  const parents = new Set<number>();
  for (const task of tasks) if (task.parentId != null && byId.has(task.parentId)) parents.add(task.parentId);
  const sums = new Map<number, { weight: number; done: number; open: boolean; started: boolean }>();
  for (const task of tasks) {
    if (parents.has(task.id)) continue;
    const days = task.duration && task.duration > 0 ? task.duration : 1;
    const completed = task.completed ?? false;
    const started = completed || task.status === "in-progress";
    // At most as many steps up as an outline has levels: a loop (never stored) cannot hold it.
    let steps = 0;
    for (
      let at = task.parentId;
      at != null && byId.has(at) && steps++ < OUTLINE_LEVELS_MAX;
      at = byId.get(at)?.parentId
    ) {
      const sum = sums.get(at) ?? { weight: 0, done: 0, open: false, started: false };
      sum.weight += days;
      sum.done += days * task.percentComplete;
      sum.open ||= !completed;
      sum.started ||= started;
      sums.set(at, sum);
    }
  }
  return new Map(
    [...sums].map(([id, { weight, done, open, started }]) => [
      id,
      {
        percentComplete: Math.floor(done / weight),
        completed: !open,
        status: !open ? "completed" : started ? "in-progress" : "not-started",
      },
    ]),
  );
}

/**
 * Each summary's rolled-up progress alone, by id (summaryRollUps).
 * @example summaryPercents([{ id: 1, parentId: null, ... }, { id: 2, parentId: 1, percentComplete: 50, duration: 2 }]).get(1) // 50
 */
export function summaryPercents(tasks: readonly RollUpTask[]): Map<number, number> {
  return new Map([...summaryRollUps(tasks)].map(([id, { percentComplete }]) => [id, percentComplete]));
}

// What each notification says, in plain words: the task by its name, the person by how the app
// names people (core/users/display-name.ts), a day as the activity log shows it ("Dec 1", with the
// year when it is not this one).
import { shortDate } from "@core/scheduling/preview-text";
import { userDisplayName } from "@core/users/display-name";

/** Why a task is ready: a prerequisite done or started, or nothing holding it any more. */
export type UnblockedBecause =
  | { kind: "done"; prerequisite: string }
  | { kind: "started"; prerequisite: string }
  | { kind: "cleared" };

/** Whether a deadline notification is about the task's deadline or its due date. */
export type DeadlineSource = "deadline" | "due";

/**
 * @example unblockedText("Pour foundation", { kind: "done", prerequisite: "Dig footings" })
 * // "Pour foundation is ready to start: Dig footings is done."
 */
export function unblockedText(task: string, because: UnblockedBecause): string {
  if (because.kind === "done") return `${task} is ready to start: ${because.prerequisite} is done.`;
  if (because.kind === "started") return `${task} is ready to start: ${because.prerequisite} has started.`;
  return `${task} is ready to start: nothing blocks it now.`;
}

/** @example assignedText({ firstName: "Ana", lastName: "Costa" }, "Pour foundation") // "Ana Costa assigned Pour foundation to you." */
export function assignedText(actor: Parameters<typeof userDisplayName>[0], task: string): string {
  return `${userDisplayName(actor)} assigned ${task} to you.`;
}

/** @example deadlineNearText("Pour foundation", "due", "2026-12-01", 2026) // "Pour foundation is due on Dec 1." */
export function deadlineNearText(
  task: string,
  source: DeadlineSource,
  day: string,
  thisYear: number,
): string {
  const date = shortDate(day, thisYear);
  return source === "due" ? `${task} is due on ${date}.` : `${task} reaches its deadline on ${date}.`;
}

/** @example deadlineMissedText("Pour foundation", "deadline", "2026-12-01", 2026) // "Pour foundation missed its deadline of Dec 1." */
export function deadlineMissedText(
  task: string,
  source: DeadlineSource,
  day: string,
  thisYear: number,
): string {
  const date = shortDate(day, thisYear);
  return source === "due" ? `${task} was due on ${date}.` : `${task} missed its deadline of ${date}.`;
}

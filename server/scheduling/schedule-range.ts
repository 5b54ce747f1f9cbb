// A write whose schedule would run past 9999-12-31
// (docs/decisions/031-imports-off-the-request-thread.md): the planner throws
// ScheduleOutOfRangeError from whichever write planned it (task, dependency, calendar, undo), and
// the error handler answers 400 naming the task, so no route has to catch it on its own.

import type { ScheduleOutOfRangeError } from "@core/scheduling/plan";
import { LAST_DAY } from "@core/schemas/date-range";
import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Database } from "../db/client";
import { tasks } from "../db/schema";

/** The 400's body: the message names the task (by the name being written, for a new one). */
export async function scheduleOutOfRangeAnswer(
  db: Database,
  error: ScheduleOutOfRangeError,
  request: FastifyRequest,
): Promise<{ message: string; code: string; field: string; taskId?: number }> {
  let name: string | null = null;
  if (error.taskId > 0) {
    const [row] = await db.select({ name: tasks.name }).from(tasks).where(eq(tasks.id, error.taskId));
    name = row?.name ?? null;
  }
  // A task being created has no id yet: its name is the one the request sends.
  const sent = (request.body as { name?: unknown } | null)?.name;
  if (name === null && typeof sent === "string" && sent.trim() !== "") name = sent.trim();
  const task = name === null ? "A task" : `The task "${name}"`;
  return {
    message: `${task} would be scheduled past ${LAST_DAY}, the last day a plan can hold: shorten it or start it earlier.`,
    code: "schedule_out_of_range",
    field: "duration",
    ...(error.taskId > 0 ? { taskId: error.taskId } : {}),
  };
}

// Baselines on the wire (docs/spec/tracking.md, "Baselines"): a saved copy of every task's
// scheduled start, finish and duration and of the project's finish, to compare the plan with later.
// The server's routes parse with these schemas and answer these shapes; the client reads the same.
import { z } from "zod";
import { idParam } from "./common";

/** MS Project keeps Baseline and Baseline 1..10: eleven per project. */
export const BASELINES_PER_PROJECT = 11;
export const BASELINE_NAME_MAX = 100;

/** The 409 of a save past the limit. */
export const BASELINE_LIMIT_MESSAGE = `A project keeps at most ${BASELINES_PER_PROJECT} baselines; delete one before saving another.`;
export const BASELINE_LIMIT_CODE = "baseline_limit";
export const BASELINE_NOT_FOUND = "Baseline not found.";

const NAME_MESSAGE = `name must be 1 to ${BASELINE_NAME_MAX} characters.`;

/** A baseline's name: trimmed, 1..100 characters. */
export const baselineNameSchema = z
  .string({ error: "name is required." })
  .trim()
  .min(1, NAME_MESSAGE)
  .max(BASELINE_NAME_MAX, NAME_MESSAGE);

/** `POST /api/projects/{id}/baselines` and `PATCH .../baselines/{baselineId}`: `{ "name" }`. */
export const baselineBodySchema = z.object({ name: baselineNameSchema });
export type BaselineInput = z.input<typeof baselineBodySchema>;

export const baselineParamsSchema = z.object({ id: idParam("id"), baselineId: idParam("baselineId") });

/** A baseline as the list answers it. `finish`: the project's finish then ("YYYY-MM-DD"), null when nothing was scheduled. */
export type BaselineSummaryDto = {
  id: number;
  name: string;
  /** ISO timestamp of the save. */
  savedAt: string;
  /** Who saved it; null when that account is gone. */
  savedBy: { id: number; name: string } | null;
  finish: string | null;
};

/**
 * A task as the baseline saw it: its scheduled start and finish ("YYYY-MM-DD"; null when it was
 * not scheduled) and its duration in working days (null without one, and for a summary).
 */
export type BaselineTaskDto = {
  taskId: number;
  start: string | null;
  finish: string | null;
  duration: number | null;
};

/** `GET /api/projects/{id}/baselines/{baselineId}`: the summary and every task it saved, by task id. */
export type BaselineDto = BaselineSummaryDto & { tasks: BaselineTaskDto[] };

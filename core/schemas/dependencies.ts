// Dependencies: the API contract. sourceTaskId is the prerequisite, targetTaskId the dependent task.
import { z } from "zod";
import { idField } from "./common";
import { dependencyTypeSchema, LAG_LIMIT, lagSchema } from "./scheduling";
import type { Simplify } from "./wire";

/** Every field of a dependency a request may write: the wire type and the create body follow it. */
export const dependencyFields = {
  sourceTaskId: idField("sourceTaskId"),
  targetTaskId: idField("targetTaskId"),
  type: dependencyTypeSchema,
  lag: lagSchema,
};

/** POST /api/dependencies. The project is the tasks' own; type FS and lag 0 unless sent. */
export const createDependencySchema = z.object({
  ...dependencyFields,
  type: dependencyTypeSchema.default("FS"),
  lag: lagSchema.default(0),
});
export type CreateDependencyInput = z.input<typeof createDependencySchema>;

/** PUT /api/dependencies/{id}: its type, its lag or both. */
export const updateDependencySchema = z
  .object({ type: dependencyTypeSchema, lag: lagSchema })
  .partial()
  .refine((value) => value.type !== undefined || value.lag !== undefined, {
    message: "Send type, lag or both.",
  });
export type UpdateDependencyInput = z.input<typeof updateDependencySchema>;

/** What the dependency dialog says of a lag it cannot take. */
export const LAG_FORM_ERROR = `Lag must be a whole number of working days from -${LAG_LIMIT} to ${LAG_LIMIT}.`;

/**
 * The dependency dialog's form: the lag as typed (text), read into the API's lag by the API's own
 * rule (lagSchema), so the dialog refuses exactly what the server would.
 * @example dependencyFormSchema.parse({ type: "SS", lag: " +2 " }) // { type: "SS", lag: 2 }
 */
export const dependencyFormSchema = z.object({
  type: dependencyTypeSchema,
  lag: z
    .string()
    .trim()
    .regex(/^[-+]?\d+$/, LAG_FORM_ERROR)
    .transform(Number)
    .refine((lag) => lagSchema.safeParse(lag).success, LAG_FORM_ERROR),
});
export type DependencyFormValues = z.input<typeof dependencyFormSchema>;

/** A dependency as the API answers it. */
export type DependencyDto = Simplify<
  { id: number; projectId: number } & {
    [K in keyof typeof dependencyFields]: z.output<(typeof dependencyFields)[K]>;
  }
>;

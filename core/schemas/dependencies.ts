// Dependencies: the API contract. sourceTaskId is the prerequisite, targetTaskId the dependent task.
import { z } from "zod";
import { idField } from "./common";
import { dependencyTypeSchema, lagSchema } from "./scheduling";
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

/** A dependency as the API answers it. */
export type DependencyDto = Simplify<
  { id: number; projectId: number } & {
    [K in keyof typeof dependencyFields]: z.output<(typeof dependencyFields)[K]>;
  }
>;

// Dependencies: the API contract. sourceTaskId is the prerequisite, targetTaskId the dependent task.
import { z } from "zod";
import { idField } from "./common";
import type { Simplify } from "./wire";

/** Every field of a dependency a request may write: the wire type and the create body follow it. */
export const dependencyFields = {
  sourceTaskId: idField("sourceTaskId"),
  targetTaskId: idField("targetTaskId"),
};

/** POST /api/dependencies. The project is the tasks' own. */
export const createDependencySchema = z.object(dependencyFields);

/** A dependency as the API answers it. */
export type DependencyDto = Simplify<
  { id: number; projectId: number } & {
    [K in keyof typeof dependencyFields]: z.output<(typeof dependencyFields)[K]>;
  }
>;

// Exported plans for the writers' unit tests: a whole task with plain defaults, changed by
// overrides, so a test names only the fields it is about and a new field changes no test.
import { taskDto } from "@core/testing/dto-factories";
import type { ExportedTask } from "../import-export/imported-plan";

/** A not-started auto task with no dates, duration, category or position, listed at its id. */
export const exportedTask = (id: number, overrides: Partial<ExportedTask> = {}): ExportedTask => {
  // The wire task's defaults (taskDto), less what an exported plan leaves out or names otherwise.
  const {
    projectId: _projectId,
    assigneeId: _assigneeId,
    createdAt: _createdAt,
    updatedAt: _updatedAt,
    ...fields
  } = taskDto({ id, order: id });
  return { ...fields, assigneeEmail: null, ...overrides };
};

// Exported plans for the writers' unit tests: a whole task with plain defaults, changed by
// overrides, so a test names only the fields it is about and a new field changes no test.
import type { ExportedTask } from "../import-export/imported-plan";

/** A not-started auto task with no dates, duration, category or position, listed at its id. */
export const exportedTask = (id: number, overrides: Partial<ExportedTask> = {}): ExportedTask => ({
  id,
  name: `Task ${id}`,
  description: "",
  status: "not-started",
  completed: false,
  completedAt: null,
  startDate: null,
  snoozeUntil: null,
  dueDate: null,
  duration: null,
  schedulingMode: "auto",
  startNoEarlierThan: null,
  categoryId: null,
  assigneeEmail: null,
  positionX: null,
  positionY: null,
  width: null,
  height: null,
  order: id,
  schedule: null,
  ...overrides,
});

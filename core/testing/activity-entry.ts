// An activity entry for unit tests, with plain defaults changed by overrides, so a test names only
// the fields it is about.
import type { ActivityEntryDto } from "../schemas/activity";

let nextId = 1;

/** A `task.updated` by user 1 with no changes, not undone and undoable; ids count up unless given. */
export function activityEntryDto(overrides: Partial<ActivityEntryDto> = {}): ActivityEntryDto {
  return {
    id: overrides.id ?? nextId++,
    at: "2026-04-01T09:00:00.000Z",
    actor: { id: 1, name: "Ada Lovelace" },
    action: "task.updated",
    taskId: null,
    dependencyId: null,
    subject: null,
    changes: {},
    items: [],
    moved: [],
    undoOf: null,
    undoneBy: null,
    isUndo: false,
    undoable: true,
    ...overrides,
  };
}

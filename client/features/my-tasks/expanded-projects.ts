// Which My Tasks groups are open, kept in localStorage under expanded_projects.
// Stored as a map from project id to open/closed, so a project never toggled (a new one too)
// starts open: every group is expanded by default.
import { readStoredJson, STORAGE_KEYS, writeStoredJson } from "@/lib/storage-keys";

export type ExpandedProjects = Readonly<Record<string, boolean>>;

const isExpandedProjects = (value: unknown): value is ExpandedProjects =>
  typeof value === "object" &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((open) => typeof open === "boolean");

/** The stored state; anything missing or malformed reads as "all expanded". */
export function readExpandedProjects(): ExpandedProjects {
  return readStoredJson(STORAGE_KEYS.expandedProjects, {}, isExpandedProjects);
}

export function writeExpandedProjects(state: ExpandedProjects): void {
  writeStoredJson(STORAGE_KEYS.expandedProjects, state);
}

/** @example isProjectExpanded({}, 4) // true: groups start open */
export function isProjectExpanded(state: ExpandedProjects, projectId: number): boolean {
  return state[String(projectId)] ?? true;
}

/** @example withProjectExpanded({}, 4, false) // { "4": false } */
export function withProjectExpanded(
  state: ExpandedProjects,
  projectId: number,
  expanded: boolean,
): ExpandedProjects {
  return { ...state, [String(projectId)]: expanded };
}

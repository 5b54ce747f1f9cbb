// Every key the client keeps in localStorage, and helpers that never throw: localStorage can be
// missing (server-side, some embedded browsers), blocked (privacy settings throw SecurityError on
// access) or full (QuotaExceededError on write).

export const STORAGE_KEYS = {
  openProjectId: "open_project_id",
  preferredViewMode: "preferred_view_mode",
  sidebarCollapsed: "sidebar_collapsed",
  expandedProjects: "expanded_projects",
  ganttZoomLevel: "gantt_zoom_level",
  /** The theme last chosen on this browser, so the first paint is right before the user's arrives. */
  theme: "theme",
} as const;

/** The summaries a user collapsed in a project's outline (list and Gantt), one key per user and project. */
type OutlineCollapsedKey = `outline_collapsed_${string}_${number}`;

/** The optional columns a user shows in the task list, one key per user. */
type ListColumnsKey = `list_columns_${string}`;

/** The columns a user shows in the Gantt's grid, one key per user and project. */
type GanttColumnsKey = `gantt_columns_${string}_${number}`;

/** The baseline a user compares the plan with (Gantt and list), one key per user and project. */
type ComparedBaselineKey = `compared_baseline_${string}_${number}`;

export type StorageKey =
  | (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS]
  | OutlineCollapsedKey
  | ListColumnsKey
  | GanttColumnsKey
  | ComparedBaselineKey;

/**
 * The key of the summaries collapsed in a project's outline: by user id, or by "public" on a public
 * link, and project id.
 * @example outlineCollapsedKey(3, 12) // "outline_collapsed_3_12"
 */
export const outlineCollapsedKey = (user: number | "public", projectId: number): OutlineCollapsedKey =>
  `outline_collapsed_${user}_${projectId}`;

/**
 * The key of the optional columns shown in the task list: by user id, or "public" on a public link.
 * @example listColumnsKey(3) // "list_columns_3"
 */
export const listColumnsKey = (user: number | "public"): ListColumnsKey => `list_columns_${user}`;

/**
 * The key of the columns shown in the Gantt's grid: by user id, or "public" on a public link, and
 * project id.
 * @example ganttColumnsKey(3, 12) // "gantt_columns_3_12"
 */
export const ganttColumnsKey = (user: number | "public", projectId: number): GanttColumnsKey =>
  `gantt_columns_${user}_${projectId}`;

/**
 * The key of the baseline compared with the plan in the Gantt and the list: by user id, or
 * "public" on a public link, and project id.
 * @example comparedBaselineKey(3, 12) // "compared_baseline_3_12"
 */
export const comparedBaselineKey = (user: number | "public", projectId: number): ComparedBaselineKey =>
  `compared_baseline_${user}_${projectId}`;

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** The stored string, or null when it is absent or storage cannot be read. */
export function readStoredString(key: StorageKey): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Stores the string; returns false when storage is unavailable or full. */
export function writeStoredString(key: StorageKey, value: string): boolean {
  const store = storage();
  if (!store) return false;
  try {
    store.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

export function removeStored(key: StorageKey): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // Nothing to undo: a key that cannot be removed cannot be read either.
  }
}

/**
 * The stored JSON value, or `fallback` when it is absent, unreadable, not JSON, or rejected by `accept`.
 *
 * @example readStoredJson(STORAGE_KEYS.sidebarCollapsed, false, (v) => typeof v === "boolean")
 */
export function readStoredJson<T>(key: StorageKey, fallback: T, accept?: (value: unknown) => value is T): T {
  const raw = readStoredString(key);
  if (raw === null) return fallback;
  try {
    const value: unknown = JSON.parse(raw);
    if (accept) return accept(value) ? value : fallback;
    return value as T;
  } catch {
    return fallback;
  }
}

export function writeStoredJson(key: StorageKey, value: unknown): boolean {
  return writeStoredString(key, JSON.stringify(value));
}

const isBoolean = (value: unknown): value is boolean => typeof value === "boolean";

/** Whether the user collapsed the sidebar on a wide screen; open by default. */
export function readSidebarCollapsed(): boolean {
  return readStoredJson(STORAGE_KEYS.sidebarCollapsed, false, isBoolean);
}

export function writeSidebarCollapsed(collapsed: boolean): void {
  writeStoredJson(STORAGE_KEYS.sidebarCollapsed, collapsed);
}

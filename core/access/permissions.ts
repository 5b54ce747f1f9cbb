// Who may do what on a project. The server enforces this table; the client reads the same table to
// hide what a user cannot do.

export const ACCESS_LEVELS = ["viewer", "editor", "admin", "owner"] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

export const SHARE_ROLES = ["viewer", "editor", "admin"] as const;
export type ShareRole = (typeof SHARE_ROLES)[number];

/**
 * - read: project, tasks, dependencies, categories, members
 * - edit: tasks, dependencies, reorder, categories
 * - share: invite, change role, remove members, public link
 * - manage: rename, archive, unarchive
 * - delete: delete the project
 */
export type ProjectAction = "read" | "edit" | "share" | "manage" | "delete";

const LEAST_LEVEL: Record<ProjectAction, AccessLevel> = {
  read: "viewer",
  edit: "editor",
  share: "admin",
  manage: "admin",
  delete: "owner",
};

/** Rank of a level: viewer 0, editor 1, admin 2, owner 3. */
export const accessRank = (level: AccessLevel): number => ACCESS_LEVELS.indexOf(level);

/**
 * Whether `level` allows `action`.
 * @example can("editor", "edit") // true
 * @example can("admin", "delete") // false: only the owner deletes
 */
export function can(level: AccessLevel | null | undefined, action: ProjectAction): boolean {
  if (!level) return false;
  return accessRank(level) >= accessRank(LEAST_LEVEL[action]);
}

/**
 * Whether someone at `level` may give `role` to a member: never above their own level, and only
 * with the right to share.
 * @example mayGrantRole("admin", "admin") // true
 * @example mayGrantRole("editor", "viewer") // false: editors do not share
 */
export function mayGrantRole(level: AccessLevel | null | undefined, role: ShareRole): boolean {
  return can(level, "share") && accessRank(role) <= accessRank(level as AccessLevel);
}

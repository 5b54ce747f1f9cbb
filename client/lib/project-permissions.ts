import { type AccessLevel, can } from "@core/access/permissions";

export type ProjectPermissions = {
  /** Create, edit and delete tasks, dependencies and categories. */
  canEdit: boolean;
  /** Invite, change roles, remove members, publish the public link. */
  canShare: boolean;
  /** Rename, archive and unarchive. */
  canManage: boolean;
  /** Delete the project. */
  canDelete: boolean;
};

/**
 * What the user may do on a project, from the access level the server reports (the server checks
 * again; this only hides what would be refused). A missing level is treated as viewer (spec 6).
 *
 * @example projectPermissions("admin") // { canEdit: true, canShare: true, canManage: true, canDelete: false }
 */
export function projectPermissions(accessLevel: AccessLevel | null | undefined): ProjectPermissions {
  const level = accessLevel ?? "viewer";
  return {
    canEdit: can(level, "edit"),
    canShare: can(level, "share"),
    canManage: can(level, "manage"),
    canDelete: can(level, "delete"),
  };
}

// The member table's rows and the role changes a caller may make (never a role above their own,
// never the owner's), kept apart from React so they are tested on their own.

import { type AccessLevel, mayGrantRole, SHARE_ROLES, type ShareRole } from "@core/access/permissions";
import type { MemberUserDto, ShareDto, SharesResponseDto } from "@core/schemas/sharing";
import { userDisplayName } from "@core/users/display-name";

export const ROLE_LABELS: Record<AccessLevel, string> = {
  owner: "Owner",
  admin: "Admin",
  editor: "Editor",
  viewer: "Viewer",
};

/** What each role may do, as the Invite form explains it. */
export const ROLE_HINTS: Record<ShareRole, string> = {
  viewer: "can view",
  editor: "can view and edit",
  admin: "can view, edit and share",
};

export type MemberStatus = "Pending" | "Accepted";

export type MemberRow = {
  key: string;
  /** Full name, username or email; the email alone for someone without an account yet. */
  name: string;
  email: string;
  role: AccessLevel;
  /** Null for the owner, who is never invited. */
  status: MemberStatus | null;
  /** The signed-in user's own row. */
  isYou: boolean;
  /** The share behind the row; null for the owner. */
  share: ShareDto | null;
};

type Me = { id: number; email: string } | null | undefined;

const isMe = (me: Me, user: MemberUserDto | null, email: string) =>
  !!me && (user?.id === me.id || email.toLowerCase() === me.email.toLowerCase());

/**
 * The table's rows: the owner first, then the members in the order they were invited. A member is
 * Pending until they first open the project, Accepted after.
 *
 * @example memberRows({ owner: ada, shares: [], isOwner: true }, ada)[0].role // "owner"
 */
export function memberRows(members: SharesResponseDto, me: Me): MemberRow[] {
  const { owner, shares } = members;
  return [
    {
      key: `owner-${owner.id}`,
      name: userDisplayName(owner),
      email: owner.email,
      role: "owner",
      status: null,
      isYou: me?.id === owner.id,
      share: null,
    },
    ...shares.map(
      (share): MemberRow => ({
        key: `share-${share.id}`,
        name: share.user ? userDisplayName(share.user) : share.email,
        email: share.email,
        role: share.role,
        status: share.acceptedAt ? "Accepted" : "Pending",
        isYou: isMe(me, share.user, share.email),
        share,
      }),
    ),
  ];
}

/**
 * The caller's level on the sharing page: owner when they own the project (by the project's userId
 * as well as by the access level), else the access level.
 *
 * @example sharingLevel("admin", 7, 7) // "owner"
 */
export function sharingLevel(
  accessLevel: AccessLevel | null | undefined,
  ownerId: number,
  myId: number | null | undefined,
): AccessLevel {
  if (myId !== null && myId !== undefined && myId === ownerId) return "owner";
  return accessLevel ?? "viewer";
}

/** Whether the caller may change or remove this member: never the owner, nobody above themselves. */
export function canManageMember(level: AccessLevel, share: ShareDto | null): boolean {
  return share !== null && mayGrantRole(level, share.role);
}

export type RoleChoice = { role: ShareRole; label: string; disabled: boolean };

/**
 * Make Viewer, Make Editor, Make Admin: the member's current role is disabled, and so is any role
 * above the caller's own.
 *
 * @example roleChoices("admin", "editor").map((choice) => choice.disabled) // [false, true, false]
 */
export function roleChoices(level: AccessLevel, current: ShareRole): RoleChoice[] {
  return SHARE_ROLES.map((role) => ({
    role,
    label: `Make ${ROLE_LABELS[role]}`,
    disabled: role === current || !mayGrantRole(level, role),
  }));
}

/** The roles the caller may give in the Invite form (all of them for owners and admins). */
export function grantableRoles(level: AccessLevel): ShareRole[] {
  return SHARE_ROLES.filter((role) => mayGrantRole(level, role));
}

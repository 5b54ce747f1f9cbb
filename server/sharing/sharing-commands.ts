// Sharing's writes as commands (server/commands/command.ts): an invitation made, its role changed
// or removed, and the public link set (published, replaced) or revoked. Who may do them (nobody
// gives a role above their own) is checked by the caller: the route against the request, the undo
// against the entry.
// Each write's undo is beside it (sharingReverters): an invitation made is removed, one removed is
// made again as it was, a role changed back, the public link given back its token; the rule on
// roles holds for the undoer too. 409 stale names what changed since.

import { type AccessLevel, mayGrantRole, type ShareRole } from "@core/access/permissions";
import type { ActivityAction } from "@core/schemas/activity";
import { eq, inArray } from "drizzle-orm";
import { fieldChanges } from "../activity/activity-log";
import { recordLinkActivity, recordMemberActivity } from "../activity/record-writes";
import { asUndo, beforeValues, type Reverter, staleField, staleRow, undoBy } from "../activity/reverter";
import { uniqueViolationOf } from "../auth/users";
import type { Command } from "../commands/command";
import { type ProjectShare, projectShares, publicShareLinks, users } from "../db/schema";
import { conflict, forbidden, notFound } from "../lib/errors";

export const SHARE_NOT_FOUND = "Share not found.";
export const ALREADY_INVITED = "already_invited";
export const ROLE_TOO_HIGH = "You cannot give a role above your own.";
export const MEMBER_ABOVE = "You cannot change someone above your own role.";

/** Who may share: nobody gives a role above their own, nor changes someone above it (403). */
export function requireMayGrant(level: string, roles: string[], message = ROLE_TOO_HIGH) {
  if (roles.some((role) => !mayGrantRole(level as AccessLevel, role as ShareRole))) throw forbidden(message);
}

/** The row an invitation inserts: a new one's fields, or the whole row an undo brings back. */
export type ShareValues = Pick<ProjectShare, "projectId" | "email" | "role" | "userId" | "invitedById"> &
  Partial<Pick<ProjectShare, "id" | "invitedAt" | "acceptedAt">>;

/**
 * Invites someone by email with a role (one invitation per email and project: 409 already_invited).
 * An account named but deleted since (an undo bringing an invitation back) leaves it by email, as
 * the account's deletion did.
 */
export const createShare: Command<ShareValues, ProjectShare> = async ({ tx, actor, mark }, values) => {
  const named = [values.userId, values.invitedById].filter((id): id is number => id !== null);
  const living = new Set(
    named.length === 0
      ? []
      : (await tx.select({ id: users.id }).from(users).where(inArray(users.id, named))).map((u) => u.id),
  );
  const alive = (id: number | null) => (id !== null && living.has(id) ? id : null);
  let row: ProjectShare;
  try {
    [row] = await tx
      .insert(projectShares)
      .values({ ...values, userId: alive(values.userId), invitedById: alive(values.invitedById) })
      .returning();
  } catch (error) {
    if (uniqueViolationOf(error) === undefined) throw error;
    throw conflict("This email has already been invited to this project.", ALREADY_INVITED);
  }
  const activityId = await recordMemberActivity(
    tx,
    actor.id,
    "member.created",
    row,
    { role: [null, row.role] },
    mark,
  );
  return {
    value: row,
    activityId,
    event: { type: "members.changed", projectId: row.projectId, shareIds: [row.id] },
  };
};

/**
 * Gives a member another role. Its entry records the change against the row as this write met it
 * (locked); giving the role it has records nothing (an undo always records).
 */
export const updateShareRole: Command<
  { share: Pick<ProjectShare, "id">; role: ShareRole },
  ProjectShare
> = async ({ tx, actor, mark }, { share, role }) => {
  const [met] = await tx.select().from(projectShares).where(eq(projectShares.id, share.id)).for("update");
  if (!met) throw notFound(SHARE_NOT_FOUND);
  const [row] = await tx
    .update(projectShares)
    .set({ role })
    .where(eq(projectShares.id, share.id))
    .returning();
  const changes = fieldChanges({ role: met.role }, { role: row.role });
  const activityId =
    !mark && Object.keys(changes).length === 0
      ? undefined
      : await recordMemberActivity(tx, actor.id, "member.updated", row, changes, mark);
  return {
    value: row,
    activityId,
    event: { type: "members.changed", projectId: row.projectId, shareIds: [row.id] },
  };
};

/** Removes an invitation or a member; one already gone changes nothing and records nothing. */
export const deleteShare: Command<
  { share: Pick<ProjectShare, "id" | "projectId"> },
  ProjectShare | null
> = async ({ tx, actor, mark }, { share }) => {
  const [removed] = await tx.delete(projectShares).where(eq(projectShares.id, share.id)).returning();
  const activityId = removed
    ? await recordMemberActivity(
        tx,
        actor.id,
        "member.deleted",
        removed,
        { role: [removed.role, null] },
        mark,
      )
    : undefined;
  return {
    value: removed ?? null,
    activityId,
    event: { type: "members.changed", projectId: share.projectId, shareIds: [share.id] },
  };
};

/**
 * Sets the project's public link to `token` (publishing or replacing it, so an old link stops
 * working), or revokes it with null. Revoking a link that is not there records nothing.
 */
export const setPublicLink: Command<{ projectId: number; token: string | null }, string | null> = async (
  { tx, actor, mark },
  { projectId, token },
) => {
  const [previous] = await tx
    .select()
    .from(publicShareLinks)
    .where(eq(publicShareLinks.projectId, projectId))
    .for("update");
  if (previous) await tx.delete(publicShareLinks).where(eq(publicShareLinks.projectId, projectId));
  if (token !== null) await tx.insert(publicShareLinks).values({ projectId, token, createdById: actor.id });
  const before = previous?.token ?? null;
  const activityId =
    before === null && token === null && !mark
      ? undefined
      : await recordLinkActivity(
          tx,
          actor.id,
          projectId,
          token === null ? "link.deleted" : "link.created",
          before,
          token,
          mark,
        );
  return { value: token, activityId, event: { type: "link.changed", projectId } };
};

// Undo: each write above, reverted by its own command (activity/reverter.ts).
type ShareRestore = {
  share: Omit<ProjectShare, "invitedAt" | "acceptedAt"> & { invitedAt: string; acceptedAt: string | null };
};
/** The share row the entry names, locked, or undefined when it is gone. */
async function lockedShare(tx: Parameters<Reverter>[0]["tx"], id: number) {
  const [current] = await tx.select().from(projectShares).where(eq(projectShares.id, id)).for("update");
  return current;
}

/** The member the entry names, locked; 409 stale when gone, 403 when above the undoer's role. */
async function memberAsLeft({ tx, entry, accessLevel }: Parameters<Reverter>[0]) {
  const { share: wanted } = entry.restore as ShareRestore;
  const current = await lockedShare(tx, wanted.id);
  if (!current) throw staleRow(`${wanted.email} is no longer a member.`);
  requireMayGrant(accessLevel, [current.role], MEMBER_ABOVE);
  return { wanted, current };
}

const undoRemoved: Reverter = async (context) => {
  const { tx, entry, accessLevel } = context;
  const { share: wanted } = entry.restore as ShareRestore;
  if (await lockedShare(tx, wanted.id)) throw staleRow(`${wanted.email} is a member again.`);
  requireMayGrant(accessLevel, [wanted.role]);
  const share = {
    ...wanted,
    invitedAt: new Date(wanted.invitedAt),
    acceptedAt: wanted.acceptedAt ? new Date(wanted.acceptedAt) : null,
  };
  return undoBy(createShare(asUndo(context), share), {
    [ALREADY_INVITED]: `${wanted.email} has been invited again.`,
  });
};

const undoInvited: Reverter = async (context) => {
  const { wanted, current } = await memberAsLeft(context);
  beforeValues({ role: current.role }, { role: [null, wanted.role] }, wanted.email);
  return undoBy(deleteShare(asUndo(context), { share: current }));
};

const undoRoleChanged: Reverter = async (context) => {
  const { wanted, current } = await memberAsLeft(context);
  const changes = { role: context.entry.changes.role ?? [wanted.role, wanted.role] };
  const { role } = beforeValues({ role: current.role }, changes, wanted.email) as { role: ShareRole };
  requireMayGrant(context.accessLevel, [role]);
  return undoBy(updateShareRole(asUndo(context), { share: current, role }));
};

const undoLink: Reverter = async (context) => {
  const { tx, entry } = context;
  const { before, after } = entry.restore as { before: string | null; after: string | null };
  const [current] = await tx
    .select({ token: publicShareLinks.token })
    .from(publicShareLinks)
    .where(eq(publicShareLinks.projectId, entry.projectId))
    .for("update");
  if ((current?.token ?? null) !== after) throw staleField("public link", "this project");
  return undoBy(setPublicLink(asUndo(context), { projectId: entry.projectId, token: before }));
};

export const sharingReverters: Partial<Record<ActivityAction, Reverter>> = {
  "member.created": undoInvited,
  "member.updated": undoRoleChanged,
  "member.deleted": undoRemoved,
  "link.created": undoLink,
  "link.deleted": undoLink,
};

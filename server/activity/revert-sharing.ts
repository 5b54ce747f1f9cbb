// Undoing sharing: an invitation made, changed or removed, and the public link published,
// replaced or revoked. The same rules as the routes (nobody gives a role above their own), and
// 409 naming what changed since.
import { mayGrantRole, type ShareRole } from "@core/access/permissions";
import type { ActivityAction } from "@core/schemas/activity";
import { eq, inArray } from "drizzle-orm";
import { uniqueViolationOf } from "../auth/users";
import { type ProjectShare, projectShares, publicShareLinks, users } from "../db/schema";
import { forbidden } from "../lib/errors";
import { recordLinkActivity, recordMemberActivity } from "./record-writes";
import { changedSince, type Reverter, staleField, staleRow } from "./reverter";

type ShareRestore = {
  share: Omit<ProjectShare, "invitedAt" | "acceptedAt"> & { invitedAt: string; acceptedAt: string | null };
};

const memberReverter =
  (action: ActivityAction): Reverter =>
  async ({ tx, entry, actor, accessLevel, mark }) => {
    const { share: wanted } = entry.restore as ShareRestore;
    const level = accessLevel as Parameters<typeof mayGrantRole>[0];
    const [current] = await tx
      .select()
      .from(projectShares)
      .where(eq(projectShares.id, wanted.id))
      .for("update");
    let row: ProjectShare;
    let undoAction: ActivityAction;
    if (action === "member.deleted") {
      if (current) throw staleRow(`${wanted.email} is a member again.`);
      if (!mayGrantRole(level, wanted.role as ShareRole))
        throw forbidden("You cannot give a role above your own.");
      // Accounts deleted since leave the invitation by email, as their deletion would have.
      const people = [wanted.userId, wanted.invitedById].filter((id): id is number => id !== null);
      const living = new Set(
        people.length === 0
          ? []
          : (await tx.select({ id: users.id }).from(users).where(inArray(users.id, people))).map((u) => u.id),
      );
      const alive = (id: number | null) => (id !== null && living.has(id) ? id : null);
      try {
        [row] = await tx
          .insert(projectShares)
          .values({
            ...wanted,
            userId: alive(wanted.userId),
            invitedById: alive(wanted.invitedById),
            invitedAt: new Date(wanted.invitedAt),
            acceptedAt: wanted.acceptedAt ? new Date(wanted.acceptedAt) : null,
          })
          .returning();
      } catch (error) {
        if (uniqueViolationOf(error) !== undefined) throw staleRow(`${wanted.email} has been invited again.`);
        throw error;
      }
      undoAction = "member.created";
    } else {
      if (!current) throw staleRow(`${wanted.email} is no longer a member.`);
      const field = changedSince({ role: current.role }, { role: entry.changes.role ?? [null, wanted.role] });
      if (field) throw staleField(field, wanted.email);
      if (!mayGrantRole(level, current.role as ShareRole))
        throw forbidden("You cannot change someone above your own role.");
      if (action === "member.created") {
        await tx.delete(projectShares).where(eq(projectShares.id, current.id));
        row = current;
        undoAction = "member.deleted";
      } else {
        // A role "changed" to the one it had has nothing to put back.
        const role = (entry.changes.role?.[0] ?? current.role) as ShareRole;
        if (!mayGrantRole(level, role)) throw forbidden("You cannot give a role above your own.");
        [row] = await tx
          .update(projectShares)
          .set({ role })
          .where(eq(projectShares.id, current.id))
          .returning();
        undoAction = "member.updated";
      }
    }
    const changes =
      undoAction === "member.updated"
        ? { role: [current?.role ?? null, row.role] as [unknown, unknown] }
        : {
            role: (undoAction === "member.created" ? [null, row.role] : [row.role, null]) as [
              unknown,
              unknown,
            ],
          };
    const activityId = await recordMemberActivity(tx, actor.id, undoAction, row, changes, mark);
    return { activityId, event: { type: "members.changed", shareIds: [row.id] } };
  };

const undoLink: Reverter = async ({ tx, entry, actor, mark }) => {
  const { before, after } = entry.restore as { before: string | null; after: string | null };
  const [current] = await tx
    .select()
    .from(publicShareLinks)
    .where(eq(publicShareLinks.projectId, entry.projectId))
    .for("update");
  if ((current?.token ?? null) !== after) throw staleField("public link", "this project");
  if (current) await tx.delete(publicShareLinks).where(eq(publicShareLinks.projectId, entry.projectId));
  if (before !== null)
    await tx
      .insert(publicShareLinks)
      .values({ projectId: entry.projectId, token: before, createdById: actor.id });
  const action = before === null ? "link.deleted" : "link.created";
  const activityId = await recordLinkActivity(tx, actor.id, entry.projectId, action, after, before, mark);
  return { activityId, event: { type: "link.changed" } };
};

export const sharingReverters: Partial<Record<ActivityAction, Reverter>> = {
  "member.created": memberReverter("member.created"),
  "member.updated": memberReverter("member.updated"),
  "member.deleted": memberReverter("member.deleted"),
  "link.created": undoLink,
  "link.deleted": undoLink,
};

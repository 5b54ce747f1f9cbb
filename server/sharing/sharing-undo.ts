// Undoing sharing runs sharing's commands (sharing-commands.ts): an invitation made is removed, one
// removed is made again as it was, a role changed is changed back, and the public link goes back
// to the token it had. The routes' rule holds for the undoer too: nobody gives (or takes from
// someone) a role above their own. 409 names what changed since.
import { mayGrantRole, type ShareRole } from "@core/access/permissions";
import type { ActivityAction } from "@core/schemas/activity";
import { eq, inArray } from "drizzle-orm";
import { asReverted, beforeValues, type Reverter, staleField, staleRow } from "../activity/reverter";
import { type ProjectShare, projectShares, publicShareLinks, users } from "../db/schema";
import { AppError, forbidden } from "../lib/errors";
import {
  ALREADY_INVITED,
  createShare,
  deleteShare,
  setPublicLink,
  updateShareRole,
} from "./sharing-commands";

type ShareRestore = {
  share: Omit<ProjectShare, "invitedAt" | "acceptedAt"> & { invitedAt: string; acceptedAt: string | null };
};
type Level = Parameters<typeof mayGrantRole>[0];

const ROLE_TOO_HIGH = "You cannot give a role above your own.";

/** The share row the entry names, locked, or undefined when it is gone. */
async function lockedShare(tx: Parameters<Reverter>[0]["tx"], id: number) {
  const [current] = await tx.select().from(projectShares).where(eq(projectShares.id, id)).for("update");
  return current;
}

const undoRemoved: Reverter = async ({ tx, entry, actor, accessLevel, mark }) => {
  const { share: wanted } = entry.restore as ShareRestore;
  if (await lockedShare(tx, wanted.id)) throw staleRow(`${wanted.email} is a member again.`);
  if (!mayGrantRole(accessLevel as Level, wanted.role as ShareRole)) throw forbidden(ROLE_TOO_HIGH);
  // Accounts deleted since leave the invitation by email, as their deletion would have.
  const people = [wanted.userId, wanted.invitedById].filter((id): id is number => id !== null);
  const living = new Set(
    people.length === 0
      ? []
      : (await tx.select({ id: users.id }).from(users).where(inArray(users.id, people))).map((u) => u.id),
  );
  const alive = (id: number | null) => (id !== null && living.has(id) ? id : null);
  try {
    const done = await createShare(
      { tx, actor, dryRun: false, mark },
      {
        ...wanted,
        userId: alive(wanted.userId),
        invitedById: alive(wanted.invitedById),
        invitedAt: new Date(wanted.invitedAt),
        acceptedAt: wanted.acceptedAt ? new Date(wanted.acceptedAt) : null,
      },
    );
    return asReverted(done);
  } catch (error) {
    if (error instanceof AppError && error.code === ALREADY_INVITED)
      throw staleRow(`${wanted.email} has been invited again.`);
    throw error;
  }
};

const undoInvited: Reverter = async ({ tx, entry, actor, accessLevel, mark }) => {
  const { share: wanted } = entry.restore as ShareRestore;
  const current = await lockedShare(tx, wanted.id);
  if (!current) throw staleRow(`${wanted.email} is no longer a member.`);
  beforeValues({ role: current.role }, { role: [null, wanted.role] }, wanted.email);
  if (!mayGrantRole(accessLevel as Level, current.role as ShareRole))
    throw forbidden("You cannot change someone above your own role.");
  return asReverted(await deleteShare({ tx, actor, dryRun: false, mark }, { share: current }));
};

const undoRoleChanged: Reverter = async ({ tx, entry, actor, accessLevel, mark }) => {
  const { share: wanted } = entry.restore as ShareRestore;
  const current = await lockedShare(tx, wanted.id);
  if (!current) throw staleRow(`${wanted.email} is no longer a member.`);
  const { role } = beforeValues(
    { role: current.role },
    { role: entry.changes.role ?? [wanted.role, wanted.role] },
    wanted.email,
  ) as { role: ShareRole };
  if (!mayGrantRole(accessLevel as Level, current.role as ShareRole))
    throw forbidden("You cannot change someone above your own role.");
  if (!mayGrantRole(accessLevel as Level, role)) throw forbidden(ROLE_TOO_HIGH);
  return asReverted(await updateShareRole({ tx, actor, dryRun: false, mark }, { share: current, role }));
};

const undoLink: Reverter = async ({ tx, entry, actor, mark }) => {
  const { before, after } = entry.restore as { before: string | null; after: string | null };
  const [current] = await tx
    .select({ token: publicShareLinks.token })
    .from(publicShareLinks)
    .where(eq(publicShareLinks.projectId, entry.projectId))
    .for("update");
  if ((current?.token ?? null) !== after) throw staleField("public link", "this project");
  return asReverted(
    await setPublicLink({ tx, actor, dryRun: false, mark }, { projectId: entry.projectId, token: before }),
  );
};

export const sharingReverters: Partial<Record<ActivityAction, Reverter>> = {
  "member.created": undoInvited,
  "member.updated": undoRoleChanged,
  "member.deleted": undoRemoved,
  "link.created": undoLink,
  "link.deleted": undoLink,
};

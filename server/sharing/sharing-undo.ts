// Undoing sharing runs sharing's commands (sharing-commands.ts): an invitation made is removed, one
// removed is made again as it was, a role changed is changed back, and the public link goes back
// to the token it had. The routes' rule holds for the undoer too: nobody gives (or takes from
// someone) a role above their own. 409 names what changed since.
import type { ShareRole } from "@core/access/permissions";
import type { ActivityAction } from "@core/schemas/activity";
import { eq } from "drizzle-orm";
import { asUndo, beforeValues, type Reverter, staleField, staleRow, undoBy } from "../activity/reverter";
import { type ProjectShare, projectShares, publicShareLinks } from "../db/schema";
import {
  ALREADY_INVITED,
  createShare,
  deleteShare,
  MEMBER_ABOVE,
  requireMayGrant,
  setPublicLink,
  updateShareRole,
} from "./sharing-commands";

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

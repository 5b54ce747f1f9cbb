// Members and public links. Everyone with access sees the members; owners and admins invite, change
// roles, remove members and manage the public link. Nobody gives a role above their own, and the
// owner is never a share row, so cannot be demoted or removed.
import { randomBytes } from "node:crypto";
import { apiRoutes } from "@core/api/routes";
import { idParam, idParamsSchema } from "@core/schemas/common";
import { inviteSchema, type ShareDto, type ShareTokenDto, updateShareSchema } from "@core/schemas/sharing";
import { userDisplayName } from "@core/users/display-name";
import { asc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireProjectAccess } from "../../access/access-level";
import { requestOrigin } from "../../auth/oidc";
import { runWrite } from "../../commands/command";
import type { Database } from "../../db/client";
import { type ProjectShare, projectShares, publicShareLinks, type User, users } from "../../db/schema";
import { currentUser } from "../../lib/current-user";
import { badRequest, notFound } from "../../lib/errors";
import { createMailer } from "../../lib/mailer";
import {
  createShare,
  deleteShare,
  requireMayGrant,
  SHARE_NOT_FOUND,
  setPublicLink,
  updateShareRole,
} from "../../sharing/sharing-commands";

const memberOf = (user: User) => ({
  id: user.id,
  email: user.email,
  firstName: user.firstName,
  lastName: user.lastName,
  username: user.username,
  profileImageUrl: user.profileImageUrl,
});

function toShareDto(share: ProjectShare, user: User | null): ShareDto {
  return {
    id: share.id,
    projectId: share.projectId,
    email: share.email,
    role: share.role as ShareDto["role"],
    invitedAt: share.invitedAt.toISOString(),
    acceptedAt: share.acceptedAt ? share.acceptedAt.toISOString() : null,
    user: user ? memberOf(user) : null,
  };
}

/** The share row and the caller's right to manage it; 404 when either is missing or unseen. */
async function requireShareForManaging(db: Database, caller: User, shareId: number) {
  const [share] = await db.select().from(projectShares).where(eq(projectShares.id, shareId)).limit(1);
  if (!share) throw notFound(SHARE_NOT_FOUND);
  const access = await requireProjectAccess(db, caller, share.projectId, "share", {
    notFound: SHARE_NOT_FOUND,
  });
  return { share, ...access };
}

export default async function shareRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app;
  const mailer = createMailer(config.smtpUrl, app.log);
  const shareUrl = (origin: string, token: string) => `${origin}/share/${token}`;

  app.get(apiRoutes.projectShares.path, { schema: { params: idParamsSchema } }, async (request) => {
    const caller = currentUser(request);
    const { project, accessLevel } = await requireProjectAccess(db, caller, request.params.id, "read");
    const [rows, [owner]] = await Promise.all([
      db
        .select({ share: projectShares, user: users })
        .from(projectShares)
        .leftJoin(users, eq(users.id, projectShares.userId))
        .where(eq(projectShares.projectId, project.id))
        .orderBy(asc(projectShares.invitedAt), asc(projectShares.id)),
      db.select().from(users).where(eq(users.id, project.userId)),
    ]);
    return {
      shares: rows.map((row) => toShareDto(row.share, row.user)),
      isOwner: accessLevel === "owner",
      owner: memberOf(owner),
    };
  });

  app.post(
    apiRoutes.projectInvite.path,
    { schema: { params: idParamsSchema, body: inviteSchema } },
    async (request, reply) => {
      const caller = currentUser(request);
      const { project, accessLevel } = await requireProjectAccess(db, caller, request.params.id, "share");
      const { email, role } = request.body;
      requireMayGrant(accessLevel, [role]);
      const [owner] = await db.select().from(users).where(eq(users.id, project.userId));
      if (owner.email === email) throw badRequest("The owner already has full access to this project.");
      const [account] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      const share = await runWrite(app, caller, createShare, {
        projectId: project.id,
        email,
        role,
        userId: account?.id ?? null,
        invitedById: caller.id,
      });
      const origin = requestOrigin(request, config.publicUrl);
      await mailer.sendInvitation({
        to: email,
        projectName: project.name,
        invitedBy: userDisplayName(caller),
        projectUrl: `${origin}/projects/${project.slug}/graph`,
        role,
      });
      return reply.code(201).send(toShareDto(share, account ?? null));
    },
  );

  const shareParams = z.object({ shareId: idParam("shareId") });

  app.put(
    apiRoutes.share.path,
    { schema: { params: shareParams, body: updateShareSchema } },
    async (request) => {
      const caller = currentUser(request);
      const { share, accessLevel } = await requireShareForManaging(db, caller, request.params.shareId);
      const { role } = request.body;
      // Neither giving a role above one's own nor changing someone who is above one's own.
      requireMayGrant(accessLevel, [role, share.role]);
      const updated = await runWrite(app, caller, updateShareRole, { share, role });
      const [user] = updated.userId ? await db.select().from(users).where(eq(users.id, updated.userId)) : [];
      return toShareDto(updated, user ?? null);
    },
  );

  app.delete(apiRoutes.share.path, { schema: { params: shareParams } }, async (request, reply) => {
    const caller = currentUser(request);
    const [own] = await db
      .select()
      .from(projectShares)
      .where(eq(projectShares.id, request.params.shareId))
      .limit(1);
    // Any member may leave a project; removing someone else needs the right to share.
    const leaving = own !== undefined && (own.userId === caller.id || own.email === caller.email);
    if (!leaving) await requireShareForManaging(db, caller, request.params.shareId);
    if (own) await runWrite(app, caller, deleteShare, { share: own });
    return reply.code(204).send();
  });

  app.get(
    apiRoutes.shareToken.path,
    { schema: { params: idParamsSchema } },
    async (request): Promise<ShareTokenDto> => {
      const { project } = await requireProjectAccess(db, currentUser(request), request.params.id, "share");
      const [link] = await db
        .select()
        .from(publicShareLinks)
        .where(eq(publicShareLinks.projectId, project.id));
      const origin = requestOrigin(request, config.publicUrl);
      return { shareEnabled: link !== undefined, shareUrl: link ? shareUrl(origin, link.token) : null };
    },
  );

  app.post(
    apiRoutes.shareTokenGenerate.path,
    { schema: { params: idParamsSchema } },
    async (request): Promise<ShareTokenDto> => {
      const caller = currentUser(request);
      const { project } = await requireProjectAccess(db, caller, request.params.id, "share");
      // 256 random bits; generating again replaces the token, so the old link stops working.
      const token = randomBytes(32).toString("base64url");
      await runWrite(app, caller, setPublicLink, { projectId: project.id, token });
      return { shareEnabled: true, shareUrl: shareUrl(requestOrigin(request, config.publicUrl), token) };
    },
  );

  app.delete(
    apiRoutes.shareToken.path,
    { schema: { params: idParamsSchema } },
    async (request): Promise<ShareTokenDto> => {
      const caller = currentUser(request);
      const { project } = await requireProjectAccess(db, caller, request.params.id, "share");
      await runWrite(app, caller, setPublicLink, { projectId: project.id, token: null });
      return { shareEnabled: false, shareUrl: null };
    },
  );
}

// Projects: the caller's lists, one project with its tasks and dependencies, create, rename,
// archive, delete, and the per-user preferred view. Every member reads; admins and the owner rename
// and archive; only the owner deletes.

import { apiRoutes } from "@core/api/routes";
import { idParamsSchema, includeArchivedQuerySchema } from "@core/schemas/common";
import {
  createProjectSchema,
  type ProjectDetailDto,
  preferredViewSchema,
  updateProjectSchema,
} from "@core/schemas/projects";
import { dryRunQuerySchema } from "@core/schemas/scheduling";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { getProjectAccess, PROJECT_NOT_FOUND, requireProjectAccess } from "../../access/access-level";
import { runCommand, runWrite } from "../../commands/command";
import type { User } from "../../db/schema";
import { sendEncodedAnswer } from "../../lib/answer-compression";
import { currentUser } from "../../lib/current-user";
import { notFound } from "../../lib/errors";
import { etagMatches } from "../../lib/etag";
import { toProjectDto } from "../../lib/serialize";
import {
  createNewProject,
  deleteProject,
  updateProject as updateProjectCommand,
} from "../../projects/project-commands";
import { encodedProjectAnswer, projectContent } from "../../projects/project-content";
import {
  findProjectBySlug,
  listOwnedProjects,
  listSharedProjects,
  preferencesOf,
  readOpening,
  recordOpening,
  savePreferences,
} from "../../projects/project-store";
import { projectAnswerTag } from "../../projects/project-tag";

export default async function projectRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  app.get(apiRoutes.projects.path, { schema: { querystring: includeArchivedQuerySchema } }, async (request) =>
    listOwnedProjects(db, currentUser(request), request.query.includeArchived),
  );

  app.get(
    apiRoutes.sharedProjects.path,
    { schema: { querystring: includeArchivedQuerySchema } },
    async (request) => listSharedProjects(db, currentUser(request), request.query.includeArchived),
  );

  app.post(apiRoutes.projects.path, { schema: { body: createProjectSchema } }, async (request, reply) => {
    const user = currentUser(request);
    const project = await runWrite(app, user, createNewProject, request.body);
    request.log.info({ projectId: project.id }, "project created");
    return reply.code(201).send(toProjectDto(project, null));
  });

  app.get(
    apiRoutes.projectBySlug.path,
    { schema: { params: z.object({ slug: z.string().max(200) }) } },
    async (request) => {
      const user = currentUser(request);
      const project = await findProjectBySlug(db, request.params.slug);
      const access = project ? await getProjectAccess(db, user, project.id) : null;
      if (!access) throw notFound(PROJECT_NOT_FOUND);
      const preferences = await preferencesOf(db, user.id, access.project.id);
      return { ...toProjectDto(access.project, preferences), accessLevel: access.accessLevel };
    },
  );

  // Opening a project records the visit (and accepts an invitation), then answers the project with
  // its tasks and dependencies serialised (the cached copy when current, projects/project-content.ts),
  // compressed for the caller once per content version rather than per request. An ETag names
  // everything the answer shows; a client that holds it gets 304 without the content being read
  // (docs/decisions/029-events-carry-the-change.md). The browser revalidates by itself (no-cache).
  app.get(apiRoutes.project.path, { schema: { params: idParamsSchema } }, async (request, reply) => {
    const user = currentUser(request);
    // One statement for an open project's reads (a refetch, another tab): the visit is recorded
    // at most once a minute.
    const opening = await readOpening(db, user, request.params.id);
    if (!opening) throw notFound(PROJECT_NOT_FOUND);
    const { project, accessLevel, tasksVersion } = opening;
    const preferences = await recordOpening(db, user, project, accessLevel, opening.preferences);
    const etag = projectAnswerTag(project, tasksVersion, accessLevel, preferences);
    reply.header("etag", etag).header("cache-control", "private, no-cache");
    if (etagMatches(request.headers["if-none-match"], etag)) return reply.code(304).send();
    const content = await projectContent(db, app.projectContentCache, project, tasksVersion);
    // A ProjectDetailDto, its task and dependency arrays already serialised.
    const rest: Pick<ProjectDetailDto, "accessLevel" | "schedule"> = {
      accessLevel,
      schedule: { finish: content.finish },
    };
    const answer = await encodedProjectAnswer(
      request.headers,
      toProjectDto(project, preferences),
      content,
      rest,
    );
    return sendEncodedAnswer(reply, answer);
  });

  // The spec's client renames with PUT and archives with PATCH; both take the same partial body,
  // which may change the calendar too (and so move tasks; `?dryRun=true` previews that).
  const updateProject = async (request: {
    user: User | null;
    params: { id: number };
    body: z.output<typeof updateProjectSchema>;
    query: { dryRun: boolean };
  }) => {
    const user = currentUser(request);
    await requireProjectAccess(db, user, request.params.id, "manage");
    const done = await runCommand(
      app,
      user,
      updateProjectCommand,
      { projectId: request.params.id, changes: request.body },
      { dryRun: request.query.dryRun },
    );
    if (done.preview) return { preview: done.preview };
    const updated = done.value;
    return toProjectDto(updated, await preferencesOf(db, user.id, updated.id));
  };
  const updateSchema = {
    schema: { params: idParamsSchema, body: updateProjectSchema, querystring: dryRunQuerySchema },
  };
  app.put(apiRoutes.project.path, updateSchema, updateProject);
  app.patch(apiRoutes.project.path, updateSchema, updateProject);

  app.delete(apiRoutes.project.path, { schema: { params: idParamsSchema } }, async (request, reply) => {
    const user = currentUser(request);
    await requireProjectAccess(db, user, request.params.id, "delete");
    await runWrite(app, user, deleteProject, { projectId: request.params.id });
    request.log.info({ projectId: request.params.id }, "project deleted");
    return reply.code(204).send();
  });

  app.put(
    apiRoutes.projectPreferredView.path,
    { schema: { params: idParamsSchema, body: preferredViewSchema } },
    async (request) => {
      const user = currentUser(request);
      await requireProjectAccess(db, user, request.params.id, "read");
      await savePreferences(db, user.id, request.params.id, { preferredView: request.body.view });
      return { view: request.body.view };
    },
  );
}

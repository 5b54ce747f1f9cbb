// Import and export of whole plans (decisions.md section 9). An import takes the file as the raw
// body (at most 20 MiB), reads it with the format's reader, checks it all in memory, and either
// answers the preview (?dryRun=true) or creates the project in one transaction: nothing is
// half-imported. An export answers the project as a file (viewer and up; strangers get 404).
import { idParamsSchema } from "@core/schemas/common";
import {
  exportQuerySchema,
  IMPORT_BYTES_MAX,
  IMPORT_CONTENT_TYPES,
  type ImportAnswerDto,
  importQuerySchema,
} from "@core/schemas/import-export";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { requireProjectAccess } from "../../access/access-level";
import { recordActivity } from "../../activity/activity-log";
import type { Database } from "../../db/client";
import { loadExportedPlan } from "../../import-export/export-plan";
import { readPlanFile, sniffFormat, uploadText, writePlanFile } from "../../import-export/formats";
import { ImportError } from "../../import-export/imported-plan";
import { countsOf, preparePlan, storePlan } from "../../import-export/store-plan";
import { currentUser } from "../../lib/current-user";
import { AppError, badRequest } from "../../lib/errors";

/** A reading step's result; an unreadable file as the API answers it: the reader's message and status. */
function attempt<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof ImportError) throw new AppError(error.statusCode, error.message, "invalid_file");
    throw error;
  }
}

export default async function importExportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  // This plugin's routes take raw files: the app's JSON parser is replaced here, and only here.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    [...IMPORT_CONTENT_TYPES],
    { parseAs: "buffer", bodyLimit: IMPORT_BYTES_MAX },
    (_request, body, done) => done(null, body),
  );

  app.post(
    "/api/projects/import",
    { schema: { querystring: importQuerySchema }, bodyLimit: IMPORT_BYTES_MAX },
    async (request, reply): Promise<ImportAnswerDto> => {
      const user = currentUser(request);
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0) throw badRequest("The request holds no file.");
      const { text, warning } = attempt(() => uploadText(body));
      const { dryRun, mapping } = request.query;
      const format = request.query.format ?? sniffFormat(text);
      if (!format)
        throw new AppError(
          415,
          "The file's format could not be told: send format=mspdi, gan, csv or json.",
          "unknown_format",
        );
      const { csv, prepared } = attempt(() => {
        const read = readPlanFile(format, text, mapping);
        return { csv: read.csv, prepared: preparePlan(read.plan, request.query.name ?? null) };
      });
      const warnings = warning ? [warning, ...prepared.warnings] : prepared.warnings;
      const answer = {
        name: prepared.name,
        format,
        imported: countsOf(prepared),
        warnings,
        ...(csv ? { csv } : {}),
      };
      if (dryRun) return { project: null, ...answer };
      const project = await db.transaction(async (tx) => {
        const stored = await storePlan(tx as unknown as Database, user, prepared);
        // One entry for the whole import: what it made, counted.
        const counts = Object.entries(answer.imported).map(([kind, made]) => [kind, [0, made]]);
        await recordActivity(tx, {
          projectId: stored.id,
          actorId: user.id,
          action: "import",
          subject: stored.name,
          changes: { format: [null, format], ...Object.fromEntries(counts) },
          undoable: false,
        });
        return stored;
      });
      request.log.info({ projectId: project.id, format, ...answer.imported }, "plan imported");
      reply.code(201);
      return { project: { id: project.id, slug: project.slug, name: project.name }, ...answer };
    },
  );

  app.get(
    "/api/projects/:id/export",
    { schema: { params: idParamsSchema, querystring: exportQuerySchema } },
    async (request, reply) => {
      const user = currentUser(request);
      const { project } = await requireProjectAccess(db, user, request.params.id, "read");
      const plan = await loadExportedPlan(db, project);
      const appUrl = app.config.publicUrl ?? `${request.protocol}://${request.host}`;
      const file = writePlanFile(request.query.format, plan, appUrl);
      return reply
        .type(file.contentType)
        .header("content-disposition", `attachment; filename="${project.slug}.${file.extension}"`)
        .header("cache-control", "no-store")
        .send(file.body);
    },
  );
}

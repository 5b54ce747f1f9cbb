// Import and export of whole plans (docs/decisions/025-import-and-export.md and
// docs/decisions/031-imports-off-the-request-thread.md). An import takes the file as
// the raw body (at most 20 MiB) once its turn comes (import-slots.ts), reads and checks it in a
// worker process (import-readers.ts), and either answers the preview (?dryRun=true) or creates the
// project in one transaction: nothing is half-imported. An export answers the project as a file (viewer and up; strangers get 404).
import { apiRoutes } from "@core/api/routes";
import { idParamsSchema } from "@core/schemas/common";
import {
  exportQuerySchema,
  IMPORT_BYTES_MAX,
  IMPORT_CONTENT_TYPES,
  type ImportAnswerDto,
  importQuerySchema,
} from "@core/schemas/import-export";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import { requireProjectAccess } from "../../access/access-level";
import { runWrite } from "../../commands/command";
import { loadExportedPlan } from "../../import-export/export-plan";
import { projectNameOfFile } from "../../import-export/file-name";
import { writePlanFile } from "../../import-export/formats";
import { importPlan } from "../../import-export/import-command";
import type { UploadRead } from "../../import-export/read-upload";
import { currentUser } from "../../lib/current-user";
import { AppError, badRequest } from "../../lib/errors";

/** Each import's release of its slot (import-slots.ts), called when its answer is sent or abandoned. */
const slotReleases = new WeakMap<FastifyRequest, () => void>();
const releaseSlot = async (request: FastifyRequest) => {
  slotReleases.get(request)?.();
  slotReleases.delete(request);
};

type ImportQuery = z.output<typeof importQuerySchema>;

/**
 * Reads the upload in a worker process (the request thread stays free for everyone else
 * meanwhile). The request lets go of the bytes (up to 20 MiB) as they go to the reader, so only
 * the plan is held while it is stored.
 */
async function readInWorker(
  request: FastifyRequest<{ Querystring: ImportQuery }>,
): Promise<Extract<UploadRead, { ok: true }>> {
  const { body } = request;
  if (!Buffer.isBuffer(body)) throw badRequest("The request holds no file.");
  if (body.length === 0) throw badRequest("The file is empty.", "empty_file");
  request.body = null;
  const { mapping, name, format, fileName } = request.query;
  const fallbackName = fileName ? projectNameOfFile(fileName) : undefined;
  const read = await request.server.importReaders.read({ body, format, name, mapping, fallbackName });
  if (!read.ok) throw new AppError(read.statusCode, read.message, read.code);
  return read;
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
    apiRoutes.projectImport.path,
    {
      schema: { querystring: importQuerySchema },
      bodyLimit: IMPORT_BYTES_MAX,
      // The import's turn is taken before its bytes are read (429 or 503 when none comes soon).
      onRequest: async (request) => {
        slotReleases.set(request, await app.importSlots.acquire(currentUser(request).id));
      },
      onResponse: releaseSlot,
      onRequestAbort: releaseSlot,
    },
    async (request, reply): Promise<ImportAnswerDto> => {
      const user = currentUser(request);
      const { dryRun } = request.query;
      const read = await readInWorker(request);
      const { prepared } = read;
      const answer = {
        name: prepared.name,
        format: read.format,
        imported: read.counts,
        warnings: read.warnings,
        ...(read.csv ? { csv: read.csv } : {}),
      };
      if (dryRun) return { project: null, ...answer };
      const project = await runWrite(app, user, importPlan, {
        prepared,
        format: read.format,
        counts: read.counts,
      });
      request.log.info({ projectId: project.id, format: read.format, ...answer.imported }, "plan imported");
      reply.code(201);
      return { project: { id: project.id, slug: project.slug, name: project.name }, ...answer };
    },
  );

  app.get(
    apiRoutes.projectExport.path,
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

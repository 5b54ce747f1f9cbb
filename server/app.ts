// Builds the Fastify app: tests build it too; main.ts only opens the database and listens.

import { API_PREFIX } from "@core/api/routes";
import { ScheduleOutOfRangeError } from "@core/scheduling/plan";
import { IMPORT_BYTES_MAX } from "@core/schemas/import-export";
import fastifyCookie from "@fastify/cookie";
import fastifyFormbody from "@fastify/formbody";
import fastifyHelmet from "@fastify/helmet";
import fastifyRateLimit from "@fastify/rate-limit";
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyRequest,
  type FastifyServerOptions,
} from "fastify";
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
} from "fastify-type-provider-zod";
import { rateLimitKey, rateLimitMax } from "./api-tokens/token-rate-limit";
import { OidcProvider } from "./auth/oidc";
import { SessionCache } from "./auth/session-cache";
import { findSession } from "./auth/sessions";
import type { FollowUpAnnouncer } from "./commands/write-follow-ups";
import type { Config } from "./config";
import type { Database } from "./db/client";
import { ProjectEdgesCache } from "./dependencies/project-edges";
import { ImportReaders } from "./import-export/import-readers";
import { ImportSlots } from "./import-export/import-slots";
import { isDatabaseUnavailable } from "./lib/database-errors";
import { AppError } from "./lib/errors";
import { describeIssue, ValidationError, valueAt } from "./lib/validation";
import { announceNotifications } from "./notifications/announce";
import { startDeadlinePass } from "./notifications/deadline-pass";
import { registerOpenApi } from "./openapi/openapi";
import { compression } from "./plugins/compression";
import { requestGuards } from "./plugins/request-guards";
import { sessionPlugin } from "./plugins/session";
import staticAssets from "./plugins/static-assets";
import { ProjectContentCache } from "./projects/project-content";
import { createMemoryBus, createRedisBus } from "./realtime/event-bus";
import { withChange } from "./realtime/event-content";
import eventStreamRoutes from "./realtime/event-stream";
import { ProjectEventHub } from "./realtime/project-event-hub";
import { UserEventHub } from "./realtime/user-event-hub";
import activityRoutes from "./routes/activity/index";
import asOfRoutes from "./routes/as-of/index";
import authRoutes from "./routes/auth/index";
import oidcRoutes from "./routes/auth/oidc";
import baselineRoutes from "./routes/baselines/index";
import calendarFeedRoutes from "./routes/calendar-feed/index";
import categoryRoutes from "./routes/categories/index";
import dependencyRoutes from "./routes/dependencies/index";
import healthRoutes from "./routes/health/index";
import importExportRoutes from "./routes/import-export/index";
import meRoutes from "./routes/me/index";
import myTasksRoutes from "./routes/my-tasks/index";
import notificationRoutes from "./routes/notifications/index";
import projectRoutes from "./routes/projects/index";
import publicShareRoutes from "./routes/public-share/index";
import searchRoutes from "./routes/search/index";
import shareRoutes from "./routes/shares/index";
import taskRoutes from "./routes/tasks/index";
import tokenRoutes from "./routes/tokens/index";
import trialSignupRoutes from "./routes/trial-signup/index";
import webhookRoutes from "./routes/webhooks/index";
import { ProjectScheduleCache } from "./scheduling/project-schedules";
import { scheduleOutOfRangeAnswer } from "./scheduling/schedule-range";
import { WebhookDeliverer } from "./webhooks/deliverer";

/** What a refused import's Retry-After says: about the time a large import takes. */
const IMPORT_RETRY_AFTER_SECONDS = 5;

declare module "fastify" {
  interface FastifyInstance {
    db: Database;
    config: Config;
    oidc: OidcProvider | undefined;
    events: ProjectEventHub;
    /** The edges of the projects written most recently, for the cycle check (dependencies/project-edges.ts). */
    projectEdges: ProjectEdgesCache;
    /** The open My Tasks streams (realtime/user-event-hub.ts). */
    userEvents: UserEventHub;
    /** Each project's computed schedule, for the tasks live events carry. */
    projectSchedules: ProjectScheduleCache;
    /** The worker processes uploads are read in (import-export/import-readers.ts). */
    importReaders: ImportReaders;
    /** How many imports run at once (import-export/import-slots.ts). */
    importSlots: ImportSlots;
    /** Serialised tasks and dependencies of the projects read most recently (projects/project-content.ts). */
    projectContentCache: ProjectContentCache;
    /** The sessions resolved most recently, dropped on every instance as they change (auth/session-cache.ts). */
    sessionCache: SessionCache;
    /** Every route as "METHOD /url", for the authorization matrix test. */
    routeList: string[];
    /** After a write's commit: its notifications to streams and mail, and the deliverer woken. */
    announceFollowUps: FollowUpAnnouncer;
    /** Sends the webhook outbox's deliveries (webhooks/deliverer.ts). */
    webhookDeliverer: WebhookDeliverer;
  }
}

export type BuildAppOptions = {
  config: Config;
  db: Database;
  logger?: FastifyServerOptions["logger"];
};

const GENERIC_500 = "Something went wrong on our side. Please try again.";

export async function buildApp({ config, db, logger = false }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Request ids appear in every log line of a request and in 500 answers' logs.
    genReqId: () => crypto.randomUUID(),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("db", db);
  app.decorate("config", config);
  app.decorate("oidc", config.oidc ? new OidcProvider(config.oidc) : undefined);
  const projectSchedules = new ProjectScheduleCache();
  app.decorate("projectSchedules", projectSchedules);
  const bus = config.redisUrl ? createRedisBus(config.redisUrl, app.log) : createMemoryBus();
  const events = new ProjectEventHub(
    bus,
    app.log,
    (event) => withChange(db, projectSchedules, event),
    config.eventKeepAliveSeconds * 1000,
  );
  app.decorate("events", events);
  // Per app, not per module: tests run several apps, each on its own database, in one process.
  app.decorate("projectEdges", new ProjectEdgesCache());
  const userEvents = new UserEventHub(bus, app.log, config.eventKeepAliveSeconds * 1000);
  app.decorate("userEvents", userEvents);
  app.decorate("sessionCache", new SessionCache(bus, (tokenHash) => findSession(db, tokenHash)));
  app.decorate("projectContentCache", new ProjectContentCache(config.projectCacheMegabytes * 1024 * 1024));
  // Open streams would keep the server from closing: end them first.
  app.addHook("preClose", async () => {
    events.closeAll();
    userEvents.closeAll();
  });
  app.addHook("onClose", async () => bus.close());
  const importReaders = new ImportReaders({
    workers: config.importsPerInstance,
    memoryMb: config.importWorkerMemoryMb,
    readTimeoutMs: config.importReadTimeoutSeconds * 1000,
    idleMs: config.importWorkerIdleSeconds * 1000,
    log: app.log,
  });
  app.decorate("importReaders", importReaders);
  app.decorate(
    "importSlots",
    new ImportSlots({
      perInstance: config.importsPerInstance,
      waitMs: config.importWaitSeconds * 1000,
      retryAfterSeconds: IMPORT_RETRY_AFTER_SECONDS,
    }),
  );
  app.addHook("onClose", async () => importReaders.close());
  const webhookDeliverer = new WebhookDeliverer(app);
  app.decorate("webhookDeliverer", webhookDeliverer);
  app.decorate("announceFollowUps", async (followUps) => {
    if (followUps.webhookDeliveries > 0) webhookDeliverer.wake();
    await announceNotifications(app, followUps.notifications);
  });
  // The background work starts once the app is ready and stops before it closes.
  let stopDeadlinePass = () => {};
  app.addHook("onReady", async () => {
    webhookDeliverer.start();
    stopDeadlinePass = startDeadlinePass(app);
  });
  app.addHook("preClose", async () => {
    stopDeadlinePass();
    await webhookDeliverer.stop();
  });
  const routeList: string[] = [];
  app.decorate("routeList", routeList);
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat())
      if (method !== "HEAD") routeList.push(`${method} ${route.url}`);
  });

  // External plugins first, then the app's own.
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Style attributes are how the graph and Gantt position their elements.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // blob: is the page's own pictures: a chart saved as PNG is its SVG drawn through a blob URL.
        imgSrc: ["'self'", "data:", "blob:", "https:"],
        connectSrc: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    strictTransportSecurity: false,
    // Not "no-referrer": with it Chromium sends `Origin: null` on our own form posts, which the
    // cross-site guard must refuse. Same-origin still tells other sites nothing.
    referrerPolicy: { policy: "same-origin" },
  });
  await app.register(compression);
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody, { bodyLimit: 64 * 1024 });
  await app.register(fastifyRateLimit, {
    global: true,
    max: rateLimitMax(config),
    keyGenerator: rateLimitKey,
    timeWindow: 60_000,
    allowList: (request) => !request.url.startsWith(API_PREFIX),
    errorResponseBuilder: (_request, context) =>
      new AppError(429, `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`),
  });
  await app.register(requestGuards, { publicUrl: config.publicUrl });
  await app.register(sessionPlugin);
  // Before the routes, so it sees each one's schema.
  await registerOpenApi(app);

  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (error instanceof ValidationError) {
      return reply.code(400).send({ message: error.message, code: error.code, field: error.field });
    }
    if (error instanceof AppError) {
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send({ ...error.details, message: error.message, code: error.code });
    }
    if (error instanceof ScheduleOutOfRangeError) {
      return reply.code(400).send(await scheduleOutOfRangeAnswer(app.db, error, request));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const path = first.instancePath.split("/").filter(Boolean);
      const parts: Record<string, unknown> = {
        body: request.body,
        params: request.params,
        querystring: request.query,
      };
      const { message, field } = describeIssue(
        {
          code: first.keyword,
          message: first.message ?? "is invalid",
          expected: first.params.expected,
          path,
        },
        valueAt(parts[error.validationContext ?? "body"], path),
      );
      return reply.code(400).send({ message, code: "invalid_input", field });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, "database unavailable");
      return reply.code(503).header("retry-after", "5").send({
        message: "The database is unavailable. Please try again shortly.",
        code: "database_unavailable",
      });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      return reply
        .code(status)
        .send({ message: clientErrorMessage(error, request), code: error.code ?? "bad_request" });
    }
    request.log.error({ err: error }, "request failed");
    return reply.code(500).send({ message: GENERIC_500, code: "internal" });
  });

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(oidcRoutes);
  await app.register(trialSignupRoutes);
  await app.register(projectRoutes);
  await app.register(categoryRoutes);
  await app.register(baselineRoutes);
  await app.register(taskRoutes);
  await app.register(dependencyRoutes);
  await app.register(myTasksRoutes);
  await app.register(searchRoutes);
  await app.register(meRoutes);
  await app.register(importExportRoutes);
  await app.register(calendarFeedRoutes);
  await app.register(shareRoutes);
  await app.register(activityRoutes);
  await app.register(asOfRoutes);
  await app.register(publicShareRoutes);
  await app.register(eventStreamRoutes);
  await app.register(notificationRoutes);
  await app.register(tokenRoutes);
  await app.register(webhookRoutes);

  await app.register(staticAssets, { clientDir: config.clientDir });
  return app;
}

function clientErrorMessage(error: FastifyError, request: FastifyRequest): string {
  switch (error.code) {
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return request.routeOptions.bodyLimit === IMPORT_BYTES_MAX
        ? "The file is larger than 20 MiB."
        : `Request body is larger than ${(request.routeOptions.bodyLimit ?? 1024 * 1024) / (1024 * 1024)} MiB.`;
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return "Request bodies must be JSON (Content-Type: application/json).";
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return "Request body is not valid JSON.";
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return "Request body is empty but says it is JSON.";
    default:
      return error instanceof SyntaxError ? "Request body is not valid JSON." : error.message;
  }
}

// GET /api/health for load balancers: 200 when the process serves and the database answers,
// 503 when the database does not (the process itself is alive either way).
import { apiRoutes } from "@core/api/routes";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";

const DATABASE_TIMEOUT_MS = 2000;

export default async function healthRoutes(app: FastifyInstance) {
  app.get(apiRoutes.health.path, async (request, reply) => {
    const started = Date.now();
    const database = await Promise.race([
      app.db.execute(sql`select 1`).then(
        () => "up" as const,
        () => "down" as const,
      ),
      new Promise<"down">((resolve) => setTimeout(() => resolve("down"), DATABASE_TIMEOUT_MS).unref()),
    ]);
    if (database === "down") request.log.warn("health check: database down");
    return reply
      .code(database === "up" ? 200 : 503)
      .header("cache-control", "no-store")
      .send({ status: database === "up" ? "ok" : "degraded", database, checkedInMs: Date.now() - started });
  });
}

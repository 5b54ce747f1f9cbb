// Opens the database (migrating it), builds the app and listens. Everything else is in app.ts.
import { buildApp } from "./app";
import { deleteExpiredSessions } from "./auth/sessions";
import { loadConfig } from "./config";
import { openDatabase } from "./db/client";

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const app = await buildApp({
  config,
  db: database.db,
  logger: {
    level: config.logLevel,
    // Session cookies must never reach a log line.
    redact: ["req.headers.cookie", 'res.headers["set-cookie"]'],
  },
});

const sweep = setInterval(() => deleteExpiredSessions(database.db).catch(() => {}), 60 * 60 * 1000);
sweep.unref();

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, "shutting down");
  const closed = app.close();
  // Requests in flight finish on keep-alive sockets that then sit idle, holding close() open for
  // Fastify's 72 s keep-alive timeout; closing idle sockets as they appear ends it at once.
  const sweeper = setInterval(() => app.server.closeIdleConnections(), 50);
  await closed;
  clearInterval(sweeper);
  await database.close();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));

await app.listen({ port: config.port, host: config.host });
app.log.info(
  { storage: database.kind === "pglite" ? `PGlite in ${config.dataDir}` : "PostgreSQL" },
  `Visual Project Planner on http://${config.host}:${config.port}`,
);

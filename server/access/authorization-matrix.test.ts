// The authorization matrix: every API route, called as anonymous, a signed-in stranger, viewer,
// editor, admin and owner, must answer as the access table (core/access/permissions.ts) says, and a refused call must
// leave the database exactly as it was. A route added without a row here fails this file.

import type { ActivityAction } from "@core/schemas/activity";
import { count, desc, eq, inArray } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { describe, expect, it } from "vitest";
import * as schema from "../db/schema";
import {
  createCategoryIn,
  createDependencyIn,
  createSharedProject,
  createTaskIn,
  publishProject,
} from "../test/factories";
import { type Client, jsonRequest as json, loginAs, setupTestApp } from "../test/test-app";

const CALLERS = ["anonymous", "stranger", "viewer", "editor", "admin", "owner"] as const;
type Caller = (typeof CALLERS)[number];
type Expected = Record<Caller, number>;

// Event streams never end, so they are called over a real port and dropped after the headers.
const testApp = setupTestApp({ listen: true });

const latestEntry = async (projectId: number) =>
  (
    await testApp.database.db
      .select()
      .from(schema.activityEntries)
      .where(eq(schema.activityEntries.projectId, projectId))
      .orderBy(desc(schema.activityEntries.id))
      .limit(1)
  )[0];

/** A fresh project world for every cell, so an allowed write cannot affect the next call. */
async function world() {
  const [owner, admin, editor, viewer, stranger] = await Promise.all(
    Array.from({ length: 5 }, () => loginAs(testApp)),
  );
  const members = { admin: admin.user, editor: editor.user, viewer: viewer.user };
  const project = await createSharedProject(testApp, owner.user, members);
  const [pending] = await testApp.database.db
    .insert(schema.projectShares)
    .values({ projectId: project.id, email: `pending-${project.id}@example.com`, role: "viewer" })
    .returning();
  const category = await createCategoryIn(testApp, project);
  const first = await createTaskIn(testApp, project, { name: "First" });
  const second = await createTaskIn(testApp, project, { name: "Second" });
  const free = await createTaskIn(testApp, project, { name: "Free" });
  const dependency = await createDependencyIn(testApp, first, second);
  const link = await publishProject(testApp, project);
  const [baseline] = await testApp.database.db
    .insert(schema.baselines)
    .values({ projectId: project.id, name: "Agreed plan", savedBy: owner.user.id, finish: null })
    .returning();
  await testApp.database.db
    .insert(schema.baselineTasks)
    .values({ baselineId: baseline.id, taskId: first.id, start: null, finish: null, duration: null });
  const [apiToken] = await testApp.database.db
    .insert(schema.apiTokens)
    .values({
      userId: owner.user.id,
      name: "Matrix",
      scope: "read",
      tokenHash: `matrix-${project.id}`,
      prefix: "vpp_matr",
    })
    .returning();
  const [webhook] = await testApp.database.db
    .insert(schema.webhooks)
    .values({
      projectId: project.id,
      url: "https://hooks.example.com/planner",
      events: ["task.created"],
      secret: "s",
    })
    .returning();
  const clients: Record<Exclude<Caller, "anonymous">, Client> = { owner, admin, editor, viewer, stranger };
  // An entry to undo: the owner renames Free through the API.
  const renamed = await owner.inject(json("PUT", `/api/tasks/${free.id}`, { name: "Free, renamed" }));
  const entry = Number((await latestEntry(project.id))?.id ?? renamed.statusCode);
  return {
    clients,
    project,
    pending,
    category,
    first,
    second,
    free,
    dependency,
    link,
    entry,
    baseline,
    apiToken,
    webhook,
  };
}
type World = Awaited<ReturnType<typeof world>>;

// Expected answers by kind of action: 401 without a session, 404 to strangers, 403 without the right.
const read = (ok = 200): Expected => ({
  anonymous: 401,
  stranger: 404,
  viewer: ok,
  editor: ok,
  admin: ok,
  owner: ok,
});
const edit = (ok = 200): Expected => ({
  anonymous: 401,
  stranger: 404,
  viewer: 403,
  editor: ok,
  admin: ok,
  owner: ok,
});
const share = (ok = 200): Expected => ({
  anonymous: 401,
  stranger: 404,
  viewer: 403,
  editor: 403,
  admin: ok,
  owner: ok,
});
const remove = (ok = 204): Expected => ({
  anonymous: 401,
  stranger: 404,
  viewer: 403,
  editor: 403,
  admin: 403,
  owner: ok,
});
const signedIn = (ok = 200): Expected => ({
  anonymous: 401,
  stranger: ok,
  viewer: ok,
  editor: ok,
  admin: ok,
  owner: ok,
});
const everyone = (status: number): Expected => ({
  anonymous: status,
  stranger: status,
  viewer: status,
  editor: status,
  admin: status,
  owner: status,
});
const guestsOnly = (guest: number, member: number): Expected => ({ ...everyone(member), anonymous: guest });

let unique = 0;
type Row = {
  request: (w: World) => InjectOptions;
  expected: Expected;
  stream?: boolean;
  /** The activity entry the owner's call records (docs/decisions/030-history-activity-and-undo.md)... */
  activity?: ActivityAction;
  /** ...or why this write records none. */
  noActivity?: string;
};
const MATRIX: Record<string, Row> = {
  "GET /api/health": { request: () => json("GET", "/api/health"), expected: everyone(200) },
  "GET /api/signup": { request: () => json("GET", "/api/signup"), expected: guestsOnly(200, 303) },
  "POST /api/signup": {
    request: () => {
      unique += 1;
      return json("POST", "/api/signup", {
        email: `matrix${unique}-${Date.now()}@example.com`,
        username: `matrix${unique}_${Date.now()}`,
        password: "long enough password",
      });
    },
    expected: everyone(201),
    noActivity: "an account, not a project",
  },
  "GET /api/login": { request: () => json("GET", "/api/login"), expected: guestsOnly(200, 303) },
  "POST /api/login": {
    request: () => json("POST", "/api/login", { email: "nobody@example.com", password: "wrong" }),
    expected: everyone(401),
    noActivity: "a session, not a project",
  },
  "GET /api/logout": { request: () => json("GET", "/api/logout"), expected: everyone(303) },
  "POST /api/logout": {
    request: () => json("POST", "/api/logout"),
    expected: everyone(204),
    noActivity: "a session, not a project",
  },
  "GET /api/callback": {
    request: () => json("GET", "/api/callback?code=x&state=y"),
    expected: everyone(404),
  },
  "GET /api/auth/user": { request: () => json("GET", "/api/auth/user"), expected: signedIn() },
  // One's own settings: any signed-in user changes their own, never anyone else's.
  "PATCH /api/me/preferences": {
    request: () => json("PATCH", "/api/me/preferences", { theme: "dark" }),
    expected: signedIn(),
    noActivity: "a user's own setting, not a project",
  },
  "POST /api/trial-signup": {
    request: () => json("POST", "/api/trial-signup", { email: "trial@example.com" }),
    expected: everyone(201),
    noActivity: "a trial request, not a project",
  },
  "GET /api/projects": { request: () => json("GET", "/api/projects"), expected: signedIn() },
  "POST /api/projects": {
    request: () => json("POST", "/api/projects", { name: "New" }),
    expected: signedIn(201),
    activity: "project.created",
  },
  "GET /api/shared-projects": { request: () => json("GET", "/api/shared-projects"), expected: signedIn() },
  "GET /api/my-tasks": { request: () => json("GET", "/api/my-tasks"), expected: signedIn() },
  // The palette's search: every signed-in user searches what they can see (a stranger finds nothing).
  "GET /api/search": {
    request: (w) => json("GET", `/api/search?q=${encodeURIComponent(w.first.name)}`),
    expected: signedIn(),
  },
  "GET /api/my-tasks/events": {
    request: () => json("GET", "/api/my-tasks/events"),
    expected: signedIn(),
    stream: true,
  },
  "GET /api/projects/by-slug/:slug": {
    request: (w) => json("GET", `/api/projects/by-slug/${w.project.slug}`),
    expected: read(),
  },
  "GET /api/projects/:id": { request: (w) => json("GET", `/api/projects/${w.project.id}`), expected: read() },
  "PUT /api/projects/:id": {
    request: (w) => json("PUT", `/api/projects/${w.project.id}`, { name: "Renamed" }),
    expected: share(),
    activity: "project.updated",
  },
  "PATCH /api/projects/:id": {
    request: (w) => json("PATCH", `/api/projects/${w.project.id}`, { archived: true }),
    expected: share(),
    activity: "project.updated",
  },
  "DELETE /api/projects/:id": {
    request: (w) => json("DELETE", `/api/projects/${w.project.id}`),
    expected: remove(),
    noActivity: "the project and its history are deleted together",
  },
  "PUT /api/projects/:id/preferred-view": {
    request: (w) => json("PUT", `/api/projects/${w.project.id}/preferred-view`, { view: "list" }),
    expected: read(),
    noActivity: "one user's own view, not the project's content",
  },
  "GET /api/projects/:id/categories": {
    request: (w) => json("GET", `/api/projects/${w.project.id}/categories`),
    expected: read(),
  },
  "POST /api/projects/:id/categories": {
    request: (w) =>
      json("POST", `/api/projects/${w.project.id}/categories`, { name: "Ops", color: "#33FF57" }),
    expected: edit(201),
    activity: "category.created",
  },
  "PUT /api/categories/:id": {
    request: (w) => json("PUT", `/api/categories/${w.category.id}`, { name: "Renamed", color: "#33FF57" }),
    expected: edit(),
    activity: "category.updated",
  },
  "DELETE /api/categories/:id": {
    request: (w) => json("DELETE", `/api/categories/${w.category.id}`),
    expected: edit(204),
    activity: "category.deleted",
  },
  // Baselines (docs/spec/tracking.md): members read them, editors and up save, rename, delete.
  "GET /api/projects/:id/baselines": {
    request: (w) => json("GET", `/api/projects/${w.project.id}/baselines`),
    expected: read(),
  },
  "POST /api/projects/:id/baselines": {
    request: (w) => json("POST", `/api/projects/${w.project.id}/baselines`, { name: "Baseline 1" }),
    expected: edit(201),
    activity: "baseline.saved",
  },
  "GET /api/projects/:id/baselines/:baselineId": {
    request: (w) => json("GET", `/api/projects/${w.project.id}/baselines/${w.baseline.id}`),
    expected: read(),
  },
  "PATCH /api/projects/:id/baselines/:baselineId": {
    request: (w) =>
      json("PATCH", `/api/projects/${w.project.id}/baselines/${w.baseline.id}`, { name: "Renamed" }),
    expected: edit(),
    activity: "baseline.renamed",
  },
  "DELETE /api/projects/:id/baselines/:baselineId": {
    request: (w) => json("DELETE", `/api/projects/${w.project.id}/baselines/${w.baseline.id}`),
    expected: edit(204),
    activity: "baseline.deleted",
  },
  "POST /api/projects/:id/tasks": {
    request: (w) => json("POST", `/api/projects/${w.project.id}/tasks`, { name: "Added" }),
    expected: edit(201),
    activity: "task.created",
  },
  "PUT /api/tasks/:id": {
    request: (w) => json("PUT", `/api/tasks/${w.first.id}`, { completed: true }),
    expected: edit(),
    activity: "task.updated",
  },
  "DELETE /api/tasks/:id": {
    request: (w) => json("DELETE", `/api/tasks/${w.first.id}`),
    expected: edit(204),
    activity: "task.deleted",
  },
  "PUT /api/projects/:id/tasks/reorder": {
    request: (w) =>
      json("PUT", `/api/projects/${w.project.id}/tasks/reorder`, {
        taskOrders: [
          { taskId: w.first.id, order: 2 },
          { taskId: w.second.id, order: 1 },
        ],
      }),
    expected: edit(),
    activity: "tasks.reordered",
  },
  "PUT /api/projects/:id/tasks/positions": {
    request: (w) =>
      json("PUT", `/api/projects/${w.project.id}/tasks/positions`, {
        positions: [{ taskId: w.first.id, positionX: 10, positionY: 20 }],
      }),
    expected: edit(),
    activity: "tasks.positioned",
  },
  "POST /api/projects/:id/outline": {
    request: (w) =>
      json("POST", `/api/projects/${w.project.id}/outline`, { taskIds: [w.free.id], action: "indent" }),
    expected: edit(),
    activity: "tasks.outlined",
  },
  "POST /api/dependencies": {
    request: (w) => json("POST", "/api/dependencies", { sourceTaskId: w.second.id, targetTaskId: w.free.id }),
    expected: edit(201),
    activity: "dependency.created",
  },
  "PUT /api/dependencies/:id": {
    request: (w) => json("PUT", `/api/dependencies/${w.dependency.id}`, { type: "SS", lag: 2 }),
    expected: edit(),
    activity: "dependency.updated",
  },
  "DELETE /api/dependencies/:id": {
    request: (w) => json("DELETE", `/api/dependencies/${w.dependency.id}`),
    expected: edit(204),
    activity: "dependency.deleted",
  },
  "GET /api/projects/:id/shares": {
    request: (w) => json("GET", `/api/projects/${w.project.id}/shares`),
    expected: read(),
  },
  "POST /api/projects/:id/share": {
    request: (w) =>
      json("POST", `/api/projects/${w.project.id}/share`, { email: `new-${w.project.id}@example.com` }),
    expected: share(201),
    activity: "member.created",
  },
  "PUT /api/project-shares/:shareId": {
    request: (w) => json("PUT", `/api/project-shares/${w.pending.id}`, { role: "editor" }),
    expected: share(),
    activity: "member.updated",
  },
  "DELETE /api/project-shares/:shareId": {
    request: (w) => json("DELETE", `/api/project-shares/${w.pending.id}`),
    expected: share(204),
    activity: "member.deleted",
  },
  "GET /api/projects/:id/share-token": {
    request: (w) => json("GET", `/api/projects/${w.project.id}/share-token`),
    expected: share(),
  },
  "POST /api/projects/:id/generate-share": {
    request: (w) => json("POST", `/api/projects/${w.project.id}/generate-share`),
    expected: share(),
    activity: "link.created",
  },
  "DELETE /api/projects/:id/share-token": {
    request: (w) => json("DELETE", `/api/projects/${w.project.id}/share-token`),
    expected: share(),
    activity: "link.deleted",
  },
  // The public link: anyone, signed in or not, reads the project through its token.
  "GET /api/share/:token": {
    request: (w) => json("GET", `/api/share/${w.link.token}`),
    expected: everyone(200),
  },
  "GET /api/share/:token/events": {
    request: (w) => json("GET", `/api/share/${w.link.token}/events`),
    expected: everyone(200),
    stream: true,
  },
  // Import and export (docs/decisions/025-import-and-export.md): an import is a new project of the
  // caller's own.
  "POST /api/projects/import": {
    request: () => ({
      method: "POST",
      url: "/api/projects/import?format=csv",
      headers: { "content-type": "text/csv" },
      payload: "Name\nImported task\n",
    }),
    expected: signedIn(201),
    activity: "import",
  },
  "GET /api/projects/:id/export": {
    request: (w) => json("GET", `/api/projects/${w.project.id}/export?format=csv`),
    expected: read(),
  },
  "GET /api/calendar-feed": { request: () => json("GET", "/api/calendar-feed"), expected: signedIn() },
  "POST /api/calendar-feed": {
    request: () => json("POST", "/api/calendar-feed"),
    expected: signedIn(),
    noActivity: "a user's own calendar feed, not a project",
  },
  "DELETE /api/calendar-feed": {
    request: () => json("DELETE", "/api/calendar-feed"),
    expected: signedIn(204),
    noActivity: "a user's own calendar feed, not a project",
  },
  // A feed is read by its secret token alone: an unknown one is missing to everyone.
  "GET /api/calendar/:file": {
    request: () => json("GET", `/api/calendar/${"x".repeat(32)}.ics`),
    expected: everyone(404),
  },
  // History (docs/decisions/030-history-activity-and-undo.md): members read it; undo needs the right
  // of the write it reverts.
  "GET /api/projects/:id/activity": {
    request: (w) => json("GET", `/api/projects/${w.project.id}/activity`),
    expected: read(),
  },
  // The plan on a past day (docs/spec/tracking.md): every member reads it.
  "GET /api/projects/:id/as-of": {
    request: (w) => json("GET", `/api/projects/${w.project.id}/as-of?at=2999-01-01`),
    expected: read(),
  },
  "POST /api/activity/:entryId/undo": {
    request: (w) => json("POST", `/api/activity/${w.entry}/undo`),
    expected: edit(),
    activity: "task.updated",
  },
  "GET /api/openapi.json": { request: () => json("GET", "/api/openapi.json"), expected: everyone(200) },
  "GET /api/notifications": { request: () => json("GET", "/api/notifications"), expected: signedIn() },
  "POST /api/notifications/read": {
    request: () => json("POST", "/api/notifications/read", { all: true }),
    expected: signedIn(204),
    noActivity: "a user's own notifications, not a project",
  },
  "GET /api/notifications/preferences": {
    request: () => json("GET", "/api/notifications/preferences"),
    expected: signedIn(),
  },
  "PUT /api/notifications/preferences": {
    request: () => json("PUT", "/api/notifications/preferences", { "task.assigned": "email" }),
    expected: signedIn(),
    noActivity: "a user's own preferences, not a project",
  },
  "GET /api/tokens": { request: () => json("GET", "/api/tokens"), expected: signedIn() },
  "POST /api/tokens": {
    request: () => json("POST", "/api/tokens", { name: "Matrix token", scope: "read" }),
    expected: signedIn(201),
    noActivity: "a user's own API token, not a project",
  },
  "DELETE /api/tokens/:id": {
    request: (w) => json("DELETE", `/api/tokens/${w.apiToken.id}`),
    expected: { anonymous: 401, stranger: 404, viewer: 404, editor: 404, admin: 404, owner: 204 },
    noActivity: "a user's own API token, not a project",
  },
  "GET /api/projects/:id/webhooks": {
    request: (w) => json("GET", `/api/projects/${w.project.id}/webhooks`),
    expected: share(),
  },
  "POST /api/projects/:id/webhooks": {
    request: (w) =>
      json("POST", `/api/projects/${w.project.id}/webhooks`, {
        url: "https://93.184.215.14/other", // a public address: no DNS needed
        events: ["task.created"],
      }),
    expected: share(201),
    noActivity: "a project's delivery setting, not its content (as its public link's calendar feed)",
  },
  "GET /api/projects/:id/webhooks/:webhookId": {
    request: (w) => json("GET", `/api/projects/${w.project.id}/webhooks/${w.webhook.id}`),
    expected: share(),
  },
  "PATCH /api/projects/:id/webhooks/:webhookId": {
    request: (w) =>
      json("PATCH", `/api/projects/${w.project.id}/webhooks/${w.webhook.id}`, { active: false }),
    expected: share(),
    noActivity: "a project's delivery setting, not its content",
  },
  "DELETE /api/projects/:id/webhooks/:webhookId": {
    request: (w) => json("DELETE", `/api/projects/${w.project.id}/webhooks/${w.webhook.id}`),
    expected: share(204),
    noActivity: "a project's delivery setting, not its content",
  },
  "GET /api/projects/:id/webhooks/:webhookId/deliveries": {
    request: (w) => json("GET", `/api/projects/${w.project.id}/webhooks/${w.webhook.id}/deliveries`),
    expected: share(),
  },
  "GET /api/projects/:id/events": {
    request: (w) => json("GET", `/api/projects/${w.project.id}/events`),
    expected: read(),
    stream: true,
  },
};

/**
 * What a refused call must not change: the count of every table but sessions (sign-in and logout
 * cells change those by design), and every row of the world's project and its people.
 */
async function snapshot(w: World): Promise<string> {
  const db = testApp.database.db;
  const byProject = (column: Parameters<typeof eq>[0]) => eq(column, w.project.id);
  const counted = [
    schema.users,
    schema.projects,
    schema.projectPreferences,
    schema.categories,
    schema.tasks,
    schema.dependencies,
    schema.projectShares,
    schema.publicShareLinks,
    schema.trialSignups,
    schema.activityEntries,
    schema.baselines,
    schema.baselineTasks,
    schema.apiTokens,
    schema.webhooks,
    schema.notifications,
    schema.notificationPreferences,
  ];
  const counts = await Promise.all(
    counted.map(async (table) => (await db.select({ n: count() }).from(table))[0].n),
  );
  const userIds = Object.values(w.clients).map((client) => client.user.id);
  const rows = await Promise.all([
    db.select().from(schema.users).where(inArray(schema.users.id, userIds)).orderBy(schema.users.id),
    db.select().from(schema.projects).where(byProject(schema.projects.id)),
    db.select().from(schema.projectPreferences).where(byProject(schema.projectPreferences.projectId)),
    db
      .select()
      .from(schema.categories)
      .where(byProject(schema.categories.projectId))
      .orderBy(schema.categories.id),
    db.select().from(schema.tasks).where(byProject(schema.tasks.projectId)).orderBy(schema.tasks.id),
    db
      .select()
      .from(schema.dependencies)
      .where(byProject(schema.dependencies.projectId))
      .orderBy(schema.dependencies.id),
    db
      .select()
      .from(schema.projectShares)
      .where(byProject(schema.projectShares.projectId))
      .orderBy(schema.projectShares.id),
    db.select().from(schema.publicShareLinks).where(byProject(schema.publicShareLinks.projectId)),
    db
      .select()
      .from(schema.baselines)
      .where(byProject(schema.baselines.projectId))
      .orderBy(schema.baselines.id),
  ]);
  return JSON.stringify({ counts, rows });
}

/** Status and body of a call; a stream is read up to its headers and then dropped. */
async function call(row: Row, options: InjectOptions, cookie: string | undefined) {
  if (!row.stream) {
    const response = await testApp.app.inject({
      ...options,
      headers: { ...options.headers, ...(cookie ? { cookie } : {}) },
    });
    return { status: response.statusCode, body: response.body };
  }
  const controller = new AbortController();
  const response = await fetch(`${testApp.baseUrl}${options.url}`, {
    headers: cookie ? { cookie } : {},
    signal: controller.signal,
  });
  const body = response.status === 200 ? "" : await response.text();
  controller.abort();
  return { status: response.status, body };
}

describe("authorization matrix", () => {
  it("has a row for every route the app serves, and no row for a route it does not", () => {
    const served = [...new Set(testApp.app.routeList)].sort();
    expect(Object.keys(MATRIX).sort()).toEqual(served);
  });

  for (const [route, row] of Object.entries(MATRIX)) {
    const { request, expected } = row;
    it(`${route}: ${CALLERS.map((caller) => `${caller} ${expected[caller]}`).join(", ")}`, async () => {
      // A read changes no one's access, so its callers share one world; each write gets its own,
      // so an allowed write cannot affect the next caller's call.
      const shared = route.startsWith("GET ") ? await world() : undefined;
      for (const caller of CALLERS) {
        const w = shared ?? (await world());
        const options = request(w);
        const before = await snapshot(w);
        const response = await call(
          row,
          options,
          caller === "anonymous" ? undefined : w.clients[caller].cookie,
        );
        expect(response.status, `${caller} ${route}: ${response.body.slice(0, 200)}`).toBe(expected[caller]);
        if (response.status >= 400) {
          expect(await snapshot(w), `${caller} ${route} was refused but changed the database`).toBe(before);
          expect(JSON.parse(response.body)).toEqual({
            message: expect.any(String),
            code: expect.any(String),
          });
        }
      }
    });
  }
});

// Every write of a project's content or settings records its entry in the write's transaction
// (docs/decisions/030-history-activity-and-undo.md): a write route added without an entry, or without
// saying why it has
// none, fails here.
describe("activity of every write", () => {
  const writes = Object.entries(MATRIX).filter(([route]) => !route.startsWith("GET "));

  it("names, for every write route, the entry it records or why it records none", () => {
    const silent = writes.filter(([, row]) => !row.activity && !row.noActivity).map(([route]) => route);
    expect(silent).toEqual([]);
  });

  for (const [route, row] of writes) {
    if (!row.activity) continue;
    it(`${route} records ${row.activity}`, async () => {
      const w = await world();
      const before = (await latestEntry(w.project.id))?.id ?? 0;
      const response = await call(row, row.request(w), w.clients.owner.cookie);
      expect(response.status, response.body).toBeLessThan(300);
      // A route that makes a project records in that project.
      const body = response.body ? JSON.parse(response.body) : {};
      const projectId =
        route === "POST /api/projects" ? body.id : route.includes("import") ? body.project.id : w.project.id;
      const entry = await latestEntry(projectId);
      expect(entry?.id ?? 0, `${route} recorded no entry`).toBeGreaterThan(
        projectId === w.project.id ? before : 0,
      );
      expect(entry).toMatchObject({ action: row.activity, actorId: w.clients.owner.user.id });
    });
  }
});

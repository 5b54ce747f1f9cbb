// No N+1 queries (docs/performance.md): the SQL statements a request runs must not grow with the size
// of the
// project or the number of projects. Counted through the database handle's query hook.
import { describe, expect, it } from "vitest";
import { seedMyTasksUser, seedProject } from "../../bench/seed";
import { type Client, loginAs, setupTestApp } from "../test/test-app";
import { projectShares } from "./schema";

let counting = false;
let statements: string[] = [];

// The cache off: every read runs its full set of statements, which must not grow with N.
const testApp = setupTestApp({
  config: { projectCacheMegabytes: 0 },
  onQuery: (query) => counting && statements.push(query),
});

/** The statements one request runs, with the response (which must succeed as expected). */
async function countQueries(client: Pick<Client, "inject">, request: Parameters<Client["inject"]>[0]) {
  statements = [];
  counting = true;
  try {
    const response = await client.inject(request);
    return { count: statements.length, statements: [...statements], response };
  } finally {
    counting = false;
  }
}

const anonymous = { inject: (request: Parameters<Client["inject"]>[0]) => testApp.app.inject(request) };

describe("statements per request do not grow with N", () => {
  it("GET /api/projects/{id}: 10 vs 200 tasks", async () => {
    const small = await seedProject(testApp.database.db, { tasks: 10, seed: 1 });
    const large = await seedProject(testApp.database.db, { tasks: 200, owner: small.owner, seed: 2 });
    const client = await loginAs(testApp, small.owner);
    // The first open also accepts invitations and creates the preferences row: count the second.
    for (const seeded of [small, large])
      await client.inject({ method: "GET", url: `/api/projects/${seeded.project.id}` });
    const few = await countQueries(client, { method: "GET", url: `/api/projects/${small.project.id}` });
    const many = await countQueries(client, { method: "GET", url: `/api/projects/${large.project.id}` });
    expect(few.response.statusCode).toBe(200);
    expect(many.response.json().tasks).toHaveLength(200);
    expect(many.count, many.statements.join("\n")).toBe(few.count);
    // The session, the access check, the tasks, the dependencies, the preferences: a handful.
    expect(many.count).toBeLessThanOrEqual(6);
  });

  it("GET /api/projects/{id} as a member: 10 vs 200 tasks", async () => {
    const small = await seedProject(testApp.database.db, { tasks: 10, members: 1, seed: 3 });
    const large = await seedProject(testApp.database.db, { tasks: 200, members: 0, seed: 4 });
    const member = small.members[0];
    await testApp.database.db
      .insert(projectShares)
      .values({ projectId: large.project.id, email: member.email, userId: member.id, role: "viewer" });
    const client = await loginAs(testApp, member);
    for (const seeded of [small, large])
      await client.inject({ method: "GET", url: `/api/projects/${seeded.project.id}` });
    const few = await countQueries(client, { method: "GET", url: `/api/projects/${small.project.id}` });
    const many = await countQueries(client, { method: "GET", url: `/api/projects/${large.project.id}` });
    expect(many.response.json().tasks).toHaveLength(200);
    expect(many.count, many.statements.join("\n")).toBe(few.count);
  });

  it("GET /api/my-tasks: 2 vs 12 projects", async () => {
    const two = await seedMyTasksUser(testApp.database.db, { projects: 2, tasksPerProject: 20 });
    const twelve = await seedMyTasksUser(testApp.database.db, { projects: 12, tasksPerProject: 20 });
    const few = await countQueries(await loginAs(testApp, two.user), { method: "GET", url: "/api/my-tasks" });
    const many = await countQueries(await loginAs(testApp, twelve.user), {
      method: "GET",
      url: "/api/my-tasks",
    });
    expect(few.response.statusCode).toBe(200);
    expect(many.response.json().length).toBeGreaterThan(few.response.json().length);
    expect(many.count, many.statements.join("\n")).toBe(few.count);
  });

  it("GET /api/share/{token}: 10 vs 200 tasks", async () => {
    const small = await seedProject(testApp.database.db, { tasks: 10, publicLink: true, seed: 5 });
    const large = await seedProject(testApp.database.db, { tasks: 200, publicLink: true, seed: 6 });
    const few = await countQueries(anonymous, { method: "GET", url: `/api/share/${small.publicToken}` });
    const many = await countQueries(anonymous, { method: "GET", url: `/api/share/${large.publicToken}` });
    expect(few.response.statusCode).toBe(200);
    expect(many.response.json().tasks).toHaveLength(200);
    expect(many.count, many.statements.join("\n")).toBe(few.count);
  });

  it("POST /api/dependencies: 10 vs 200 tasks, accepted and refused as a cycle", async () => {
    const small = await seedProject(testApp.database.db, { tasks: 10, seed: 7 });
    const large = await seedProject(testApp.database.db, { tasks: 200, owner: small.owner, seed: 8 });
    const client = await loginAs(testApp, small.owner);
    // The session is looked up once, then kept (server/auth/session-cache.ts): count after that.
    await client.inject({ method: "GET", url: "/api/auth/user" });
    const counts = [];
    for (const seeded of [small, large]) {
      // First task to last: levels apart, never seeded as a dependency, and no cycle.
      const created = await countQueries(client, {
        method: "POST",
        url: "/api/dependencies",
        payload: { sourceTaskId: seeded.taskIds[0], targetTaskId: seeded.taskIds[seeded.taskIds.length - 1] },
      });
      expect(created.response.statusCode, created.response.body).toBe(201);
      // The reverse of a seeded dependency closes a cycle of two.
      const [prerequisite, dependent] = seeded.dependencyPairs[0];
      const refused = await countQueries(client, {
        method: "POST",
        url: "/api/dependencies",
        payload: { sourceTaskId: seeded.taskIds[dependent], targetTaskId: seeded.taskIds[prerequisite] },
      });
      expect(refused.response.statusCode).toBe(409);
      expect(refused.response.json().code).toBe("dependency_cycle");
      counts.push({ created, refused });
    }
    const [few, many] = counts;
    expect(many.created.count, many.created.statements.join("\n")).toBe(few.created.count);
    expect(many.refused.count, many.refused.statements.join("\n")).toBe(few.refused.count);
  });

  it("POST /api/dependencies reads a project's edges once, then checks cycles from memory", async () => {
    const seeded = await seedProject(testApp.database.db, { tasks: 200, seed: 9 });
    const client = await loginAs(testApp, seeded.owner);
    const last = seeded.taskIds.length - 1;
    const readsEdges = (statements: string[]) =>
      statements.some((statement) => /from "dependencies" where "dependencies"."project_id"/.test(statement));
    const link = (source: number, target: number) =>
      countQueries(client, {
        method: "POST",
        url: "/api/dependencies",
        payload: { sourceTaskId: seeded.taskIds[source], targetTaskId: seeded.taskIds[target] },
      });

    const cold = await link(0, last);
    expect(cold.response.statusCode, cold.response.body).toBe(201);
    expect(readsEdges(cold.statements), cold.statements.join("\n")).toBe(true);
    const warm = await link(1, last);
    expect(warm.response.statusCode, warm.response.body).toBe(201);
    expect(readsEdges(warm.statements), warm.statements.join("\n")).toBe(false);
    expect(warm.count).toBeLessThan(cold.count);
    // A refused edge reads the names of the tasks on its cycle only.
    const refused = await link(last, 0);
    expect(refused.response.json().code).toBe("dependency_cycle");
    expect(readsEdges(refused.statements), refused.statements.join("\n")).toBe(false);
    expect(
      refused.statements.some((statement) => /from "tasks" where "tasks"."project_id"/.test(statement)),
    ).toBe(false);
  });
});

// The project answer's cached content is never stale: every way a project's tasks or dependencies
// change (each route, a cascade, a write by another instance straight to the database) shows in
// the next GET /api/projects/{id} and GET /api/share/{token}, and an unchanged project is answered
// without reading its rows again. The triggers behind it are checked on the version rows.
import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { dependencies, type Project, projectTaskVersions, type Task, tasks, users } from "../../db/schema";
import {
  createCategoryIn,
  createDependencyIn,
  createProjectFor,
  createTaskIn,
  publishProject,
  shareProject,
} from "../../test/factories";
import {
  type Client,
  createTestUser,
  loginAs,
  sendJson as send,
  setupClients,
  setupTestApp,
} from "../../test/test-app";

let statements: string[] = [];
const testApp = setupTestApp({ onQuery: (query) => statements.push(query) });
const [owner] = setupClients(testApp, 1);

let project: Project;
let first: Task;
let second: Task;
beforeEach(async () => {
  project = await createProjectFor(testApp, owner.user);
  first = await createTaskIn(testApp, project, { name: "Brief", order: 0 });
  second = await createTaskIn(testApp, project, { name: "Build", order: 1 });
});

const db = () => testApp.database.db;

async function openProject(client: Client = owner, id = project.id) {
  const response = await client.inject({ method: "GET", url: `/api/projects/${id}` });
  expect(response.statusCode).toBe(200);
  return response.json() as {
    tasks: {
      id: number;
      name: string;
      order: number;
      categoryId: number | null;
      assigneeId: number | null;
    }[];
    dependencies: { sourceTaskId: number; targetTaskId: number }[];
    accessLevel: string;
  };
}

const namesOf = (answer: Awaited<ReturnType<typeof openProject>>) => answer.tasks.map((task) => task.name);

async function versionOf(projectId: number) {
  const [row] = await db()
    .select({ version: projectTaskVersions.version })
    .from(projectTaskVersions)
    .where(eq(projectTaskVersions.projectId, projectId));
  return row?.version;
}

describe("GET /api/projects/{id} from the cache", () => {
  it("answers an unchanged project without reading its tasks or dependencies again", async () => {
    await openProject();
    statements = [];
    const answer = await openProject();
    expect(namesOf(answer)).toEqual(["Brief", "Build"]);
    expect(statements.filter((statement) => /from tasks t\b/.test(statement))).toEqual([]);
    expect(statements.filter((statement) => /from dependencies\b/.test(statement))).toEqual([]);
  });

  it("answers from the cache exactly what it read from the database", async () => {
    const category = await createCategoryIn(testApp, project);
    await db()
      .update(tasks)
      .set({ categoryId: category.id, description: 'Say "why"' })
      .where(eq(tasks.id, first.id));
    await createDependencyIn(testApp, first, second);
    const missed = await owner.inject({ method: "GET", url: `/api/projects/${project.id}` });
    const cached = await owner.inject({ method: "GET", url: `/api/projects/${project.id}` });
    expect(cached.json().tasks).toEqual(missed.json().tasks);
    expect(cached.json().dependencies).toEqual(missed.json().dependencies);
    expect(Object.keys(cached.json())).toEqual([
      "project",
      "tasks",
      "dependencies",
      "accessLevel",
      "schedule",
    ]);
    expect(cached.headers["content-type"]).toBe("application/json; charset=utf-8");
    const answer = cached.json();
    expect(answer.tasks[0]).toMatchObject({
      id: first.id,
      categoryId: category.id,
      description: 'Say "why"',
    });
    expect(answer.dependencies).toEqual([
      expect.objectContaining({ projectId: project.id, sourceTaskId: first.id, targetTaskId: second.id }),
    ]);
    expect(answer.accessLevel).toBe("owner");
    expect(answer.project).toMatchObject({ id: project.id, name: project.name });
  });

  it("shows each route's task write in the next read", async () => {
    await openProject();
    expect((await send(owner, "PUT", `/api/tasks/${first.id}`, { name: "Brief v2" })).statusCode).toBe(200);
    expect(namesOf(await openProject())).toEqual(["Brief v2", "Build"]);

    const created = await send(owner, "POST", `/api/projects/${project.id}/tasks`, { name: "Ship" });
    expect(created.statusCode).toBe(201);
    expect(namesOf(await openProject())).toEqual(["Brief v2", "Build", "Ship"]);

    const reorder = await send(owner, "PUT", `/api/projects/${project.id}/tasks/reorder`, {
      taskOrders: [
        { taskId: first.id, order: 2 },
        { taskId: second.id, order: 0 },
        { taskId: created.json().id, order: 1 },
      ],
    });
    expect(reorder.statusCode).toBe(200);
    expect(namesOf(await openProject())).toEqual(["Build", "Ship", "Brief v2"]);

    const moved = await send(owner, "PUT", `/api/projects/${project.id}/tasks/positions`, {
      positions: [{ taskId: second.id, positionX: 640, positionY: 320 }],
    });
    expect(moved.statusCode).toBe(200);
    expect((await openProject()).tasks[0]).toMatchObject({ id: second.id, positionX: 640, positionY: 320 });

    expect((await send(owner, "DELETE", `/api/tasks/${created.json().id}`)).statusCode).toBe(204);
    expect(namesOf(await openProject())).toEqual(["Build", "Brief v2"]);
  });

  it("shows dependency writes in the next read", async () => {
    await openProject();
    const created = await send(owner, "POST", "/api/dependencies", {
      sourceTaskId: first.id,
      targetTaskId: second.id,
    });
    expect(created.statusCode).toBe(201);
    expect((await openProject()).dependencies).toEqual([
      expect.objectContaining({ sourceTaskId: first.id, targetTaskId: second.id }),
    ]);
    expect((await send(owner, "DELETE", `/api/dependencies/${created.json().id}`)).statusCode).toBe(204);
    expect((await openProject()).dependencies).toEqual([]);
  });

  it("shows a task moved to another project in both projects' next reads", async () => {
    const target = await createProjectFor(testApp, owner.user, { name: "Other plan" });
    await createDependencyIn(testApp, first, second);
    await openProject();
    await openProject(owner, target.id);
    const moved = await send(owner, "PUT", `/api/tasks/${second.id}`, { projectId: target.id });
    expect(moved.statusCode).toBe(200);
    const source = await openProject();
    expect(namesOf(source)).toEqual(["Brief"]);
    expect(source.dependencies).toEqual([]);
    expect(namesOf(await openProject(owner, target.id))).toEqual(["Build"]);
  });

  it("shows cascades: a deleted category or a deleted assignee's account clears the tasks' fields", async () => {
    const category = await createCategoryIn(testApp, project);
    const assignee = await createTestUser(testApp);
    await shareProject(testApp, project, assignee, "editor");
    await db()
      .update(tasks)
      .set({ categoryId: category.id, assigneeId: assignee.id })
      .where(eq(tasks.id, first.id));
    expect((await openProject()).tasks[0]).toMatchObject({
      categoryId: category.id,
      assigneeId: assignee.id,
    });

    expect((await send(owner, "DELETE", `/api/categories/${category.id}`)).statusCode).toBe(204);
    expect((await openProject()).tasks[0]).toMatchObject({ categoryId: null, assigneeId: assignee.id });

    await db().delete(users).where(eq(users.id, assignee.id));
    expect((await openProject()).tasks[0]).toMatchObject({ categoryId: null, assigneeId: null });
  });

  it("shows writes made straight to the database, as another instance would make them", async () => {
    await openProject();
    await db().update(tasks).set({ name: "Renamed elsewhere" }).where(eq(tasks.id, second.id));
    expect(namesOf(await openProject())).toEqual(["Brief", "Renamed elsewhere"]);
    await db()
      .insert(dependencies)
      .values({ projectId: project.id, sourceTaskId: second.id, targetTaskId: first.id });
    expect((await openProject()).dependencies).toHaveLength(1);
    await db().delete(tasks).where(eq(tasks.id, first.id));
    const answer = await openProject();
    expect(namesOf(answer)).toEqual(["Renamed elsewhere"]);
    expect(answer.dependencies).toEqual([]);
  });

  it("answers each reader with their own access level from the same cached content", async () => {
    const viewer = await loginAs(testApp);
    await shareProject(testApp, project, viewer.user, "viewer");
    expect((await openProject()).accessLevel).toBe("owner");
    const asViewer = await openProject(viewer);
    expect(asViewer.accessLevel).toBe("viewer");
    expect(namesOf(asViewer)).toEqual(["Brief", "Build"]);
  });
});

describe("rebuilding the tasks from row versions", () => {
  it("rereads only the task that changed", async () => {
    await openProject();
    await send(owner, "PUT", `/api/tasks/${second.id}`, { name: "Build v2" });
    statements = [];
    expect(namesOf(await openProject())).toEqual(["Brief", "Build v2"]);
    const taskReads = statements.filter((statement) => /from tasks t\b/.test(statement));
    expect(taskReads, statements.join("\n")).toHaveLength(1);
    expect(taskReads[0]).toContain("t.id = any(");
    expect(
      statements.some((statement) =>
        /xmin::text as "rowVersion" from tasks where project_id/.test(statement),
      ),
    ).toBe(true);
  });

  it("answers exactly what a fresh read answers, whatever was written in between", async () => {
    // A second app on the same database with no cache: every read is a fresh one.
    const fresh = await buildApp({ config: { ...testApp.app.config, projectCacheMegabytes: 0 }, db: db() });
    await fresh.ready();
    try {
      const third = await createTaskIn(testApp, project, { name: "Ship", order: 2 });
      const other = await createProjectFor(testApp, owner.user);
      const category = await createCategoryIn(testApp, project);
      const compare = async (step: string) => {
        const cached = await owner.inject({ method: "GET", url: `/api/projects/${project.id}` });
        const uncached = await fresh.inject({
          method: "GET",
          url: `/api/projects/${project.id}`,
          headers: { cookie: owner.cookie },
        });
        const pick = (body: string) => {
          const { tasks: list, dependencies: edges } = JSON.parse(body);
          return { tasks: list, dependencies: edges };
        };
        expect(pick(cached.body), step).toEqual(pick(uncached.body));
      };
      await compare("first read");
      await send(owner, "PUT", `/api/tasks/${first.id}`, { name: "Brief v2", categoryId: category.id });
      await compare("an edit");
      await send(owner, "PUT", `/api/projects/${project.id}/tasks/reorder`, {
        taskOrders: [
          { taskId: third.id, order: 0 },
          { taskId: first.id, order: 1 },
          { taskId: second.id, order: 2 },
        ],
      });
      await compare("a reorder");
      await send(owner, "DELETE", `/api/categories/${category.id}`);
      await compare("a cascade from a deleted category");
      await send(owner, "POST", "/api/dependencies", { sourceTaskId: third.id, targetTaskId: first.id });
      await send(owner, "POST", `/api/projects/${project.id}/tasks`, { name: "Retro" });
      await compare("a dependency and a new task");
      await send(owner, "PUT", `/api/tasks/${second.id}`, { projectId: other.id });
      await compare("a move away");
      await db().update(tasks).set({ description: "From elsewhere" }).where(eq(tasks.projectId, project.id));
      await compare("every task changed at once");
      await send(owner, "DELETE", `/api/tasks/${third.id}`);
      await compare("a delete");
    } finally {
      await fresh.close();
    }
  });
});

describe("GET /api/share/{token} from the cache", () => {
  it("shows the project's current tasks after every change", async () => {
    const link = await publishProject(testApp, project);
    const read = async () => {
      const response = await testApp.app.inject({ method: "GET", url: `/api/share/${link.token}` });
      expect(response.statusCode).toBe(200);
      return response.json() as {
        project: { name: string };
        tasks: { name: string }[];
        categories: unknown[];
      };
    };
    await openProject(); // the owner's read fills the cache the public page shares
    expect((await read()).tasks.map((task) => task.name)).toEqual(["Brief", "Build"]);
    await send(owner, "PUT", `/api/tasks/${second.id}`, { name: "Build it" });
    const answer = await read();
    expect(answer.tasks.map((task) => task.name)).toEqual(["Brief", "Build it"]);
    expect(answer.project.name).toBe(project.name);
    expect(answer.categories).toEqual([]);
    expect(Object.keys(answer)).toEqual(["project", "tasks", "dependencies", "categories", "schedule"]);
  });
});

describe("project_task_versions", () => {
  it("has a row for every new project, bumped once per statement that writes its tasks", async () => {
    const fresh = await createProjectFor(testApp, owner.user);
    expect(await versionOf(fresh.id)).toBe(0);
    await db()
      .insert(tasks)
      .values([
        { projectId: fresh.id, name: "A" },
        { projectId: fresh.id, name: "B" },
      ]);
    expect(await versionOf(fresh.id)).toBe(1);
    await db().update(tasks).set({ name: "C" }).where(eq(tasks.projectId, fresh.id));
    expect(await versionOf(fresh.id)).toBe(2);
    await db().update(tasks).set({ name: "D" }).where(sql`false`); // no row: no bump needed
    expect(await versionOf(fresh.id)).toBe(2);
    await db().delete(tasks).where(eq(tasks.projectId, fresh.id));
    expect(await versionOf(fresh.id)).toBe(3);
  });

  it("bumps both projects when a task moves between them, and goes with a deleted project", async () => {
    const other = await createProjectFor(testApp, owner.user);
    const [before, otherBefore] = [await versionOf(project.id), await versionOf(other.id)];
    await db().update(tasks).set({ projectId: other.id }).where(eq(tasks.id, second.id));
    expect(await versionOf(project.id)).toBe((before ?? 0) + 1);
    expect(await versionOf(other.id)).toBe((otherBefore ?? 0) + 1);
    expect((await send(owner, "DELETE", `/api/projects/${other.id}`)).statusCode).toBe(204);
    expect(await versionOf(other.id)).toBeUndefined();
  });
});

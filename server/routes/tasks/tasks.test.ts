import { TASK_DATE_MESSAGES } from "@core/schemas/tasks";
import { taskDto } from "@core/testing/dto-factories";
import { eq, inArray, or } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { dependencies, type Project, projectShares, type Task, tasks } from "../../db/schema";
import {
  createCategoryIn,
  createDependencyIn,
  createProjectFor,
  createTaskIn,
  shareProject,
} from "../../test/factories";
import {
  type Client,
  createTestUser,
  jsonRequest as json,
  setupTeam,
  setupTestApp,
} from "../../test/test-app";

const testApp = setupTestApp();
const { owner, admin, editor, viewer, outsider, sharedProject } = setupTeam(testApp);

const storedTask = async (id: number) => {
  const [row] = await testApp.database.db.select().from(tasks).where(eq(tasks.id, id));
  return row;
};

const projectTasks = (project: Project) =>
  testApp.database.db.select().from(tasks).where(eq(tasks.projectId, project.id));

const projectDependencies = (project: Project) =>
  testApp.database.db.select().from(dependencies).where(eq(dependencies.projectId, project.id));

/** A stored row as the API shows it: dates as ISO strings. */
/** A task answer's place in the outline, for the only task of its project. */
const A_LONE_TASK = { summary: false, outlineLevel: 1, wbs: "1" };

const onTheWire = (task: Task) =>
  Object.fromEntries(
    Object.entries(task).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]),
  );

describe("POST /api/projects/{id}/tasks", () => {
  it("creates the task for an editor with the defaults, last in its category", async () => {
    const project = await sharedProject();
    await createTaskIn(testApp, project, { name: "Earlier", order: 4 });
    const before = Date.now();
    const response = await editor.inject(
      json("POST", `/api/projects/${project.id}/tasks`, { name: "  Draft the brief " }),
    );
    expect(response.statusCode).toBe(201);
    const body = response.json();
    // The factory's task is every field at its default; a task answer has no `schedule`.
    const { schedule: _schedule, ...defaults } = taskDto({
      id: expect.any(Number),
      projectId: project.id,
      name: "Draft the brief",
      order: 5,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    // Its place in the outline: second at the top level, after "Earlier".
    expect(body).toEqual({ ...defaults, summary: false, outlineLevel: 1, wbs: "2" });
    expect(Date.parse(body.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    const stored = await storedTask(body.id);
    expect({ ...onTheWire(stored), summary: false, outlineLevel: 1, wbs: "2" }).toEqual(body);
  });

  it("stores every field sent, dates as ISO 8601", async () => {
    const project = await sharedProject();
    const category = await createCategoryIn(testApp, project);
    const response = await owner.inject(
      json("POST", `/api/projects/${project.id}/tasks`, {
        name: "Launch",
        description: "Go live",
        status: "in-progress",
        categoryId: category.id,
        assigneeId: editor.user.id,
        startDate: "2026-05-01",
        snoozeUntil: "2026-05-02T08:00:00.000Z",
        dueDate: "2026-05-10T17:30:00Z",
      }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      name: "Launch",
      description: "Go live",
      status: "in-progress",
      completed: false,
      categoryId: category.id,
      assigneeId: editor.user.id,
      startDate: "2026-05-01T00:00:00.000Z",
      snoozeUntil: "2026-05-02T08:00:00.000Z",
      dueDate: "2026-05-10T17:30:00.000Z",
      order: 0,
    });
    const stored = await storedTask(response.json().id);
    expect(stored).toMatchObject({
      projectId: project.id,
      categoryId: category.id,
      assigneeId: editor.user.id,
      startDate: new Date("2026-05-01T00:00:00.000Z"),
      dueDate: new Date("2026-05-10T17:30:00.000Z"),
    });
  });

  it("puts a new task after the last one of its own category only", async () => {
    const project = await sharedProject();
    const other = await sharedProject("Other plan");
    const design = await createCategoryIn(testApp, project, "Design");
    const empty = await createCategoryIn(testApp, project, "Empty");
    await createTaskIn(testApp, project, { categoryId: design.id, order: 0 });
    await createTaskIn(testApp, project, { categoryId: design.id, order: 7 });
    await createTaskIn(testApp, project, { order: 2 });
    await createTaskIn(testApp, other, { order: 50 });

    const create = (payload: object) =>
      owner.inject(json("POST", `/api/projects/${project.id}/tasks`, { name: "New", ...payload }));
    expect((await create({ categoryId: design.id })).json().order).toBe(8);
    expect((await create({ categoryId: empty.id })).json().order).toBe(0);
    expect((await create({})).json().order).toBe(3);
    expect((await create({ categoryId: null })).json().order).toBe(4);
  });

  it.each([
    [{}, "Task name is required.", "name"],
    [{ name: "" }, "Task name is required.", "name"],
    [{ name: "   " }, "Task name is required.", "name"],
    [{ name: "x".repeat(501) }, "Task name must be 500 characters or less.", "name"],
    [{ name: 42 }, "name must be a string.", "name"],
    [
      { name: "Ok", description: "x".repeat(20_001) },
      "Description must be 20000 characters or less.",
      "description",
    ],
    [
      { name: "Ok", snoozeUntil: "2026-05-10", dueDate: "2026-05-09" },
      TASK_DATE_MESSAGES.dueBeforeSnooze,
      "dueDate",
    ],
    [
      { name: "Ok", startDate: "2026-05-10", dueDate: "2026-05-09" },
      TASK_DATE_MESSAGES.dueBeforeStart,
      "dueDate",
    ],
    [
      { name: "Ok", startDate: "2026-05-10T12:00:00Z", snoozeUntil: "2026-05-10T11:59:00Z" },
      TASK_DATE_MESSAGES.snoozeBeforeStart,
      "snoozeUntil",
    ],
    [{ name: "Ok", dueDate: "next tuesday" }, "dueDate must be an ISO 8601 date or null.", "dueDate"],
    [{ name: "Ok", startDate: "2026-13-45" }, "startDate must be an ISO 8601 date or null.", "startDate"],
    [
      { name: "Ok", status: "done" },
      "status must be one of todo, not-started, in-progress, blocked, completed",
      "status",
    ],
  ])("refuses %j with 400: %s", async (payload, message, field) => {
    const project = await sharedProject();
    const response = await owner.inject(json("POST", `/api/projects/${project.id}/tasks`, payload));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, code: "invalid_input", field });
    expect(await projectTasks(project)).toEqual([]);
  });

  it("refuses a wrongly typed id with 400 naming the field", async () => {
    const project = await sharedProject();
    const response = await owner.inject(
      json("POST", `/api/projects/${project.id}/tasks`, { name: "Ok", categoryId: "3" }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "invalid_input", field: "categoryId" });
  });

  it("accepts dates on the same day, and skips a date rule when one of its dates is empty", async () => {
    const project = await sharedProject();
    const sameDay = await owner.inject(
      json("POST", `/api/projects/${project.id}/tasks`, {
        name: "Same day",
        startDate: "2026-05-10",
        snoozeUntil: "2026-05-10",
        dueDate: "2026-05-10",
      }),
    );
    expect(sameDay.statusCode).toBe(201);
    const cleared = await owner.inject(
      json("POST", `/api/projects/${project.id}/tasks`, {
        name: "Cleared",
        startDate: "2026-05-10",
        snoozeUntil: null,
        dueDate: "",
      }),
    );
    expect(cleared.statusCode).toBe(201);
    expect(cleared.json()).toMatchObject({
      startDate: "2026-05-10T00:00:00.000Z",
      snoozeUntil: null,
      dueDate: null,
    });
  });

  it("refuses a category of another project with 400 on categoryId", async () => {
    const project = await sharedProject();
    const other = await sharedProject("Other plan");
    const foreign = await createCategoryIn(testApp, other);
    const response = await owner.inject(
      json("POST", `/api/projects/${project.id}/tasks`, { name: "Ok", categoryId: foreign.id }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: "categoryId must be a category of this project.",
      code: "invalid_input",
      field: "categoryId",
    });
    expect(await projectTasks(project)).toEqual([]);
  });

  it("refuses an assignee who is not a member with 400 on assigneeId", async () => {
    const project = await sharedProject();
    const stranger = await createTestUser(testApp);
    for (const assigneeId of [outsider.user.id, stranger.id, 2147483000]) {
      const response = await owner.inject(
        json("POST", `/api/projects/${project.id}/tasks`, { name: "Ok", assigneeId }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: "The assignee must be the owner or a member of this project.",
        code: "invalid_input",
        field: "assigneeId",
      });
    }
    expect(await projectTasks(project)).toEqual([]);
  });

  it("assigns to the owner, to a member by share, and to a member invited by email only", async () => {
    const project = await sharedProject();
    const invited = await createTestUser(testApp);
    await testApp.database.db
      .insert(projectShares)
      .values({ projectId: project.id, email: invited.email, role: "viewer" });
    for (const assigneeId of [owner.user.id, viewer.user.id, invited.id]) {
      const response = await editor.inject(
        json("POST", `/api/projects/${project.id}/tasks`, { name: "Assigned", assigneeId }),
      );
      expect(response.statusCode).toBe(201);
      expect(response.json().assigneeId).toBe(assigneeId);
      expect((await storedTask(response.json().id)).assigneeId).toBe(assigneeId);
    }
  });

  it('completes a task created with status "completed"', async () => {
    const project = await sharedProject();
    const before = Date.now();
    const response = await owner.inject(
      json("POST", `/api/projects/${project.id}/tasks`, { name: "Already done", status: "completed" }),
    );
    const after = Date.now();
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ status: "completed", completed: true });
    expect(Date.parse(body.completedAt)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(body.completedAt)).toBeLessThanOrEqual(after);
    const stored = await storedTask(body.id);
    expect(stored.completed).toBe(true);
    expect(stored.completedAt).toEqual(new Date(body.completedAt));
  });

  it("creates a graph node with status todo and its position", async () => {
    const project = await sharedProject();
    const response = await editor.inject(
      json("POST", `/api/projects/${project.id}/tasks`, {
        name: "Task 3",
        status: "todo",
        positionX: 123.5,
        positionY: 380,
        projectId: project.id,
      }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      projectId: project.id,
      name: "Task 3",
      status: "todo",
      completed: false,
      positionX: 123.5,
      positionY: 380,
    });
    const stored = await storedTask(response.json().id);
    expect(stored).toMatchObject({ projectId: project.id, status: "todo", positionX: 123.5, positionY: 380 });
  });

  it("lets the owner, admins and editors create; refuses viewers with 403 and outsiders with 404", async () => {
    const project = await sharedProject();
    for (const client of [owner, admin, editor]) {
      const response = await client.inject(
        json("POST", `/api/projects/${project.id}/tasks`, { name: "Mine" }),
      );
      expect(response.statusCode).toBe(201);
    }
    const byViewer = await viewer.inject(json("POST", `/api/projects/${project.id}/tasks`, { name: "Nope" }));
    expect(byViewer.statusCode).toBe(403);
    expect(byViewer.json()).toEqual({
      message: "You don't have permission to edit this project.",
      code: "forbidden",
    });
    const byOutsider = await outsider.inject(
      json("POST", `/api/projects/${project.id}/tasks`, { name: "Nope" }),
    );
    expect(byOutsider.statusCode).toBe(404);
    expect(byOutsider.json()).toEqual({ message: "Project not found.", code: "not_found" });
    const unknown = await owner.inject(json("POST", "/api/projects/2147483000/tasks", { name: "Nope" }));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(byOutsider.json());
    const anonymous = await testApp.app.inject(
      json("POST", `/api/projects/${project.id}/tasks`, { name: "Nope" }),
    );
    expect(anonymous.statusCode).toBe(401);
    expect((await projectTasks(project)).map((task) => task.name)).toEqual(["Mine", "Mine", "Mine"]);
  });

  it("answers 400 to a malformed project id", async () => {
    const response = await owner.inject(json("POST", "/api/projects/abc/tasks", { name: "Ok" }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "invalid_input", field: "id" });
  });
});

describe("PUT /api/tasks/{id}", () => {
  it("changes only the fields sent", async () => {
    const project = await sharedProject();
    const category = await createCategoryIn(testApp, project);
    const task = await createTaskIn(testApp, project, {
      name: "Draft",
      description: "First pass",
      status: "in-progress",
      startDate: new Date("2026-05-01T00:00:00.000Z"),
      dueDate: new Date("2026-05-20T00:00:00.000Z"),
      categoryId: category.id,
      assigneeId: editor.user.id,
      positionX: 10,
      positionY: 20,
      order: 3,
    });
    const response = await editor.inject(json("PUT", `/api/tasks/${task.id}`, { name: "Final draft" }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      ...onTheWire(task),
      ...A_LONE_TASK,
      name: "Final draft",
      updatedAt: expect.any(String),
    });
    const stored = await storedTask(task.id);
    expect(stored).toEqual({ ...task, name: "Final draft", updatedAt: expect.any(Date) });

    const described = await editor.inject(
      json("PUT", `/api/tasks/${task.id}`, { description: "", categoryId: null, dueDate: null }),
    );
    expect(described.statusCode).toBe(200);
    expect(await storedTask(task.id)).toEqual({
      ...task,
      name: "Final draft",
      description: "",
      categoryId: null,
      dueDate: null,
      updatedAt: expect.any(Date),
    });
  });

  it("stores a position-only update and nothing else", async () => {
    const project = await sharedProject();
    const task = await createTaskIn(testApp, project, {
      name: "Node",
      status: "todo",
      positionX: 1,
      positionY: 2,
    });
    const response = await editor.inject(
      json("PUT", `/api/tasks/${task.id}`, { positionX: 250.5, positionY: -40 }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      ...onTheWire(task),
      ...A_LONE_TASK,
      positionX: 250.5,
      positionY: -40,
      updatedAt: expect.any(String),
    });
    expect(await storedTask(task.id)).toEqual({
      ...task,
      positionX: 250.5,
      positionY: -40,
      updatedAt: expect.any(Date),
    });
  });

  it("sets completedAt when completed and clears it when reopened", async () => {
    const project = await sharedProject();
    const task = await createTaskIn(testApp, project, { name: "Toggle me", status: "in-progress" });
    const before = Date.now();
    const done = await editor.inject(json("PUT", `/api/tasks/${task.id}`, { completed: true }));
    const after = Date.now();
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ completed: true, status: "in-progress" });
    const completedAt = Date.parse(done.json().completedAt);
    expect(completedAt).toBeGreaterThanOrEqual(before);
    expect(completedAt).toBeLessThanOrEqual(after);
    expect((await storedTask(task.id)).completedAt).toEqual(new Date(completedAt));

    const reopened = await editor.inject(json("PUT", `/api/tasks/${task.id}`, { completed: false }));
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json()).toMatchObject({ completed: false, completedAt: null, status: "in-progress" });
    expect(await storedTask(task.id)).toMatchObject({ completed: false, completedAt: null });
  });

  it('puts a reopened task whose status is "completed" back to not-started', async () => {
    const project = await sharedProject();
    const task = await createTaskIn(testApp, project, {
      status: "completed",
      completed: true,
      completedAt: new Date("2026-03-01T10:00:00.000Z"),
    });
    const response = await owner.inject(json("PUT", `/api/tasks/${task.id}`, { completed: false }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: "not-started", completed: false, completedAt: null });
    expect(await storedTask(task.id)).toMatchObject({
      status: "not-started",
      completed: false,
      completedAt: null,
    });
  });

  it("takes the status, completed and completedAt a kanban drop sends", async () => {
    const project = await sharedProject();
    const task = await createTaskIn(testApp, project, { status: "in-progress" });
    const toCompleted = await editor.inject(
      json("PUT", `/api/tasks/${task.id}`, {
        status: "completed",
        completed: true,
        completedAt: "2026-06-01T09:30:00.000Z",
      }),
    );
    expect(toCompleted.statusCode).toBe(200);
    expect(toCompleted.json()).toMatchObject({
      status: "completed",
      completed: true,
      completedAt: "2026-06-01T09:30:00.000Z",
    });
    expect(await storedTask(task.id)).toMatchObject({
      status: "completed",
      completed: true,
      completedAt: new Date("2026-06-01T09:30:00.000Z"),
    });

    const toBlocked = await editor.inject(
      json("PUT", `/api/tasks/${task.id}`, { status: "blocked", completed: false, completedAt: null }),
    );
    expect(toBlocked.statusCode).toBe(200);
    expect(toBlocked.json()).toMatchObject({ status: "blocked", completed: false, completedAt: null });
    expect(await storedTask(task.id)).toMatchObject({
      status: "blocked",
      completed: false,
      completedAt: null,
    });
  });

  it.each([
    [{ startDate: "2026-05-10" }, { dueDate: "2026-05-01" }, TASK_DATE_MESSAGES.dueBeforeStart, "dueDate"],
    [{ dueDate: "2026-05-10" }, { startDate: "2026-05-11" }, TASK_DATE_MESSAGES.dueBeforeStart, "dueDate"],
    [{ snoozeUntil: "2026-05-10" }, { dueDate: "2026-05-09" }, TASK_DATE_MESSAGES.dueBeforeSnooze, "dueDate"],
    [{ dueDate: "2026-05-10" }, { snoozeUntil: "2026-05-11" }, TASK_DATE_MESSAGES.dueBeforeSnooze, "dueDate"],
    [
      { startDate: "2026-05-10" },
      { snoozeUntil: "2026-05-09" },
      TASK_DATE_MESSAGES.snoozeBeforeStart,
      "snoozeUntil",
    ],
    [{}, { startDate: "2026-05-10", dueDate: "2026-05-01" }, TASK_DATE_MESSAGES.dueBeforeStart, "dueDate"],
  ])(
    "checks the dates of the task as updated: stored %j, sent %j -> %s",
    async (existing, sent, message, field) => {
      const project = await sharedProject();
      const dates = Object.fromEntries(
        Object.entries(existing).map(([key, value]) => [key, new Date(value)]),
      );
      const task = await createTaskIn(testApp, project, dates);
      const response = await editor.inject(json("PUT", `/api/tasks/${task.id}`, sent));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message, code: "invalid_input", field });
      expect(await storedTask(task.id)).toEqual(task);
    },
  );

  it("accepts an earlier due date when the same update clears the start date", async () => {
    const project = await sharedProject();
    const task = await createTaskIn(testApp, project, {
      startDate: new Date("2026-05-10T00:00:00.000Z"),
      dueDate: new Date("2026-05-20T00:00:00.000Z"),
    });
    const response = await editor.inject(
      json("PUT", `/api/tasks/${task.id}`, { startDate: null, dueDate: "2026-05-01" }),
    );
    expect(response.statusCode).toBe(200);
    expect(await storedTask(task.id)).toMatchObject({
      startDate: null,
      dueDate: new Date("2026-05-01T00:00:00.000Z"),
    });
  });

  it.each([
    [{ name: "" }, "Task name is required.", "name"],
    [{ dueDate: "31/12/2026" }, "dueDate must be an ISO 8601 date or null.", "dueDate"],
    [
      { status: "finished" },
      "status must be one of todo, not-started, in-progress, blocked, completed",
      "status",
    ],
  ])("refuses %j with 400: %s", async (payload, message, field) => {
    const project = await sharedProject();
    const task = await createTaskIn(testApp, project);
    const response = await editor.inject(json("PUT", `/api/tasks/${task.id}`, payload));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, code: "invalid_input", field });
    expect(await storedTask(task.id)).toEqual(task);
  });

  it("refuses a category of another project and a non-member assignee", async () => {
    const project = await sharedProject();
    const other = await sharedProject("Other plan");
    const foreign = await createCategoryIn(testApp, other);
    const task = await createTaskIn(testApp, project);
    const category = await editor.inject(json("PUT", `/api/tasks/${task.id}`, { categoryId: foreign.id }));
    expect(category.statusCode).toBe(400);
    expect(category.json()).toMatchObject({ code: "invalid_input", field: "categoryId" });
    const assignee = await editor.inject(
      json("PUT", `/api/tasks/${task.id}`, { assigneeId: outsider.user.id }),
    );
    expect(assignee.statusCode).toBe(400);
    expect(assignee.json()).toMatchObject({ code: "invalid_input", field: "assigneeId" });
    expect(await storedTask(task.id)).toEqual(task);
  });

  it("refuses viewers with 403, outsiders and unknown ids with the same 404", async () => {
    const project = await sharedProject();
    const task = await createTaskIn(testApp, project, { name: "Guarded" });
    const byViewer = await viewer.inject(json("PUT", `/api/tasks/${task.id}`, { name: "Changed" }));
    expect(byViewer.statusCode).toBe(403);
    expect(byViewer.json()).toEqual({
      message: "You don't have permission to edit this project.",
      code: "forbidden",
    });
    const hidden = await outsider.inject(json("PUT", `/api/tasks/${task.id}`, { name: "Changed" }));
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ message: "Task not found.", code: "not_found" });
    const unknown = await owner.inject(json("PUT", "/api/tasks/2147483000", { name: "Changed" }));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(hidden.json());
    const anonymous = await testApp.app.inject(json("PUT", `/api/tasks/${task.id}`, { name: "Changed" }));
    expect(anonymous.statusCode).toBe(401);
    expect(await storedTask(task.id)).toEqual(task);
  });

  it.each(["abc", "0", "-3", "1.5", "99999999999"])("answers 400 to the malformed id %s", async (id) => {
    const response = await owner.inject(json("PUT", `/api/tasks/${id}`, { name: "Changed" }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "invalid_input", field: "id" });
  });
});

describe("PUT /api/tasks/{id} moving to another project", () => {
  /** A task with a category and dependencies both ways, plus a dependency between two other tasks. */
  async function taskWithDependencies() {
    const source = await sharedProject("Source");
    const category = await createCategoryIn(testApp, source);
    const moving = await createTaskIn(testApp, source, { name: "Moving", categoryId: category.id });
    const first = await createTaskIn(testApp, source, { name: "First" });
    const last = await createTaskIn(testApp, source, { name: "Last" });
    await createDependencyIn(testApp, first, moving);
    await createDependencyIn(testApp, moving, last);
    const untouched = await createDependencyIn(testApp, first, last);
    const edges = await projectDependencies(source);
    return { source, category, moving, untouched, edges };
  }

  it("moves with edit rights on both, dropping its dependencies and its category", async () => {
    const { source, moving, untouched } = await taskWithDependencies();
    const target = await sharedProject("Target");
    const response = await editor.inject(json("PUT", `/api/tasks/${moving.id}`, { projectId: target.id }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: moving.id,
      projectId: target.id,
      name: "Moving",
      categoryId: null,
    });
    expect(await storedTask(moving.id)).toMatchObject({ projectId: target.id, categoryId: null });
    expect(await projectDependencies(source)).toEqual([untouched]);
    const touching = await testApp.database.db
      .select()
      .from(dependencies)
      .where(or(eq(dependencies.sourceTaskId, moving.id), eq(dependencies.targetTaskId, moving.id)));
    expect(touching).toEqual([]);
  });

  it("keeps a category of the target project sent with the move", async () => {
    const { moving } = await taskWithDependencies();
    const target = await sharedProject("Target");
    const targetCategory = await createCategoryIn(testApp, target, "Target category");
    const response = await owner.inject(
      json("PUT", `/api/tasks/${moving.id}`, { projectId: target.id, categoryId: targetCategory.id }),
    );
    expect(response.statusCode).toBe(200);
    expect(await storedTask(moving.id)).toMatchObject({
      projectId: target.id,
      categoryId: targetCategory.id,
    });
  });

  it("refuses a category of the old project sent with the move, changing nothing", async () => {
    const { source, category, moving, edges } = await taskWithDependencies();
    const target = await sharedProject("Target");
    const response = await owner.inject(
      json("PUT", `/api/tasks/${moving.id}`, { projectId: target.id, categoryId: category.id }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "invalid_input", field: "categoryId" });
    expect(await storedTask(moving.id)).toEqual(moving);
    expect(await projectDependencies(source)).toEqual(edges);
  });

  it("refuses a move into a project where the caller is only a viewer with 403, changing nothing", async () => {
    const { source, moving, edges } = await taskWithDependencies();
    const readOnly = await createProjectFor(testApp, owner.user, { name: "Read only" });
    await shareProject(testApp, readOnly, editor.user, "viewer");
    const response = await editor.inject(json("PUT", `/api/tasks/${moving.id}`, { projectId: readOnly.id }));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      message: "You don't have permission to edit this project.",
      code: "forbidden",
    });
    expect(await storedTask(moving.id)).toEqual(moving);
    expect(await projectDependencies(source)).toEqual(edges);
    expect(await projectTasks(readOnly)).toEqual([]);
  });

  it("answers 404 for a project the caller cannot see, or that does not exist, changing nothing", async () => {
    const { source, moving, edges } = await taskWithDependencies();
    const unseen = await createProjectFor(testApp, outsider.user, { name: "Not yours" });
    const hidden = await editor.inject(json("PUT", `/api/tasks/${moving.id}`, { projectId: unseen.id }));
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ message: "Project not found.", code: "not_found" });
    const unknown = await editor.inject(json("PUT", `/api/tasks/${moving.id}`, { projectId: 2147483000 }));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(hidden.json());
    expect(await storedTask(moving.id)).toEqual(moving);
    expect(await projectDependencies(source)).toEqual(edges);
    expect(await projectTasks(unseen)).toEqual([]);
  });

  it("never leaves a moved task assigned to someone who is not a member of its new project", async () => {
    const source = await sharedProject("Source");
    const task = await createTaskIn(testApp, source, { name: "Assigned", assigneeId: admin.user.id });
    const target = await createProjectFor(testApp, owner.user, { name: "Owner only" });
    const response = await owner.inject(json("PUT", `/api/tasks/${task.id}`, { projectId: target.id }));
    // Refusing the move (400 on assigneeId) or clearing the assignee both keep the rule that an
    // assignee is the owner or a member with an account; keeping admin, who cannot see the target project, does not.
    expect([200, 400]).toContain(response.statusCode);
    const stored = await storedTask(task.id);
    expect(stored.projectId === source.id || stored.assigneeId === null).toBe(true);
  });
});

describe("DELETE /api/tasks/{id}", () => {
  it("deletes the task and its dependencies, leaving the other tasks alone", async () => {
    const project = await sharedProject();
    const doomed = await createTaskIn(testApp, project, { name: "Doomed" });
    const first = await createTaskIn(testApp, project, { name: "First" });
    const last = await createTaskIn(testApp, project, { name: "Last" });
    await createDependencyIn(testApp, first, doomed);
    await createDependencyIn(testApp, doomed, last);
    const kept = await createDependencyIn(testApp, first, last);

    const response = await editor.inject({ method: "DELETE", url: `/api/tasks/${doomed.id}` });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe("");
    expect(await storedTask(doomed.id)).toBeUndefined();
    expect(await projectDependencies(project)).toEqual([kept]);
    expect(await storedTask(first.id)).toEqual(first);
    expect(await storedTask(last.id)).toEqual(last);
    expect((await owner.inject({ method: "DELETE", url: `/api/tasks/${doomed.id}` })).statusCode).toBe(404);
  });

  it("refuses viewers with 403 and outsiders with 404, deleting nothing", async () => {
    const project = await sharedProject();
    const task = await createTaskIn(testApp, project);
    const byViewer = await viewer.inject({ method: "DELETE", url: `/api/tasks/${task.id}` });
    expect(byViewer.statusCode).toBe(403);
    expect(byViewer.json().message).toBe("You don't have permission to edit this project.");
    const byOutsider = await outsider.inject({ method: "DELETE", url: `/api/tasks/${task.id}` });
    expect(byOutsider.statusCode).toBe(404);
    expect(byOutsider.json()).toEqual({ message: "Task not found.", code: "not_found" });
    expect(await storedTask(task.id)).toEqual(task);
  });
});

describe("PUT /api/projects/{id}/tasks/reorder", () => {
  const reorder = (client: Client, project: Project, taskOrders: unknown) =>
    client.inject(json("PUT", `/api/projects/${project.id}/tasks/reorder`, { taskOrders }));

  const ordersOf = async (ids: number[]) => {
    const rows = await testApp.database.db.select().from(tasks).where(inArray(tasks.id, ids));
    return Object.fromEntries(rows.map((row) => [row.id, row.order]));
  };

  it("writes the new orders of tasks of one category", async () => {
    const project = await sharedProject();
    const category = await createCategoryIn(testApp, project);
    const [a, b, c] = [
      await createTaskIn(testApp, project, { name: "A", categoryId: category.id, order: 0 }),
      await createTaskIn(testApp, project, { name: "B", categoryId: category.id, order: 1 }),
      await createTaskIn(testApp, project, { name: "C", categoryId: category.id, order: 2 }),
    ];
    const response = await editor.inject(
      json("PUT", `/api/projects/${project.id}/tasks/reorder`, {
        taskOrders: [
          { taskId: c.id, order: 0 },
          { taskId: a.id, order: 1 },
          { taskId: b.id, order: 2 },
        ],
      }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().tasks.map((task: { id: number; order: number }) => [task.id, task.order])).toEqual(
      [
        [c.id, 0],
        [a.id, 1],
        [b.id, 2],
      ],
    );
    expect(await ordersOf([a.id, b.id, c.id])).toEqual({ [a.id]: 1, [b.id]: 2, [c.id]: 0 });
  });

  it("reorders uncategorised tasks together", async () => {
    const project = await sharedProject();
    const a = await createTaskIn(testApp, project, { order: 0 });
    const b = await createTaskIn(testApp, project, { order: 1 });
    const response = await reorder(owner, project, [
      { taskId: a.id, order: 1 },
      { taskId: b.id, order: 0 },
    ]);
    expect(response.statusCode).toBe(200);
    expect(await ordersOf([a.id, b.id])).toEqual({ [a.id]: 1, [b.id]: 0 });
  });

  it("refuses a task of another project with 400 naming it, and changes no order at all", async () => {
    const project = await sharedProject();
    const other = await sharedProject("Other plan");
    const mine = await createTaskIn(testApp, project, { order: 0 });
    const foreign = await createTaskIn(testApp, other, { order: 0 });
    const response = await owner.inject(
      json("PUT", `/api/projects/${project.id}/tasks/reorder`, {
        taskOrders: [
          { taskId: mine.id, order: 5 },
          { taskId: foreign.id, order: 6 },
          { taskId: 2147483000, order: 7 },
        ],
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: `These tasks are not in this project: ${foreign.id}, 2147483000.`,
      code: "bad_request",
    });
    expect(await ordersOf([mine.id, foreign.id])).toEqual({ [mine.id]: 0, [foreign.id]: 0 });
  });

  it("refuses a task listed twice with 400", async () => {
    const project = await sharedProject();
    const a = await createTaskIn(testApp, project, { order: 0 });
    const b = await createTaskIn(testApp, project, { order: 1 });
    const response = await reorder(owner, project, [
      { taskId: a.id, order: 3 },
      { taskId: b.id, order: 4 },
      { taskId: a.id, order: 5 },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("Each task may appear only once in taskOrders.");
    expect(await ordersOf([a.id, b.id])).toEqual({ [a.id]: 0, [b.id]: 1 });
  });

  it("refuses tasks of two categories with 400", async () => {
    const project = await sharedProject();
    const design = await createCategoryIn(testApp, project, "Design");
    const build = await createCategoryIn(testApp, project, "Build");
    const a = await createTaskIn(testApp, project, { categoryId: design.id, order: 0 });
    const b = await createTaskIn(testApp, project, { categoryId: build.id, order: 0 });
    const c = await createTaskIn(testApp, project, { order: 0 });
    for (const pair of [
      [a, b],
      [a, c],
    ]) {
      const response = await reorder(
        owner,
        project,
        pair.map((task, index) => ({ taskId: task.id, order: index + 3 })),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: "Tasks can only be reordered within one category.",
        code: "bad_request",
      });
    }
    expect(await ordersOf([a.id, b.id, c.id])).toEqual({ [a.id]: 0, [b.id]: 0, [c.id]: 0 });
  });

  it.each([
    [[], /^taskOrders must not be empty\.$/, "taskOrders"],
    [[{ taskId: 1, order: -1 }], /^order must be 0 or more\.$/, "taskOrders.0.order"],
    // The schema says "order must be an integer."; the field may be named in front of it.
    [[{ taskId: 1, order: 1.5 }], /order must be an integer\.$/, "taskOrders.0.order"],
    [[{ taskId: "1", order: 0 }], /^taskOrders\.0\.taskId must be a number\.$/, "taskOrders.0.taskId"],
  ])("refuses taskOrders %j with 400: %s", async (taskOrders, message, field) => {
    const project = await sharedProject();
    const response = await reorder(owner, project, taskOrders);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: expect.stringMatching(message),
      code: "invalid_input",
      field,
    });
  });

  it("refuses viewers with 403 and outsiders with 404", async () => {
    const project = await sharedProject();
    const a = await createTaskIn(testApp, project, { order: 0 });
    const entries = [{ taskId: a.id, order: 9 }];
    const byViewer = await reorder(viewer, project, entries);
    expect(byViewer.statusCode).toBe(403);
    expect(byViewer.json().message).toBe("You don't have permission to edit this project.");
    const byOutsider = await reorder(outsider, project, entries);
    expect(byOutsider.statusCode).toBe(404);
    expect(await ordersOf([a.id])).toEqual({ [a.id]: 0 });
  });
});

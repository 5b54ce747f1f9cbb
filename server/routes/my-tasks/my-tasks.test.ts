import { describe, expect, it } from "vitest";
import { type Project, projectShares, type Task } from "../../db/schema";
import { createDependencyIn, createProjectFor, createTaskIn, shareProject } from "../../test/factories";
import { type Client, loginAs, setupClients, setupTestApp } from "../../test/test-app";

const testApp = setupTestApp();
const [colleague] = setupClients(testApp, 1);

const DAY = 24 * 60 * 60 * 1000;

const myTasks = (client: Client) => client.inject({ method: "GET", url: "/api/my-tasks" });

/** A stored row as the API shows it: dates as ISO strings. */
const onTheWire = (task: Task) =>
  Object.fromEntries(
    Object.entries(task).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]),
  );

const group = (project: Project, projectTasks: Task[]) => ({
  project: { id: project.id, name: project.name, slug: project.slug },
  tasks: projectTasks.map(onTheWire),
});

const namesIn = (body: { project: { name: string }; tasks: { name: string }[] }[]) =>
  body.map((entry) => [entry.project.name, entry.tasks.map((task) => task.name)]);

describe("GET /api/my-tasks", () => {
  it("lists my unblocked tasks per project, projects by name, tasks by due date then order", async () => {
    const me = await loginAs(testApp);
    const now = Date.now();

    const beta = await createProjectFor(testApp, me.user, { name: "Beta" });
    const march = await createTaskIn(testApp, beta, {
      name: "Due in March",
      dueDate: new Date("2030-03-01T00:00:00.000Z"),
      order: 9,
      assigneeId: me.user.id,
    });
    const aprilLate = await createTaskIn(testApp, beta, {
      name: "Due in April, order 5",
      dueDate: new Date("2030-04-01T00:00:00.000Z"),
      order: 5,
      assigneeId: me.user.id,
    });
    const aprilEarly = await createTaskIn(testApp, beta, {
      name: "Due in April, order 1",
      dueDate: new Date("2030-04-01T00:00:00.000Z"),
      order: 1,
    });
    const undatedFirst = await createTaskIn(testApp, beta, { name: "Undated, order 0", order: 0 });
    const pending = await createTaskIn(testApp, beta, { name: "Undated, order 3", order: 3 });
    const snoozeOver = await createTaskIn(testApp, beta, {
      name: "Snooze over",
      order: 2,
      snoozeUntil: new Date(now - DAY),
    });
    await createTaskIn(testApp, beta, { name: "Snoozed", snoozeUntil: new Date(now + DAY) });
    await createTaskIn(testApp, beta, { name: "Theirs", assigneeId: colleague.user.id });
    const done = await createTaskIn(testApp, beta, {
      name: "Done",
      status: "completed",
      completed: true,
      completedAt: new Date(now - DAY),
    });
    const afterDone = await createTaskIn(testApp, beta, { name: "After done", order: 4 });
    await createDependencyIn(testApp, done, afterDone);
    const blocked = await createTaskIn(testApp, beta, { name: "Blocked" });
    await createDependencyIn(testApp, pending, blocked);
    const halfBlocked = await createTaskIn(testApp, beta, { name: "Blocked by one of two" });
    await createDependencyIn(testApp, done, halfBlocked);
    await createDependencyIn(testApp, pending, halfBlocked);

    // Shared with me by account, and by email only.
    const alpha = await createProjectFor(testApp, colleague.user, { name: "alpha shared" });
    await shareProject(testApp, alpha, me.user, "viewer");
    const alphaOpen = await createTaskIn(testApp, alpha, { name: "Alpha open", order: 1 });
    const alphaMine = await createTaskIn(testApp, alpha, {
      name: "Alpha mine",
      order: 2,
      assigneeId: me.user.id,
    });
    await createTaskIn(testApp, alpha, { name: "Alpha theirs", assigneeId: colleague.user.id });
    const gamma = await createProjectFor(testApp, colleague.user, { name: "Gamma by email" });
    await testApp.database.db
      .insert(projectShares)
      .values({ projectId: gamma.id, email: me.user.email, role: "editor" });
    const gammaTask = await createTaskIn(testApp, gamma, { name: "Gamma task" });

    // Left out: archived projects (mine or shared) and projects I cannot see.
    const archived = await createProjectFor(testApp, me.user, { name: "Archived", archived: true });
    await createTaskIn(testApp, archived, { name: "In an archived project" });
    const archivedShared = await createProjectFor(testApp, colleague.user, {
      name: "Archived shared",
      archived: true,
    });
    await shareProject(testApp, archivedShared, me.user, "editor");
    await createTaskIn(testApp, archivedShared, { name: "In an archived shared project" });
    const foreign = await createProjectFor(testApp, colleague.user, { name: "Not shared" });
    await createTaskIn(testApp, foreign, { name: "Not visible" });

    const response = await myTasks(me);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      group(alpha, [alphaOpen, alphaMine]),
      group(beta, [march, aprilEarly, aprilLate, undatedFirst, snoozeOver, pending, afterDone]),
      group(gamma, [gammaTask]),
    ]);
  });

  it("shows a dependent task once all its prerequisites are completed", async () => {
    const me = await loginAs(testApp);
    const project = await createProjectFor(testApp, me.user, { name: "Chain" });
    const design = await createTaskIn(testApp, project, { name: "Design", order: 0 });
    const review = await createTaskIn(testApp, project, { name: "Review", order: 1 });
    const build = await createTaskIn(testApp, project, { name: "Build", order: 2 });
    await createDependencyIn(testApp, design, build);
    await createDependencyIn(testApp, review, build);
    expect(namesIn((await myTasks(me)).json())).toEqual([["Chain", ["Design", "Review"]]]);

    const complete = (task: Task) =>
      me.inject({
        method: "PUT",
        url: `/api/tasks/${task.id}`,
        headers: { "content-type": "application/json" },
        payload: JSON.stringify({ completed: true }),
      });
    expect((await complete(design)).statusCode).toBe(200);
    expect(namesIn((await myTasks(me)).json())).toEqual([["Chain", ["Review"]]]);
    expect((await complete(review)).statusCode).toBe(200);
    expect(namesIn((await myTasks(me)).json())).toEqual([["Chain", ["Build"]]]);
  });

  it("keeps a task assigned to me in a project shared with me, whoever owns it", async () => {
    const me = await loginAs(testApp);
    const project = await createProjectFor(testApp, colleague.user, { name: "Colleague's plan" });
    await shareProject(testApp, project, me.user, "editor");
    await createTaskIn(testApp, project, { name: "For me", assigneeId: me.user.id });
    await createTaskIn(testApp, project, { name: "For the owner", assigneeId: colleague.user.id });
    expect(namesIn((await myTasks(me)).json())).toEqual([["Colleague's plan", ["For me"]]]);
    const ownerView = namesIn((await myTasks(colleague)).json());
    expect(ownerView).toContainEqual(["Colleague's plan", ["For the owner"]]);
  });

  it("is empty for a user with no projects", async () => {
    const newcomer = await loginAs(testApp);
    const response = await myTasks(newcomer);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it("adds the snoozed tasks with ?includeSnoozed=true, and still leaves out waiting and others' tasks", async () => {
    const me = await loginAs(testApp);
    const project = await createProjectFor(testApp, me.user, { name: "Garden" });
    await createTaskIn(testApp, project, { name: "Open", order: 1 });
    await createTaskIn(testApp, project, {
      name: "Snoozed",
      order: 2,
      snoozeUntil: new Date(Date.now() + DAY),
    });
    const first = await createTaskIn(testApp, project, {
      name: "First",
      order: 3,
      snoozeUntil: new Date(Date.now() + DAY),
    });
    const waiting = await createTaskIn(testApp, project, { name: "Waiting", order: 4 });
    await createDependencyIn(testApp, first, waiting);
    await createTaskIn(testApp, project, {
      name: "Theirs",
      snoozeUntil: new Date(Date.now() + DAY),
      assigneeId: colleague.user.id,
    });

    expect(namesIn((await myTasks(me)).json())).toEqual([["Garden", ["Open"]]]);
    const withSnoozed = await me.inject({ method: "GET", url: "/api/my-tasks?includeSnoozed=true" });
    expect(withSnoozed.statusCode).toBe(200);
    expect(namesIn(withSnoozed.json())).toEqual([["Garden", ["Open", "Snoozed", "First"]]]);
    const explicit = await me.inject({ method: "GET", url: "/api/my-tasks?includeSnoozed=false" });
    expect(namesIn(explicit.json())).toEqual([["Garden", ["Open"]]]);
  });

  it("refuses an includeSnoozed that is not true or false with 400, naming it", async () => {
    const me = await loginAs(testApp);
    const response = await me.inject({ method: "GET", url: "/api/my-tasks?includeSnoozed=yes" });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain("includeSnoozed");
  });

  it("answers 401 without a session", async () => {
    const response = await testApp.app.inject({ method: "GET", url: "/api/my-tasks" });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe("unauthorized");
  });
});

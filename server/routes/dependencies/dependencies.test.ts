import { findCycle } from "@core/graph/cycles";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dependencies, type Project, type Task } from "../../db/schema";
import { createDependencyIn, createProjectFor, createTaskIn } from "../../test/factories";
import { type Client, setupTeam, setupTestApp } from "../../test/test-app";

const testApp = setupTestApp();
const { owner, admin, editor, viewer, outsider, sharedProject } = setupTeam(testApp);

async function tasksNamed(project: Project, ...names: string[]): Promise<Task[]> {
  const created: Task[] = [];
  for (const name of names) created.push(await createTaskIn(testApp, project, { name }));
  return created;
}

const link = (client: Client, payload: unknown) =>
  client.inject({
    method: "POST",
    url: "/api/dependencies",
    headers: { "content-type": "application/json" },
    payload: JSON.stringify(payload),
  });

const storedDependencies = (project: Project) =>
  testApp.database.db.select().from(dependencies).where(eq(dependencies.projectId, project.id));

describe("POST /api/dependencies", () => {
  it("joins two tasks of a project for an editor", async () => {
    const project = await sharedProject();
    const [brief, site] = await tasksNamed(project, "Brief", "Site");
    const response = await link(editor, { sourceTaskId: brief.id, targetTaskId: site.id });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      id: expect.any(Number),
      projectId: project.id,
      sourceTaskId: brief.id,
      targetTaskId: site.id,
      type: "FS",
      lag: 0,
    });
    const stored = await storedDependencies(project);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject(body);
  });

  it("lets the owner and admins link too", async () => {
    const project = await sharedProject();
    const [a, b, c] = await tasksNamed(project, "A", "B", "C");
    expect((await link(owner, { sourceTaskId: a.id, targetTaskId: b.id })).statusCode).toBe(201);
    expect((await link(admin, { sourceTaskId: b.id, targetTaskId: c.id })).statusCode).toBe(201);
    expect((await storedDependencies(project)).map((row) => [row.sourceTaskId, row.targetTaskId])).toEqual([
      [a.id, b.id],
      [b.id, c.id],
    ]);
  });

  it("refuses a task depending on itself with 400", async () => {
    const project = await sharedProject();
    const [alone] = await tasksNamed(project, "Alone");
    const response = await link(owner, { sourceTaskId: alone.id, targetTaskId: alone.id });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: "A task cannot depend on itself.", code: "bad_request" });
    expect(await storedDependencies(project)).toEqual([]);
  });

  it("refuses tasks of two projects with 400", async () => {
    const project = await sharedProject();
    const other = await sharedProject("Other plan");
    const [here] = await tasksNamed(project, "Here");
    const [there] = await tasksNamed(other, "There");
    const response = await link(owner, { sourceTaskId: here.id, targetTaskId: there.id });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: "A dependency must join two tasks of the same project.",
      code: "bad_request",
    });
    expect(await storedDependencies(project)).toEqual([]);
    expect(await storedDependencies(other)).toEqual([]);
  });

  it("refuses the same dependency twice with 409", async () => {
    const project = await sharedProject();
    const [a, b] = await tasksNamed(project, "A", "B");
    const existing = await createDependencyIn(testApp, a, b);
    const response = await link(editor, { sourceTaskId: a.id, targetTaskId: b.id });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: "This dependency already exists.",
      code: "dependency_exists",
    });
    expect(await storedDependencies(project)).toEqual([existing]);
  });

  it("refuses a dependency closing a cycle with 409 naming the tasks on it in order", async () => {
    const project = await sharedProject();
    const [a, b, c] = await tasksNamed(project, "A", "B", "C");
    await createDependencyIn(testApp, a, b);
    await createDependencyIn(testApp, b, c);
    const before = await storedDependencies(project);

    const response = await link(editor, { sourceTaskId: c.id, targetTaskId: a.id });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: 'This dependency would create a cycle: "C" → "A" → "B" → "C".',
      code: "dependency_cycle",
    });
    const reverse = await link(editor, { sourceTaskId: b.id, targetTaskId: a.id });
    expect(reverse.statusCode).toBe(409);
    expect(reverse.json().message).toBe('This dependency would create a cycle: "B" → "A" → "B".');
    expect(await storedDependencies(project)).toEqual(before);
  });

  it("names a shortest cycle when several would close", async () => {
    const project = await sharedProject();
    const [plan, design, build, ship] = await tasksNamed(project, "Plan", "Design", "Build", "Ship");
    await createDependencyIn(testApp, plan, design);
    await createDependencyIn(testApp, design, build);
    await createDependencyIn(testApp, build, ship);
    await createDependencyIn(testApp, plan, build);
    const response = await link(owner, { sourceTaskId: ship.id, targetTaskId: plan.id });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      'This dependency would create a cycle: "Ship" → "Plan" → "Build" → "Ship".',
    );
  });

  it("accepts a dependency that joins two chains without closing a cycle", async () => {
    const project = await sharedProject();
    const [a, b, c, d] = await tasksNamed(project, "A", "B", "C", "D");
    await createDependencyIn(testApp, a, b);
    await createDependencyIn(testApp, c, d);
    await createDependencyIn(testApp, a, d);
    expect((await link(owner, { sourceTaskId: b.id, targetTaskId: c.id })).statusCode).toBe(201);
    expect((await link(owner, { sourceTaskId: a.id, targetTaskId: c.id })).statusCode).toBe(201);
    expect(await storedDependencies(project)).toHaveLength(5);
  });

  it("refuses viewers with 403 and outsiders with 404, the same 404 as an unknown task", async () => {
    const project = await sharedProject();
    const [a, b] = await tasksNamed(project, "A", "B");
    const byViewer = await link(viewer, { sourceTaskId: a.id, targetTaskId: b.id });
    expect(byViewer.statusCode).toBe(403);
    expect(byViewer.json()).toEqual({
      message: "You don't have permission to edit this project.",
      code: "forbidden",
    });
    const byOutsider = await link(outsider, { sourceTaskId: a.id, targetTaskId: b.id });
    expect(byOutsider.statusCode).toBe(404);
    expect(byOutsider.json()).toEqual({ message: "Task not found.", code: "not_found" });
    for (const payload of [
      { sourceTaskId: a.id, targetTaskId: 2147483000 },
      { sourceTaskId: 2147483000, targetTaskId: b.id },
    ]) {
      const unknown = await link(owner, payload);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual(byOutsider.json());
    }
    const anonymous = await testApp.app.inject({
      method: "POST",
      url: "/api/dependencies",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ sourceTaskId: a.id, targetTaskId: b.id }),
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await storedDependencies(project)).toEqual([]);
  });

  it("answers 404 when one of the tasks is in a project the caller cannot see", async () => {
    const project = await sharedProject();
    const hidden = await createProjectFor(testApp, outsider.user, { name: "Hidden" });
    const [mine] = await tasksNamed(project, "Mine");
    const [theirs] = await tasksNamed(hidden, "Theirs");
    const response = await link(owner, { sourceTaskId: mine.id, targetTaskId: theirs.id });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: "Task not found.", code: "not_found" });
  });

  it.each([
    [{ sourceTaskId: "1", targetTaskId: 2 }, "sourceTaskId", /^sourceTaskId must be a number\.$/],
    [{ sourceTaskId: 1, targetTaskId: "2" }, "targetTaskId", /^targetTaskId must be a number\.$/],
    [{ sourceTaskId: 1 }, "targetTaskId", /^targetTaskId must be a positive integer$/],
    [{ sourceTaskId: 0, targetTaskId: 2 }, "sourceTaskId", /^sourceTaskId must be a positive integer$/],
    // The schema's words, or at least English: never "must be a int".
    [
      { sourceTaskId: 1.5, targetTaskId: 2 },
      "sourceTaskId",
      /^sourceTaskId must be (a positive|an) integer\.?$/,
    ],
  ])("refuses %j with 400 naming %s", async (payload, field, message) => {
    const response = await link(owner, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: expect.stringMatching(message),
      code: "invalid_input",
      field,
    });
  });
});

describe("POST /api/dependencies, random sequences (fast-check)", () => {
  const TASKS = 6;

  /** Whether `to` can be reached from `from` along `edges`: a plain reference, not the server's. */
  function reaches(edges: [number, number][], from: number, to: number): boolean {
    const seen = new Set([from]);
    const stack = [from];
    while (stack.length > 0) {
      const current = stack.pop() as number;
      if (current === to) return true;
      for (const [source, target] of edges) {
        if (source === current && !seen.has(target)) {
          seen.add(target);
          stack.push(target);
        }
      }
    }
    return false;
  }

  it("keeps the stored graph acyclic and answers each attempt as a model predicts", async () => {
    const project = await sharedProject("Random graph");
    const nodes = await tasksNamed(project, ...Array.from({ length: TASKS }, (_, index) => `T${index + 1}`));
    const idOf = new Map(nodes.map((task) => [task.name, task.id]));

    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.nat(TASKS - 1), fc.nat(TASKS - 1)), { maxLength: 25 }),
        async (pairs) => {
          await testApp.database.db.delete(dependencies).where(eq(dependencies.projectId, project.id));
          const model: [number, number][] = [];
          const created: [number, number][] = [];
          const refused: [number, number][] = [];

          for (const [from, to] of pairs) {
            const sourceTaskId = nodes[from].id;
            const targetTaskId = nodes[to].id;
            const countBefore = (await storedDependencies(project)).length;
            const response = await link(editor, { sourceTaskId, targetTaskId });
            const body = response.json();

            if (sourceTaskId === targetTaskId) {
              expect(response.statusCode).toBe(400);
            } else if (model.some(([s, t]) => s === sourceTaskId && t === targetTaskId)) {
              expect(response.statusCode).toBe(409);
              expect(body.code).toBe("dependency_exists");
            } else if (reaches(model, targetTaskId, sourceTaskId)) {
              expect(response.statusCode).toBe(409);
              expect(body.code).toBe("dependency_cycle");
              // The cycle named is real: the new edge, then existing edges back to its start.
              const named = [...(body.message as string).matchAll(/"([^"]+)"/g)].map(
                (match) => idOf.get(match[1]) as number,
              );
              expect(named[0]).toBe(sourceTaskId);
              expect(named[1]).toBe(targetTaskId);
              expect(named.at(-1)).toBe(sourceTaskId);
              for (let step = 1; step < named.length - 1; step++) {
                expect(model).toContainEqual([named[step], named[step + 1]]);
              }
            } else {
              expect(response.statusCode).toBe(201);
              expect(body).toMatchObject({ projectId: project.id, sourceTaskId, targetTaskId });
              model.push([sourceTaskId, targetTaskId]);
            }
            if (response.statusCode === 201) created.push([sourceTaskId, targetTaskId]);
            else refused.push([sourceTaskId, targetTaskId]);
            if (response.statusCode !== 201) {
              expect((await storedDependencies(project)).length).toBe(countBefore);
            }
          }

          const stored = await storedDependencies(project);
          const storedPairs = stored.map((row) => [row.sourceTaskId, row.targetTaskId] as [number, number]);
          expect(
            findCycle(
              nodes.map((task) => task.id),
              stored,
            ),
          ).toBeNull();
          for (const pair of created) expect(storedPairs).toContainEqual(pair);
          expect(storedPairs).toHaveLength(created.length);
          expect(new Set(storedPairs.map((pair) => pair.join("-"))).size).toBe(storedPairs.length);
          expect(storedPairs.sort()).toEqual([...model].sort());
          expect(refused.length + created.length).toBe(pairs.length);
        },
      ),
      {
        numRuns: 15,
        // Always tried besides the random runs: a chain, the edge closing it, a duplicate, a self-link.
        examples: [
          [
            [
              [0, 1],
              [1, 2],
              [2, 0],
              [0, 1],
              [3, 3],
              [2, 3],
              [3, 0],
            ],
          ],
        ],
      },
    );
  });
});

describe("DELETE /api/dependencies/{id}", () => {
  it("deletes the dependency for an editor, after which it can be made again", async () => {
    const project = await sharedProject();
    const [a, b, c] = await tasksNamed(project, "A", "B", "C");
    const doomed = await createDependencyIn(testApp, a, b);
    const kept = await createDependencyIn(testApp, b, c);
    const response = await editor.inject({ method: "DELETE", url: `/api/dependencies/${doomed.id}` });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe("");
    expect(await storedDependencies(project)).toEqual([kept]);
    const again = await editor.inject({ method: "DELETE", url: `/api/dependencies/${doomed.id}` });
    expect(again.statusCode).toBe(404);
    expect((await link(editor, { sourceTaskId: a.id, targetTaskId: b.id })).statusCode).toBe(201);
  });

  it("refuses viewers with 403, outsiders with the same 404 as an unknown id", async () => {
    const project = await sharedProject();
    const [a, b] = await tasksNamed(project, "A", "B");
    const dependency = await createDependencyIn(testApp, a, b);
    const byViewer = await viewer.inject({ method: "DELETE", url: `/api/dependencies/${dependency.id}` });
    expect(byViewer.statusCode).toBe(403);
    expect(byViewer.json()).toEqual({
      message: "You don't have permission to edit this project.",
      code: "forbidden",
    });
    const hidden = await outsider.inject({ method: "DELETE", url: `/api/dependencies/${dependency.id}` });
    const unknown = await owner.inject({ method: "DELETE", url: "/api/dependencies/2147483000" });
    expect(hidden.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ message: "Dependency not found.", code: "not_found" });
    expect(hidden.json()).toEqual(unknown.json());
    const anonymous = await testApp.app.inject({
      method: "DELETE",
      url: `/api/dependencies/${dependency.id}`,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await storedDependencies(project)).toEqual([dependency]);
  });

  it.each(["abc", "0", "-3", "1.5"])("answers 400 to the malformed id %s", async (id) => {
    const response = await owner.inject({ method: "DELETE", url: `/api/dependencies/${id}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "invalid_input", field: "id" });
  });
});

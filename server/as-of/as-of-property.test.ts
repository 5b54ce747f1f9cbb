// The plan on a past day as a property (fast-check): after any sequence of writes (tasks made,
// renamed, rescheduled, completed, deleted, indented and outdented; dependencies made, retyped,
// removed; categories made, given and deleted; a reorder; the calendar changed; the newest change
// undone), the as-of answer at each intermediate moment equals the project answer read then.
import { undoTargets } from "@core/activity/undo-targets";
import type { ActivityEntryDto } from "@core/schemas/activity";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Client, sendJson, setupTeam, setupTestApp } from "../test/test-app";
import { newestMoment, readPlan, readPlanAsOf, tick } from "./as-of-test-helpers";

// Many requests a minute from one person: no rate limit here.
const testApp = setupTestApp({ config: { apiRateLimitPerMinute: 0 } });
const { owner, sharedProject } = setupTeam(testApp);

const write = fc.oneof(
  fc.record({ kind: fc.constant("create" as const), duration: fc.option(fc.integer({ min: 0, max: 5 })) }),
  fc.record({
    kind: fc.constant("rename" as const),
    task: fc.nat(),
    name: fc.string({ minLength: 1, maxLength: 8 }),
  }),
  fc.record({
    kind: fc.constant("duration" as const),
    task: fc.nat(),
    duration: fc.option(fc.integer({ min: 0, max: 5 })),
  }),
  fc.record({ kind: fc.constant("complete" as const), task: fc.nat() }),
  fc.record({ kind: fc.constant("deleteTask" as const), task: fc.nat() }),
  fc.record({ kind: fc.constant("indent" as const), task: fc.nat() }),
  fc.record({ kind: fc.constant("outdent" as const), task: fc.nat() }),
  fc.record({ kind: fc.constant("link" as const), from: fc.nat(), to: fc.nat() }),
  fc.record({
    kind: fc.constant("retype" as const),
    dependency: fc.nat(),
    type: fc.constantFrom("FS", "SS", "FF", "SF"),
    lag: fc.integer({ min: -2, max: 3 }),
  }),
  fc.record({ kind: fc.constant("unlink" as const), dependency: fc.nat() }),
  fc.record({ kind: fc.constant("category" as const), name: fc.constantFrom("Design", "Build", "Ops") }),
  fc.record({ kind: fc.constant("categorise" as const), task: fc.nat(), category: fc.nat() }),
  fc.record({ kind: fc.constant("deleteCategory" as const), category: fc.nat() }),
  fc.record({ kind: fc.constant("reorder" as const) }),
  fc.record({
    kind: fc.constant("calendar" as const),
    workingDays: fc.constantFrom([1, 2, 3, 4, 5], [1, 2, 3, 4], [2, 3, 4, 5, 6]),
    startDate: fc.constantFrom("2026-03-02", "2026-03-04"),
  }),
  fc.record({ kind: fc.constant("undo" as const) }),
);
type Write = typeof write extends fc.Arbitrary<infer W> ? W : never;

const pick = <T>(rows: T[], index: number): T | undefined =>
  rows.length === 0 ? undefined : rows[index % rows.length];

type Plan = Awaited<ReturnType<typeof readPlan>>;

/** Sends the write as the owner; a refused one (400, 409) is simply a write that did not happen. */
async function send(
  client: Client,
  projectId: number,
  plan: Plan,
  categories: { id: number }[],
  step: Write,
) {
  const request = async (method: "POST" | "PUT" | "PATCH" | "DELETE", url: string, body?: unknown) => {
    const response = await sendJson(client, method, url, body);
    expect(response.statusCode, `${method} ${url} ${response.body}`).toBeLessThan(500);
  };
  const task = "task" in step ? pick(plan.tasks, step.task) : undefined;
  switch (step.kind) {
    case "create":
      return request("POST", `/api/projects/${projectId}/tasks`, { name: "New", duration: step.duration });
    case "rename":
      return task && request("PUT", `/api/tasks/${task.id}`, { name: step.name });
    case "duration":
      return task && request("PUT", `/api/tasks/${task.id}`, { duration: step.duration });
    case "complete":
      return task && request("PUT", `/api/tasks/${task.id}`, { completed: !task.completed });
    case "deleteTask":
      return task && request("DELETE", `/api/tasks/${task.id}`);
    case "indent":
    case "outdent":
      return (
        task &&
        request("POST", `/api/projects/${projectId}/outline`, { taskIds: [task.id], action: step.kind })
      );
    case "link": {
      const from = pick(plan.tasks, step.from);
      const to = pick(plan.tasks, step.to);
      if (!from || !to || from.id === to.id) return;
      return request("POST", "/api/dependencies", { sourceTaskId: from.id, targetTaskId: to.id });
    }
    case "retype": {
      const dependency = pick(plan.dependencies, step.dependency);
      return (
        dependency && request("PUT", `/api/dependencies/${dependency.id}`, { type: step.type, lag: step.lag })
      );
    }
    case "unlink": {
      const dependency = pick(plan.dependencies, step.dependency);
      return dependency && request("DELETE", `/api/dependencies/${dependency.id}`);
    }
    case "category":
      return request("POST", `/api/projects/${projectId}/categories`, { name: step.name, color: "#336699" });
    case "categorise": {
      const category = pick(categories, step.category);
      return task && category && request("PUT", `/api/tasks/${task.id}`, { categoryId: category.id });
    }
    case "deleteCategory": {
      const category = pick(categories, step.category);
      return category && request("DELETE", `/api/categories/${category.id}`);
    }
    case "reorder": {
      const top = plan.tasks.filter((row) => row.categoryId === null && row.parentId === null);
      if (top.length < 2) return;
      const taskOrders = top.map((row, index) => ({ taskId: row.id, order: top.length - index }));
      return request("PUT", `/api/projects/${projectId}/tasks/reorder`, { taskOrders });
    }
    case "calendar":
      return request("PATCH", `/api/projects/${projectId}`, {
        workingDays: step.workingDays,
        startDate: step.startDate,
      });
    case "undo": {
      const entries = (await sendJson(client, "GET", `/api/projects/${projectId}/activity?limit=50`)).json();
      const target = undoTargets(entries as ActivityEntryDto[], client.user.id).undo;
      return target && request("POST", `/api/activity/${target.id}/undo`);
    }
  }
}

describe("the plan on a past day, for any sequence of writes", () => {
  it("answers at every moment between writes what the project answered then", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(write, { minLength: 1, maxLength: 8 }), async (steps) => {
        const project = await sharedProject();
        await sendJson(owner, "PATCH", `/api/projects/${project.id}`, { name: "Plan" });
        for (const duration of [2, 3, null])
          await sendJson(owner, "POST", `/api/projects/${project.id}/tasks`, { name: "Start", duration });
        const seen: { at: string; plan: Plan }[] = [];
        const remember = async () => {
          seen.push({ at: await newestMoment(owner, project.id), plan: await readPlan(owner, project.id) });
          await tick();
        };
        await remember();
        for (const step of steps) {
          const categories = (await sendJson(owner, "GET", `/api/projects/${project.id}/categories`)).json();
          await send(owner, project.id, seen[seen.length - 1].plan, categories, step);
          await remember();
        }
        for (const [index, { at, plan }] of seen.entries())
          expect(await readPlanAsOf(owner, project.id, at), `after step ${index}`).toEqual(plan);
      }),
      {
        numRuns: 40,
        // Found by this test: a plain task made a summary by an indent is moved by the scheduler
        // "from nowhere"; walked back, it holds no dates again.
        examples: [[[{ kind: "reorder" }, { kind: "deleteTask", task: 4 }, { kind: "indent", task: 3 }]]],
      },
    );
  }, 60_000);
});

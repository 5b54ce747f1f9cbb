// What saving a baseline costs, counted (docs/performance.md, as CI judges it: by statements,
// never by time; bench/baselines.bench.ts times it at 20,000 tasks): one statement writes the
// baseline and every task's row, and the request runs as many statements at three times the size.
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { seedScheduledProject } from "../../bench/seed";
import { baselineTasks } from "../db/schema";
import { loginAs, setupTestApp } from "../test/test-app";

let counting = false;
let statements: string[] = [];
const testApp = setupTestApp({ onQuery: (query) => counting && statements.push(query) });

async function saveCounted(size: number) {
  const seeded = await seedScheduledProject(testApp.database.db, { tasks: size, members: 0, seed: size });
  const client = await loginAs(testApp, seeded.owner);
  statements = [];
  counting = true;
  const response = await client
    .inject({ method: "POST", url: `/api/projects/${seeded.project.id}/baselines`, payload: { name: "B" } })
    .finally(() => {
      counting = false;
    });
  expect(response.statusCode, response.body).toBe(201);
  const [{ rows }] = await testApp.database.db
    .select({ rows: count() })
    .from(baselineTasks)
    .where(eq(baselineTasks.baselineId, response.json().id));
  return { rows, tasks: seeded.taskIds.length + 1, statements: [...statements] };
}

describe("statements of a baseline's save", () => {
  it("one statement writes the baseline and all its task rows, and the count does not grow with the plan", async () => {
    const small = await saveCounted(60);
    const large = await saveCounted(180);
    for (const saved of [small, large]) {
      // Every task of the plan, the kickoff among them.
      expect(saved.rows).toBe(saved.tasks);
      const writes = saved.statements.filter((statement) => /insert\s+into\s+"?baseline/i.test(statement));
      expect(writes, saved.statements.join("\n")).toHaveLength(1);
      expect(writes[0]).toMatch(/insert\s+into\s+baselines[\s\S]*insert\s+into\s+baseline_tasks/i);
    }
    expect(large.statements.length, large.statements.join("\n")).toBe(small.statements.length);
  });
});

// What an import and an export cost, counted (docs/performance.md, as CI judges it: by rows and
// statements, never by time; bench/import-export.bench.ts times them at 20,000 tasks). An import
// writes every task and link in one transaction, with as many statements at 180 tasks as at 60
// (tasks, links and baselines' tasks go 1,000 rows a statement); an export reads the plan, its
// baselines included, in the same number of statements at any size.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { seedScheduledProject } from "../../bench/seed";
import { baselines, baselineTasks, projects, tasks as taskTable } from "../db/schema";
import { type Client, loginAs, setupTestApp } from "../test/test-app";
import { loadExportedPlan } from "./export-plan";
import { writeMspdi } from "./mspdi";

let counting = false;
let statements: string[] = [];
const testApp = setupTestApp({ onQuery: (query) => counting && statements.push(query) });

/**
 * A scheduled plan of `tasks` tasks (kickoff included) with a status date and two baselines of
 * every task, its owner logged in, and its MSPDI file.
 */
async function planOf(tasks: number) {
  const db = testApp.database.db;
  const seeded = await seedScheduledProject(db, {
    tasks: tasks - 1,
    members: 0,
    seed: tasks,
  });
  await db.update(projects).set({ statusDate: "2026-03-02" }).where(eq(projects.id, seeded.project.id));
  const ids = await db
    .select({ id: taskTable.id })
    .from(taskTable)
    .where(eq(taskTable.projectId, seeded.project.id));
  for (const name of ["Baseline", "Baseline 1"]) {
    const [baseline] = await db
      .insert(baselines)
      .values({ projectId: seeded.project.id, name, finish: "2026-06-01" })
      .returning({ id: baselines.id });
    await db.insert(baselineTasks).values(
      ids.map(({ id }) => ({
        baselineId: baseline.id,
        taskId: id,
        start: "2026-03-02",
        finish: "2026-03-03",
        duration: 2,
      })),
    );
  }
  const file = writeMspdi(await loadExportedPlan(testApp.database.db, seeded.project));
  return { seeded, file, client: await loginAs(testApp, seeded.owner) };
}

/** The statements a request ran, and its answer. */
async function counted(request: () => Promise<Awaited<ReturnType<Client["inject"]>>>) {
  statements = [];
  counting = true;
  const response = await request().finally(() => {
    counting = false;
  });
  return { response, statements: [...statements] };
}

/** A table's rows of a project, and how many transactions wrote them (xmin). */
async function writtenBy(table: "tasks" | "dependencies" | "baseline_tasks", projectId: number) {
  const result = await testApp.database.db.execute(
    table === "baseline_tasks"
      ? sql`select count(*)::int as rows, count(distinct baseline_tasks.xmin::text)::int as transactions
            from baseline_tasks join baselines on baselines.id = baseline_id where project_id = ${projectId}`
      : sql`select count(*)::int as rows, count(distinct xmin::text)::int as transactions
            from ${sql.identifier(table)} where project_id = ${projectId}`,
  );
  return (result as unknown as { rows: { rows: number; transactions: number }[] }).rows[0];
}

describe("statements of an import and an export", () => {
  it("an import writes every task and link in one transaction, in as many statements at any size", async () => {
    const counts: number[] = [];
    for (const size of [60, 180]) {
      const { file, client } = await planOf(size);
      const { response, statements: ran } = await counted(() =>
        client.inject({
          method: "POST",
          url: "/api/projects/import?format=mspdi",
          headers: { "content-type": "application/xml" },
          payload: file,
        }),
      );
      expect(response.statusCode, response.body).toBe(201);
      const { project, imported } = response.json() as {
        project: { id: number };
        imported: { tasks: number; dependencies: number };
      };
      expect(imported.tasks).toBe(size);
      expect(await writtenBy("tasks", project.id)).toEqual({ rows: size, transactions: 1 });
      expect(await writtenBy("dependencies", project.id)).toEqual({
        rows: imported.dependencies,
        transactions: 1,
      });
      // Each task twice, in the two baselines.
      expect(await writtenBy("baseline_tasks", project.id)).toEqual({ rows: 2 * size, transactions: 1 });
      const inserts = ran.filter((statement) =>
        /^\s*insert into "?(tasks|dependencies|baselines|baseline_tasks)"?\s/i.test(statement),
      );
      expect(inserts, inserts.join("\n")).toHaveLength(4);
      counts.push(ran.length);
    }
    expect(counts[1], "statements grow with the plan's size").toBe(counts[0]);
  });

  it("an export reads the plan in as many statements at any size", async () => {
    const counts: number[] = [];
    for (const size of [60, 180]) {
      const { seeded, client } = await planOf(size);
      const { response, statements: ran } = await counted(() =>
        client.inject({ method: "GET", url: `/api/projects/${seeded.project.id}/export?format=mspdi` }),
      );
      expect(response.statusCode).toBe(200);
      expect(response.body.match(/<Task>/g)?.length).toBeGreaterThanOrEqual(size);
      expect(response.body.match(/<Baseline>/g)?.length).toBe(2 * size + 2);
      counts.push(ran.length);
    }
    expect(counts[1], "statements grow with the plan's size").toBe(counts[0]);
  });
});

// What a scheduling write costs, counted (docs/performance.md, as CI judges it: by rows and
// statements, never by time; bench/scheduling-writes.bench.ts times it at 20,000 tasks). A duration
// change that moves nothing writes only its task; one that moves every task writes them all in one
// transaction with one statement, at any size; a dry run of it writes nothing.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type ScheduledSeed, seedScheduledProject } from "../../bench/seed";
import { type Client, loginAs, setupTestApp } from "../test/test-app";

let counting = false;
let statements: string[] = [];
const testApp = setupTestApp({ onQuery: (query) => counting && statements.push(query) });

type RowState = { id: number; start: string | null; due: string | null; updatedAt: string; version: string };

/** Every task row of the project as stored, with the transaction that last wrote it (xmin). */
async function rowsOf(projectId: number): Promise<Map<number, RowState>> {
  const result = await testApp.database.db.execute(sql`
    select id, start_date::text as start, due_date::text as due, updated_at::text as "updatedAt",
      xmin::text as version
    from tasks where project_id = ${projectId}`);
  return new Map((result as unknown as { rows: RowState[] }).rows.map((row) => [row.id, row]));
}

/** The ids of the rows a request rewrote (a new row version), and its statements that update tasks. */
async function writesOf(
  client: Client,
  seeded: ScheduledSeed,
  url: string,
  payload: Record<string, unknown>,
) {
  const before = await rowsOf(seeded.project.id);
  statements = [];
  counting = true;
  const response = await client.inject({ method: "PUT", url, payload }).finally(() => {
    counting = false;
  });
  const after = await rowsOf(seeded.project.id);
  const rewritten = [...after.values()].filter((row) => row.version !== before.get(row.id)?.version);
  const taskUpdates = statements.filter((statement) => /^\s*update "?tasks"?\s/i.test(statement));
  return { response, before, after, rewritten, taskUpdates };
}

const seedAndLogIn = async (tasks: number) => {
  const seeded = await seedScheduledProject(testApp.database.db, { tasks, members: 0, seed: tasks });
  return { seeded, client: await loginAs(testApp, seeded.owner) };
};

describe("rows and statements of a scheduling write", () => {
  it("a duration change that moves nothing writes only its task", async () => {
    const { seeded, client } = await seedAndLogIn(120);
    const last = (await rowsOf(seeded.project.id)).get(seeded.lastTaskId);
    const { response, rewritten, taskUpdates, after } = await writesOf(
      client,
      seeded,
      `/api/tasks/${seeded.lastTaskId}`,
      { duration: 9 },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(rewritten.map((row) => row.id)).toEqual([seeded.lastTaskId]);
    // Its start stays; its finish follows its new duration.
    expect(after.get(seeded.lastTaskId)?.start).toBe(last?.start);
    expect(after.get(seeded.lastTaskId)?.due).not.toBe(last?.due);
    expect(taskUpdates, taskUpdates.join("\n")).toHaveLength(1);
  });

  it("one that moves every task writes them all in one transaction and one statement, at any size", async () => {
    const counts: number[] = [];
    for (const size of [60, 180]) {
      const { seeded, client } = await seedAndLogIn(size);
      const { response, rewritten, taskUpdates, before, after } = await writesOf(
        client,
        seeded,
        `/api/tasks/${seeded.kickoffId}`,
        { duration: 3 },
      );
      expect(response.statusCode, response.body).toBe(200);
      // Every task follows the kickoff: each one's start moved by two working days.
      const moved = seeded.taskIds.filter((id) => after.get(id)?.start !== before.get(id)?.start);
      expect(moved).toHaveLength(size);
      expect(rewritten).toHaveLength(size + 1);
      expect(new Set(rewritten.map((row) => row.version)).size).toBe(1);
      // The kickoff's own update, then one statement for all the moved rows.
      expect(taskUpdates, taskUpdates.join("\n")).toHaveLength(2);
      counts.push(statements.length);
    }
    expect(counts[1], "statements grow with the plan's size").toBe(counts[0]);
  });

  it("a dry run of it answers what moves and writes nothing", async () => {
    const { seeded, client } = await seedAndLogIn(80);
    const { response, rewritten, taskUpdates } = await writesOf(
      client,
      seeded,
      `/api/tasks/${seeded.kickoffId}?dryRun=true`,
      { duration: 3 },
    );
    expect(response.statusCode, response.body).toBe(200);
    const { preview } = response.json() as { preview: { moved: { id: number }[] } };
    expect(preview.moved.map((move) => move.id).sort((a, b) => a - b)).toEqual(
      [seeded.kickoffId, ...seeded.taskIds].sort((a, b) => a - b),
    );
    expect(rewritten).toEqual([]);
    expect(taskUpdates).toEqual([]);
  });
});

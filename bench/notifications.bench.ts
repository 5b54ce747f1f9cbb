// Notifications benchmark (docs/spec/notifications-and-api.md): what a write's notifications add
// to it. A prerequisite with D dependents, each assigned to one of P people of the project (full:
// 1,000 dependents, 100 people; --quick: 100 and 10), is completed in process, as the task route
// runs it (updateTask, then its follow-ups in the same transaction):
// - with its follow-ups: every dependent unblocked, D task.unblocked notifications stored in one
//   statement (and the follow-ups' own time inside the write, measured apart);
// - the same write with the follow-ups skipped;
// then the prerequisite is set back, untimed. The budget: the
// follow-ups add under 50 ms at 1,000 dependents on PostgreSQL (judged in full mode only).
// Judged in both modes, by counting (never by time): at D and 2D the follow-ups run as many
// statements, exactly one of them inserts notifications, and it stores one per dependent.
//   npx tsx bench/notifications.bench.ts [--quick] [--postgres | --postgres-only]
// Results: test-results/notifications.bench.json.
import type { ProjectEvent } from "@core/schemas/events";
import { eq, sql } from "drizzle-orm";
import type { CommandEvent } from "../server/commands/command";
import { followWrite } from "../server/commands/write-follow-ups";
import { type Database, openDatabase } from "../server/db/client";
import {
  dependencies,
  projectShares,
  projects,
  type Task,
  tasks,
  type User,
  users,
} from "../server/db/schema";
import { updateTask } from "../server/tasks/task-commands";
import { resolveCompletion } from "../server/tasks/task-rules";
import type { Row } from "./report";
import { type BenchDatabase, benchOnEveryEngine, type Findings } from "./server-harness";
import { quick, runs } from "./settings";
import { round, summarizeLatencies, timeInterleaved } from "./timing";

const dependents = Number(process.env.BENCH_SIZES ?? (quick ? 100 : 1000));
const people = Math.max(1, Math.round(dependents / 10));
const perRun = quick ? 3 : 10;
const ADDED_BUDGET_MS = 50;

type Plan = { owner: User; prerequisite: Task; projectId: number };

/** The owner, `count` dependents of one prerequisite, assigned in turn to `members` members. */
async function seedPlan(db: Database, count: number, members: number, label: string): Promise<Plan> {
  const tag = `${label}${Date.now().toString(36)}`;
  const [owner, ...team] = await db
    .insert(users)
    .values(
      Array.from({ length: members + 1 }, (_, index) => ({
        email: `${tag}-${index}@example.com`,
        username: `${tag}-${index}`,
        firstName: "Bench",
        lastName: `Person ${index}`,
      })),
    )
    .returning();
  const [project] = await db
    .insert(projects)
    .values({ name: "Notified plan", slug: `notified-${tag}`, userId: owner.id })
    .returning();
  await db
    .insert(projectShares)
    .values(
      team.map((user) => ({ projectId: project.id, email: user.email, userId: user.id, role: "editor" })),
    );
  const [prerequisite] = await db
    .insert(tasks)
    .values({ projectId: project.id, name: "Dig footings", order: 0 })
    .returning();
  const rows = await db
    .insert(tasks)
    .values(
      Array.from({ length: count }, (_, index) => ({
        projectId: project.id,
        name: `Pour section ${index + 1}`,
        order: index + 1,
        assigneeId: team[index % team.length].id,
      })),
    )
    .returning({ id: tasks.id });
  await db
    .insert(dependencies)
    .values(
      rows.map((row) => ({ projectId: project.id, sourceTaskId: prerequisite.id, targetTaskId: row.id })),
    );
  return { owner, prerequisite, projectId: project.id };
}

/** Completes the prerequisite in a transaction, with or without its follow-ups; answers their time. */
async function complete(db: Database, plan: Plan, withFollowUps: boolean): Promise<number> {
  const [task] = await db.select().from(tasks).where(eq(tasks.id, plan.prerequisite.id));
  const [target] = await db.select().from(projects).where(eq(projects.id, plan.projectId));
  let followUpMs = 0;
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const result = await updateTask(
      { tx, actor: plan.owner, dryRun: false },
      { task, target, fields: {}, completion: resolveCompletion(task, { completed: true }) },
    );
    const events = ([] as CommandEvent[]).concat(result.event ?? []).map((event, index) => ({
      ...(index === 0 ? { activityId: result.activityId } : {}),
      ...event,
      actorId: plan.owner.id,
    })) as ProjectEvent[];
    if (!withFollowUps) return;
    const begin = performance.now();
    await followWrite(tx, plan.owner, events);
    followUpMs = performance.now() - begin;
  });
  return followUpMs;
}

/**
 * Sets the prerequisite back: each call meets the same plan. The notifications stay, as they would
 * (deleting them would leave the inserts dead rows to step over).
 */
async function reset(db: Database, plan: Plan) {
  await db
    .update(tasks)
    .set({
      completed: false,
      completedAt: null,
      status: "not-started",
      percentComplete: 0,
      actualStart: null,
      actualFinish: null,
    })
    .where(eq(tasks.id, plan.prerequisite.id));
}

async function openCounting(database: BenchDatabase, onQuery: (query: string) => void) {
  return database.kind === "postgres"
    ? openDatabase({ databaseUrl: database.serverEnv.DATABASE_URL, onQuery })
    : openDatabase({ dataDir: database.serverEnv.DATA_DIR, onQuery });
}

/** The follow-ups' statements at `count` dependents, and the notifications they stored. */
async function countedFollowUps(database: BenchDatabase, count: number) {
  const statements: string[] = [];
  let counting = false;
  const handle = await openCounting(database, (query) => counting && statements.push(query));
  try {
    const plan = await seedPlan(handle.db, count, Math.max(1, Math.round(count / 10)), `count${count}`);
    const [task] = await handle.db.select().from(tasks).where(eq(tasks.id, plan.prerequisite.id));
    const [target] = await handle.db.select().from(projects).where(eq(projects.id, plan.projectId));
    await handle.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      const result = await updateTask(
        { tx, actor: plan.owner, dryRun: false },
        { task, target, fields: {}, completion: resolveCompletion(task, { completed: true }) },
      );
      counting = true;
      await followWrite(tx, plan.owner, [
        {
          type: "task.updated",
          projectId: plan.projectId,
          taskIds: [task.id],
          actorId: plan.owner.id,
          activityId: result.activityId,
        },
      ]);
      counting = false;
    });
    const stored = await handle.db.execute(
      sql`select count(*)::int as "count" from notifications where project_id = ${plan.projectId}`,
    );
    return { statements, stored: (stored as unknown as { rows: { count: number }[] }).rows[0].count };
  } finally {
    await handle.close();
  }
}

async function judgeCounts(database: BenchDatabase, { rows, problems }: Findings) {
  const small = await countedFollowUps(database, dependents);
  const large = await countedFollowUps(database, dependents * 2);
  for (const [counted, count] of [
    [small, dependents],
    [large, dependents * 2],
  ] as const) {
    const inserts = counted.statements.filter((statement) => /insert into notifications/i.test(statement));
    if (inserts.length !== 1)
      problems.push(`${database.kind}: ${inserts.length} statements insert notifications, not 1`);
    if (counted.stored !== count)
      problems.push(`${database.kind}: stored ${counted.stored} notifications for ${count} dependents`);
  }
  if (small.statements.length !== large.statements.length)
    problems.push(
      `${database.kind}: the follow-ups ran ${small.statements.length} statements at ${dependents} dependents, ${large.statements.length} at ${dependents * 2}`,
    );
  const row: Row = {
    engine: database.kind,
    dependents: `${dependents} / ${dependents * 2}`,
    write: "follow-ups, counted in process",
    "p50 ms": "",
    "p99 ms": "",
    budget: "",
    statements: `${small.statements.length} / ${large.statements.length}`,
    stored: `${small.stored} / ${large.stored}`,
  };
  rows.push(row);
  console.log(JSON.stringify(row));
}

async function time(database: BenchDatabase, { rows, problems }: Findings) {
  const handle = await database.open();
  try {
    const plan = await seedPlan(handle.db, dependents, people, "timed");
    const followUps: number[] = [];
    const operations = [
      {
        name: "complete the prerequisite, with notifications",
        run: async () => followUps.push(await complete(handle.db, plan, true)),
      },
      { name: "the same write, follow-ups skipped", run: () => complete(handle.db, plan, false) },
    ];
    // One unmeasured round: the JIT, the first plans of each statement.
    for (const operation of operations) {
      await operation.run();
      await reset(handle.db, plan);
    }
    followUps.length = 0;
    const latencies = await timeInterleaved(operations, {
      runs,
      perRun,
      after: () => reset(handle.db, plan),
    });
    const [withNotifications, without] = operations.map((operation) =>
      summarizeLatencies(latencies, operation.name),
    );
    const sorted = [...followUps].sort((a, b) => a - b);
    const followUpP50 = sorted[Math.floor(sorted.length / 2)] ?? 0;
    const added = withNotifications.p50 - without.p50;
    const judged = !quick && database.kind === "postgres";
    const met = added < ADDED_BUDGET_MS;
    if (judged && !met) problems.push(`${database.kind}: notifications add ${round(added)} ms to the write`);
    const verdict = judged ? (met ? "met" : "missed") : met ? "(met, not judged)" : "(missed, not judged)";
    const base = {
      engine: database.kind,
      dependents: `${dependents} (${people} people)`,
      statements: "",
      stored: "",
    };
    for (const [write, p50, tail, budget] of [
      [operations[0].name, withNotifications.p50, withNotifications.tail, ""],
      [operations[1].name, without.p50, without.tail, ""],
      [
        "added by the notifications (difference of p50s)",
        added,
        Number.NaN,
        `< ${ADDED_BUDGET_MS} ms: ${verdict}`,
      ],
      ["the follow-ups alone, inside the write (median)", followUpP50, Number.NaN, ""],
    ] as const) {
      const row: Row = {
        engine: base.engine,
        dependents: base.dependents,
        write,
        "p50 ms": round(p50),
        "p99 ms": Number.isNaN(tail) ? "" : round(tail),
        budget,
        statements: base.statements,
        stored: base.stored,
      };
      rows.push(row);
      console.log(JSON.stringify(row));
    }
  } finally {
    await handle.close();
  }
}

await benchOnEveryEngine(
  "notifications",
  { runs, perRun, dependents, people },
  async (database, findings) => {
    await judgeCounts(database, findings);
    await time(database, findings);
  },
);

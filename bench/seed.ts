// Seeder for the server benchmarks and the query-count test (docs/performance.md): a realistic
// project of N
// tasks with about 1.5 N dependencies, categories, dates and members, and a user with many
// projects for My Tasks. Rows go straight into the database in batched inserts through Drizzle,
// so 20,000 tasks take seconds, not the minutes the API would.
import { randomBytes } from "node:crypto";
import { scheduleOf } from "@core/scheduling/plan";
import type { ScheduledDates } from "@core/scheduling/project-schedule";
import { sql } from "drizzle-orm";
import type { Database } from "../server/db/client";
import {
  categories,
  dependencies,
  type Project,
  projectShares,
  projects,
  publicShareLinks,
  tasks,
  type User,
  users,
} from "../server/db/schema";
import { loadSchedulingState, storeScheduledDates } from "../server/scheduling/rescheduler";

/** A small deterministic generator (mulberry32), so every run seeds the same shape. */
export function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Inserts rows in batches that stay under PostgreSQL's 65,535 parameters per statement. */
async function insertInBatches<Row>(rows: Row[], batchSize: number, insert: (batch: Row[]) => Promise<void>) {
  for (let start = 0; start < rows.length; start += batchSize) {
    await insert(rows.slice(start, start + batchSize));
  }
}

export async function seedUser(db: Database, label = "bench"): Promise<User> {
  const tag = `${label}${randomBytes(5).toString("hex")}`;
  const [user] = await db
    .insert(users)
    .values({ email: `${tag}@example.com`, username: tag, firstName: "Bench", lastName: label })
    .returning();
  return user;
}

export type SeedProjectOptions = {
  tasks: number;
  /** Dependencies per task; 1.5 by default. */
  dependencyRatio?: number;
  categories?: number;
  /** Members with an account besides the owner (editors), some tasks assigned to them. */
  members?: number;
  owner?: User;
  name?: string;
  seed?: number;
  /** Also create a public share link (GET /api/share/{token}). */
  publicLink?: boolean;
};

export type SeededProject = {
  owner: User;
  project: Project;
  members: User[];
  categoryIds: number[];
  /** Task ids in creation order. */
  taskIds: number[];
  /** levelOf[i] is the dependency level of taskIds[i]; every dependency goes to a later level. */
  levelOf: number[];
  /** The seeded dependencies as index pairs into taskIds. */
  dependencyPairs: [number, number][];
  publicToken: string | null;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A project shaped like a real plan: tasks in about 0.8 x sqrt(N) levels, each task past the first
 * level waiting for a task of the level before, plus random extra dependencies between
 * neighbouring levels up to `dependencyRatio` x N; a fifth completed, dates on most, categories,
 * a few assigned to members, positions as auto-layout would leave them.
 * @example const { project, taskIds } = await seedProject(db, { tasks: 5_000 });
 */
export async function seedProject(db: Database, options: SeedProjectOptions): Promise<SeededProject> {
  const count = options.tasks;
  const next = random(options.seed ?? count);
  const owner = options.owner ?? (await seedUser(db, "owner"));
  const [project] = await db
    .insert(projects)
    .values({
      name: options.name ?? `Bench ${count}`,
      slug: `bench-${count}-${randomBytes(4).toString("hex")}`,
      userId: owner.id,
    })
    .returning();

  const members: User[] = [];
  for (let index = 0; index < (options.members ?? 3); index++) members.push(await seedUser(db, "member"));
  if (members.length > 0) {
    await db.insert(projectShares).values(
      members.map((member) => ({
        projectId: project.id,
        email: member.email,
        userId: member.id,
        role: "editor",
        invitedById: owner.id,
        acceptedAt: new Date(),
      })),
    );
  }

  const categoryNames = ["Design", "Build", "Test", "Launch", "Research", "Ops", "Legal", "Sales"];
  const categoryIds =
    (options.categories ?? 5) === 0
      ? []
      : (
          await db
            .insert(categories)
            .values(
              categoryNames.slice(0, options.categories ?? 5).map((name, index) => ({
                projectId: project.id,
                name,
                color: ["#FF5733", "#33FF57", "#3357FF", "#F1C40F", "#8E44AD"][index % 5],
              })),
            )
            .returning({ id: categories.id })
        ).map((row) => row.id);

  const levels = Math.max(2, Math.round(0.8 * Math.sqrt(count)));
  const perLevel = Math.ceil(count / levels);
  const levelOf = Array.from({ length: count }, (_, index) => Math.floor(index / perLevel));
  const start = Date.UTC(2026, 0, 5);
  const assignees = [null, null, null, owner.id, ...members.map((member) => member.id)];
  const rows = levelOf.map((level, index) => {
    const completed = next() < 0.2;
    const dated = next() < 0.8;
    const begin = start + level * 2 * DAY_MS;
    return {
      projectId: project.id,
      name: `Task ${index + 1} of level ${level + 1}`,
      description: index % 3 === 0 ? `Notes for task ${index + 1}: what done looks like.` : "",
      status: completed
        ? ("completed" as const)
        : next() < 0.3
          ? ("in-progress" as const)
          : ("not-started" as const),
      completed,
      completedAt: completed ? new Date(begin + DAY_MS) : null,
      startDate: dated ? new Date(begin) : null,
      dueDate: dated ? new Date(begin + (1 + Math.floor(next() * 5)) * DAY_MS) : null,
      categoryId: categoryIds.length > 0 && next() < 0.7 ? categoryIds[index % categoryIds.length] : null,
      assigneeId: assignees[Math.floor(next() * assignees.length)] ?? null,
      positionX: level * 320,
      positionY: (index % perLevel) * 140,
      order: index,
    };
  });
  const taskIds: number[] = [];
  await insertInBatches(rows, 2_000, async (batch) => {
    const inserted = await db.insert(tasks).values(batch).returning({ id: tasks.id });
    for (const row of inserted) taskIds.push(row.id);
  });

  // Each task past level 0 waits for one task of the level before; then random extra edges between
  // neighbouring levels until the ratio is reached. Edges only go forward, so the graph is a DAG.
  const pairs = new Set<string>();
  const dependencyPairs: [number, number][] = [];
  const add = (source: number, target: number) => {
    const key = `${source}:${target}`;
    if (pairs.has(key)) return;
    pairs.add(key);
    dependencyPairs.push([source, target]);
  };
  const inLevel = (level: number) => {
    const first = level * perLevel;
    return first + Math.floor(next() * Math.min(perLevel, count - first));
  };
  for (let index = perLevel; index < count; index++) add(inLevel(levelOf[index] - 1), index);
  const wanted = Math.round((options.dependencyRatio ?? 1.5) * count);
  for (let attempts = 0; dependencyPairs.length < wanted && attempts < wanted * 4; attempts++) {
    const target = perLevel + Math.floor(next() * (count - perLevel));
    add(inLevel(levelOf[target] - 1), target);
  }
  await insertInBatches(dependencyPairs, 5_000, async (batch) => {
    await db.insert(dependencies).values(
      batch.map(([source, target]) => ({
        projectId: project.id,
        sourceTaskId: taskIds[source],
        targetTaskId: taskIds[target],
      })),
    );
  });

  let publicToken: string | null = null;
  if (options.publicLink) {
    publicToken = randomBytes(16).toString("base64url");
    await db
      .insert(publicShareLinks)
      .values({ projectId: project.id, token: publicToken, createdById: owner.id });
  }
  return { owner, project, members, categoryIds, taskIds, levelOf, dependencyPairs, publicToken };
}

export type SeedMyTasksOptions = { projects?: number; tasksPerProject?: number; user?: User };

/**
 * A user with many active projects for My Tasks: `projects` (50) of `tasksPerProject` (200)
 * tasks each, every one seeded like seedProject with its usual dependencies.
 * @example const { user } = await seedMyTasksUser(db, { projects: 50, tasksPerProject: 200 });
 */
export async function seedMyTasksUser(db: Database, options: SeedMyTasksOptions = {}) {
  const user = options.user ?? (await seedUser(db, "mytasks"));
  const seeded: SeededProject[] = [];
  for (let index = 0; index < (options.projects ?? 50); index++) {
    seeded.push(
      await seedProject(db, {
        tasks: options.tasksPerProject ?? 200,
        owner: user,
        members: 1,
        name: `Project ${String(index + 1).padStart(2, "0")}`,
        seed: index + 1,
      }),
    );
  }
  return { user, projects: seeded };
}

export type ScheduledSeed = SeededProject & {
  /** A task every other task waits for (through the first level): changing it moves them all. */
  kickoffId: number;
  /** A task no other waits for: changing its duration moves no other task. */
  lastTaskId: number;
};

/**
 * A seeded project made a scheduled plan (docs/performance.md): every task auto with a duration of 1
 * to 5
 * working days, a "Kickoff" task before each task of the first level (so every task follows it),
 * and every task's dates stored as the engine computes them, so a write that changes nothing of
 * the plan moves nothing.
 * @example const { kickoffId } = await seedScheduledProject(db, { tasks: 20_000 });
 */
export async function seedScheduledProject(
  db: Database,
  options: SeedProjectOptions,
): Promise<ScheduledSeed> {
  const seeded = await seedProject(db, options);
  const projectId = seeded.project.id;
  await db.execute(
    sql`update ${tasks} set duration = 1 + (id % 5), scheduling_mode = 'auto' where project_id = ${projectId}`,
  );
  const [kickoff] = await db
    .insert(tasks)
    .values({ projectId, name: "Kickoff", duration: 1, order: -1, positionX: -320, positionY: 0 })
    .returning({ id: tasks.id });
  const firstLevel = seeded.taskIds.filter((_, index) => seeded.levelOf[index] === 0);
  await db
    .insert(dependencies)
    .values(firstLevel.map((targetTaskId) => ({ projectId, sourceTaskId: kickoff.id, targetTaskId })));
  const state = await loadSchedulingState(db, projectId);
  const everything = new Map<number, ScheduledDates>();
  for (const [id, schedule] of scheduleOf(state).tasks)
    if (schedule) everything.set(id, { start: schedule.start, finish: schedule.finish });
  await storeScheduledDates(db, everything);
  return { ...seeded, kickoffId: kickoff.id, lastTaskId: seeded.taskIds[seeded.taskIds.length - 1] };
}

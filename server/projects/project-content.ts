// A project's tasks and dependencies as the JSON the project and public-share answers carry, kept
// in memory between changes: a project opened by many people, or read again after a gap in its
// live events, is answered from this copy instead of reading and serialising every row again (at
// 5,000 tasks that was most of an answer's time; docs/performance.md).
//
// Each half is valid for one version, bumped by a trigger in the same transaction as the write,
// whoever makes it (any route, another instance, a cascade from a deleted category or account):
// project_task_versions.version for the tasks (migration 0004), projects.graph_version for the
// dependencies (migration 0003). The versions are read before the rows, so a copy is never older
// than the version it is filed under; at worst it is newer and the next read reloads it.
//
// When the tasks changed, the copy is rebuilt rather than reread: each task's JSON is kept with its
// row version (task-rows.ts), so one edit in a 5,000-task plan reads the 5,000 row versions and the
// one changed task, and serialises that one.
//
// The answer itself is kept too: its arrays as bytes once per content, and the whole answer
// compressed once per content and caller (encodedProjectAnswer), so an unchanged project is never
// serialised or compressed again.

import type { IncomingHttpHeaders } from "node:http";
import type { TaskDto } from "@core/schemas/projects";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { type Project, projectTaskVersions } from "../db/schema";
import { projectDependencyDtos, projectTaskRowVersions, versionedTaskDtos } from "../db/task-rows";
import {
  COMPRESSION_THRESHOLD,
  compressAnswer,
  type EncodedAnswer,
  negotiateEncoding,
} from "../lib/answer-compression";
import { type ScheduledContent, ScheduledContentCache } from "../scheduling/scheduled-content";

export type ProjectContent = {
  /** The JSON array of the project's TaskDto objects, by order then id. */
  tasksJson: string;
  /** The JSON array of its DependencyDto objects, by id. */
  dependenciesJson: string;
};

/**
 * One task in a copy: the row version it shows, and its JSON, or until that is first needed the
 * task itself (a copy read whole is serialised in one call, which is faster than task by task).
 */
export type TaskCopy = { rowVersion: string; json?: string; task?: TaskDto };

/** A project's tasks as one JSON array, and each task by id with the row version it shows. */
export type TasksCopy = { json: string; byTask: Map<number, TaskCopy> };

/** The task's JSON, made once. */
function jsonOf(copy: TaskCopy): string {
  if (copy.json === undefined) {
    copy.json = JSON.stringify(copy.task);
    copy.task = undefined;
  }
  return copy.json;
}

export type ContentLoaders = {
  /** The tasks' copy, rebuilt from `previous` (an older copy of the same project) where it can be. */
  tasks: (previous: TasksCopy | undefined) => Promise<TasksCopy>;
  dependencies: () => Promise<string>;
};

type Part<T> = { version: number; value: T; size: number };
type Entry = { tasks?: Part<TasksCopy>; dependencies?: Part<string> };

/** The content of the projects read most recently, within a budget of characters. */
export class ProjectContentCache {
  /** The same content with schedules, for the projects read last. */
  readonly scheduled = new ScheduledContentCache();
  private readonly entries = new Map<number, Entry>();
  private readonly loading = new Map<string, Promise<unknown>>();
  private size = 0;

  /** @param capacity characters kept in all (about bytes: the JSON is mostly ASCII); 0 keeps none. */
  constructor(private readonly capacity: number) {}

  /** How many characters are held now (for tests). */
  get heldSize(): number {
    return this.size;
  }

  /**
   * The content at these versions: each half from memory when its copy is current, else loaded
   * (concurrent loads of the same half and version share one) and filed.
   */
  async get(
    projectId: number,
    tasksVersion: number,
    graphVersion: number,
    load: ContentLoaders,
  ): Promise<ProjectContent> {
    const entry = this.entries.get(projectId);
    if (entry) {
      this.entries.delete(projectId);
      this.entries.set(projectId, entry); // most recently used last
    }
    const [tasks, dependenciesJson] = await Promise.all([
      entry?.tasks?.version === tasksVersion
        ? entry.tasks.value
        : this.loadPart(projectId, "tasks", tasksVersion, () => load.tasks(entry?.tasks?.value), sizeOfTasks),
      entry?.dependencies?.version === graphVersion
        ? entry.dependencies.value
        : this.loadPart(projectId, "dependencies", graphVersion, load.dependencies, (json) => json.length),
    ]);
    return { tasksJson: tasks.json, dependenciesJson };
  }

  private loadPart<K extends keyof Entry>(
    projectId: number,
    half: K,
    version: number,
    load: () => Promise<NonNullable<Entry[K]>["value"]>,
    sizeOf: (value: NonNullable<Entry[K]>["value"]) => number,
  ): Promise<NonNullable<Entry[K]>["value"]> {
    if (this.capacity === 0) return load();
    const key = `${projectId}:${half}:${version}`;
    const pending = this.loading.get(key) as Promise<NonNullable<Entry[K]>["value"]> | undefined;
    if (pending) return pending;
    const loaded = load().then(
      (value) => {
        this.loading.delete(key);
        this.file(projectId, half, { version, value, size: sizeOf(value) } as NonNullable<Entry[K]>);
        return value;
      },
      (error: unknown) => {
        this.loading.delete(key);
        throw error;
      },
    );
    this.loading.set(key, loaded);
    return loaded;
  }

  private file<K extends keyof Entry>(projectId: number, half: K, part: NonNullable<Entry[K]>): void {
    const entry = this.entries.get(projectId) ?? {};
    const held = entry[half];
    // A slower load of an older version never replaces a newer copy (versions only grow).
    if (held && held.version > part.version) return;
    if (held) this.size -= held.size;
    entry[half] = part;
    this.size += part.size;
    this.entries.set(projectId, entry);
    for (const [oldestId, oldest] of this.entries) {
      if (this.size <= this.capacity) break;
      this.entries.delete(oldestId);
      this.size -= (oldest.tasks?.size ?? 0) + (oldest.dependencies?.size ?? 0);
    }
  }
}

// The array's JSON and each task's (or the task itself, about as large): the characters twice.
const sizeOfTasks = (copy: TasksCopy) => copy.json.length * 2;

/** Each content's arrays as the bytes an answer sends, made once per content (the same object while unchanged). */
const preparedBytes = new WeakMap<ProjectContent, Buffer>();

type AnswerParts = { head: string; middle: Buffer; tail: string };

/** The content's arrays as bytes, with the text before and after them in an answer. */
function answerParts(project: unknown, content: ProjectContent, rest: Record<string, unknown>): AnswerParts {
  let middle = preparedBytes.get(content);
  if (!middle) {
    middle = Buffer.from(`,"tasks":${content.tasksJson},"dependencies":${content.dependenciesJson}`);
    preparedBytes.set(content, middle);
  }
  const restJson = JSON.stringify(rest);
  return {
    head: `{"project":${JSON.stringify(project)}`,
    middle,
    tail: restJson === "{}" ? "}" : `,${restJson.slice(1)}`,
  };
}

const joined = ({ head, middle, tail }: AnswerParts) =>
  Buffer.concat([Buffer.from(head), middle, Buffer.from(tail)]);

/**
 * The bytes of a project answer: `{"project": ..., "tasks": ..., "dependencies": ..., ...rest}`,
 * with the content's arrays spliced in as they are, never parsed or serialised again. That part
 * (about all of it) is encoded once per content and kept with it, so reads of an unchanged
 * project only encode the few fields around it.
 */
export function projectAnswerBytes(
  project: unknown,
  content: ProjectContent,
  rest: Record<string, unknown>,
): Buffer {
  return joined(answerParts(project, content, rest));
}

// Each content's compressed answers, by encoding and the exact text around the arrays (the
// caller's project fields, lastViewedAt and preferredView among them, and accessLevel and the
// finish): a browser asks for Brotli on every read, and compressing 1.3 MB again for each one
// halved the reads an unchanged project could serve. Kept with the content object, so a change
// (a new object) drops them; at most COMPRESSED_KEPT per content, the least recently used dropped
// first: about 1.8 MB for a 5,000-task project (some 110 kB each as Brotli). A promise is kept,
// so concurrent first reads of one answer share its compression
// (docs/decisions/038-views-at-scale.md).
const compressedAnswers = new WeakMap<ProjectContent, Map<string, Promise<Buffer>>>();
const COMPRESSED_KEPT = 16;

/**
 * The project answer in the encoding the request accepts (`negotiateEncoding`): compressed once per
 * content and surrounding text and then answered from memory; identity when nothing is accepted
 * or the answer is under COMPRESSION_THRESHOLD bytes.
 */
export async function encodedProjectAnswer(
  headers: IncomingHttpHeaders,
  project: unknown,
  content: ProjectContent,
  rest: Record<string, unknown>,
): Promise<EncodedAnswer> {
  const parts = answerParts(project, content, rest);
  const { head, middle, tail } = parts;
  const encoding = negotiateEncoding(headers);
  const size = Buffer.byteLength(head) + middle.length + Buffer.byteLength(tail);
  if (encoding === "identity" || size < COMPRESSION_THRESHOLD)
    return { body: joined(parts), encoding: "identity" };
  let answers = compressedAnswers.get(content);
  if (!answers) {
    answers = new Map();
    compressedAnswers.set(content, answers);
  }
  const key = `${encoding}\n${head}\n${tail}`;
  let compressed = answers.get(key);
  if (compressed) {
    answers.delete(key);
  } else {
    const kept = answers;
    compressed = compressAnswer(joined(parts), encoding);
    // A failed compression is not kept: the next read tries again.
    compressed.catch(() => {
      if (kept.get(key) === compressed) kept.delete(key);
    });
  }
  answers.set(key, compressed); // most recently used last
  for (const oldest of answers.keys()) {
    if (answers.size <= COMPRESSED_KEPT) break;
    answers.delete(oldest);
  }
  return { body: await compressed, encoding };
}

/** Over this share of changed tasks, reading the whole project is cheaper than picking them out. */
const REREAD_SHARE = 0.5;

/**
 * The project's tasks as a copy: from the rows when there is no `previous` copy, else from the row
 * versions, rereading only the tasks whose row changed since `previous`.
 */
export async function readTasksCopy(
  db: Database,
  projectId: number,
  previous: TasksCopy | undefined,
): Promise<TasksCopy> {
  const byTask: TasksCopy["byTask"] = new Map();
  if (!previous) {
    const tasks: TaskDto[] = [];
    for (const { rowVersion, ...task } of await versionedTaskDtos(db, projectId)) {
      tasks.push(task);
      byTask.set(task.id, { rowVersion, task });
    }
    return { json: JSON.stringify(tasks), byTask };
  }
  const versions = await projectTaskRowVersions(db, projectId);
  const changed = new Set<number>();
  for (const row of versions)
    if (previous.byTask.get(row.id)?.rowVersion !== row.rowVersion) changed.add(row.id);
  if (changed.size > versions.length * REREAD_SHARE) return readTasksCopy(db, projectId, undefined);
  const reread = new Map<number, string>();
  if (changed.size > 0)
    for (const { rowVersion, ...task } of await versionedTaskDtos(db, projectId, [...changed])) {
      const copy = { rowVersion, json: JSON.stringify(task) };
      byTask.set(task.id, copy);
      reread.set(task.id, copy.json);
    }
  const parts: string[] = [];
  for (const { id } of versions) {
    const json = reread.get(id);
    if (json !== undefined) {
      parts.push(json);
      continue;
    }
    const kept = previous.byTask.get(id);
    // A changed task that is gone by the time it was reread (deleted, or moved away) is left out.
    if (!kept || changed.has(id)) continue;
    byTask.set(id, kept);
    parts.push(jsonOf(kept));
  }
  return { json: `[${parts.join(",")}]`, byTask };
}

/**
 * The project's content with each task's `schedule` and the project's finish, from the cache where
 * its copy is current. `project` must have been read before this call (its graphVersion keys the
 * dependencies, its calendar the schedule); the tasks' version is read here, before the rows.
 */
export async function projectContent(
  db: Database,
  cache: ProjectContentCache,
  project: Pick<Project, "id" | "graphVersion" | "startDate" | "workingDays" | "holidays" | "statusDate">,
  tasksVersion?: number | null,
): Promise<ScheduledContent> {
  return cache.scheduled.of(project.id, project, await storedContent(db, cache, project, tasksVersion));
}

/**
 * The version of the project's tasks, bumped by a trigger in the transaction of every change to
 * them (migration 0004); null when the project has no row of it.
 */
export async function tasksVersionOf(db: Database, projectId: number): Promise<number | null> {
  const [row] = await db
    .select({ version: projectTaskVersions.version })
    .from(projectTaskVersions)
    .where(eq(projectTaskVersions.projectId, projectId));
  return row ? row.version : null;
}

/** The project's content as stored, without schedules; `tasksVersion` when already read. */
export async function storedContent(
  db: Database,
  cache: ProjectContentCache,
  project: Pick<Project, "id" | "graphVersion">,
  tasksVersion?: number | null,
): Promise<ProjectContent> {
  const version = tasksVersion === undefined ? await tasksVersionOf(db, project.id) : tasksVersion;
  const load: ContentLoaders = {
    tasks: (previous) => readTasksCopy(db, project.id, previous),
    dependencies: async () => JSON.stringify(await projectDependencyDtos(db, project.id)),
  };
  // Every project has its row (a trigger adds it); without one there is nothing to key a copy by.
  if (version === null) {
    const [tasks, dependenciesJson] = await Promise.all([load.tasks(undefined), load.dependencies()]);
    return { tasksJson: tasks.json, dependenciesJson };
  }
  return cache.get(project.id, version, project.graphVersion, load);
}

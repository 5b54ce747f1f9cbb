// A project's tasks and dependencies as the JSON the project and public-share answers carry,
// serialised once per version of the project and kept in memory: every edit makes each
// collaborator's page refetch the project (client/lib/use-project-events.ts), so one write is
// followed by as many reads of the same content as there are people looking at it. At 5,000 tasks
// reading and serialising the rows is most of the answer's time (docs/performance.md).
//
// A copy is valid for one pair of versions, both bumped by triggers in the same transaction as the
// write, whoever makes it (any route, another instance, a cascade from a deleted category or
// account): project_task_versions.version for the tasks (migration 0004) and projects.graph_version
// for the dependencies (migration 0003). The versions are read before the rows, so a copy is never
// older than the versions it is filed under; at worst it is newer and the next read reloads it.
import { eq } from "drizzle-orm";
import type { Database } from "./client";
import { type Project, projectTaskVersions } from "./schema";
import { projectDependencyDtos, projectTaskDtos } from "./task-rows";

export type ProjectContent = {
  /** The JSON array of the project's TaskDto objects, by order then id. */
  tasksJson: string;
  /** The JSON array of its DependencyDto objects, by id. */
  dependenciesJson: string;
};

type Entry = { tasksVersion: number; graphVersion: number; content: ProjectContent; size: number };

/** The serialised content of the projects read most recently, within a budget of characters. */
export class ProjectContentCache {
  private readonly entries = new Map<number, Entry>();
  private readonly loading = new Map<string, Promise<ProjectContent>>();
  private size = 0;

  /** @param capacity characters of JSON kept in all (about bytes: the JSON is mostly ASCII); 0 keeps none. */
  constructor(private readonly capacity: number) {}

  /** How many characters are held now (for tests and the benchmark's notes). */
  get heldSize(): number {
    return this.size;
  }

  /**
   * The content filed under these versions, else what `load` reads, filed under them. Concurrent
   * misses of the same versions share one load.
   */
  async get(
    projectId: number,
    tasksVersion: number,
    graphVersion: number,
    load: () => Promise<ProjectContent>,
  ): Promise<ProjectContent> {
    const entry = this.entries.get(projectId);
    if (entry && entry.tasksVersion === tasksVersion && entry.graphVersion === graphVersion) {
      this.entries.delete(projectId);
      this.entries.set(projectId, entry); // most recently used last
      return entry.content;
    }
    if (this.capacity === 0) return load();
    const key = `${projectId}:${tasksVersion}:${graphVersion}`;
    const pending = this.loading.get(key);
    if (pending) return pending;
    const loaded = load().then(
      (content) => {
        this.loading.delete(key);
        this.file(projectId, { tasksVersion, graphVersion, content, size: sizeOf(content) });
        return content;
      },
      (error: unknown) => {
        this.loading.delete(key);
        throw error;
      },
    );
    this.loading.set(key, loaded);
    return loaded;
  }

  private file(projectId: number, entry: Entry): void {
    const held = this.entries.get(projectId);
    // A slower load of older versions never replaces a newer copy (versions only grow).
    if (held && held.tasksVersion + held.graphVersion > entry.tasksVersion + entry.graphVersion) return;
    if (held) this.drop(projectId, held);
    if (entry.size > this.capacity) return;
    this.entries.set(projectId, entry);
    this.size += entry.size;
    for (const [oldestId, oldest] of this.entries) {
      if (this.size <= this.capacity) break;
      this.drop(oldestId, oldest);
    }
  }

  private drop(projectId: number, entry: Entry): void {
    this.entries.delete(projectId);
    this.size -= entry.size;
  }
}

const sizeOf = (content: ProjectContent) => content.tasksJson.length + content.dependenciesJson.length;

/**
 * The JSON text of a project answer: `{"project": ..., "tasks": ..., "dependencies": ..., ...rest}`,
 * with the content's arrays spliced in as they are, so they are never parsed or serialised again.
 */
export function projectAnswerJson(
  project: unknown,
  content: ProjectContent,
  rest: Record<string, unknown>,
): string {
  const restJson = JSON.stringify(rest);
  const restFields = restJson === "{}" ? "" : `,${restJson.slice(1, -1)}`;
  return `{"project":${JSON.stringify(project)},"tasks":${content.tasksJson},"dependencies":${content.dependenciesJson}${restFields}}`;
}

async function readProjectContent(db: Database, projectId: number): Promise<ProjectContent> {
  const [projectTasks, projectDependencies] = await Promise.all([
    projectTaskDtos(db, projectId),
    projectDependencyDtos(db, projectId),
  ]);
  return { tasksJson: JSON.stringify(projectTasks), dependenciesJson: JSON.stringify(projectDependencies) };
}

/**
 * The project's content, from the cache when its copy is current. `project` must have been read
 * before this call (its graphVersion is one half of the key); the tasks' version is read here,
 * before the rows.
 */
export async function projectContent(
  db: Database,
  cache: ProjectContentCache,
  project: Pick<Project, "id" | "graphVersion">,
): Promise<ProjectContent> {
  const [row] = await db
    .select({ version: projectTaskVersions.version })
    .from(projectTaskVersions)
    .where(eq(projectTaskVersions.projectId, project.id));
  // Every project has its row (a trigger adds it); without one there is nothing to key a copy by.
  if (!row) return readProjectContent(db, project.id);
  return cache.get(project.id, row.version, project.graphVersion, () => readProjectContent(db, project.id));
}

// Each project's dependency edges, kept in memory between dependency writes so that the cycle
// check of POST /api/dependencies walks memory instead of the database (at 20,000 tasks the walk
// downstream of a task is most of the plan: tens of milliseconds in SQL, about one in memory).
//
// A copy is valid only for the projects.graph_version it was read at. A trigger bumps that version
// in the same transaction as every insert, update or delete of a dependency, whatever wrote it
// (any route, another instance, a cascade from a deleted task), and the route reads it under the
// project's row lock, which every dependency write of the project waits for. So a stale copy is
// never used, and a project is loaded at most once per call: never when its copy is current.
import { cycleClosedAlong } from "@core/graph/cycles";
import type { GraphDependency } from "@core/graph/dependency-graph";

export class ProjectEdges {
  private readonly dependentsOf = new Map<number, number[]>();

  constructor(
    public version: number,
    edges: Iterable<GraphDependency>,
  ) {
    for (const edge of edges) this.add(edge.sourceTaskId, edge.targetTaskId);
  }

  has(sourceTaskId: number, targetTaskId: number): boolean {
    return this.dependentsOf.get(sourceTaskId)?.includes(targetTaskId) ?? false;
  }

  /** The cycle the edge would close, as cycleClosedBy names it, or null when it closes none. */
  cycleClosedBy(sourceTaskId: number, targetTaskId: number): number[] | null {
    return cycleClosedAlong((id) => this.dependentsOf.get(id), sourceTaskId, targetTaskId);
  }

  /** Every edge, as prerequisite and dependent. */
  *edges(): Iterable<GraphDependency> {
    for (const [sourceTaskId, targets] of this.dependentsOf)
      for (const targetTaskId of targets) yield { sourceTaskId, targetTaskId };
  }

  add(sourceTaskId: number, targetTaskId: number): void {
    const dependents = this.dependentsOf.get(sourceTaskId);
    if (dependents) dependents.push(targetTaskId);
    else this.dependentsOf.set(sourceTaskId, [targetTaskId]);
  }
}

/** The copies of the projects written most recently, at most `capacity` of them. */
export class ProjectEdgesCache {
  private readonly entries = new Map<number, ProjectEdges>();

  constructor(private readonly capacity = 32) {}

  /** The project's copy if it was read at `version`, else undefined (and the stale copy dropped). */
  current(projectId: number, version: number): ProjectEdges | undefined {
    const entry = this.entries.get(projectId);
    if (!entry) return undefined;
    this.entries.delete(projectId);
    if (entry.version !== version) return undefined;
    this.entries.set(projectId, entry); // most recently used last
    return entry;
  }

  store(projectId: number, edges: ProjectEdges): void {
    this.entries.delete(projectId);
    this.entries.set(projectId, edges);
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value as number;
      this.entries.delete(oldest);
    }
  }

  /**
   * After this process committed one new edge on the copy read at `version`: the database is now
   * at version + 1 (the trigger's bump, made under the row lock the write held), so the copy
   * follows. If another request replaced or dropped the copy meanwhile, it is left alone.
   */
  committed(
    projectId: number,
    edges: ProjectEdges,
    version: number,
    sourceTaskId: number,
    targetTaskId: number,
  ) {
    if (this.entries.get(projectId) !== edges || edges.version !== version) return;
    edges.add(sourceTaskId, targetTaskId);
    edges.version = version + 1;
  }

  get size(): number {
    return this.entries.size;
  }
}

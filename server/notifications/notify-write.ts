// The notifications a write causes, in its transaction (docs/spec/notifications-and-api.md):
// task.assigned when a task gets an assignee other than the writer, and task.unblocked when a task
// of someone's has no incomplete blocking prerequisite any more. What changed is read from the
// write's activity entry; only a change that can unblock (a prerequisite done or started, a task or
// dependency deleted, a dependency's type eased, a task moved in the outline) reads the project,
// and then both waiting sets, now and with the change undone in memory, come from the same rules
// the views use (core/graph/dependency-graph.ts). Every other write costs one read of its entry by
// id, or nothing.
import type { DependencyType } from "@core/scheduling/engine";
import type { ActivityAction, ActivityItem, FieldChanges } from "@core/schemas/activity";
import type { ProjectEvent, ProjectEventType } from "@core/schemas/events";
import type { DependencyDto, TaskDto } from "@core/schemas/projects";
import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import type { User } from "../db/schema";
import { idArray } from "../db/task-rows";
import { type CreatedNotification, type NotificationDraft, storeNotifications } from "./notification-store";
import { assignedText, type UnblockedBecause, unblockedText } from "./notification-texts";
import { type ProjectGraph, type Revert, readProjectGraph, unblockedByChange } from "./unblocked-by-change";

export type { CreatedNotification } from "./notification-store";

/** Each task a write unblocked, per project: queued for webhooks as `task.unblocked`. */
export type UnblockedEvent = {
  type: "task.unblocked";
  projectId: number;
  taskIds: number[];
  actorId: number;
};

/** The events whose entry can tell of an assignment or of a change that unblocks. */
const TOLD_BY_ENTRY = new Set<ProjectEventType>([
  "task.created",
  "task.updated",
  "task.deleted",
  "dependency.updated",
  "dependency.deleted",
  "tasks.outlined",
]);

type Entry = {
  id: number;
  action: ActivityAction;
  taskId: number | null;
  dependencyId: number | null;
  subject: string | null;
  changes: FieldChanges;
  items: ActivityItem[];
  restore: Record<string, unknown> | null;
};

/** How strongly a type holds its dependent back: FS until done, SS until started, FF and SF never. */
const holdRank = (type: unknown) => (type === "SS" ? 1 : type === "FF" || type === "SF" ? 0 : 2);

export async function notifyOfWrite(
  tx: Database,
  actor: User,
  events: readonly ProjectEvent[],
): Promise<{ created: CreatedNotification[]; unblocked: UnblockedEvent[] }> {
  const told = events.filter(
    (event): event is ProjectEvent & { activityId: number } =>
      event.activityId !== undefined && TOLD_BY_ENTRY.has(event.type),
  );
  if (told.length === 0) return { created: [], unblocked: [] };
  const entries = await readEntries(tx, [...new Set(told.map((event) => event.activityId))]);

  const drafts: NotificationDraft[] = [];
  const changesByProject = new Map<number, { reverts: Revert[]; because: UnblockedBecause[] }>();
  for (const event of told) {
    const entry = entries.get(event.activityId);
    if (!entry) continue;
    const assigned = assignmentOf(event, entry);
    if (assigned && assigned.assigneeId !== actor.id) {
      drafts.push({
        userId: assigned.assigneeId,
        kind: "task.assigned",
        projectId: event.projectId,
        taskId: assigned.taskId,
        text: assignedText(actor, assigned.name),
      });
    }
    const change = unblockingChangeOf(event, entry);
    if (!change) continue;
    const project = changesByProject.get(event.projectId) ?? { reverts: [], because: [] };
    project.reverts.push(...change.reverts);
    project.because.push(change.because);
    changesByProject.set(event.projectId, project);
  }

  const unblocked: UnblockedEvent[] = [];
  for (const [projectId, { reverts, because }] of changesByProject) {
    const graph: ProjectGraph = await readProjectGraph(tx, projectId);
    const ready = unblockedByChange(graph, reverts);
    if (ready.length === 0) continue;
    unblocked.push({
      type: "task.unblocked",
      projectId,
      taskIds: ready.map((task) => task.id),
      actorId: actor.id,
    });
    // A prerequisite done or started says why; a deletion or an eased link, that nothing blocks.
    const reason = because.find((each) => each.kind !== "cleared") ?? { kind: "cleared" };
    for (const task of ready) {
      if (task.assigneeId === null || task.assigneeId === actor.id) continue;
      drafts.push({
        userId: task.assigneeId,
        kind: "task.unblocked",
        projectId,
        taskId: task.id,
        text: unblockedText(task.name, reason),
      });
    }
  }
  const created = drafts.length === 0 ? [] : await storeNotifications(tx, drafts);
  return { created, unblocked };
}

/** The write's entries, by id: one read by primary key. */
async function readEntries(tx: Database, ids: number[]): Promise<Map<number, Entry>> {
  const result = await tx.execute(sql`
    select id, action, task_id as "taskId", dependency_id as "dependencyId", subject, changes, items, restore
    from activity_entries where id = any(${idArray(ids)}::bigint[])`);
  const rows = (result as unknown as { rows: (Entry & { id: number | string })[] }).rows;
  return new Map(rows.map((row) => [Number(row.id), { ...row, id: Number(row.id) }]));
}

/** The assignee a task got from the write, if it got one. */
function assignmentOf(
  event: ProjectEvent,
  entry: Entry,
): { assigneeId: number; taskId: number; name: string } | null {
  if (event.type !== "task.created" && event.type !== "task.updated") return null;
  if (entry.taskId === null) return null;
  let assigneeId: unknown = null;
  // A new task (or one given back by an undo) names its assignee in its row; an update (a task
  // moved here from another project among them) when the assignee changed.
  if (entry.action === "task.created") assigneeId = (entry.restore?.task as TaskDto | undefined)?.assigneeId;
  else if (entry.action === "task.updated") assigneeId = entry.changes.assigneeId?.[1];
  if (typeof assigneeId !== "number") return null;
  return { assigneeId, taskId: entry.taskId, name: entry.subject ?? "A task" };
}

/** What the write changed that may unblock a task, as the way to undo it in memory, and why. */
function unblockingChangeOf(
  event: ProjectEvent,
  entry: Entry,
): { reverts: Revert[]; because: UnblockedBecause } | null {
  const { changes } = entry;
  if (event.type === "task.updated" && entry.action === "task.updated" && entry.taskId !== null) {
    const reverts: Revert[] = [];
    let because: UnblockedBecause = { kind: "cleared" };
    const done = changes.completed?.[1] === true || changes.status?.[1] === "completed";
    const started = changes.status?.[1] === "in-progress";
    if (done || started) {
      reverts.push({
        kind: "task",
        id: entry.taskId,
        fields: {
          ...(changes.completed ? { completed: changes.completed[0] === true } : {}),
          ...(changes.status ? { status: String(changes.status[0]) } : {}),
        },
      });
      because = { kind: done ? "done" : "started", prerequisite: entry.subject ?? "A prerequisite" };
    }
    if (changes.parentId)
      reverts.push({
        kind: "task",
        id: entry.taskId,
        fields: { parentId: changes.parentId[0] as number | null },
      });
    return reverts.length === 0 ? null : { reverts, because };
  }
  if (event.type === "task.deleted") {
    // Deleted, or moved to another project: the entry keeps its row and its dependencies.
    const restore = entry.restore as {
      task?: TaskDto;
      subtree?: TaskDto[];
      dependencies?: DependencyDto[];
    } | null;
    if (!restore?.task) return null;
    return {
      reverts: [
        {
          kind: "restore",
          tasks: [restore.task, ...(restore.subtree ?? [])],
          dependencies: restore.dependencies ?? [],
        },
      ],
      because: { kind: "cleared" },
    };
  }
  if (event.type === "dependency.deleted") {
    const dependency = (entry.restore as { dependency?: DependencyDto } | null)?.dependency;
    // An FF or SF link never held its dependent back: deleting it unblocks nothing.
    if (!dependency || holdRank(dependency.type) === 0) return null;
    return {
      reverts: [{ kind: "restore", tasks: [], dependencies: [dependency] }],
      because: { kind: "cleared" },
    };
  }
  if (event.type === "dependency.updated" && entry.dependencyId !== null) {
    const type = changes.type;
    if (!type || holdRank(type[1]) >= holdRank(type[0])) return null;
    return {
      reverts: [{ kind: "dependency", id: entry.dependencyId, type: type[0] as DependencyType }],
      because: { kind: "cleared" },
    };
  }
  if (event.type === "tasks.outlined") {
    const reverts: Revert[] = entry.items.flatMap((item) =>
      item.changes.parentId
        ? [
            {
              kind: "task" as const,
              id: item.taskId,
              fields: { parentId: item.changes.parentId[0] as number | null },
            },
          ]
        : [],
    );
    return reverts.length === 0 ? null : { reverts, because: { kind: "cleared" } };
  }
  return null;
}

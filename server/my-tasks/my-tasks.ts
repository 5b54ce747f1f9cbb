// My Tasks: the unblocked tasks of every active project the user can access, leaving out tasks
// assigned to someone else; grouped by project, projects by name, tasks by due date (none last)
// then order. With ?includeSnoozed=true the tasks that would be unblocked but for a snooze date
// still ahead come too (My Tasks' "Show snoozed" toggle); the client tells them by snoozeUntil.

import { unblockedTaskIds } from "@core/graph/unblocked";
import type { TaskDto } from "@core/schemas/projects";
import { and, eq, inArray, ne } from "drizzle-orm";
import { shareMatches } from "../access/access-level";
import type { Database } from "../db/client";
import { dependencies, projectShares, projects, type Task, tasks, type User } from "../db/schema";
import { taskDtosByIds } from "../db/task-rows";

export type MyTasksGroup = { project: { id: number; name: string; slug: string }; tasks: TaskDto[] };

type ListedTask = Pick<Task, "id" | "projectId" | "dueDate" | "order" | "assigneeId">;

const byDueDateThenOrder = (a: ListedTask, b: ListedTask) => {
  const dueA = a.dueDate?.getTime() ?? Number.POSITIVE_INFINITY;
  const dueB = b.dueDate?.getTime() ?? Number.POSITIVE_INFINITY;
  return dueA - dueB || a.order - b.order || a.id - b.id;
};

/** A moment after every snooze date: with it, a snooze no longer keeps a task out. */
const END_OF_TIME = new Date(8.64e15);

/**
 * The user's My Tasks: the unblocked tasks of their active projects not assigned to someone else,
 * grouped by project (by name), tasks by due date then order. Also the calendar feed's content.
 */
export async function myTasksOf(
  db: Database,
  user: Pick<User, "id" | "email">,
  includeSnoozed: boolean,
): Promise<MyTasksGroup[]> {
  const owned = db
    .select({ id: projects.id, name: projects.name, slug: projects.slug })
    .from(projects)
    .where(and(eq(projects.userId, user.id), eq(projects.archived, false)));
  const shared = db
    .select({ id: projects.id, name: projects.name, slug: projects.slug })
    .from(projectShares)
    .innerJoin(projects, eq(projects.id, projectShares.projectId))
    .where(and(shareMatches(user), ne(projects.userId, user.id), eq(projects.archived, false)));
  const visible = [...(await owned), ...(await shared)];
  if (visible.length === 0) return [];
  const projectIds = visible.map((project) => project.id);
  // Deciding what is unblocked needs a few columns of every task; only the tasks shown are read
  // whole (a user with 50 projects of 200 tasks sees a few hundred of 10,000).
  const [projectTasks, projectDependencies] = await Promise.all([
    db
      .select({
        id: tasks.id,
        projectId: tasks.projectId,
        completed: tasks.completed,
        status: tasks.status,
        snoozeUntil: tasks.snoozeUntil,
        assigneeId: tasks.assigneeId,
        dueDate: tasks.dueDate,
        order: tasks.order,
        // Leaves are the work: a summary is never listed, and its links hold the tasks under it.
        parentId: tasks.parentId,
      })
      .from(tasks)
      .where(inArray(tasks.projectId, projectIds)),
    db
      .select({
        sourceTaskId: dependencies.sourceTaskId,
        targetTaskId: dependencies.targetTaskId,
        type: dependencies.type,
      })
      .from(dependencies)
      .where(inArray(dependencies.projectId, projectIds)),
  ]);
  const unblocked = unblockedTaskIds(
    projectTasks,
    projectDependencies,
    includeSnoozed ? END_OF_TIME : new Date(),
  );
  const mine = projectTasks.filter(
    (task) => unblocked.has(task.id) && (task.assigneeId === null || task.assigneeId === user.id),
  );
  const dtos = new Map(
    (
      await taskDtosByIds(
        db,
        mine.map((task) => task.id),
      )
    ).map((dto) => [dto.id, dto]),
  );

  const byProject = new Map<number, ListedTask[]>();
  for (const task of mine) {
    const list = byProject.get(task.projectId);
    if (list) list.push(task);
    else byProject.set(task.projectId, [task]);
  }
  return visible
    .filter((project) => byProject.has(project.id))
    .sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: "base" }) || a.id - b.id)
    .map((project) => ({
      project,
      tasks: (byProject.get(project.id) as ListedTask[])
        .sort(byDueDateThenOrder)
        .map((task) => dtos.get(task.id) as TaskDto),
    }));
}

/** The ids of every project the user can reach, owned or shared, archived too. */
export async function reachableProjectIds(
  db: Database,
  user: Pick<User, "id" | "email">,
): Promise<Set<number>> {
  const [owned, shared] = await Promise.all([
    db.select({ id: projects.id }).from(projects).where(eq(projects.userId, user.id)),
    db.select({ id: projectShares.projectId }).from(projectShares).where(shareMatches(user)),
  ]);
  return new Set([...owned, ...shared].map((row) => row.id));
}

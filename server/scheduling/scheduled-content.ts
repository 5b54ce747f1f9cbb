// Each task's `schedule` and place in the outline in a project answer, computed from the content as stored (tasks and
// dependencies JSON, kept by ProjectContentCache) and the project's calendar. Floats and late dates
// change with any task of the plan, so they are computed when a project is read, never stored; the
// result is kept for the content and calendar it was made from, so one edit followed by many
// collaborators' reads schedules once.
import type { ProjectCalendar } from "@core/scheduling/calendar";
import { scheduleProject } from "@core/scheduling/project-schedule";
import { todayUtc } from "@core/scheduling/status-date";
import type { DependencyDto, ScheduledTaskDto, TaskDto } from "@core/schemas/projects";
import { buildOutline } from "@core/tasks/outline";
import { summaryRollUps } from "@core/tasks/progress";

export type ProjectContentJson = { tasksJson: string; dependenciesJson: string };

/** The content of a project answer: tasks with their `schedule`, and the project's finish. */
export type ScheduledContent = ProjectContentJson & { finish: string | null };

type Entry = { source: ProjectContentJson; calendarKey: string; value: ScheduledContent };

/** How many projects' scheduled content is kept (the most recently read). */
const KEPT = 16;

/**
 * Adds `schedule` to every task of the content.
 * @example scheduleContent(calendar, { tasksJson: "[]", dependenciesJson: "[]" }).finish // null
 */
export function scheduleContent(calendar: ProjectCalendar, content: ProjectContentJson): ScheduledContent {
  const tasks = JSON.parse(content.tasksJson) as ScheduledTaskDto[];
  // Each task's place in the outline, from parentId and order (core/tasks/outline.ts).
  const outline = buildOutline(tasks);
  for (const task of tasks) Object.assign(task, outline.fieldsOf(task.id));
  // A summary's progress (weighted by duration), completion and status roll up from its leaves.
  const rollUps = summaryRollUps(tasks);
  if (rollUps.size > 0)
    for (const task of tasks) {
      const rollUp = rollUps.get(task.id);
      if (rollUp) Object.assign(task, rollUp);
    }
  if (!tasks.some((task) => task.duration !== null)) {
    for (const task of tasks) task.schedule = null;
    return { ...content, tasksJson: JSON.stringify(tasks), finish: null };
  }
  const dependencies = JSON.parse(content.dependenciesJson) as DependencyDto[];
  const schedule = scheduleProject(calendar, tasks as TaskDto[], dependencies, { explain: true });
  for (const task of tasks) task.schedule = schedule.tasks.get(task.id) ?? null;
  return { ...content, tasksJson: JSON.stringify(tasks), finish: schedule.finish };
}

export class ScheduledContentCache {
  private readonly entries = new Map<number, Entry>();

  /** The content with schedules, from memory when made from this very content and calendar. */
  of(projectId: number, calendar: ProjectCalendar, content: ProjectContentJson): ScheduledContent {
    // Lateness is judged at the status date, today when none is set: a new day is a new key.
    const calendarKey = `${calendar.startDate}|${calendar.workingDays.join(",")}|${calendar.holidays.join(",")}|${calendar.statusDate ?? todayUtc()}`;
    const entry = this.entries.get(projectId);
    if (
      entry &&
      entry.calendarKey === calendarKey &&
      entry.source.tasksJson === content.tasksJson &&
      entry.source.dependenciesJson === content.dependenciesJson
    ) {
      return entry.value;
    }
    const value = scheduleContent(calendar, content);
    this.entries.delete(projectId);
    this.entries.set(projectId, { source: content, calendarKey, value });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= KEPT) break;
      this.entries.delete(oldest);
    }
    return value;
  }
}

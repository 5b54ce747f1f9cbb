// Each task's computed `schedule` (early and late dates, float, critical) for the live events that
// carry tasks (docs/decisions/029-events-carry-the-change.md), kept per project for the inputs it was
// computed from. A
// schedule changes only with a scheduling input: the tasks' (project_task_versions.schedule_version,
// bumped by a trigger whenever a scheduled task's duration, mode, constraint, dates or project
// change, migration 0008), the dependencies' (projects.graph_version) and the calendar. So a title
// edit, a completion or a drag in a 5,000-task plan takes the edited task's schedule from memory,
// and the work an event costs does not grow with the plan.
import type { ProjectCalendar } from "@core/scheduling/calendar";
import { type ProjectSchedule, scheduleProject } from "@core/scheduling/project-schedule";
import { todayUtc } from "@core/scheduling/status-date";
import type { Database } from "../db/client";
import { readSchedulingInputs } from "./rescheduler";

/** What a project's schedule is computed from, as read with its version (server/realtime/event-content.ts). */
export type ScheduleInputsKey = {
  scheduleVersion: number;
  graphVersion: number;
  calendar: ProjectCalendar;
};

/** What events need of a project's schedule: each task's, and the project's finish. */
export type ComputedSchedule = Pick<ProjectSchedule, "tasks" | "finish">;

/** How many projects' schedules are kept (the most recently used). */
const KEPT = 64;

// Lateness is judged at the status date, today when none is set: a new day is a new key.
const keyText = ({ scheduleVersion, graphVersion, calendar }: ScheduleInputsKey) =>
  `${scheduleVersion}|${graphVersion}|${calendar.startDate}|${calendar.workingDays.join(",")}|${calendar.holidays.join(",")}|${calendar.statusDate ?? todayUtc()}`;

export class ProjectScheduleCache {
  private readonly entries = new Map<number, { key: string; value: Promise<ComputedSchedule> }>();
  /** How many schedules were computed (for tests: an edit that moves nothing computes none). */
  computed = 0;

  /**
   * The project's schedule for these inputs: from memory when computed for them, else read and
   * computed (concurrent callers share one). Rows read later than `key` may be newer than it: the
   * schedule is then filed under an older key than it shows, and a later key recomputes it.
   */
  of(db: Database, projectId: number, key: ScheduleInputsKey): Promise<ComputedSchedule> {
    const text = keyText(key);
    const entry = this.entries.get(projectId);
    this.entries.delete(projectId);
    if (entry && entry.key === text) {
      this.entries.set(projectId, entry);
      return entry.value;
    }
    const value = this.compute(db, projectId);
    value.catch(() => {
      if (this.entries.get(projectId)?.value === value) this.entries.delete(projectId);
    });
    this.entries.set(projectId, { key: text, value });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= KEPT) break;
      this.entries.delete(oldest);
    }
    return value;
  }

  private async compute(db: Database, projectId: number): Promise<ComputedSchedule> {
    this.computed += 1;
    const { calendar, taskRows, dependencyRows } = await readSchedulingInputs(db, projectId);
    if (!taskRows.some((task) => task.duration !== null)) {
      return { tasks: new Map(taskRows.map((task) => [task.id, null])), finish: null };
    }
    const schedule = scheduleProject(calendar, taskRows, dependencyRows, { explain: true });
    return { tasks: schedule.tasks, finish: schedule.finish };
  }
}

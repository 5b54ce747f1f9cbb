// iCalendar (RFC 5545) for a project's export and a user's My Tasks feed: one VTODO per dated
// task, built with ical.js (which escapes and folds the text). Dates are days (VALUE=DATE): a
// task's start and the last day it is due, as the app shows them.
import { epochDayOf, isoDateOf } from "@core/scheduling/calendar";
import ICAL from "ical.js";

export type CalendarTask = {
  id: number;
  name: string;
  description: string;
  completed: boolean;
  completedAt: Date | string | null;
  status: string;
  /** Stored instants or "YYYY-MM-DD"; a scheduled task's schedule days when it has them. */
  startDate: Date | string | null;
  dueDate: Date | string | null;
  /** The task's page in the app. */
  url: string;
};

const dayOf = (value: Date | string | null) => (value ? isoDateOf(epochDayOf(value)) : null);

/** VTODO's STATUS for a task's status. */
const STATUS: Record<string, string> = {
  completed: "COMPLETED",
  "in-progress": "IN-PROCESS",
};

/**
 * A VCALENDAR of VTODOs, one per task that has a start or a due day (the others are left out).
 * @example writeIcs("House", tasks, "example.com").includes("BEGIN:VTODO") // true
 */
export function writeIcs(calendarName: string, tasks: readonly CalendarTask[], host: string): string {
  const calendar = new ICAL.Component(["vcalendar", [], []]);
  calendar.addPropertyWithValue("prodid", "-//Visual Project Planner//Tasks//EN");
  calendar.addPropertyWithValue("version", "2.0");
  calendar.addPropertyWithValue("calscale", "GREGORIAN");
  calendar.addPropertyWithValue("x-wr-calname", calendarName);
  const stamp = ICAL.Time.fromJSDate(new Date(), true);
  for (const task of tasks) {
    const start = dayOf(task.startDate);
    const due = dayOf(task.dueDate);
    if (!start && !due) continue;
    const todo = new ICAL.Component("vtodo");
    todo.addPropertyWithValue("uid", `task-${task.id}@${host}`);
    todo.addPropertyWithValue("dtstamp", stamp);
    // RFC 5545 wants DUE after DTSTART: a one-day task has its due day alone.
    if (start && (!due || start < due)) todo.addPropertyWithValue("dtstart", ICAL.Time.fromDateString(start));
    if (due) todo.addPropertyWithValue("due", ICAL.Time.fromDateString(due));
    todo.addPropertyWithValue("summary", task.name);
    if (task.description) todo.addPropertyWithValue("description", task.description);
    todo.addPropertyWithValue(
      "status",
      task.completed ? "COMPLETED" : (STATUS[task.status] ?? "NEEDS-ACTION"),
    );
    if (task.completed) {
      const completedAt = task.completedAt ? new Date(task.completedAt) : null;
      if (completedAt && !Number.isNaN(completedAt.getTime()))
        todo.addPropertyWithValue("completed", ICAL.Time.fromJSDate(completedAt, true));
      todo.addPropertyWithValue("percent-complete", 100);
    }
    todo.addPropertyWithValue("url", task.url);
    calendar.addSubcomponent(todo);
  }
  return `${calendar.toString()}\r\n`;
}

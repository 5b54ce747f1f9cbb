// A summary's dates, rolled up from the tasks under it (docs/spec/outline.md): the schedule the
// server rolled up when there is one, else the span of its leaves' schedules or typed dates. For
// the task dialog of a summary and the graph's frames.
import type { TaskSchedule } from "@core/schemas/scheduling";
import type { TaskDto } from "@core/schemas/tasks";
import type { Outline } from "@core/tasks/outline";
import { buildOutline } from "@core/tasks/outline";
import { type Span, summarySpans } from "@core/tasks/outline-view";

/** Days as the schedule writes them, "YYYY-MM-DD". */
export type DaySpan = { start: string; finish: string };

type DatedTask = Pick<TaskDto, "id" | "parentId" | "order" | "startDate" | "dueDate"> & {
  schedule?: Pick<TaskSchedule, "start" | "finish"> | null;
};

const midnight = (day: string) => new Date(`${day}T00:00:00Z`);
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** A leaf's days: its schedule, else its start and due dates (one alone stands for both); none without. */
function leafSpan(task: DatedTask | undefined): Span | undefined {
  if (!task) return undefined;
  const start = task.schedule?.start ?? task.startDate?.slice(0, 10) ?? null;
  const finish = task.schedule?.finish ?? task.dueDate?.slice(0, 10) ?? null;
  if (!start && !finish) return undefined;
  return { start: midnight(start ?? finish ?? ""), end: midnight(finish ?? start ?? "") };
}

/**
 * Every summary's days: its own (rolled-up) schedule, else the span of the leaves under it.
 * @example summaryDaySpans(outline, tasks).get(1) // { start: "2026-06-01", finish: "2026-06-09" }
 */
export function summaryDaySpans(outline: Outline, tasks: readonly DatedTask[]): Map<number, DaySpan> {
  const byId = new Map(tasks.map((task) => [task.id, task]));
  const spans = new Map<number, DaySpan>();
  for (const [id, span] of summarySpans(outline, (id) => leafSpan(byId.get(id)))) {
    const own = byId.get(id)?.schedule;
    spans.set(
      id,
      own ? { start: own.start, finish: own.finish } : { start: dayOf(span.start), finish: dayOf(span.end) },
    );
  }
  for (const id of outline.order) {
    const own = byId.get(id)?.schedule;
    if (own && !spans.has(id) && outline.isSummary(id))
      spans.set(id, { start: own.start, finish: own.finish });
  }
  return spans;
}

/**
 * One summary's days among its project's tasks; null when nothing under it has dates.
 * @example summaryDays(tasks, 1) // { start: "2026-06-01", finish: "2026-06-09" }
 */
export function summaryDays(tasks: readonly DatedTask[], summaryId: number): DaySpan | null {
  const own = tasks.find((task) => task.id === summaryId)?.schedule;
  if (own) return { start: own.start, finish: own.finish };
  return summaryDaySpans(buildOutline(tasks), tasks).get(summaryId) ?? null;
}

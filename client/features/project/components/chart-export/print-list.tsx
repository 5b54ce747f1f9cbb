import { tasksWithIncompletePrerequisites } from "@core/graph/dependency-graph";
import type { ScheduledTaskDto } from "@core/schemas/projects";
import { outlineRows, planOutline } from "@core/tasks/outline-view";
import { DISPLAY_STATUS_LABELS, displayStatus } from "@core/tasks/status";
import { formatTaskDate } from "@/lib/task-dates";
import type { PlanData } from "./chart-pictures";
import { headerDetails, type PictureHeader } from "./picture-header";

/**
 * The task list on paper: a table whose head (the page header, then the column titles) the browser
 * repeats on every page, its rows in tree order (indented) or in the list's order.
 */
export function PrintList({ data, header }: { data: PlanData; header: PictureHeader }) {
  const waiting = tasksWithIncompletePrerequisites(data.tasks, data.dependencies);
  const categories = new Map(data.categories.map((category) => [category.id, category.name]));
  const outline = planOutline(data.tasks);
  const byId = new Map(data.tasks.map((task) => [task.id, task as ScheduledTaskDto]));
  const rows = outline
    ? outlineRows(outline, new Set()).flatMap((row) => {
        const task = byId.get(row.id);
        return task ? [{ task, level: row.level, wbs: row.wbs, summary: row.summary }] : [];
      })
    : [...byId.values()]
        .sort((a, b) => a.order - b.order || a.id - b.id)
        .map((task, index) => ({ task, level: 1, wbs: String(index + 1), summary: false }));
  return (
    <table className="print-list">
      <thead>
        <tr>
          <th colSpan={7} className="print-list__header">
            <span className="print-list__title">{header.projectName}</span>
            <span className="print-list__details">{headerDetails(header)}</span>
          </th>
        </tr>
        <tr>
          <th>#</th>
          <th>Task</th>
          <th>Status</th>
          <th>Start</th>
          <th>Finish</th>
          <th>Duration</th>
          <th>Category</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(({ task, level, wbs, summary }) => {
          const schedule = task.schedule;
          const start = schedule ? schedule.start : task.startDate;
          const finish = schedule ? schedule.finish : task.dueDate;
          return (
            <tr key={task.id} data-task={task.id}>
              <td>{wbs}</td>
              <td
                style={{ paddingLeft: `${0.5 + (level - 1) * 1}rem` }}
                className={summary ? "font-semibold" : ""}
              >
                {task.name}
              </td>
              <td>{DISPLAY_STATUS_LABELS[displayStatus(task, waiting.has(task.id))]}</td>
              <td>{formatTaskDate(start) ?? ""}</td>
              <td>{formatTaskDate(finish) ?? ""}</td>
              <td>{task.duration === null ? "" : `${task.duration} d`}</td>
              <td>{task.categoryId === null ? "" : (categories.get(task.categoryId) ?? "")}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

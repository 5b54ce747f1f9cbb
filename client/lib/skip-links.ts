// Targets of the skip links at the top of every signed-in page (app-layout.tsx): "Skip to content"
// lands on the page's main region, "Skip to tasks" (on a project page) on the open view's tasks,
// so a keyboard user reaches a task in a few presses instead of walking the header and sidebar.

/** The id of the open view's task container: the list's rows, the board, the canvas, the chart. */
export const PROJECT_TASKS_ID = "project-tasks";

/** Whether a path shows a project's views (the "Skip to tasks" link applies there). */
export const isProjectPath = (path: string) =>
  /^\/projects\/[^/]+\/(graph|list|phases|gantt|kanban)\/?$/.test(path);

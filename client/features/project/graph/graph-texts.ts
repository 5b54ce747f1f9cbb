// The graph view's words, with the singular and plural the spec leaves open
// ("N task(s)", "this task / these tasks").
import type { ToastText } from "@/entities/task/api/task-toasts";

export const GRAPH_TOASTS = {
  nodeMode: { title: "Add Node Mode", description: "Click on the canvas to add a new task" },
  connectMode: {
    title: "Add Connection Mode",
    description: "Drag from one task to another to create a dependency",
  },
  noProject: { title: "No project selected", description: "Please select a project first." },
  cannotConnect: {
    title: "Cannot create connection",
    description: "You need at least two tasks to create a dependency.",
  },
  nothingSelected: {
    title: "Nothing selected",
    description: "Select a task or dependency first, then press the delete button.",
  },
  layoutFailed: "Failed to save the layout",
} as const;

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** @example itemsDeletedToast(3) // { title: "Items deleted", description: "Successfully deleted 3 items." } */
export function itemsDeletedToast(count: number): ToastText {
  return { title: "Items deleted", description: `Successfully deleted ${plural(count, "item", "items")}.` };
}

/**
 * The toast of dependencies deleted alone (the Delete key asks nothing for them): which ones, and
 * how to bring them back.
 * @example dependenciesDeletedToast(['"Pack" → "Move"']) // { title: "Dependency deleted", description: 'Deleted "Pack" → "Move". Press Ctrl+Z to undo.' }
 */
export function dependenciesDeletedToast(names: readonly string[]): ToastText {
  const title = names.length === 1 ? "Dependency deleted" : "Dependencies deleted";
  const what = names.length === 1 ? names[0] : plural(names.length, "dependency", "dependencies");
  return { title, description: `Deleted ${what}. Press Ctrl+Z to undo.` };
}

/**
 * The question asked before selected tasks are deleted; with summaries among them (`below`: how
 * many tasks are under them, which go too), it says so.
 * @example deleteSelectionQuestion(1) // "Are you sure you want to delete 1 task? This will also remove any dependencies connected to this task."
 * @example deleteSelectionQuestion(2, 3) // "Are you sure you want to delete 2 tasks and the 3 tasks under them? This will also remove any dependencies connected to these tasks."
 */
export function deleteSelectionQuestion(taskCount: number, below = 0): string {
  if (below > 0) {
    const under = `the ${below === 1 ? "task" : `${below} tasks`} under ${taskCount === 1 ? "it" : "them"}`;
    return `Are you sure you want to delete ${plural(taskCount, "task", "tasks")} and ${under}? This will also remove any dependencies connected to these tasks.`;
  }
  return `Are you sure you want to delete ${plural(taskCount, "task", "tasks")}? This will also remove any dependencies connected to ${taskCount === 1 ? "this task" : "these tasks"}.`;
}

/**
 * The tasks a deletion takes, by name: up to three, quoted, and how many more.
 * @example namedTasks(["Ship", "Review", "Draft", "Print"]) // '"Ship", "Review", "Draft" and 1 more'
 */
export function namedTasks(names: readonly string[]): string {
  const shown = names.slice(0, 3).map((name) => `"${name.length > 60 ? `${name.slice(0, 60)}…` : name}"`);
  const rest = names.length - shown.length;
  if (rest > 0) return `${shown.join(", ")} and ${rest} more`;
  if (shown.length <= 1) return shown.join("");
  return `${shown.slice(0, -1).join(", ")} and ${shown[shown.length - 1]}`;
}

/** @example selectionCounter(2, 1) // "2 tasks, 1 connection selected" */
export function selectionCounter(taskCount: number, connectionCount: number): string {
  return `${plural(taskCount, "task", "tasks")}, ${plural(connectionCount, "connection", "connections")} selected`;
}

/** The default name of a task added on the canvas. @example newNodeName(4) // "Task 5" */
export function newNodeName(taskCount: number): string {
  return `Task ${taskCount + 1}`;
}

/** The card's label: the name, or 'Untitled Task' when it is empty. */
export function nodeLabel(name: string): string {
  return name.trim() === "" ? "Untitled Task" : name;
}

/** @example criticalPathSummary(4, 12.5) // "Critical path: 4 tasks, 12.5 days" */
export function criticalPathSummary(taskCount: number, days: number): string {
  const rounded = Math.round(days * 10) / 10;
  return `Critical path: ${plural(taskCount, "task", "tasks")}, ${plural(rounded, "day", "days")}`;
}

/** @example tasksUnderText(3) // "3 tasks" */
export const tasksUnderText = (count: number) => plural(count, "task", "tasks");

/**
 * A summary's chevron, as the list names it.
 * @example summaryToggleLabel("Design", false, 3) // 'Collapse "Design" (3 tasks under it)'
 */
export function summaryToggleLabel(name: string, collapsed: boolean, below: number): string {
  return `${collapsed ? "Expand" : "Collapse"} "${name}" (${tasksUnderText(below)} under it)`;
}

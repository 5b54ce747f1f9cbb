// The task filters' names, in the order every view offers them
// (docs/decisions/034-waiting-and-one-task-filter.md): what the list's unit test reads in the
// labels and the browser test in the views' selects.
export const TASK_FILTER_NAMES = [
  "All Tasks",
  "Not Completed",
  "Unblocked",
  "Waiting",
  "Blocked",
  "Completed",
];

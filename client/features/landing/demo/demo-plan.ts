// The small plan the landing page's demo graph shows, and the demo's state rule: a task with no
// incomplete prerequisite is To Do, otherwise Blocked; a completed task stays Completed whatever
// happens to its prerequisites later. The rule is the product's own, from core.

import { tasksWithIncompletePrerequisites } from "@core/graph/dependency-graph";
import { autoLayout } from "@core/graph/layout";
import { type DisplayStatus, displayStatus } from "@core/tasks/status";
import type { DemoOrientation } from "./demo-zoom";

export type DemoTask = { id: number; name: string; note: string };
/** sourceTaskId is the prerequisite, targetTaskId the dependent, as in the product. */
export type DemoDependency = { sourceTaskId: number; targetTaskId: number };
/** The demo never marks a task blocked or in progress by hand: its tasks are to do, waiting or done. */
export type DemoStatus = Exclude<DisplayStatus, "in-progress" | "blocked">;

export const DEMO_PROJECT_NAME = "Website launch";

export const DEMO_TASKS: readonly DemoTask[] = [
  { id: 1, name: "Write the brief", note: "Goals and audience" },
  { id: 2, name: "Design mockups", note: "Home and pricing" },
  { id: 3, name: "Draft the copy", note: "Headlines and FAQ" },
  { id: 4, name: "Build the site", note: "Needs design and copy" },
  { id: 5, name: "Write launch email", note: "Reuses the copy" },
  { id: 6, name: "Go live", note: "Site and email ready" },
];

export const DEMO_DEPENDENCIES: readonly DemoDependency[] = [
  { sourceTaskId: 1, targetTaskId: 2 },
  { sourceTaskId: 1, targetTaskId: 3 },
  { sourceTaskId: 2, targetTaskId: 4 },
  { sourceTaskId: 3, targetTaskId: 4 },
  { sourceTaskId: 3, targetTaskId: 5 },
  { sourceTaskId: 4, targetTaskId: 6 },
  { sourceTaskId: 5, targetTaskId: 6 },
];

/** The brief is done, so the visitor sees all three states at once and has two tasks to start. */
export const DEMO_INITIALLY_COMPLETED: ReadonlySet<number> = new Set([1]);

/**
 * What each demo card shows, from the set of completed task ids.
 * @example demoStatuses(new Set([1])).get(2) // "todo"
 */
export function demoStatuses(completed: ReadonlySet<number>): Map<number, DemoStatus> {
  const tasks = DEMO_TASKS.map((task) => ({ id: task.id, completed: completed.has(task.id) }));
  const waiting = tasksWithIncompletePrerequisites(tasks, DEMO_DEPENDENCIES);
  return new Map(
    tasks.map((task) => [
      task.id,
      displayStatus({ completed: task.completed, status: "todo" }, waiting.has(task.id)) as DemoStatus,
    ]),
  );
}

/** Card size and gaps of the drawing, in its own units (CSS pixels at zoom 1). */
export const DEMO_CARD = { width: 168, height: 84 } as const;
const LEVEL_GAP = { horizontal: 40, vertical: 36 } as const;
const ROW_GAP = { horizontal: 28, vertical: 20 } as const;

export type DemoLayout = {
  width: number;
  height: number;
  positions: Map<number, { x: number; y: number }>;
};

/**
 * Where each card goes: the product's auto-layout (a level per column, rows ordered to keep arrows
 * short), with short levels centred across the tallest one; turned on its side for `vertical`.
 */
export function demoLayout(orientation: DemoOrientation): DemoLayout {
  const grid = autoLayout(
    DEMO_TASKS.map((task) => task.id),
    DEMO_DEPENDENCIES,
    { columnWidth: 1, rowHeight: 1 },
  );
  const levels = new Map<number, number[]>();
  for (const [id, { x: level }] of grid) levels.set(level, [...(levels.get(level) ?? []), id]);
  const levelCount = levels.size;
  const widest = Math.max(...[...levels.values()].map((ids) => ids.length));

  const across = orientation === "horizontal" ? DEMO_CARD.height : DEMO_CARD.width;
  const along = orientation === "horizontal" ? DEMO_CARD.width : DEMO_CARD.height;
  const levelStep = along + LEVEL_GAP[orientation];
  const rowStep = across + ROW_GAP[orientation];

  const positions = new Map<number, { x: number; y: number }>();
  for (const [level, ids] of levels) {
    const offset = ((widest - ids.length) * rowStep) / 2;
    for (const id of ids) {
      const row = (grid.get(id) as { y: number }).y;
      const alongLevel = level * levelStep;
      const acrossRow = offset + row * rowStep;
      positions.set(
        id,
        orientation === "horizontal" ? { x: alongLevel, y: acrossRow } : { x: acrossRow, y: alongLevel },
      );
    }
  }
  const alongSize = levelCount * levelStep - LEVEL_GAP[orientation];
  const acrossSize = widest * rowStep - ROW_GAP[orientation];
  return orientation === "horizontal"
    ? { width: alongSize, height: acrossSize, positions }
    : { width: acrossSize, height: alongSize, positions };
}

/** An arrow from the prerequisite's outgoing side to the dependent's incoming side, as a curve. */
export function demoEdgePath(
  prerequisite: { x: number; y: number },
  dependent: { x: number; y: number },
  orientation: DemoOrientation,
): string {
  // Stop short of the card so the arrow head sits against its edge.
  const headRoom = 3;
  if (orientation === "horizontal") {
    const x1 = prerequisite.x + DEMO_CARD.width;
    const y1 = prerequisite.y + DEMO_CARD.height / 2;
    const x2 = dependent.x - headRoom;
    const y2 = dependent.y + DEMO_CARD.height / 2;
    const bend = (x2 - x1) / 2;
    return `M ${x1} ${y1} C ${x1 + bend} ${y1}, ${x2 - bend} ${y2}, ${x2} ${y2}`;
  }
  const x1 = prerequisite.x + DEMO_CARD.width / 2;
  const y1 = prerequisite.y + DEMO_CARD.height;
  const x2 = dependent.x + DEMO_CARD.width / 2;
  const y2 = dependent.y - headRoom;
  const bend = (y2 - y1) / 2;
  return `M ${x1} ${y1} C ${x1} ${y1 + bend}, ${x2} ${y2 - bend}, ${x2} ${y2}`;
}

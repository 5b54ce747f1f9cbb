// The whole dependency graph as geometry, for pictures and printing: every task's card where the
// graph view puts it (its stored position, else the free spot core/graph/placement.ts gives it),
// every summary as a frame around the cards under it (all open), and an arrow per dependency from
// the prerequisite's right side to the dependent's left. Pure and linear in tasks and dependencies.
import { tasksWithIncompletePrerequisites } from "@core/graph/dependency-graph";
import { FRAME_HEADER, FRAME_PADDING } from "@core/graph/layout";
import { placeUnpositioned } from "@core/graph/placement";
import type { CategoryDto, DependencyDto, ScheduledTaskDto, TaskDto } from "@core/schemas/projects";
import { planOutline } from "@core/tasks/outline-view";
import { type DisplayStatus, displayStatus } from "@core/tasks/status";
import { cardDates } from "@/features/project/components/card-dates";
import { textWidth } from "./svg-text";

/** A card is 180 to 300 px wide (graph.css). */
const CARD_MIN_WIDTH = 180;
const CARD_MAX_WIDTH = 300;
const CARD_PADDING = 12;
export const CARD_NAME_SIZE = 14;
export const CARD_LINE_HEIGHT = 19;
export const CARD_HEADER_HEIGHT = 32;

/** A place on the graph's canvas, in its own coordinates. */
export type GraphBox = { x: number; y: number; width: number; height: number };

export type GraphCard = GraphBox & {
  taskId: number;
  name: string;
  /** The name broken into the lines the card shows. */
  lines: string[];
  status: DisplayStatus;
  color: string | null;
  completed: boolean;
  dates: string | null;
};

export type GraphFrame = GraphBox & {
  taskId: number;
  name: string;
  wbs: string;
  /** 1 for a summary at the top. */
  level: number;
};

export type GraphArrow = { x1: number; y1: number; x2: number; y2: number };

export type GraphLayout = {
  cards: GraphCard[];
  frames: GraphFrame[];
  arrows: GraphArrow[];
  /** The box around everything drawn. */
  bounds: GraphBox;
};

export type GraphLayoutInput = {
  tasks: readonly (TaskDto | ScheduledTaskDto)[];
  dependencies: readonly DependencyDto[];
  categories: readonly CategoryDto[];
  /** The current year: dates in it are written without it, as on the cards. */
  thisYear: number;
};

/**
 * A name broken into lines of at most `width` pixels at the card's type; a word longer than a line
 * is cut into pieces.
 * @example wrapName("Pour the foundations", 100) // ["Pour the", "foundations"]
 */
export function wrapName(name: string, width: number, size = CARD_NAME_SIZE): string[] {
  const perLine = Math.max(1, Math.floor(width / (size * 0.55)));
  const lines: string[] = [];
  let line = "";
  for (const word of name.split(/\s+/).filter(Boolean)) {
    let rest = word;
    while (rest.length > perLine) {
      if (line) lines.push(line);
      line = "";
      lines.push(rest.slice(0, perLine));
      rest = rest.slice(perLine);
    }
    if (!rest) continue;
    if (!line) line = rest;
    else if (line.length + 1 + rest.length <= perLine) line = `${line} ${rest}`;
    else {
      lines.push(line);
      line = rest;
    }
  }
  if (line) lines.push(line);
  return lines.length > 0 ? lines : [""];
}

/** The graph laid out: cards, frames and arrows in the canvas's own coordinates. */
export function graphLayout({ tasks, dependencies, categories, thisYear }: GraphLayoutInput): GraphLayout {
  const placed = placeUnpositioned(tasks, dependencies);
  const waiting = tasksWithIncompletePrerequisites(tasks, dependencies);
  const colors = new Map(categories.map((category) => [category.id, category.color]));
  const outline = planOutline(tasks);
  const boxes = new Map<number, GraphBox>();
  const cards: GraphCard[] = [];
  for (const task of tasks) {
    if (outline?.isSummary(task.id)) continue;
    const spot =
      task.positionX !== null && task.positionY !== null
        ? { x: task.positionX, y: task.positionY }
        : (placed.get(task.id) ?? { x: 0, y: 0 });
    const width = Math.min(
      CARD_MAX_WIDTH,
      Math.max(CARD_MIN_WIDTH, textWidth(task.name, CARD_NAME_SIZE) + 2 * CARD_PADDING),
    );
    const lines = wrapName(task.name, width - 2 * CARD_PADDING);
    const dates = cardDates(task, thisYear);
    const height = CARD_HEADER_HEIGHT + 8 + lines.length * CARD_LINE_HEIGHT + (dates ? 20 : 0) + 12;
    const card: GraphCard = {
      taskId: task.id,
      ...spot,
      width,
      height,
      name: task.name,
      lines,
      status: displayStatus(task, waiting.has(task.id)),
      color: task.categoryId === null ? null : (colors.get(task.categoryId) ?? null),
      completed: task.completed,
      dates,
    };
    cards.push(card);
    boxes.set(task.id, card);
  }

  // Frames from the deepest summary up, each around its children's boxes.
  const frames: GraphFrame[] = [];
  if (outline) {
    const names = new Map(tasks.map((task) => [task.id, task.name]));
    const summaries = outline.order.filter((id) => outline.isSummary(id));
    for (let at = summaries.length - 1; at >= 0; at--) {
      const id = summaries[at];
      const around = boxAround(outline.childrenOf(id).flatMap((child) => boxes.get(child) ?? []));
      if (!around) continue;
      const fields = outline.fieldsOf(id);
      const frame: GraphFrame = {
        taskId: id,
        x: around.x - FRAME_PADDING,
        y: around.y - FRAME_PADDING - FRAME_HEADER,
        width: around.width + 2 * FRAME_PADDING,
        height: around.height + 2 * FRAME_PADDING + FRAME_HEADER,
        name: names.get(id) ?? "",
        wbs: fields.wbs,
        level: fields.outlineLevel,
      };
      frames.push(frame);
      boxes.set(id, frame);
    }
    // Outer frames first, so inner ones are drawn over them.
    frames.reverse();
  }

  const arrows: GraphArrow[] = [];
  for (const dependency of dependencies) {
    const from = boxes.get(dependency.sourceTaskId);
    const to = boxes.get(dependency.targetTaskId);
    if (!from || !to) continue;
    arrows.push({
      x1: from.x + from.width,
      y1: from.y + from.height / 2,
      x2: to.x,
      y2: to.y + to.height / 2,
    });
  }

  const everything = boxAround(boxes.values());
  const margin = 24;
  const bounds = everything
    ? {
        x: everything.x - margin,
        y: everything.y - margin,
        width: everything.width + 2 * margin,
        height: everything.height + 2 * margin,
      }
    : { x: 0, y: 0, width: 400, height: 200 };
  return { cards, frames, arrows, bounds };
}

/** The smallest box holding `boxes`; null when there are none. */
function boxAround(boxes: Iterable<GraphBox>): GraphBox | null {
  let [left, top, right, bottom] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const box of boxes) {
    left = Math.min(left, box.x);
    top = Math.min(top, box.y);
    right = Math.max(right, box.x + box.width);
    bottom = Math.max(bottom, box.y + box.height);
  }
  return left === Infinity ? null : { x: left, y: top, width: right - left, height: bottom - top };
}

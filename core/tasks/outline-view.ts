// What the views show of the outline (core/tasks/outline.ts): the rows of a tree with collapsed
// summaries, a task's summary path, a summary's completion rolled up from its leaves, and which of
// some chosen tasks stand highest. Pure and linear, for the list, the Gantt chart and the board.
import { buildOutline, type Outline, type OutlineTask } from "./outline";

/** A row of a tree: the task, how deep it sits, its WBS number, and whether it is a collapsed summary. */
export type OutlineRow = {
  id: number;
  /** 1 at the top level. */
  level: number;
  wbs: string;
  summary: boolean;
  collapsed: boolean;
};

/**
 * The outline of a plan that has one (some task sits under another), else null: a flat plan is
 * shown as it always was.
 * @example planOutline([{ id: 1, parentId: null, order: 0 }]) // null
 */
export function planOutline(tasks: readonly OutlineTask[]): Outline | null {
  if (!tasks.some((task) => task.parentId !== null)) return null;
  const outline = buildOutline(tasks);
  return outline.order.some((id) => outline.isSummary(id)) ? outline : null;
}

/**
 * The rows shown, in tree order: the tasks under a collapsed summary are left out. With `keep` (a
 * filter or a search) only the kept tasks are shown, each with the summaries above it, so a task is
 * never shown out of its place.
 * @example outlineRows(outline, new Set([1])).map((row) => row.id) // [1, 5]: 1's subtree is hidden
 */
export function outlineRows(
  outline: Outline,
  collapsed: ReadonlySet<number>,
  keep?: (id: number) => boolean,
): OutlineRow[] {
  let shown: Set<number> | null = null;
  if (keep) {
    shown = new Set();
    for (const id of outline.order) {
      if (!keep(id) || shown.has(id)) continue;
      shown.add(id);
      for (const above of outline.ancestorsOf(id)) {
        if (shown.has(above)) break;
        shown.add(above);
      }
    }
  }
  const rows: OutlineRow[] = [];
  // While inside a collapsed summary's subtree: the level of that summary.
  let hiddenBelow = Number.POSITIVE_INFINITY;
  for (const id of outline.order) {
    const { summary, outlineLevel: level, wbs } = outline.fieldsOf(id);
    if (level > hiddenBelow) continue;
    hiddenBelow = Number.POSITIVE_INFINITY;
    if (shown && !shown.has(id)) continue;
    const isCollapsed = summary && collapsed.has(id);
    if (isCollapsed) hiddenBelow = level;
    rows.push({ id, level, wbs, summary, collapsed: isCollapsed });
  }
  return rows;
}

/**
 * The names of the summaries above a task, from the top down; empty at the top level.
 * @example summaryPath(outline, (id) => names.get(id), 4) // ["Design", "Review"]
 */
export function summaryPath(
  outline: Outline,
  nameOf: (id: number) => string | undefined,
  id: number,
): string[] {
  return outline
    .ancestorsOf(id)
    .reverse()
    .map((above) => nameOf(above) ?? "");
}

/** The separator of a summary path as a breadcrumb. */
export const BREADCRUMB_SEPARATOR = " › ";

/**
 * A summary path as one line.
 * @example breadcrumb(["Design", "Review"]) // "Design › Review"
 */
export const breadcrumb = (path: readonly string[]) => path.join(BREADCRUMB_SEPARATOR);

/**
 * Each summary's completion as it rolls up: completed when every leaf below it is. Leaves are left
 * out (their own `completed` is theirs).
 * @example rolledUpCompletion(outline, (id) => done.has(id)).get(1) // true when 2, 4 and 5 are done
 */
export function rolledUpCompletion(
  outline: Outline,
  completedOf: (id: number) => boolean,
): Map<number, boolean> {
  const done = new Map<number, boolean>();
  const summaries = new Map<number, boolean>();
  for (let at = outline.order.length - 1; at >= 0; at--) {
    const id = outline.order[at];
    const children = outline.childrenOf(id);
    if (children.length === 0) {
      done.set(id, completedOf(id));
      continue;
    }
    const all = children.every((child) => done.get(child) === true);
    done.set(id, all);
    summaries.set(id, all);
  }
  return summaries;
}

/**
 * The chosen tasks none of whose summaries is chosen too, in the order given: deleting or moving
 * them takes the others along.
 * @example topmostTasks(outline, [4, 1, 5]) // [1, 5]: 4 sits under 1
 */
export function topmostTasks(outline: Outline, ids: readonly number[]): number[] {
  const chosen = new Set(ids);
  return ids.filter((id) => !outline.ancestorsOf(id).some((above) => chosen.has(above)));
}

export type Span = { start: Date; end: Date };

/**
 * Each summary's span rolled up from the leaves below it: the earliest start to the latest end of
 * those `spanOf` gives (a leaf it gives none, one with no dates, counts for nothing). A summary
 * with no such leaf gets no span.
 * @example summarySpans(outline, (id) => bars.get(id)).get(1) // { start: Sketch's start, end: Notes' end }
 */
export function summarySpans(outline: Outline, spanOf: (id: number) => Span | undefined): Map<number, Span> {
  const spans = new Map<number, Span>();
  const reach = new Map<number, { start: number; end: number }>();
  for (let at = outline.order.length - 1; at >= 0; at--) {
    const id = outline.order[at];
    const children = outline.childrenOf(id);
    if (children.length === 0) {
      const own = spanOf(id);
      if (own) reach.set(id, { start: own.start.getTime(), end: own.end.getTime() });
      continue;
    }
    let start = Number.POSITIVE_INFINITY;
    let end = Number.NEGATIVE_INFINITY;
    for (const child of children) {
      const below = reach.get(child);
      if (!below) continue;
      start = Math.min(start, below.start);
      end = Math.max(end, below.end);
    }
    if (start > end) continue;
    reach.set(id, { start, end });
    spans.set(id, { start: new Date(start), end: new Date(end) });
  }
  return spans;
}

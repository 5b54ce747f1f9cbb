// How the graph marks the driving path shown (driving-path-context.tsx): its arrows highlighted,
// and, while a path is shown, the cards, frames and arrows off it dimmed (graph.css), as the Gantt
// chart dims its other bars.

/** xyflow spreads an edge's domAttributes onto its <g>; its type lists SVG attributes only, not data-*. */
export const ON_PATH_ATTRIBUTES: Record<string, string> = { "data-driving-path": "true" };
export const OFF_PATH_ATTRIBUTES: Record<string, string> = { "data-off-path": "true" };

/**
 * An arrow's classes: "is-critical", "is-driving-path" or both, then "is-off-path" when a path is
 * shown and the arrow is not on it; undefined for none.
 * @example edgeClass(true, false, true) // "is-critical is-off-path"
 */
export function edgeClass(critical: boolean, onPath: boolean, offPath = false): string | undefined {
  const classes = [critical && "is-critical", onPath && "is-driving-path", offPath && "is-off-path"];
  return classes.filter(Boolean).join(" ") || undefined;
}

const hasClass = (edge: { className?: string }, name: string) =>
  edge.className?.split(" ").includes(name) === true;
/** Whether an edge's class says it is critical (it may be on the driving path too). */
export const isCriticalEdge = (edge: { className?: string }) => hasClass(edge, "is-critical");
/** Whether an edge stands for a link of the driving path shown. */
export const isPathEdge = (edge: { className?: string }) => hasClass(edge, "is-driving-path");
/** Whether an edge is dimmed: a driving path is shown and the edge is off it. */
export const isOffPathEdge = (edge: { className?: string }) => hasClass(edge, "is-off-path");

/**
 * Whether a card or frame is dimmed: a path is shown (`path`, the ids of the cards on it) and
 * neither the node nor, for a summary's frame, a task under it (`below`) is on it.
 */
export function isOffPath(
  path: ReadonlySet<number> | null | undefined,
  id: number,
  below: readonly number[] = [],
) {
  return path != null && !path.has(id) && !below.some((taskId) => path.has(taskId));
}

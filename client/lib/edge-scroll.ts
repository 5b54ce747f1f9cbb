// Scrolling a list while something is dragged near its top or bottom edge (the tree drag of the
// list and the Gantt): the closer to the edge, the faster, as dnd-kit does for the kanban board.

/** Within this many pixels of an edge, a drag scrolls the list. */
export const EDGE_SCROLL_ZONE = 48;
/** Pixels a frame at the very edge (or beyond it). */
export const EDGE_SCROLL_MAX_SPEED = 20;

/**
 * The pixels to scroll a frame for a pointer at `y` over a list spanning `top`..`bottom` (client
 * coordinates): negative near the top, positive near the bottom, 0 elsewhere.
 * @example edgeScrollSpeed(110, { top: 100, bottom: 600 }) // -16
 */
export function edgeScrollSpeed(y: number, { top, bottom }: { top: number; bottom: number }): number {
  const zone = Math.min(EDGE_SCROLL_ZONE, (bottom - top) / 4);
  if (zone <= 0) return 0;
  if (y < top + zone) return -Math.round(EDGE_SCROLL_MAX_SPEED * Math.min(1, (top + zone - y) / zone));
  if (y > bottom - zone) return Math.round(EDGE_SCROLL_MAX_SPEED * Math.min(1, (y - (bottom - zone)) / zone));
  return 0;
}

/** The nearest ancestor of `element` that scrolls vertically, or null. */
export function scrollingAncestor(element: Element | null): HTMLElement | null {
  for (let node = element?.parentElement ?? null; node; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node);
    if ((overflowY === "auto" || overflowY === "scroll") && node.scrollHeight > node.clientHeight)
      return node;
  }
  return null;
}

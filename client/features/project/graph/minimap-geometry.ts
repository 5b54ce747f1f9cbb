// Where the minimap looks: the same framing as xyflow's own MiniMap (the cards' bounds joined with
// the part of the plan on screen, centred, with a margin), as plain arithmetic the canvas minimap
// draws with and its tests check.

export type Box = { x: number; y: number; width: number; height: number };

/** The smallest box holding both. */
export function unionOf(a: Box, b: Box): Box {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return {
    x,
    y,
    width: Math.max(a.x + a.width, b.x + b.width) - x,
    height: Math.max(a.y + a.height, b.y + b.height) - y,
  };
}

/** The box around all these rectangles, or null for none. */
export function boundsOf(rects: Float64Array, count: number): Box | null {
  if (count === 0) return null;
  let left = Number.POSITIVE_INFINITY;
  let top = Number.POSITIVE_INFINITY;
  let right = Number.NEGATIVE_INFINITY;
  let bottom = Number.NEGATIVE_INFINITY;
  for (let index = 0; index < count; index++) {
    const at = index * 4;
    left = Math.min(left, rects[at]);
    top = Math.min(top, rects[at + 1]);
    right = Math.max(right, rects[at] + rects[at + 2]);
    bottom = Math.max(bottom, rects[at + 1] + rects[at + 3]);
  }
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/** The part of the plan a viewport of this size shows at this transform ([x, y, zoom]). */
export function visiblePart(
  transform: readonly [number, number, number],
  width: number,
  height: number,
): Box {
  const [x, y, zoom] = transform;
  return { x: -x / zoom, y: -y / zoom, width: width / zoom, height: height / zoom };
}

export type MinimapFrame = {
  /** Plan units per minimap pixel, for panning: a pointer moved 1 px moves the view this far. */
  viewScale: number;
  /** Minimap pixels per plan unit, and where the plan's origin lands, for drawing. */
  scale: number;
  offsetX: number;
  offsetY: number;
};

/** How a minimap of `size` frames the cards (`cards`, null for none) and the visible part. */
export function minimapFrame(
  cards: Box | null,
  visible: Box,
  size: { width: number; height: number },
  marginScale = 5,
): MinimapFrame {
  const bounds = cards ? unionOf(cards, visible) : visible;
  const viewScale = Math.max(bounds.width / size.width, bounds.height / size.height) || 1;
  const margin = marginScale * viewScale;
  const width = viewScale * size.width + margin * 2;
  const height = viewScale * size.height + margin * 2;
  const left = bounds.x - (viewScale * size.width - bounds.width) / 2 - margin;
  const top = bounds.y - (viewScale * size.height - bounds.height) / 2 - margin;
  // Fit that box into the minimap, centred (an SVG viewBox's "xMidYMid meet").
  const scale = Math.min(size.width / width, size.height / height);
  return {
    viewScale,
    scale,
    offsetX: (size.width - width * scale) / 2 - left * scale,
    offsetY: (size.height - height * scale) / 2 - top * scale,
  };
}

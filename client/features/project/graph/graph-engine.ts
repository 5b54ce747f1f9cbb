/**
 * How far Fit view zooms out to show the whole plan: far enough for 20,000 tasks, which are drawn
 * as shapes below 40 % (plan-canvas-layer.tsx).
 */
const FIT_MIN_ZOOM = 0.005;

/** The graph engine's settings, as module constants so xyflow never sees a new object. */
export const GRAPH_ENGINE = {
  /** The zoom buttons' and the wheel's range; fitting a big plan may go below it (fitMinZoom). */
  minZoom: 0.5,
  maxZoom: 2,
  /** How far Fit view zooms out to show the whole plan. */
  fitMinZoom: FIT_MIN_ZOOM,
  snapGrid: [15, 15] as [number, number],
  /** Hidden nodes included: the zoomed-out canvas hides every card from xyflow and draws them itself. */
  fitViewOptions: { padding: 0.2, minZoom: FIT_MIN_ZOOM, includeHiddenNodes: true },
  backgroundGap: 16,
  connectionRadius: 20,
  minimap: { width: 200, height: 150 },
} as const;

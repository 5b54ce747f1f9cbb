/** The graph engine's settings, as module constants so xyflow never sees a new object. */
export const GRAPH_ENGINE = {
  /** The zoom buttons' and the wheel's range; fitting a big plan may go below it (fitMinZoom). */
  minZoom: 0.5,
  maxZoom: 2,
  /** How far Fit view zooms out to show the whole plan. */
  fitMinZoom: 0.05,
  snapGrid: [15, 15] as [number, number],
  fitViewOptions: { padding: 0.2, minZoom: 0.05 },
  backgroundGap: 16,
  connectionRadius: 20,
  minimap: { width: 200, height: 150 },
} as const;

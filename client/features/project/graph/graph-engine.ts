/** The graph engine's settings, as module constants so xyflow never sees a new object. */
export const GRAPH_ENGINE = {
  minZoom: 0.5,
  maxZoom: 2,
  snapGrid: [15, 15] as [number, number],
  fitViewOptions: { padding: 0.2 },
  backgroundGap: 16,
  connectionRadius: 20,
  minimap: { width: 200, height: 150 },
} as const;

import { getNodesBounds, getViewportForBounds, useStore } from "@xyflow/react";
import { useMemo } from "react";
import type { GraphNode } from "./graph-elements";
import { GRAPH_ENGINE } from "./graph-engine";

/**
 * The lowest zoom the canvas allows: the spec's 50 %, or lower when the whole plan fits only below
 * it (down to 5 %). Fit view then shows every card, and the wheel can zoom out as far as that fit,
 * never further; the zoom buttons keep to 50 % .. 200 %.
 */
export function useZoomFloor(nodes: readonly GraphNode[]): number {
  const width = useStore((state) => state.width);
  const height = useStore((state) => state.height);
  return useMemo(() => {
    if (nodes.length === 0 || width === 0 || height === 0) return GRAPH_ENGINE.minZoom;
    const { zoom } = getViewportForBounds(
      getNodesBounds(nodes as GraphNode[]),
      width,
      height,
      GRAPH_ENGINE.fitMinZoom,
      GRAPH_ENGINE.maxZoom,
      GRAPH_ENGINE.fitViewOptions.padding,
    );
    return Math.min(GRAPH_ENGINE.minZoom, zoom);
  }, [nodes, width, height]);
}

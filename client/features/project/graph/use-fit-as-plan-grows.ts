// A plan that grows past the canvas (tasks added here, by someone else, or by an import) is fitted
// again, unless the user has panned or zoomed: then the view is theirs and stays where they put it.
import { type ReactFlowState, useReactFlow, useStore, type Viewport } from "@xyflow/react";
import { useCallback, useEffect, useRef } from "react";
import type { DependencyEdge, GraphNode } from "./graph-elements";
import { GRAPH_ENGINE } from "./graph-engine";

const canvasSize = (state: ReactFlowState) => `${state.width}x${state.height}`;

/** Whether every node lies inside the canvas as `viewport` shows it. */
export function allInView(
  bounds: { x: number; y: number; width: number; height: number },
  viewport: Viewport,
  width: number,
  height: number,
): boolean {
  const left = bounds.x * viewport.zoom + viewport.x;
  const top = bounds.y * viewport.zoom + viewport.y;
  const right = left + bounds.width * viewport.zoom;
  const bottom = top + bounds.height * viewport.zoom;
  return left >= 0 && top >= 0 && right <= width && bottom <= height;
}

/**
 * Call with the canvas's nodes; hand `onMoveStart` to ReactFlow and `onZoomChosen` to the zoom
 * buttons, so a user's own move is noticed.
 */
export function useFitAsPlanGrows(nodes: readonly GraphNode[]) {
  const { fitView, getNodesBounds, getViewport } = useReactFlow<GraphNode, DependencyEdge>();
  const size = useStore(canvasSize);
  const userMoved = useRef(false);
  const shownCount = useRef(nodes.length);

  useEffect(() => {
    // The first cards shown are fitted by the canvas itself (its fitView on opening).
    const grew = shownCount.current > 0 && nodes.length > shownCount.current;
    shownCount.current = nodes.length;
    if (!grew || userMoved.current) return;
    const [width, height] = size.split("x").map(Number);
    if (width === 0 || height === 0) return;
    if (allInView(getNodesBounds([...nodes]), getViewport(), width, height)) return;
    void fitView({ ...GRAPH_ENGINE.fitViewOptions, duration: 300 });
  }, [nodes, size, fitView, getNodesBounds, getViewport]);

  // A move with an input event is the user's (a programmatic fit has none).
  const onMoveStart = useCallback((event: MouseEvent | TouchEvent | null) => {
    if (event) userMoved.current = true;
  }, []);
  // The zoom buttons move the view without an input event: zooming is a choice, a fit gives it back.
  const onZoomChosen = useCallback((choice: "zoom" | "fit") => {
    userMoved.current = choice === "zoom";
  }, []);
  return { onMoveStart, onZoomChosen };
}

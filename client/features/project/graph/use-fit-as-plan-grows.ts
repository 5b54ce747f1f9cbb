// A plan that grows past the canvas (tasks added here, by someone else, or by an import) is fitted
// again, unless the user has panned or zoomed: then the view is theirs and stays where they put it.
import {
  getNodesBounds,
  getViewportForBounds,
  type ReactFlowState,
  useReactFlow,
  useStore,
  type Viewport,
} from "@xyflow/react";
import { useCallback, useEffect, useRef, useState } from "react";
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

/**
 * The opening fit of a plan big enough that xyflow draws only the cards in view (`enabled`): done
 * here rather than by xyflow's fitView, whose jump from 100 % to the fit drew every card in view
 * at the fit (all 20,000 of them, for 20 s) before the canvas could hide them for its shapes. The
 * cards stay hidden until this answers true; by then the view is fitted, and the canvas draws the
 * plan as shapes or shows the cards the fit keeps in view.
 */
export function useOpeningFit(nodes: readonly GraphNode[], enabled: boolean): boolean {
  const [done, setDone] = useState(!enabled);
  const { setViewport } = useReactFlow<GraphNode, DependencyEdge>();
  const size = useStore(canvasSize);
  useEffect(() => {
    const [width, height] = size.split("x").map(Number);
    if (done || nodes.length === 0 || width === 0 || height === 0) return;
    const { padding } = GRAPH_ENGINE.fitViewOptions;
    const bounds = getNodesBounds([...nodes]);
    void setViewport(
      getViewportForBounds(bounds, width, height, GRAPH_ENGINE.fitMinZoom, GRAPH_ENGINE.maxZoom, padding),
    );
    setDone(true);
  }, [done, nodes, size, setViewport]);
  return done;
}

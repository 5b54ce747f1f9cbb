// The zoomed-out graph: below CARD_TEXT_MIN_ZOOM the canvas hands xyflow no nodes and draws the
// plan here as shapes on one <canvas>: cards as boxes coloured by status, summaries' frames, arrows,
// the critical path in amber and the selection outlined. A pan or zoom step redraws only what is
// in view from packed arrays (plan-shapes.ts), so 20,000 tasks cost one canvas, not 100,000
// elements. xyflow keeps the viewport (its pane pans and zooms as before); clicks on the pane are
// hit-tested here: a click selects a shape (Ctrl or Cmd adds to the selection), a double click
// zooms in to its card, hovering names it.
import type { NodeChange } from "@xyflow/react";
import { useReactFlow, useStoreApi } from "@xyflow/react";
import { useEffect, useMemo, useRef, useState } from "react";
import { useResolvedTheme } from "@/lib/theme/use-resolved-theme";
import type { DependencyEdge, GraphNode } from "./graph-elements";
import { nodeLabel } from "./graph-texts";
import { createPlanPainter, readPlanPalette } from "./plan-painter";
import { type PlanShapes, packPlan, shapeAt } from "./plan-shapes";

/** Screen pixels around a shape that still hit it. */
const HIT_SLOP_PX = 3;
/** A press that moves further than this is a pan, not a click. */
const CLICK_TOLERANCE_PX = 4;
/** Double-clicking a shape zooms to its card at this zoom. */
const CARD_ZOOM = 1;

type PlanCanvasLayerProps = {
  nodes: readonly GraphNode[];
  edges: readonly DependencyEdge[];
  onNodesChange: (changes: NodeChange<GraphNode>[]) => void;
  /** A click on empty canvas (adds a task in Add node mode); the point is in flow coordinates. */
  onEmptyClick: (point: { x: number; y: number }) => void;
};

const isMultiSelect = (event: MouseEvent) => event.ctrlKey || event.metaKey;

/** The selection changes for a click on shape `hit` (-1: none). */
export function selectionChanges(
  shapes: PlanShapes,
  hit: number,
  additive: boolean,
): NodeChange<GraphNode>[] {
  const changes: NodeChange<GraphNode>[] = [];
  if (additive) {
    if (hit >= 0) changes.push({ type: "select", id: shapes.ids[hit], selected: !shapes.selected[hit] });
    return changes;
  }
  for (let index = 0; index < shapes.count; index++)
    if (shapes.selected[index] && index !== hit)
      changes.push({ type: "select", id: shapes.ids[index], selected: false });
  if (hit >= 0 && !shapes.selected[hit])
    changes.push({ type: "select", id: shapes.ids[hit], selected: true });
  return changes;
}

export function PlanCanvasLayer({ nodes, edges, onNodesChange, onEmptyClick }: PlanCanvasLayerProps) {
  const store = useStoreApi<GraphNode, DependencyEdge>();
  const { screenToFlowPosition, setCenter } = useReactFlow<GraphNode, DependencyEdge>();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const theme = useResolvedTheme();
  const shapes = useMemo(() => packPlan(nodes, edges), [nodes, edges]);
  const names = useMemo(() => new Map(nodes.map((node) => [node.id, node.data.task.name])), [nodes]);
  const [hovered, setHovered] = useState<{ index: number; x: number; y: number } | null>(null);
  const hoveredIndex = useRef(-1);
  const latest = useRef({ shapes, onNodesChange, onEmptyClick });
  useEffect(() => {
    latest.current = { shapes, onNodesChange, onEmptyClick };
  });

  // Paints on every move of the view, at most once per animation frame (plan-painter.ts).
  // biome-ignore lint/correctness/useExhaustiveDependencies: theme is the trigger: the colours are read off the canvas.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    let pending = 0;
    let paintedFor: unknown = null;
    const request = () => {
      if (!pending) pending = requestAnimationFrame(paint);
    };
    const painter = createPlanPainter(canvas, shapes, readPlanPalette(canvas), request);
    function paint() {
      pending = 0;
      const { transform, width, height } = store.getState();
      paintedFor = transform;
      const [x, y, zoom] = transform;
      painter.paint({ x, y, zoom, width, height }, hoveredIndex.current);
    }
    paint();
    const unsubscribe = store.subscribe((state) => {
      if (state.transform !== paintedFor) request();
    });
    canvas.addEventListener("plan-redraw", request);
    return () => {
      unsubscribe();
      cancelAnimationFrame(pending);
      painter.dispose();
      canvas.removeEventListener("plan-redraw", request);
    };
  }, [store, shapes, theme]);

  // The pane's pointer: hover names a shape, a click selects, a double click zooms to its card.
  useEffect(() => {
    const root = store.getState().domNode;
    if (!root) return;
    const onPane = (event: Event) => (event.target as Element | null)?.closest(".react-flow__pane") !== null;
    const hitAt = (event: MouseEvent) => {
      const point = screenToFlowPosition({ x: event.clientX, y: event.clientY });
      const zoom = store.getState().transform[2];
      return { point, hit: shapeAt(latest.current.shapes, point, HIT_SLOP_PX / zoom) };
    };
    const setHover = (index: number, event?: MouseEvent) => {
      if (hoveredIndex.current === index && index < 0) return;
      hoveredIndex.current = index;
      const bounds = root.getBoundingClientRect();
      setHovered(
        index < 0 || !event ? null : { index, x: event.clientX - bounds.left, y: event.clientY - bounds.top },
      );
      canvasRef.current?.dispatchEvent(new Event("plan-redraw"));
    };
    let pressed: { x: number; y: number } | null = null;
    const onPointerDown = (event: PointerEvent) => {
      pressed = onPane(event) ? { x: event.clientX, y: event.clientY } : null;
    };
    const onPointerMove = (event: PointerEvent) => {
      if (event.buttons !== 0 || !onPane(event)) return setHover(-1);
      setHover(hitAt(event).hit, event);
    };
    const onClick = (event: MouseEvent) => {
      const start = pressed;
      pressed = null;
      if (!start || !onPane(event)) return;
      // xyflow's own pane click would clear the selection made here: the layer answers it alone.
      event.stopPropagation();
      if (Math.hypot(event.clientX - start.x, event.clientY - start.y) > CLICK_TOLERANCE_PX) return;
      const { point, hit } = hitAt(event);
      if (hit < 0) latest.current.onEmptyClick(point);
      const changes = selectionChanges(latest.current.shapes, hit, isMultiSelect(event));
      if (changes.length > 0) latest.current.onNodesChange(changes);
    };
    const onDoubleClick = (event: MouseEvent) => {
      if (!onPane(event)) return;
      const { hit } = hitAt(event);
      if (hit < 0) return;
      const at = hit * 4;
      const { rects } = latest.current.shapes;
      void setCenter(rects[at] + rects[at + 2] / 2, rects[at + 1] + rects[at + 3] / 2, {
        zoom: CARD_ZOOM,
        duration: 400,
      });
    };
    const onLeave = () => setHover(-1);
    root.addEventListener("pointerdown", onPointerDown);
    root.addEventListener("pointermove", onPointerMove);
    root.addEventListener("pointerleave", onLeave);
    root.addEventListener("click", onClick);
    root.addEventListener("dblclick", onDoubleClick);
    return () => {
      root.removeEventListener("pointerdown", onPointerDown);
      root.removeEventListener("pointermove", onPointerMove);
      root.removeEventListener("pointerleave", onLeave);
      root.removeEventListener("click", onClick);
      root.removeEventListener("dblclick", onDoubleClick);
    };
  }, [store, screenToFlowPosition, setCenter]);

  const hoveredName = hovered ? names.get(shapes.ids[hovered.index]) : undefined;
  return (
    <>
      <canvas
        ref={canvasRef}
        className="graph-shapes"
        data-shapes={shapes.count}
        role="img"
        aria-label={`${shapes.count} tasks drawn as shapes. Zoom in to 40% to read the cards; double-click a shape to zoom to its card.`}
      />
      {hovered !== null && hoveredName !== undefined && (
        <div
          className="graph-shapes__name"
          style={{ left: hovered.x + 12, top: hovered.y + 12 }}
          role="tooltip"
        >
          {nodeLabel(hoveredName)}
        </div>
      )}
    </>
  );
}

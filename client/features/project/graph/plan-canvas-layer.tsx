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
import type { DependencyEdge, GraphNode } from "./graph-elements";
import { nodeLabel } from "./graph-texts";
import {
  arrowInArea,
  type PlanShapes,
  packPlan,
  SHAPE_STATUSES,
  shapeAt,
  shapeInArea,
  visibleArea,
} from "./plan-shapes";

/** Status fills: the cards' header tones a step darker, to be seen at a few pixels. */
const STATUS_FILLS: Record<(typeof SHAPE_STATUSES)[number], string> = {
  todo: "#cbd5e1",
  "in-progress": "#93c5fd",
  waiting: "#fcd34d",
  blocked: "#fca5a5",
  completed: "#6ee7b7",
};
const ARROW_COLOR = "rgb(148 163 184 / 0.7)";
const CRITICAL_COLOR = "#f59e0b";
const FRAME_FILL = "rgb(148 163 184 / 0.10)";
const FRAME_STROKE = "#94a3b8";
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
  const shapes = useMemo(() => packPlan(nodes, edges), [nodes, edges]);
  const names = useMemo(() => new Map(nodes.map((node) => [node.id, node.data.task.name])), [nodes]);
  const [hovered, setHovered] = useState<{ index: number; x: number; y: number } | null>(null);
  const hoveredIndex = useRef(-1);
  const latest = useRef({ shapes, onNodesChange, onEmptyClick });
  useEffect(() => {
    latest.current = { shapes, onNodesChange, onEmptyClick };
  });

  // Draws on every move of the view, at most once per animation frame.
  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext("2d");
    if (!canvas || !context) return;
    const ring = getComputedStyle(canvas).getPropertyValue("--ring").trim() || "#2563eb";
    let pending = 0;
    let drawnFor: unknown = null;
    const draw = () => {
      pending = 0;
      const { transform, width, height } = store.getState();
      drawnFor = transform;
      const ratio = window.devicePixelRatio || 1;
      if (canvas.width !== Math.round(width * ratio) || canvas.height !== Math.round(height * ratio)) {
        canvas.width = Math.round(width * ratio);
        canvas.height = Math.round(height * ratio);
      }
      const [x, y, zoom] = transform;
      context.setTransform(1, 0, 0, 1, 0, 0);
      context.clearRect(0, 0, canvas.width, canvas.height);
      context.setTransform(ratio * zoom, 0, 0, ratio * zoom, ratio * x, ratio * y);
      drawShapes(
        context,
        shapes,
        visibleArea({ x, y, zoom }, width, height),
        zoom,
        hoveredIndex.current,
        ring,
      );
    };
    draw();
    const unsubscribe = store.subscribe((state) => {
      if (pending || state.transform === drawnFor) return;
      pending = requestAnimationFrame(draw);
    });
    const redraw = () => {
      if (!pending) pending = requestAnimationFrame(draw);
    };
    canvas.addEventListener("plan-redraw", redraw);
    return () => {
      unsubscribe();
      cancelAnimationFrame(pending);
      canvas.removeEventListener("plan-redraw", redraw);
    };
  }, [store, shapes]);

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

type Area = ReturnType<typeof visibleArea>;

/** Draws what of the plan lies in `area`: frames, then arrows, then cards, then the outlines. */
function drawShapes(
  context: CanvasRenderingContext2D,
  shapes: PlanShapes,
  area: Area,
  zoom: number,
  hovered: number,
  ring: string,
) {
  const { rects, count } = shapes;
  const px = 1 / zoom;
  const rect = (index: number) => {
    const at = index * 4;
    context.rect(rects[at], rects[at + 1], rects[at + 2], rects[at + 3]);
  };
  const visible: number[] = [];
  for (let index = 0; index < count; index++) if (shapeInArea(shapes, index, area)) visible.push(index);

  context.beginPath();
  for (const index of visible) if (shapes.frame[index]) rect(index);
  context.fillStyle = FRAME_FILL;
  context.fill();
  context.lineWidth = px;
  context.strokeStyle = FRAME_STROKE;
  context.stroke();

  for (const critical of [0, 1]) {
    context.beginPath();
    for (let index = 0; index < shapes.arrowCount; index++) {
      if (shapes.arrowCritical[index] !== critical || !arrowInArea(shapes, index, area)) continue;
      const at = index * 4;
      context.moveTo(shapes.arrows[at], shapes.arrows[at + 1]);
      context.lineTo(shapes.arrows[at + 2], shapes.arrows[at + 3]);
    }
    context.lineWidth = (critical ? 2 : 1) * px;
    context.strokeStyle = critical ? CRITICAL_COLOR : ARROW_COLOR;
    context.stroke();
  }

  SHAPE_STATUSES.forEach((status, code) => {
    context.beginPath();
    for (const index of visible) if (!shapes.frame[index] && shapes.status[index] === code) rect(index);
    context.fillStyle = STATUS_FILLS[status];
    context.fill();
  });

  const outline = (pick: (index: number) => boolean, color: string, widthPx: number) => {
    context.beginPath();
    for (const index of visible) if (pick(index)) rect(index);
    context.lineWidth = widthPx * px;
    context.strokeStyle = color;
    context.stroke();
  };
  outline((index) => shapes.critical[index] === 1, CRITICAL_COLOR, 2);
  outline((index) => shapes.selected[index] === 1 || index === hovered, ring, 2);
}

// The graph's minimap (200 by 150, pannable and zoomable), drawn on one canvas.
// xyflow's own MiniMap is an SVG rect per card, each subscribed to the store: at 5,000 cards every
// pan step ran 5,000 selectors and repainted 5,000 rects, about a third of the frame
// (docs/performance.md). Here a pan step redraws one canvas from a packed array of card rectangles
// that is rebuilt only when the cards change.
import { Panel, type ReactFlowState, useReactFlow, useStoreApi } from "@xyflow/react";
import { useEffect, useRef } from "react";
import { useResolvedTheme } from "@/lib/theme/use-resolved-theme";
import type { DependencyEdge, GraphNode } from "./graph-elements";
import { boundsOf, type MinimapFrame, minimapFrame, visiblePart } from "./minimap-geometry";

type CanvasMiniMapProps = { width: number; height: number; ariaLabel: string };

/** Card rectangles packed as x, y, width, height, with whether each is selected. */
type Cards = { rects: Float64Array; selected: Uint8Array; count: number };

function cardsOf(state: ReactFlowState<GraphNode, DependencyEdge>): Cards {
  const size = state.nodeLookup.size;
  const rects = new Float64Array(size * 4);
  const selected = new Uint8Array(size);
  let count = 0;
  for (const node of state.nodeLookup.values()) {
    // A summary's frame is not drawn: its cards are, and a collapsed summary is one card. Hidden
    // cards are drawn: zoomed out, every card is hidden from xyflow and drawn on the canvas layer.
    if (node.type === "frame") continue;
    const width = node.measured.width ?? node.width ?? node.initialWidth ?? 0;
    const height = node.measured.height ?? node.height ?? node.initialHeight ?? 0;
    if (!width || !height) continue;
    const at = count * 4;
    rects[at] = node.internals.positionAbsolute.x;
    rects[at + 1] = node.internals.positionAbsolute.y;
    rects[at + 2] = width;
    rects[at + 3] = height;
    selected[count] = node.selected ? 1 : 0;
    count++;
  }
  return { rects, selected, count };
}

type CardsPicture = {
  cards: Cards;
  canvas: HTMLCanvasElement | null;
  /** The cards' bounds, null without cards. */
  bounds: ReturnType<typeof boundsOf>;
};

/** The cards painted into a picture of their bounds, about as sharp as the minimap shows them. */
function paintCards(
  cards: Cards,
  colors: ReturnType<typeof colorsOf>,
  widthPx: number,
  heightPx: number,
): CardsPicture {
  const bounds = boundsOf(cards.rects, cards.count);
  if (!bounds || bounds.width <= 0 || bounds.height <= 0) return { cards, canvas: null, bounds };
  // Twice the minimap's pixels across the cards: sharp while the view's frame around them is larger.
  const scale = Math.min((2 * widthPx) / bounds.width, (2 * heightPx) / bounds.height);
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.ceil(bounds.width * scale));
  canvas.height = Math.max(1, Math.ceil(bounds.height * scale));
  const context = canvas.getContext("2d");
  if (!context) return { cards, canvas: null, bounds };
  context.setTransform(scale, 0, 0, scale, -bounds.x * scale, -bounds.y * scale);
  for (const wantSelected of [0, 1]) {
    context.beginPath();
    for (let index = 0; index < cards.count; index++) {
      if (cards.selected[index] !== wantSelected) continue;
      const at = index * 4;
      context.rect(cards.rects[at], cards.rects[at + 1], cards.rects[at + 2], cards.rects[at + 3]);
    }
    context.fillStyle = wantSelected ? colors.selectedCard : colors.card;
    context.fill();
  }
  return { cards, canvas, bounds };
}

/** The minimap's colours: xyflow's variables, set in graph.css from the theme's tokens. */
function colorsOf(element: Element) {
  const style = getComputedStyle(element);
  const pick = (name: string, fallback: string) =>
    style.getPropertyValue(name).trim() || style.getPropertyValue(`${name}-default`).trim() || fallback;
  return {
    background: pick("--xy-minimap-background-color", "Canvas"),
    card: pick("--xy-minimap-node-background-color", "GrayText"),
    selectedCard: pick("--graph-minimap-selected-color", "Highlight"),
    mask: pick("--xy-minimap-mask-background-color", "transparent"),
    outline: pick("--xy-minimap-mask-stroke-color", "transparent"),
  };
}

export function CanvasMiniMap({ width, height, ariaLabel }: CanvasMiniMapProps) {
  const store = useStoreApi<GraphNode, DependencyEdge>();
  const { getViewport, setViewport, zoomTo } = useReactFlow<GraphNode, DependencyEdge>();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const frameRef = useRef<MinimapFrame | null>(null);
  const theme = useResolvedTheme();

  // Draws on every store change that moves the view or the cards, at most once per animation frame.
  // biome-ignore lint/correctness/useExhaustiveDependencies: theme is the trigger: the colours are read off the canvas.
  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext("2d");
    if (!canvas || !context) return;
    const ratio = window.devicePixelRatio || 1;
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(height * ratio);
    const colors = colorsOf(canvas);
    let cards: Cards = { rects: new Float64Array(0), selected: new Uint8Array(0), count: 0 };
    let picture: CardsPicture | null = null;
    let cardsFor: unknown = null;
    let drawn: { nodes: unknown; transform: unknown; width: number; height: number } | null = null;
    let pending = 0;

    const draw = () => {
      pending = 0;
      const state = store.getState();
      if (state.nodes !== cardsFor) {
        cards = cardsOf(state);
        cardsFor = state.nodes;
      }
      drawn = { nodes: state.nodes, transform: state.transform, width: state.width, height: state.height };
      const visible = visiblePart(state.transform, state.width, state.height);
      if (picture?.cards !== cards) picture = paintCards(cards, colors, width * ratio, height * ratio);
      const frame = minimapFrame(picture.bounds, visible, { width, height });
      frameRef.current = frame;

      context.setTransform(ratio, 0, 0, ratio, 0, 0);
      context.fillStyle = colors.background;
      context.fillRect(0, 0, width, height);
      // The cards are painted once per change of the cards into a picture of their bounds, which
      // each pan step only places: 20,000 rectangles a frame took a third of it.
      if (picture.canvas && picture.bounds) {
        const { bounds } = picture;
        context.drawImage(
          picture.canvas,
          ratio * (frame.offsetX + bounds.x * frame.scale),
          ratio * (frame.offsetY + bounds.y * frame.scale),
          ratio * bounds.width * frame.scale,
          ratio * bounds.height * frame.scale,
        );
      }
      // Everything but the visible part is veiled, as xyflow's minimap does.
      context.setTransform(ratio, 0, 0, ratio, 0, 0);
      const shown = [
        frame.offsetX + visible.x * frame.scale,
        frame.offsetY + visible.y * frame.scale,
        visible.width * frame.scale,
        visible.height * frame.scale,
      ] as const;
      context.beginPath();
      context.rect(0, 0, width, height);
      context.rect(...shown);
      context.fillStyle = colors.mask;
      context.fill("evenodd");
      context.strokeStyle = colors.outline;
      context.lineWidth = 1;
      context.strokeRect(...shown);
    };

    draw();
    const unsubscribe = store.subscribe((state) => {
      if (pending) return;
      if (
        drawn &&
        state.nodes === drawn.nodes &&
        state.transform === drawn.transform &&
        state.width === drawn.width &&
        state.height === drawn.height
      )
        return;
      pending = requestAnimationFrame(draw);
    });
    return () => {
      unsubscribe();
      cancelAnimationFrame(pending);
    };
  }, [store, width, height, theme]);

  // Dragging on the minimap pans the plan; the wheel zooms it.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    let last: { x: number; y: number } | null = null;
    const onPointerDown = (event: PointerEvent) => {
      if (event.button !== 0) return;
      canvas.setPointerCapture(event.pointerId);
      last = { x: event.clientX, y: event.clientY };
    };
    const onPointerMove = (event: PointerEvent) => {
      const frame = frameRef.current;
      if (!last || !frame) return;
      const { x, y, zoom } = getViewport();
      const step = frame.viewScale * zoom;
      void setViewport({
        x: x - (event.clientX - last.x) * step,
        y: y - (event.clientY - last.y) * step,
        zoom,
      });
      last = { x: event.clientX, y: event.clientY };
    };
    const onPointerUp = (event: PointerEvent) => {
      last = null;
      if (canvas.hasPointerCapture(event.pointerId)) canvas.releasePointerCapture(event.pointerId);
    };
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const delta = -event.deltaY * (event.deltaMode === 1 ? 0.05 : event.deltaMode ? 1 : 0.002);
      void zoomTo(getViewport().zoom * 2 ** delta);
    };
    canvas.addEventListener("pointerdown", onPointerDown);
    canvas.addEventListener("pointermove", onPointerMove);
    canvas.addEventListener("pointerup", onPointerUp);
    canvas.addEventListener("pointercancel", onPointerUp);
    canvas.addEventListener("wheel", onWheel, { passive: false });
    return () => {
      canvas.removeEventListener("pointerdown", onPointerDown);
      canvas.removeEventListener("pointermove", onPointerMove);
      canvas.removeEventListener("pointerup", onPointerUp);
      canvas.removeEventListener("pointercancel", onPointerUp);
      canvas.removeEventListener("wheel", onWheel);
    };
  }, [getViewport, setViewport, zoomTo]);

  return (
    <Panel position="bottom-right" className="react-flow__minimap graph-minimap" data-testid="rf__minimap">
      <canvas
        ref={canvasRef}
        className="nopan nowheel nodrag"
        role="img"
        aria-label={ariaLabel}
        style={{ width, height, display: "block" }}
      />
    </Panel>
  );
}

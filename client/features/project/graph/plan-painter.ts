// Paints the zoomed-out plan (plan-canvas-layer.tsx) on its canvas. The whole plan is painted once
// into a picture at the current zoom, and each pan step only places that picture: 20,000 shapes
// cost one drawImage a frame. While the zoom changes the picture is scaled (a little soft), and
// painted sharp again once the zoom rests. Where the plan at this zoom would make too large a
// picture, only the shapes in view are painted, each frame (there are few of them by then).
import { arrowInArea, type PlanShapes, SHAPE_STATUSES, shapeInArea, visibleArea } from "./plan-shapes";

/** The colours the plan is painted in: the theme's tokens (index.css), read off the canvas. */
export type PlanPalette = {
  /** Status fills: the cards' header tones a step darker, to be seen at a few pixels. */
  status: Record<(typeof SHAPE_STATUSES)[number], string>;
  arrow: string;
  critical: string;
  path: string;
  frameFill: string;
  frameStroke: string;
  ring: string;
};

/**
 * The palette of the theme `element` is drawn in: a canvas cannot read CSS variables itself, so
 * they are read once per paint setup and again when the theme changes.
 */
export function readPlanPalette(element: Element): PlanPalette {
  const style = getComputedStyle(element);
  const token = (name: string) => style.getPropertyValue(name).trim() || "gray";
  return {
    status: {
      todo: token("--status-todo-fill"),
      "in-progress": token("--status-in-progress-fill"),
      waiting: token("--status-waiting-fill"),
      blocked: token("--status-blocked-fill"),
      completed: token("--status-completed-fill"),
    },
    arrow: token("--graph-edge"),
    critical: token("--critical"),
    path: token("--primary"),
    frameFill: token("--graph-frame"),
    frameStroke: token("--graph-edge"),
    ring: token("--ring"),
  };
}

/** The largest picture kept, in device pixels (about 24 MB). */
const MAX_PICTURE_PIXELS = 6_000_000;
/** After the zoom last changed, the picture is painted sharp again this much later. */
const SHARPEN_AFTER_MS = 150;

export type PlanView = { x: number; y: number; zoom: number; width: number; height: number };
type Area = { x: number; y: number; width: number; height: number };
type Picture = { canvas: HTMLCanvasElement; zoom: number; ratio: number };

/** The box around every shape and arrow of the plan. */
export function planBounds(shapes: PlanShapes): Area {
  let [left, top, right, bottom] = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY, -Infinity, -Infinity];
  for (let index = 0; index < shapes.count; index++) {
    const at = index * 4;
    left = Math.min(left, shapes.rects[at]);
    top = Math.min(top, shapes.rects[at + 1]);
    right = Math.max(right, shapes.rects[at] + shapes.rects[at + 2]);
    bottom = Math.max(bottom, shapes.rects[at + 1] + shapes.rects[at + 3]);
  }
  if (left > right) return { x: 0, y: 0, width: 0, height: 0 };
  // Outlines are drawn 2 px outside a shape: a margin keeps them in the picture.
  return { x: left - 8, y: top - 8, width: right - left + 16, height: bottom - top + 16 };
}

/**
 * A painter of `shapes` on `canvas`; `repaint` is called when a sharper picture is ready to be
 * placed (after the zoom rests).
 */
export function createPlanPainter(
  canvas: HTMLCanvasElement,
  shapes: PlanShapes,
  palette: PlanPalette,
  repaint: () => void,
) {
  const context = canvas.getContext("2d");
  const bounds = planBounds(shapes);
  let picture: Picture | null = null;
  let sharpen: ReturnType<typeof setTimeout> | undefined;

  const paintPicture = (zoom: number, ratio: number): Picture | null => {
    const scale = zoom * ratio;
    const width = Math.ceil(bounds.width * scale);
    const height = Math.ceil(bounds.height * scale);
    const target = picture?.canvas ?? document.createElement("canvas");
    target.width = width;
    target.height = height;
    const drawing = target.getContext("2d");
    if (!drawing) return null;
    drawing.setTransform(scale, 0, 0, scale, -bounds.x * scale, -bounds.y * scale);
    drawShapes(drawing, shapes, bounds, zoom, palette);
    return { canvas: target, zoom, ratio };
  };

  const paint = (view: PlanView, hovered: number) => {
    if (!context) return;
    const ratio = window.devicePixelRatio || 1;
    const [width, height] = [Math.round(view.width * ratio), Math.round(view.height * ratio)];
    if (canvas.width !== width || canvas.height !== height) [canvas.width, canvas.height] = [width, height];
    context.setTransform(1, 0, 0, 1, 0, 0);
    context.clearRect(0, 0, width, height);
    const pictured = bounds.width * bounds.height * (view.zoom * ratio) ** 2 <= MAX_PICTURE_PIXELS;
    if (pictured) {
      if (!picture || picture.ratio !== ratio) picture = paintPicture(view.zoom, ratio);
      else if (picture.zoom !== view.zoom) {
        clearTimeout(sharpen);
        sharpen = setTimeout(() => {
          picture = null;
          repaint();
        }, SHARPEN_AFTER_MS);
      }
    } else picture = null;
    const scale = view.zoom * ratio;
    if (picture) {
      const stretch = view.zoom / picture.zoom;
      context.drawImage(
        picture.canvas,
        (view.x + bounds.x * view.zoom) * ratio,
        (view.y + bounds.y * view.zoom) * ratio,
        picture.canvas.width * stretch,
        picture.canvas.height * stretch,
      );
    } else {
      context.setTransform(scale, 0, 0, scale, view.x * ratio, view.y * ratio);
      drawShapes(context, shapes, visibleArea(view, view.width, view.height), view.zoom, palette);
    }
    if (hovered >= 0 && hovered < shapes.count) {
      const at = hovered * 4;
      context.setTransform(scale, 0, 0, scale, view.x * ratio, view.y * ratio);
      context.lineWidth = 2 / view.zoom;
      context.strokeStyle = palette.ring;
      context.strokeRect(shapes.rects[at], shapes.rects[at + 1], shapes.rects[at + 2], shapes.rects[at + 3]);
    }
  };

  return { paint, dispose: () => clearTimeout(sharpen) };
}

/**
 * Draws what of the plan lies in `area`: frames, then arrows (the critical path's, then the driving
 * path's over them), then cards, then the outlines.
 */
function drawShapes(
  context: CanvasRenderingContext2D,
  shapes: PlanShapes,
  area: Area,
  zoom: number,
  palette: PlanPalette,
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
  context.fillStyle = palette.frameFill;
  context.fill();
  context.lineWidth = px;
  context.strokeStyle = palette.frameStroke;
  context.stroke();

  const arrowTones = [
    {
      pick: (index: number) => !shapes.arrowPath[index] && !shapes.arrowCritical[index],
      color: palette.arrow,
      width: 1,
    },
    {
      pick: (index: number) => !shapes.arrowPath[index] && shapes.arrowCritical[index] === 1,
      color: palette.critical,
      width: 2,
    },
    { pick: (index: number) => shapes.arrowPath[index] === 1, color: palette.path, width: 3 },
  ];
  for (const tone of arrowTones) {
    context.beginPath();
    for (let index = 0; index < shapes.arrowCount; index++) {
      if (!tone.pick(index) || !arrowInArea(shapes, index, area)) continue;
      const at = index * 4;
      context.moveTo(shapes.arrows[at], shapes.arrows[at + 1]);
      context.lineTo(shapes.arrows[at + 2], shapes.arrows[at + 3]);
    }
    context.lineWidth = tone.width * px;
    context.strokeStyle = tone.color;
    context.stroke();
  }

  SHAPE_STATUSES.forEach((status, code) => {
    context.beginPath();
    for (const index of visible) if (!shapes.frame[index] && shapes.status[index] === code) rect(index);
    context.fillStyle = palette.status[status];
    context.fill();
  });

  const outline = (pick: (index: number) => boolean, color: string, widthPx: number) => {
    context.beginPath();
    for (const index of visible) if (pick(index)) rect(index);
    context.lineWidth = widthPx * px;
    context.strokeStyle = color;
    context.stroke();
  };
  outline((index) => shapes.critical[index] === 1, palette.critical, 2);
  outline((index) => shapes.path[index] === 1, palette.path, 3);
  outline((index) => shapes.selected[index] === 1, palette.ring, 2);
}

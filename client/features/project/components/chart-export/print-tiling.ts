// Paper and pages: the printable area of each paper size, and how a chart larger than a page is cut
// into pages. A Gantt chart is cut into bands of whole rows down and slices of the timeline across,
// each page repeating the task column and the headers; a bar crossing a slice's edge is drawn cut
// on both pages. The graph fits one page, or is cut into a grid of page-sized parts.

export const PAPER_SIZES = ["A4", "A3", "Letter", "Legal", "Tabloid"] as const;
export type PaperSize = (typeof PAPER_SIZES)[number];
export type Orientation = "portrait" | "landscape";

/** Width and height in millimetres, portrait. */
const PAPER_MM: Record<PaperSize, [number, number]> = {
  A4: [210, 297],
  A3: [297, 420],
  Letter: [215.9, 279.4],
  Legal: [215.9, 355.6],
  Tabloid: [279.4, 431.8],
};

/** The page margin, on every side. */
export const PAGE_MARGIN_MM = 10;
const PX_PER_MM = 96 / 25.4;
/** Kept free at each page's edges, so rounding never pushes a page's content onto another sheet. */
const SAFETY_PX = 4;

/**
 * The paper's size in millimetres, turned for the orientation.
 * @example paperMillimetres("A4", "landscape") // { width: 297, height: 210 }
 */
export function paperMillimetres(paper: PaperSize, orientation: Orientation) {
  const [short, long] = PAPER_MM[paper];
  return orientation === "portrait" ? { width: short, height: long } : { width: long, height: short };
}

/**
 * What a page holds inside its margins, in CSS pixels (96 to the inch).
 * @example printableArea("A4", "landscape") // { width: 1043, height: 714 }
 */
export function printableArea(paper: PaperSize, orientation: Orientation) {
  const { width, height } = paperMillimetres(paper, orientation);
  return {
    width: Math.floor((width - 2 * PAGE_MARGIN_MM) * PX_PER_MM) - SAFETY_PX,
    height: Math.floor((height - 2 * PAGE_MARGIN_MM) * PX_PER_MM) - SAFETY_PX,
  };
}

/** The @page rule for a print: its size and margins. */
export function pageRule(paper: PaperSize, orientation: Orientation): string {
  const { width, height } = paperMillimetres(paper, orientation);
  return `@page { size: ${width}mm ${height}mm; margin: ${PAGE_MARGIN_MM}mm; }`;
}

export type GanttTile = {
  /** Rows [rowFrom, rowTo) of the chart. */
  rowFrom: number;
  rowTo: number;
  /** Timeline pixels [x0, x1). */
  x0: number;
  x1: number;
};

export type GanttTiling = { tiles: GanttTile[]; across: number; down: number };

/**
 * The pages of a Gantt chart: bands of whole rows that fit under the headers, each cut across into
 * slices of the timeline as wide as the page leaves beside the task column. Pages go across a band,
 * then down to the next. Every row is on a band and every pixel of the timeline on a slice, so every
 * bar is drawn, whole or in parts, on some page. A row taller than a page gets a page of its own.
 *
 * @example tileGantt({ rowHeights: [22, 22, 22], timelineWidth: 1500, nameWidth: 200, page: { width: 1000, height: 140 }, headerHeight: 92 })
 * // two bands (two rows, then one) of two slices: [0, 800) and [800, 1500)
 */
export function tileGantt({
  rowHeights,
  timelineWidth,
  nameWidth,
  page,
  headerHeight,
}: {
  rowHeights: readonly number[];
  timelineWidth: number;
  nameWidth: number;
  page: { width: number; height: number };
  /** The page header and the timeline's header, repeated on every page. */
  headerHeight: number;
}): GanttTiling {
  const sliceWidth = Math.max(40, page.width - nameWidth);
  const bandHeight = Math.max(1, page.height - headerHeight);
  const slices: [number, number][] = [];
  for (let x = 0; x < timelineWidth || slices.length === 0; x += sliceWidth) {
    slices.push([x, Math.min(timelineWidth, x + sliceWidth)]);
  }
  const bands: [number, number][] = [];
  let from = 0;
  let height = 0;
  rowHeights.forEach((rowHeight, index) => {
    if (index > from && height + rowHeight > bandHeight) {
      bands.push([from, index]);
      from = index;
      height = 0;
    }
    height += rowHeight;
  });
  if (from < rowHeights.length || bands.length === 0) bands.push([from, rowHeights.length]);
  const tiles: GanttTile[] = [];
  for (const [rowFrom, rowTo] of bands) {
    for (const [x0, x1] of slices) tiles.push({ rowFrom, rowTo, x0, x1 });
  }
  return { tiles, across: slices.length, down: bands.length };
}

/**
 * The parts of a bar each page draws: the pages of its row's band whose slice it reaches, with the
 * part of it inside. Consecutive parts meet, so the bar continues from one page on the next.
 * @example barOnPages({ row: 0, left: 700, width: 200 }, tiling.tiles) // [{ page: 0, from: 700, to: 800 }, { page: 1, from: 800, to: 900 }]
 */
export function barOnPages(
  bar: { row: number; left: number; width: number },
  tiles: readonly GanttTile[],
): { page: number; from: number; to: number }[] {
  const parts: { page: number; from: number; to: number }[] = [];
  tiles.forEach((tile, page) => {
    if (bar.row < tile.rowFrom || bar.row >= tile.rowTo) return;
    const from = Math.max(bar.left, tile.x0);
    const to = Math.min(bar.left + bar.width, tile.x1);
    if (to > from || (bar.width === 0 && bar.left >= tile.x0 && bar.left < tile.x1))
      parts.push({ page, from, to });
  });
  return parts;
}

export type GraphArea = { x: number; y: number; width: number; height: number };

/**
 * The pages of the graph: all of it shrunk onto one page (never enlarged), or cut at its own size
 * into a grid of page-sized parts, across then down.
 * @example tileGraph({ x: 0, y: 0, width: 3000, height: 1000 }, { width: 1000, height: 700 }, "fit").scale // 0.333...
 */
export function tileGraph(
  bounds: GraphArea,
  page: { width: number; height: number },
  mode: "fit" | "tile",
): { areas: GraphArea[]; scale: number; across: number; down: number } {
  if (mode === "fit") {
    const scale = Math.min(1, page.width / bounds.width, page.height / bounds.height);
    return { areas: [bounds], scale, across: 1, down: 1 };
  }
  const across = Math.max(1, Math.ceil(bounds.width / page.width));
  const down = Math.max(1, Math.ceil(bounds.height / page.height));
  const areas: GraphArea[] = [];
  for (let row = 0; row < down; row++) {
    for (let column = 0; column < across; column++) {
      const x = bounds.x + column * page.width;
      const y = bounds.y + row * page.height;
      areas.push({
        x,
        y,
        width: Math.min(page.width, bounds.x + bounds.width - x),
        height: Math.min(page.height, bounds.y + bounds.height - y),
      });
    }
  }
  return { areas, scale: 1, across, down };
}

/**
 * The largest side of a picture, in pixels: what Chromium's and Firefox's canvases hold. A
 * 1,000-task Gantt chart is about 36,000 px tall, so a smaller side would shrink its names past
 * reading; a browser that holds less says so (svgToPng's "too large" message).
 */
export const MAX_PICTURE_SIDE = 32_767;
/**
 * The most pixels in a picture: 50 million (200 MB of canvas), well under the 268 million a
 * browser's canvas may hold, so the PNG is drawn and compressed in seconds, not minutes.
 */
export const MAX_PICTURE_PIXELS = 50_000_000;

/**
 * The scale a picture is drawn at: twice its size for sharp screens, less when that would pass
 * MAX_PICTURE_SIDE or MAX_PICTURE_PIXELS (`reduced`).
 * @example pictureScale(1000, 500) // { scale: 2, reduced: false }
 * @example pictureScale(1000, 40000) // { scale: 0.819175, reduced: true }
 */
export function pictureScale(width: number, height: number, wanted = 2): { scale: number; reduced: boolean } {
  const scale = Math.min(
    wanted,
    MAX_PICTURE_SIDE / Math.max(1, width),
    MAX_PICTURE_SIDE / Math.max(1, height),
    Math.sqrt(MAX_PICTURE_PIXELS / Math.max(1, width * height)),
  );
  return { scale, reduced: scale < wanted };
}

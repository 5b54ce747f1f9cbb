// The pages of a print: the Gantt chart tiled (rows down, the timeline across, the task column and
// headers on every page), or the graph fitted or tiled, each page an SVG document whose names are
// text. Printed in the light theme's colours: paper is white.

import type { PlanData } from "./chart-pictures";
import { pictureHeader, statusDayOf } from "./chart-pictures";
import { LIGHT_PALETTE } from "./export-palette";
import { ganttLayout, PAPER_ROWS, scaleToFit } from "./gantt-layout";
import { ganttSvg, TIMELINE_HEADER_HEIGHT } from "./gantt-svg";
import { graphLayout } from "./graph-layout";
import { graphSvg } from "./graph-svg";
import { PICTURE_HEADER_HEIGHT } from "./picture-header";
import { type Orientation, type PaperSize, printableArea, tileGantt, tileGraph } from "./print-tiling";

/** The printed Gantt chart's task column. */
export const PRINT_NAME_WIDTH = 220;
/** The timeline is printed at the finest scale that keeps it within this many pages across. */
const MOST_PAGES_ACROSS = 3;

export type PrintOptions = {
  paper: PaperSize;
  orientation: Orientation;
  /** The Gantt chart's dates, first and last day shown. */
  range?: { start: Date; end: Date };
  /** The graph: all on one page, or cut across pages at its own size. */
  graphMode?: "fit" | "tile";
};

const pageWords = (index: number, count: number) => `Page ${index + 1} of ${count}`;

/** The Gantt chart's pages, in reading order (across a band of rows, then down). */
export function ganttPages(data: PlanData, options: PrintOptions, now: Date): string[] {
  const page = printableArea(options.paper, options.orientation);
  const range = options.range;
  const scale = range ? scaleToFit(range, (page.width - PRINT_NAME_WIDTH) * MOST_PAGES_ACROSS) : "months";
  const layout = ganttLayout({
    ...data,
    now,
    statusDay: statusDayOf(data.project, now),
    scale,
    rowSizes: PAPER_ROWS,
    range: range ? { start: range.start, end: range.end } : null,
  });
  const { tiles } = tileGantt({
    rowHeights: layout.rows.map((row) => row.height),
    timelineWidth: layout.width,
    nameWidth: PRINT_NAME_WIDTH,
    page,
    headerHeight: PICTURE_HEADER_HEIGHT + TIMELINE_HEADER_HEIGHT,
  });
  const header = pictureHeader(data.project, "Printed", now);
  return tiles.map((frame, index) =>
    ganttSvg(layout, {
      palette: LIGHT_PALETTE,
      header: { ...header, page: pageWords(index, tiles.length) },
      nameWidth: PRINT_NAME_WIDTH,
      frame,
      idPrefix: `gantt-page-${index}`,
    }),
  );
}

/** The graph's pages: one fitted, or the parts it is cut into, across then down. */
export function graphPages(data: PlanData, options: PrintOptions, now: Date): string[] {
  const page = printableArea(options.paper, options.orientation);
  const layout = graphLayout({ ...data, thisYear: now.getFullYear() });
  const room = { width: page.width, height: page.height - PICTURE_HEADER_HEIGHT };
  const { areas, scale } = tileGraph(layout.bounds, room, options.graphMode ?? "fit");
  const header = pictureHeader(data.project, "Printed", now);
  return areas.map((area, index) =>
    graphSvg(layout, {
      palette: LIGHT_PALETTE,
      header: { ...header, page: pageWords(index, areas.length) },
      area,
      scale,
      idPrefix: `graph-page-${index}`,
    }),
  );
}

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  barOnPages,
  MAX_PICTURE_PIXELS,
  MAX_PICTURE_SIDE,
  PAPER_SIZES,
  pageRule,
  pictureScale,
  printableArea,
  tileGantt,
  tileGraph,
} from "./print-tiling";

describe("paper", () => {
  it("turns the page for landscape and keeps the margins inside it", () => {
    const portrait = printableArea("A4", "portrait");
    const landscape = printableArea("A4", "landscape");
    expect(landscape.width).toBe(portrait.height);
    expect(landscape.height).toBe(portrait.width);
    // 277 mm less a few pixels of safety.
    expect(landscape.width).toBeGreaterThan(1030);
    expect(landscape.width).toBeLessThan(1047);
    expect(pageRule("A4", "landscape")).toBe("@page { size: 297mm 210mm; margin: 10mm; }");
  });

  it("knows every paper size offered", () => {
    for (const paper of PAPER_SIZES) expect(printableArea(paper, "portrait").width).toBeGreaterThan(600);
  });
});

describe("tileGantt", () => {
  const page = { width: 1000, height: 140 };

  it("cuts whole rows into bands and the timeline into slices beside the task column", () => {
    const tiling = tileGantt({
      rowHeights: [22, 22, 22],
      timelineWidth: 1500,
      nameWidth: 200,
      page,
      headerHeight: 92,
    });
    expect(tiling).toEqual({
      across: 2,
      down: 2,
      tiles: [
        { rowFrom: 0, rowTo: 2, x0: 0, x1: 800 },
        { rowFrom: 0, rowTo: 2, x0: 800, x1: 1500 },
        { rowFrom: 2, rowTo: 3, x0: 0, x1: 800 },
        { rowFrom: 2, rowTo: 3, x0: 800, x1: 1500 },
      ],
    });
  });

  it("gives a row taller than a page a page of its own, and an empty chart one page", () => {
    expect(
      tileGantt({ rowHeights: [500, 22], timelineWidth: 10, nameWidth: 200, page, headerHeight: 92 }).down,
    ).toBe(2);
    expect(
      tileGantt({ rowHeights: [], timelineWidth: 0, nameWidth: 200, page, headerHeight: 92 }).tiles,
    ).toHaveLength(1);
  });

  it("puts every row on exactly one band, every bar on pages whose parts join up to the whole bar", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(20, 22, 48), { minLength: 1, maxLength: 120 }),
        fc.integer({ min: 1, max: 6000 }),
        fc.array(
          fc.record({
            row: fc.nat(),
            left: fc.integer({ min: 0, max: 5900 }),
            width: fc.integer({ min: 10, max: 3000 }),
          }),
          {
            maxLength: 40,
          },
        ),
        (rowHeights, timelineWidth, bars) => {
          const tiling = tileGantt({
            rowHeights,
            timelineWidth,
            nameWidth: 240,
            page: { width: 1043, height: 714 },
            headerHeight: 92,
          });
          // Each row on the pages of one band: `across` pages.
          for (let row = 0; row < rowHeights.length; row++) {
            const pages = tiling.tiles.filter((tile) => row >= tile.rowFrom && row < tile.rowTo);
            expect(pages).toHaveLength(tiling.across);
          }
          for (const bar of bars) {
            const placed = { ...bar, row: bar.row % rowHeights.length };
            const end = Math.min(placed.left + placed.width, timelineWidth);
            if (placed.left >= end) continue;
            const parts = barOnPages(placed, tiling.tiles);
            // The parts run from the bar's start to its end (within the timeline) with no gap.
            expect(parts[0].from).toBe(placed.left);
            expect(parts[parts.length - 1].to).toBe(end);
            for (let at = 1; at < parts.length; at++) expect(parts[at].from).toBe(parts[at - 1].to);
          }
        },
      ),
    );
  });

  it("repeats the names: every page of a band holds all the band's rows", () => {
    const tiling = tileGantt({
      rowHeights: Array.from({ length: 500 }, () => 22),
      timelineWidth: 1600,
      nameWidth: 240,
      page: printableArea("A4", "landscape"),
      headerHeight: 92,
    });
    expect(tiling.across).toBe(2);
    for (let at = 0; at < tiling.tiles.length; at += tiling.across) {
      const band = tiling.tiles.slice(at, at + tiling.across);
      expect(new Set(band.map((tile) => `${tile.rowFrom}-${tile.rowTo}`)).size).toBe(1);
    }
    expect(tiling.tiles[tiling.tiles.length - 1].rowTo).toBe(500);
  });
});

describe("tileGraph", () => {
  const bounds = { x: -50, y: 10, width: 2500, height: 1000 };

  it("shrinks the plan onto one page, never enlarging it", () => {
    expect(tileGraph(bounds, { width: 1000, height: 700 }, "fit").scale).toBeCloseTo(0.4);
    expect(
      tileGraph({ x: 0, y: 0, width: 100, height: 100 }, { width: 1000, height: 700 }, "fit").scale,
    ).toBe(1);
  });

  it("cuts it into page-sized parts that cover it exactly", () => {
    const { areas, across, down } = tileGraph(bounds, { width: 1000, height: 700 }, "tile");
    expect([across, down]).toEqual([3, 2]);
    expect(areas.reduce((total, area) => total + area.width * area.height, 0)).toBe(2500 * 1000);
    expect(areas[2]).toEqual({ x: 1950, y: 10, width: 500, height: 700 });
  });
});

describe("pictureScale", () => {
  it("draws twice the size unless a canvas cannot hold it", () => {
    expect(pictureScale(1000, 500)).toEqual({ scale: 2, reduced: false });
    // A 1,000-task Gantt chart's height: held by the side's limit.
    expect(pictureScale(1000, 40_000)).toEqual({ scale: MAX_PICTURE_SIDE / 40_000, reduced: true });
    expect(MAX_PICTURE_SIDE / 40_000).toBeCloseTo(0.819, 3);
    const big = pictureScale(12_000, 12_000);
    expect((12_000 * big.scale) ** 2 / MAX_PICTURE_PIXELS).toBeCloseTo(1, 6);
    expect(big.reduced).toBe(true);
  });
});

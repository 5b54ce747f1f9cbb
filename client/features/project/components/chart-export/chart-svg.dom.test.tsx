// The pictures as XML: parsed (in jsdom), so a name that breaks the markup fails here.
import { dependencyDto, taskDto } from "@core/testing/dto-factories";
import { describe, expect, it } from "vitest";
import { type ExportPalette, LIGHT_PALETTE, mix } from "./export-palette";
import { ganttLayout } from "./gantt-layout";
import { ganttSvg } from "./gantt-svg";
import { graphLayout } from "./graph-layout";
import { graphSvg } from "./graph-svg";
import type { PictureHeader } from "./picture-header";

const NASTY = `Tom & "Jerry's" <script>alert(1)</script>`;
const header: PictureHeader = {
  projectName: "Move <house> & co",
  madeAt: new Date(2026, 4, 13),
  verb: "Exported",
  statusDay: "2026-05-12",
  statusDateSet: true,
};
const day = (date: number) => new Date(2026, 4, date).toISOString();
const tasks = Array.from({ length: 40 }, (_, index) =>
  taskDto({
    id: index + 1,
    name: index === 3 ? NASTY : `Task ${index + 1}`,
    startDate: day(1 + (index % 20)),
    dueDate: day(3 + (index % 20)),
    order: index,
    positionX: (index % 8) * 320,
    positionY: Math.floor(index / 8) * 160,
  }),
);
const dependencies = tasks.slice(1).map((task, index) => dependencyDto(index + 1, index + 1, task.id));

/** The dark theme's colours as the browser resolves them (read-palette.ts), and its bar tints. */
const DARK_PALETTE: ExportPalette = {
  ...LIGHT_PALETTE,
  background: "#020618",
  card: "#0f172b",
  foreground: "#f8fafc",
  primary: "#7c86ff",
  graphEdge: "#62748e",
  status: { ...LIGHT_PALETTE.status, todo: { fill: "#1d293d", text: "#9eadc2" } },
  barTints: { ...LIGHT_PALETTE.barTints, plain: 0.18 },
};

function parse(svg: string): Document {
  const document = new DOMParser().parseFromString(svg, "image/svg+xml");
  expect(document.getElementsByTagName("parsererror")[0]?.textContent ?? "").toBe("");
  return document;
}

describe("ganttSvg", () => {
  const layout = ganttLayout({
    tasks,
    dependencies,
    categories: [],
    now: new Date(2026, 4, 13),
    statusDay: "2026-05-12",
    scale: "days",
  });

  it("draws one bar per task and every name as text, escaped", () => {
    const document = parse(ganttSvg(layout, { palette: LIGHT_PALETTE, header, nameWidth: 240 }));
    expect(document.querySelectorAll("[data-chart] g[data-task]")).toHaveLength(40);
    const names = [...document.querySelectorAll("[data-task-names] text[data-task]")].map(
      (text) => text.textContent,
    );
    expect(names).toHaveLength(40);
    expect(names).toContain(NASTY);
    expect(document.querySelector("svg")?.textContent).toContain("Move <house> & co");
    expect(document.querySelectorAll("[data-arrows] > path")).toHaveLength(39);
  });

  it("draws a frame of the chart: only its rows, the task column with them", () => {
    const document = parse(
      ganttSvg(layout, {
        palette: LIGHT_PALETTE,
        header: { ...header, page: "Page 2 of 4" },
        nameWidth: 240,
        frame: { rowFrom: 10, rowTo: 20, x0: 200, x1: 600 },
      }),
    );
    expect(document.querySelectorAll("[data-task-names] text[data-task]")).toHaveLength(10);
    expect(document.querySelector("svg")?.getAttribute("width")).toBe(String(240 + 400));
    expect(document.querySelector("svg")?.textContent).toContain("Page 2 of 4");
  });

  it("draws in the palette given: a bar without a category takes the theme's share of the primary", () => {
    const document = parse(ganttSvg(layout, { palette: DARK_PALETTE, header: null, nameWidth: 240 }));
    const bar = document.querySelector('[data-chart] g[data-task="1"] rect');
    expect(bar?.getAttribute("fill")).toBe(mix("#7c86ff", 0.18, "#020618"));
    expect(document.documentElement.querySelector(":scope > rect")?.getAttribute("fill")).toBe("#0f172b");
  });
});

describe("graphSvg", () => {
  it("draws one card per task with its name, an arrow per dependency", () => {
    const layout = graphLayout({ tasks, dependencies, categories: [], thisYear: 2026 });
    const document = parse(graphSvg(layout, { palette: LIGHT_PALETTE, header }));
    const cards = document.querySelectorAll("g[data-task]");
    expect(cards).toHaveLength(40);
    expect([...cards].map((card) => card.querySelector("title")?.textContent)).toContain(NASTY);
    expect(document.querySelectorAll("[data-arrows] > path")).toHaveLength(39);
  });

  it("draws only the cards in a page's area", () => {
    const layout = graphLayout({ tasks, dependencies, categories: [], thisYear: 2026 });
    const document = parse(
      graphSvg(layout, {
        palette: LIGHT_PALETTE,
        header: null,
        area: { x: -10, y: -10, width: 300, height: 150 },
      }),
    );
    expect(document.querySelectorAll("g[data-task]")).toHaveLength(1);
  });

  it("draws the arrows and the status headers in the theme's tokens", () => {
    const layout = graphLayout({ tasks, dependencies, categories: [], thisYear: 2026 });
    const document = parse(graphSvg(layout, { palette: DARK_PALETTE, header }));
    expect(document.querySelector("[data-arrows]")?.getAttribute("stroke")).toBe("#62748e");
    // The first task waits for nothing and is not started: "To Do", as the card's header tints it.
    const [headerFill, statusText] = [
      ...(document.querySelector('g[data-task="1"]')?.querySelectorAll("path, text") ?? []),
    ];
    expect(headerFill.getAttribute("fill")).toBe("#1d293d");
    expect(statusText.textContent).toBe("TO DO");
    expect(statusText.getAttribute("fill")).toBe("#9eadc2");
  });
});

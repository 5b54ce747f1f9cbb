// Printing and pictures (docs/spec/print-and-export.md). A 500-task Gantt chart over a year printed
// to PDF on A4 landscape through Chromium: every task name is in the PDF's text, each page carries
// the header, and every bar cut at a page's right edge goes on across the next page. The Gantt
// chart and the graph saved as SVG (every task in it) and PNG (as large as the whole plan), and the
// graph of 1,000 tasks saved as a PNG, its time logged.
import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { dependencies, tasks } from "../server/db/schema";
import { setupBrowserApp } from "./fixtures";
import { type LargeLeaf, seedLargePlan } from "./large-plan-seeding";
import { createProjectViaApi } from "./seeding";

const { app, signedInPage } = setupBrowserApp();

const MENU = "Print and export";

/** Dates spread over a year from today, five days each; cards on a grid 320 by 200 apart. */
async function spreadPlan(projectId: number, columns = 25) {
  await app.database.db.execute(sql`
    update ${tasks} set
      start_date = now() + (((t.n - 1) * 365 / t.total) || ' days')::interval,
      due_date = now() + (((t.n - 1) * 365 / t.total + 5) || ' days')::interval,
      position_x = ((t.n - 1) % ${columns}) * 320,
      position_y = ((t.n - 1) / ${columns}) * 200
    from (select id, row_number() over (order by "order") as n, count(*) over () as total
          from ${tasks} where project_id = ${projectId}) t
    where ${tasks.id} = t.id`);
}

/** A chain along each row of the grid. */
async function chainRows(projectId: number, leaves: LargeLeaf[], columns = 25) {
  const links = leaves.flatMap((leaf, index) =>
    index % columns === columns - 1 || index + 1 >= leaves.length
      ? []
      : [{ projectId, sourceTaskId: leaf.id, targetTaskId: leaves[index + 1].id }],
  );
  for (let at = 0; at < links.length; at += 1000) {
    await app.database.db.insert(dependencies).values(links.slice(at, at + 1000));
  }
}

async function seededPlan(name: string, count: number) {
  const { context, page } = await signedInPage();
  const project = await createProjectViaApi(context, name);
  const { leaves } = await seedLargePlan(app, project.id, { tasks: count });
  await spreadPlan(project.id);
  await chainRows(project.id, leaves);
  return { page, project, leaves };
}

/** "Task 12" and not "Task 123". */
const nameIn = (text: string, name: string) => new RegExp(`${name}(?!\\d)`).test(text);

async function pdfPages(pdf: Buffer): Promise<string[]> {
  const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const document = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    // Runs on one line are joined by a space, lines by a newline.
    pages.push(
      content.items.map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : " ") : "")).join(""),
    );
  }
  return pages;
}

async function openMenuItem(page: Page, item: string) {
  await page.getByRole("button", { name: MENU }).click();
  await page.getByRole("menuitem", { name: item }).click();
}

/** The width and height a PNG's header gives (IHDR, after the 8-byte signature). */
function pngSize(file: Buffer) {
  expect(file.subarray(1, 4).toString("latin1")).toBe("PNG");
  return { width: file.readUInt32BE(16), height: file.readUInt32BE(20) };
}

/** What the browser reads in an SVG file: its size, its tasks' ids and the text of each. */
const readSvg = (page: Page, svg: string) =>
  page.evaluate((source) => {
    const document = new DOMParser().parseFromString(source, "image/svg+xml");
    const root = document.documentElement;
    return {
      error: document.querySelector("parsererror")?.textContent ?? null,
      width: Number(root.getAttribute("width")),
      height: Number(root.getAttribute("height")),
      text: root.textContent ?? "",
      bars: document.querySelectorAll("g[data-task]").length,
    };
  }, svg);

async function saved(page: Page, item: string) {
  const [download] = await Promise.all([
    page.waitForEvent("download", { timeout: 120_000 }),
    openMenuItem(page, item),
  ]);
  return { name: download.suggestedFilename(), file: readFileSync((await download.path()) as string) };
}

describe("printing and pictures", () => {
  it("prints a 500-task Gantt chart over a year on A4 landscape with every name and no bar lost at a page edge", async () => {
    const { page, project, leaves } = await seededPlan("Year plan", 500);
    // The system print dialog cannot be clicked: window.print only notes that it was asked for.
    await page.addInitScript(() => {
      window.print = () => {
        document.documentElement.dataset.printed = "true";
      };
    });
    await page.goto(`/projects/${project.slug}/gantt`);
    await page.locator("[data-gantt-bar]").first().waitFor();
    await openMenuItem(page, "Print / PDF…");
    const dialog = page.getByRole("dialog", { name: "Print / PDF" });
    await dialog.getByLabel("Paper size").selectOption("A4");
    await dialog.getByLabel("Orientation").selectOption("landscape");
    await dialog.getByRole("button", { name: "Print" }).click();
    await page.locator("html[data-printed]").waitFor({ state: "attached" });
    const pageCount = Number(await page.locator(".print-root").getAttribute("data-print-pages"));
    expect(pageCount).toBeGreaterThan(1);

    // Every bar crossing a page's right edge is on the next page too (the same band of rows).
    const lost = await page.evaluate(() => {
      const pages = [...document.querySelectorAll(".print-page")];
      const barsOn = (page: Element) => {
        const chart = page.querySelector("svg[data-chart]");
        const [x0, , width] = (chart?.getAttribute("viewBox") ?? "0 0 0 0").split(" ").map(Number);
        const bars = [...(chart?.querySelectorAll("g[data-task]") ?? [])].map((group) => {
          const rect = group.querySelector("rect");
          return {
            id: group.getAttribute("data-task"),
            right: Number(rect?.getAttribute("x")) + Number(rect?.getAttribute("width")),
          };
        });
        return { x1: x0 + width, bars };
      };
      const drawn = pages.map(barsOn);
      const missing: string[] = [];
      drawn.forEach((page, index) => {
        for (const bar of page.bars) {
          if (bar.right <= page.x1 + 0.5) continue;
          const next = drawn[index + 1];
          if (!next?.bars.some((other) => other.id === bar.id))
            missing.push(`${bar.id} on page ${index + 1}`);
        }
      });
      return missing;
    });
    expect(lost).toEqual([]);

    await page.emulateMedia({ media: "print" });
    const pdf = await page.pdf({
      format: "A4",
      landscape: true,
      preferCSSPageSize: true,
      printBackground: true,
    });
    const pages = await pdfPages(pdf);
    expect(pages).toHaveLength(pageCount);
    const text = pages.join("\n");
    const absent = leaves.filter((leaf) => !nameIn(text, leaf.name)).map((leaf) => leaf.name);
    expect(absent).toEqual([]);
    for (const [index, pageText] of pages.entries()) {
      expect(pageText).toContain("Year plan");
      expect(pageText).toContain(`Page ${index + 1} of ${pageCount}`);
      expect(pageText).toMatch(/Printed \w{3} \d{1,2}, \d{4}/);
      expect(pageText).toContain("Status date");
    }
  });

  it("saves the Gantt chart and the graph as SVG and PNG, the whole plan in each", async () => {
    const { page, project, leaves } = await seededPlan("Pictures", 60);
    for (const view of ["gantt", "graph"] as const) {
      await page.goto(`/projects/${project.slug}/${view}`);
      await page.getByRole("button", { name: MENU }).waitFor();

      const svg = await saved(page, "Save as SVG");
      expect(svg.name).toBe(`${project.slug}-${view}.svg`);
      const read = await readSvg(page, svg.file.toString("utf8"));
      expect(read.error).toBeNull();
      // One group per task: the Gantt chart's bars, the graph's cards.
      expect(read.bars).toBe(leaves.length);
      for (const leaf of leaves) expect(nameIn(read.text, leaf.name), leaf.name).toBe(true);
      expect(read.text).toContain("Pictures");

      const png = await saved(page, "Save as PNG");
      expect(png.name).toBe(`${project.slug}-${view}.png`);
      // Twice the SVG's size: the whole plan, not the part on screen.
      expect(pngSize(png.file)).toEqual({
        width: Math.floor(read.width * 2),
        height: Math.floor(read.height * 2),
      });
    }
  });

  it("saves the graph of a 1,000-task plan as a PNG", async () => {
    const { page, project } = await seededPlan("Big graph", 1000);
    await page.goto(`/projects/${project.slug}/graph`);
    await page.getByRole("button", { name: MENU }).waitFor();
    const started = Date.now();
    const png = await saved(page, "Save as PNG");
    const elapsed = Date.now() - started;
    const { width, height } = pngSize(png.file);
    // The grid is 8,000 px square: drawn whole, a little under its size to stay within 50 million pixels.
    expect(width).toBeGreaterThan(6000);
    expect(height).toBeGreaterThan(6000);
    const measured = await page.evaluate(
      (name) => performance.getEntriesByName(`picture:${name}`)[0]?.duration ?? null,
      png.name,
    );
    console.log(
      `graph PNG of 1,000 tasks: ${width} x ${height} px, ${Math.round(measured ?? -1)} ms in the page, ${elapsed} ms to the download`,
    );
  });
});

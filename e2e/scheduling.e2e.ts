// Scheduling as a person does it: the project's calendar with a holiday, durations in the task
// dialog, an SS +2d link made and set in the graph, the Gantt's typed arrows and milestone diamond,
// and a dragged prerequisite that moves its dependents while held, and whose preview names what
// moves before it is applied.
import { addDays, format, nextMonday } from "date-fns";
import { describe, expect, it } from "vitest";
import { screenshot, setupBrowserApp } from "./fixtures";
import { bar, dragBy } from "./gantt-kanban-fixtures";
import { card, drag, openGraph, tool } from "./graph-fixtures";
import { expectToast } from "./page-checks";
import { createDependencyViaApi, createProjectViaApi, createTaskViaApi } from "./seeding";

const { signedInPage } = setupBrowserApp();

type Scheduled = {
  id: number;
  name: string;
  duration: number | null;
  schedule: { start: string; finish: string; totalFloat: number; critical: boolean } | null;
};

const day = (date: Date) => format(date, "yyyy-MM-dd");

describe("scheduling", () => {
  it("sets durations and a holiday, links SS +2d in the graph, draws the arrows and the diamond, and previews a drag", async () => {
    const { context, page } = await signedInPage({ width: 1440, height: 900 });
    const project = await createProjectViaApi(context, "House");
    const foundation = await createTaskViaApi(context, project.id, "Foundation", {
      positionX: 0,
      positionY: 0,
    });
    const framing = await createTaskViaApi(context, project.id, "Framing", { positionX: 380, positionY: 0 });
    const handover = await createTaskViaApi(context, project.id, "Handover", {
      positionX: 760,
      positionY: 0,
    });
    await createDependencyViaApi(context, framing, handover);
    const scheduled = async () =>
      (await (await context.request.get(`/api/projects/${project.id}`)).json()) as {
        tasks: Scheduled[];
        schedule: { finish: string | null };
      };
    const scheduleOf = async (id: number) =>
      (await scheduled()).tasks.find((task) => task.id === id)?.schedule;

    // The calendar: starting on a Monday, with that Wednesday a holiday.
    const monday = nextMonday(new Date());
    const holiday = addDays(monday, 2);
    await page.goto(`/projects/${project.slug}/list`);
    await page.getByRole("button", { name: "Project menu" }).click();
    await page.getByRole("menuitem", { name: "Schedule Settings" }).click();
    const settings = page.getByRole("dialog", { name: "Schedule Settings" });
    await settings.getByLabel("Project start date").fill(day(monday));
    await settings.getByLabel("Holidays", { exact: true }).fill(day(holiday));
    await settings.getByRole("button", { name: "Add holiday" }).click();
    await expect.poll(() => settings.getByRole("button", { name: /^Remove holiday/ }).count()).toBe(1);
    await settings.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Schedule settings saved");

    // Durations, typed in the task dialog: 3 working days, 4, and a milestone. Framing's 4 days
    // move the project's finish past Foundation's, which the preview asks about first.
    const preview = page.getByRole("alertdialog", { name: "Apply this schedule change?" });
    for (const [task, duration, asks] of [
      [foundation, "3", false],
      [framing, "4", true],
      [handover, "0", false],
    ] as const) {
      await page.getByRole("button", { name: task.name, exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Edit Task" });
      await dialog.getByLabel("Duration (working days)").fill(duration);
      await dialog.getByRole("button", { name: "Update" }).click();
      if (asks) {
        await expect.poll(() => preview.isVisible()).toBe(true);
        expect(await preview.getByTestId("schedule-preview").textContent()).toMatch(
          /^This moves 1 task; the project now finishes .+ \(was .+\)\.$/,
        );
        // Apply has the focus: Enter applies the change the user made (Cancel is a choice).
        await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Apply");
        await page.keyboard.press("Enter");
      }
      await expect.poll(() => dialog.isVisible()).toBe(false);
    }
    // Foundation works Monday, Tuesday and, past the holiday, Thursday.
    await expect.poll(async () => (await scheduleOf(foundation.id))?.finish).toBe(day(addDays(monday, 3)));
    expect(await scheduleOf(foundation.id)).toMatchObject({ start: day(monday) });

    // In the graph: connect Foundation to Framing, then make it start-to-start with 2 days of lag.
    await openGraph(page, project.slug, "Foundation");
    await tool(page, "Add connection").click();
    await drag(page, card(page, "Foundation"), card(page, "Framing"));
    // The link moves Framing after Foundation: the preview asks first.
    await expect.poll(() => preview.isVisible()).toBe(true);
    await preview.getByRole("button", { name: "Apply" }).click();
    await expect.poll(() => page.locator(".react-flow__edge").count()).toBe(2);
    await tool(page, "Select and move").click();
    const edge = page.locator('.react-flow__edge[aria-label="Foundation blocks Framing"]');
    await edge.dblclick({ force: true });
    const dependencyDialog = page.getByRole("dialog", { name: "Dependency" });
    await dependencyDialog.getByLabel("Type").selectOption("SS");
    await dependencyDialog.getByLabel("Lag (working days)").fill("2");
    await dependencyDialog.getByRole("button", { name: "Save" }).click();
    // Framing would move: the preview asks first.
    await expect.poll(() => preview.isVisible()).toBe(true);
    await preview.getByRole("button", { name: "Apply" }).click();
    await expect.poll(() => page.getByText("SS +2d").isVisible()).toBe(true);
    // SS +2d from Monday: Framing starts on Thursday (Wednesday is the holiday).
    await expect.poll(async () => (await scheduleOf(framing.id))?.start).toBe(day(addDays(monday, 3)));

    // The Gantt draws the SS arrow start to start, labelled, and the milestone as a diamond.
    await page.goto(`/projects/${project.slug}/gantt`);
    await page.getByLabel("Zoom").focus();
    await page.keyboard.press("End");
    await expect.poll(() => bar(page, foundation.id).isVisible()).toBe(true);
    expect(await page.locator('[data-dependency-type="SS"]').count()).toBe(1);
    expect(await page.locator('[data-dependency-type="FS"]').count()).toBe(1);
    expect(await page.locator("[data-gantt-arrow-label]").allTextContents()).toEqual(["SS +2d"]);
    expect(await bar(page, handover.id).getAttribute("data-bar-kind")).toBe("milestone");
    await screenshot(page, "gantt-scheduled");

    // Dragging Foundation two days later moves Framing and Handover too: the preview names them.
    const finishBefore = (await scheduled()).schedule.finish;
    const framingBefore = await bar(page, framing.id).boundingBox();
    await dragBy(page, bar(page, foundation.id), 80, 0, async () => {
      // While the button is held, Framing already moves where the drop will put it.
      await expect.poll(() => bar(page, framing.id).getAttribute("data-moved-by-drag")).toBe("true");
      const framingHeld = await bar(page, framing.id).boundingBox();
      expect(framingHeld?.x).toBeGreaterThan((framingBefore?.x ?? 0) + 20);
      await screenshot(page, "gantt-drag-moves-dependents");
    });
    await expect.poll(() => preview.isVisible()).toBe(true);
    const summary = await preview.getByTestId("schedule-preview").textContent();
    expect(summary).toMatch(/^This moves 3 tasks; the project now finishes /);
    // Each moved task with the chain that moved it: the dragged one by its new start, the others
    // after it, link by link.
    const moves = preview.getByTestId("schedule-preview-moves").locator("span");
    expect(await moves.allTextContents()).toEqual([
      "Foundation",
      "Framing, after Foundation",
      expect.stringMatching(/^Handover, after Foundation( → Framing)?$/),
    ]);
    await preview.getByRole("button", { name: "Apply" }).click();
    await expect.poll(async () => (await scheduleOf(foundation.id))?.start).toBe(day(addDays(monday, 3)));
    const after = await scheduled();
    expect(after.schedule.finish).not.toBe(finishBefore);
    expect(after.tasks.find((task) => task.id === framing.id)?.schedule?.start).toBe(day(addDays(monday, 7)));
    await context.close();
  });

  it("keeps a holiday typed and never added: Enter adds it, Save includes it, a half-typed one is named", async () => {
    const { context, page } = await signedInPage({ width: 1440, height: 900 });
    const project = await createProjectViaApi(context, "Office move");
    const holidaysNow = async () =>
      (
        (await (await context.request.get(`/api/projects/${project.id}`)).json()) as {
          project: { holidays: string[] };
        }
      ).project.holidays;
    const openSettings = async () => {
      await page.getByRole("button", { name: "Project menu" }).click();
      await page.getByRole("menuitem", { name: "Schedule Settings" }).click();
      return page.getByRole("dialog", { name: "Schedule Settings" });
    };
    await page.goto(`/projects/${project.slug}/list`);
    let settings = await openSettings();
    // The field (the list of holidays is labelled "Holidays" too).
    const field = settings.locator("input").and(settings.getByLabel("Holidays", { exact: true }));
    // Enter in the field adds the date and keeps the dialog open.
    await field.fill("2026-12-24");
    await field.press("Enter");
    await expect.poll(() => settings.getByRole("button", { name: /^Remove holiday/ }).count()).toBe(1);
    expect(await settings.isVisible()).toBe(true);
    expect(await field.inputValue()).toBe("");
    // A second date typed, then Save without "Add holiday": both are saved.
    await field.fill("2026-12-31");
    await settings.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Schedule settings saved");
    expect(await holidaysNow()).toEqual(["2026-12-24", "2026-12-31"]);

    // A date typed halfway: Save says so and keeps the dialog, nothing saved.
    settings = await openSettings();
    await settings
      .locator("input")
      .and(settings.getByLabel("Holidays", { exact: true }))
      .focus();
    await page.keyboard.type("12");
    await settings.getByRole("button", { name: "Save" }).click();
    await expect
      .poll(() => settings.getByRole("alert").textContent())
      .toBe("The holiday typed is not a whole date: finish it, or clear the field.");
    expect(await settings.isVisible()).toBe(true);
    await screenshot(page, "schedule-settings-half-typed-holiday");
    expect(await holidaysNow()).toEqual(["2026-12-24", "2026-12-31"]);
    await context.close();
  });

  it("moves an auto task's due date with a typed start, keeps its duration, and says the start became a constraint", async () => {
    const { context, page } = await signedInPage({ width: 1440, height: 900 });
    const project = await createProjectViaApi(context, "Painting");
    const monday = nextMonday(new Date());
    await context.request.patch(`/api/projects/${project.id}`, { data: { startDate: day(monday) } });
    const task = await createTaskViaApi(context, project.id, "Prime the walls", { duration: 3 });
    await page.goto(`/projects/${project.slug}/list`);
    await page.getByRole("button", { name: task.name, exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Task" });
    await expect
      .poll(() => dialog.getByLabel("Due Date", { exact: true }).inputValue())
      .toBe(day(addDays(monday, 2)));

    // A start a week later, past the old due date: no date-rule error, the due date follows.
    await dialog.getByLabel("Start Date", { exact: true }).fill(day(addDays(monday, 7)));
    await expect
      .poll(() => dialog.getByLabel("Due Date", { exact: true }).inputValue())
      .toBe(day(addDays(monday, 9)));
    expect(await dialog.getByLabel("Start no earlier than", { exact: true }).inputValue()).toBe(
      day(addDays(monday, 7)),
    );
    expect(await dialog.getByRole("status").textContent()).toContain(
      "the start you typed is now its Start no earlier than, and its due date moved with it",
    );
    await screenshot(page, "task-dialog-start-became-constraint");
    await dialog.getByRole("button", { name: "Update" }).click();
    const preview = page.getByRole("alertdialog", { name: "Apply this schedule change?" });
    await expect.poll(async () => (await preview.isVisible()) || !(await dialog.isVisible())).toBe(true);
    if (await preview.isVisible()) await preview.getByRole("button", { name: "Apply" }).click();
    await expect
      .poll(async () => {
        const detail = (await (await context.request.get(`/api/projects/${project.id}`)).json()) as {
          tasks: (Scheduled & { startNoEarlierThan: string | null })[];
        };
        const stored = detail.tasks.find((each) => each.id === task.id);
        return [
          stored?.duration,
          stored?.startNoEarlierThan,
          stored?.schedule?.start,
          stored?.schedule?.finish,
        ];
      })
      .toEqual([3, day(addDays(monday, 7)), day(addDays(monday, 7)), day(addDays(monday, 9))]);
    expect(await dialog.getByText("Due date must be on or after the start date.").count()).toBe(0);
    await context.close();
  });
});

// Constraints as a person meets them (docs/spec/constraints.md): a must-start-on typed in the task
// dialog that a link cannot meet, the conflict and the negative float it makes, the reason in the
// dialog and on the Gantt, and the driving path of the last task followed in the Gantt.
import { describe, expect, it } from "vitest";
import { screenshot, setupBrowserApp } from "./fixtures";
import { bar } from "./gantt-kanban-fixtures";
import { createDependencyViaApi, createProjectViaApi, createTaskViaApi } from "./seeding";

const { signedInPage } = setupBrowserApp();

type Scheduled = {
  id: number;
  constraintType: string;
  constraintDate: string | null;
  schedule: { start: string; totalFloat: number; conflict: boolean; drivenBy: { kind: string } } | null;
};

describe("constraints", () => {
  it("sets a must-start-on against a link, shows the conflict and the negative float, and follows a driving path in the Gantt", async () => {
    const { context, page } = await signedInPage({ width: 1440, height: 900 });
    const project = await createProjectViaApi(context, "House");
    // A Monday start: working days 03-02..06, then 03-09.
    const calendar = await context.request.patch(`/api/projects/${project.id}`, {
      data: { startDate: "2026-03-02" },
    });
    expect(calendar.status()).toBe(200);
    const foundation = await createTaskViaApi(context, project.id, "Pour foundation", { duration: 3 });
    const walls = await createTaskViaApi(context, project.id, "Frame walls", { duration: 2 });
    const roof = await createTaskViaApi(context, project.id, "Raise roof", { duration: 2 });
    await createDependencyViaApi(context, foundation, walls);
    await createDependencyViaApi(context, walls, roof);
    const stored = async (id: number) => {
      const detail = (await (await context.request.get(`/api/projects/${project.id}`)).json()) as {
        tasks: Scheduled[];
      };
      return detail.tasks.find((task) => task.id === id);
    };

    // Frame walls must start on Tuesday 03-03: its prerequisite runs to Wednesday.
    await page.goto(`/projects/${project.slug}/list`);
    await page.getByRole("button", { name: "Frame walls", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Task" });
    expect(await dialog.getByTestId("start-reason").textContent()).toMatch(
      /because it waits for Pour foundation, finish to start/,
    );
    await dialog.getByLabel("Constraint", { exact: true }).selectOption("MSO");
    await dialog.getByLabel("Must start on").fill("2026-03-03");
    await dialog.getByRole("button", { name: "Update" }).click();
    const preview = page.getByRole("alertdialog", { name: "Apply this schedule change?" });
    await expect.poll(() => preview.isVisible()).toBe(true);
    // The roof moves with the walls, through the link from them.
    expect(await preview.getByTestId("schedule-preview-moves").textContent()).toContain(
      "Raise roof, after Frame walls",
    );
    await preview.getByRole("button", { name: "Apply" }).click();
    await expect.poll(async () => (await stored(walls.id))?.schedule?.start).toBe("2026-03-03");
    expect(await stored(walls.id)).toMatchObject({
      constraintType: "MSO",
      constraintDate: "2026-03-03",
      schedule: { conflict: true, drivenBy: { kind: "constraint" } },
    });
    // The foundation would have to finish two days before it does: its float is negative.
    expect((await stored(foundation.id))?.schedule?.totalFloat).toBe(-2);

    // The dialog explains the conflict.
    await page.getByRole("button", { name: "Frame walls", exact: true }).click();
    const conflict = dialog.getByTestId("schedule-conflict");
    await expect.poll(() => conflict.isVisible()).toBe(true);
    expect(await conflict.textContent()).toContain(
      "Must start on Mar 3, 2026, sooner than its prerequisites allow: a link into it is not met.",
    );
    await screenshot(page, "constraints-conflict-dialog");
    await page.keyboard.press("Escape");

    // The Gantt: the foundation late in red, the walls' conflict marked; its mark opens the task.
    await page.goto(`/projects/${project.slug}/gantt`);
    await expect.poll(() => bar(page, foundation.id).getAttribute("data-late")).toBe("true");
    expect(await bar(page, roof.id).getAttribute("data-late")).toBeNull();
    const mark = page.locator(`[data-gantt-conflict="${walls.id}"]`);
    expect(await mark.getAttribute("aria-label")).toMatch(/^Conflict: Must start on Mar 3, 2026/);
    await screenshot(page, "constraints-gantt-conflict");
    await mark.click();
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.isVisible()).toBe(false);

    // The roof's driving path: the roof, then the walls, held by their constraint.
    await page
      .locator('[data-gantt-row] [data-row-control="open"]')
      .filter({ hasText: "Raise roof" })
      .click();
    await dialog.getByRole("button", { name: "Show driving path" }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    const banner = page.locator(`[data-driving-path-banner="${roof.id}"]`);
    await expect.poll(() => banner.textContent()).toContain("Driving path of “Raise roof”: 2 tasks back to");
    expect(await bar(page, roof.id).getAttribute("data-driving-path")).toBe("true");
    expect(await bar(page, walls.id).getAttribute("data-driving-path")).toBe("true");
    expect(await bar(page, foundation.id).getAttribute("data-driving-path")).toBeNull();
    await screenshot(page, "constraints-driving-path");
    await banner.getByRole("button", { name: "Clear" }).click();
    await expect.poll(() => banner.count()).toBe(0);
    expect(await bar(page, roof.id).getAttribute("data-driving-path")).toBeNull();
    await context.close();
  });
});

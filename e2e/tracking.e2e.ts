// Tracking as a person does it (docs/spec/tracking.md): progress recorded in the task dialog and
// shown filled in its Gantt bar, a baseline saved from the Gantt, a task slipped, and the baseline
// compared: its thin bar under each task and the variance in working days; then the plan as it
// stood yesterday, compared the same way.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { screenshot, setupBrowserApp } from "./fixtures";
import { bar } from "./gantt-kanban-fixtures";
import { expectToast } from "./page-checks";
import { createDependencyViaApi, createProjectViaApi, createTaskViaApi } from "./seeding";

const { signedInPage, app } = setupBrowserApp();

type Stored = { id: number; percentComplete: number; actualStart: string | null; completed: boolean };

describe("tracking", () => {
  it("records progress, saves a baseline, slips a task and sees the baseline bar and the variance", async () => {
    const { context, page } = await signedInPage({ width: 1440, height: 900 });
    const project = await createProjectViaApi(context, "Office move");
    // Monday 2026-03-02; a status date on Wednesday.
    const calendar = await context.request.patch(`/api/projects/${project.id}`, {
      data: { startDate: "2026-03-02", statusDate: "2026-03-04" },
    });
    expect(calendar.status()).toBe(200);
    const pack = await createTaskViaApi(context, project.id, "Pack boxes", { duration: 3 });
    const move = await createTaskViaApi(context, project.id, "Move furniture", { duration: 2 });
    await createDependencyViaApi(context, pack, move);
    const stored = async (id: number) => {
      const detail = (await (await context.request.get(`/api/projects/${project.id}`)).json()) as {
        tasks: Stored[];
      };
      return detail.tasks.find((task) => task.id === id);
    };

    // Progress, typed in the dialog: 40 % from the list.
    await page.goto(`/projects/${project.slug}/list`);
    await page.getByRole("button", { name: "Pack boxes", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Task" });
    await dialog.getByLabel("% complete").fill("40");
    await dialog.getByRole("button", { name: "Update" }).click();
    await expectToast(page, "Task updated");
    await expect
      .poll(async () => await stored(pack.id))
      .toMatchObject({ percentComplete: 40, actualStart: "2026-03-02", completed: false });

    // The Gantt fills 40 % of its bar, and marks it behind: two thirds of it were due by Wednesday.
    await page.goto(`/projects/${project.slug}/gantt`);
    const packBar = bar(page, pack.id);
    await expect.poll(() => packBar.locator('[data-gantt-progress="40"]').count()).toBe(1);
    expect(await packBar.getAttribute("data-gantt-late-progress")).toBe("true");
    expect(await page.locator('[data-gantt-status-line="2026-03-04"]').getAttribute("aria-label")).toBe(
      "Status date Mar 4, 2026",
    );

    // A baseline, saved from the Gantt.
    await page.getByRole("button", { name: "Save baseline" }).click();
    const save = page.getByRole("dialog", { name: "Save baseline" });
    expect(await save.getByLabel("Baseline name").inputValue()).toBe("Baseline");
    await save.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Baseline saved");

    // Everything so far happened two days ago (the history is moved back, as if it had).
    await app.database.db.execute(
      sql`update activity_entries set at = at - interval '2 days' where project_id = ${project.id}`,
    );

    // The packing slips: two more days. Moving the furniture follows.
    const slipped = await context.request.put(`/api/tasks/${pack.id}`, { data: { duration: 5 } });
    expect(slipped.status()).toBe(200);

    // Compared with the baseline: a thin bar under each task, and how far each finish slipped.
    await page.getByLabel("Compare with").selectOption({ label: "Baseline" });
    const baselineBar = page.locator(`[data-gantt-baseline-bar="${move.id}"]`);
    await expect.poll(() => baselineBar.count()).toBe(1);
    expect(await baselineBar.getAttribute("title")).toBe("“Baseline”: Mar 5 – Mar 6, 2026");
    const described = async (id: number) => {
      const describedBy = await bar(page, id).getAttribute("aria-describedby");
      const ids = (describedBy ?? "").split(" ").filter(Boolean);
      const texts = await Promise.all(ids.map((each) => page.locator(`[id="${each}"]`).textContent()));
      return texts.join(" ");
    };
    await expect.poll(() => described(move.id)).toContain("Finish 2 working days later than “Baseline”");
    expect(await described(pack.id)).toContain("Start as in “Baseline”");
    await screenshot(page, "tracking-baseline-compared");

    // Yesterday's plan (before the slip) compares the same way.
    await page.getByLabel("Compare with").selectOption({ label: "A past date…" });
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel("Compared date").fill(yesterday);
    const yesterdayWords = new Date(`${yesterday}T00:00:00Z`).toLocaleDateString("en-US", {
      month: "short",
      day: "numeric",
      year: "numeric",
      timeZone: "UTC",
    });
    await expect
      .poll(() => described(move.id))
      .toContain(`Finish 2 working days later than “${yesterdayWords}”`);
    expect(await baselineBar.getAttribute("title")).toBe(`“${yesterdayWords}”: Mar 5 – Mar 6, 2026`);
    await screenshot(page, "tracking-yesterday-compared");

    // The list shows the same with its optional columns.
    await page.goto(`/projects/${project.slug}/list`);
    await page.getByRole("button", { name: "Columns" }).click();
    await page.getByRole("menuitemcheckbox", { name: "Finish variance" }).click();
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByText("+2 d").count()).toBeGreaterThan(0);
    await screenshot(page, "tracking-list-variance");
    await context.close();
  });
});

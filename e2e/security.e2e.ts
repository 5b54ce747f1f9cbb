// Hostile text renders as text: a task named like an HTML injection is shown literally in every
// view and in My Tasks, and no script or image handler ever runs.
import { describe, expect, it } from "vitest";
import { setupBrowserApp } from "./fixtures";
import { createProjectViaApi, createTaskViaApi } from "./seeding";

const HOSTILE = `<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>`;

const { signedInContext } = setupBrowserApp();

describe("hostile task names", () => {
  it("render as text in every view, and nothing runs", async () => {
    const { context } = await signedInContext();
    const project = await createProjectViaApi(context, HOSTILE);
    await createTaskViaApi(context, project.id, HOSTILE, {
      description: HOSTILE,
      dueDate: new Date().toISOString(),
    });
    const page = await context.newPage();
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });

    for (const path of ["list", "phases", "graph", "gantt", "kanban"]
      .map((view) => `/projects/${project.slug}/${view}`)
      .concat("/my-tasks")) {
      await page.goto(path);
      await expect
        .poll(() => page.getByText(HOSTILE, { exact: true }).first().isVisible(), { timeout: 10_000 })
        .toBe(true);
      expect(await page.locator('img[src="x"]').count(), path).toBe(0);
      expect(
        await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned),
        path,
      ).toBeUndefined();
    }
    expect(dialogs).toEqual([]);
    await context.close();
  });
});

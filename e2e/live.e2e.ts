// Live collaboration in the browser: a change made by one person appears in another's open list
// and graph without a reload, presence shows who else is there, and a public viewer whose link is
// revoked stops getting updates.
import { describe, expect, it } from "vitest";
import { setupBrowserApp } from "./fixtures";
import { createDependencyViaApi, createProjectViaApi, createTaskViaApi } from "./seeding";

const { newContext, signedInContext, sharedContext } = setupBrowserApp();

/** An owner's project shared with an editor, each signed in in a browser context of their own. */
async function ownerAndEditor(projectName: string) {
  const { context: ownerContext } = await signedInContext();
  const project = await createProjectViaApi(ownerContext, projectName);
  const { context: memberContext } = await sharedContext(project, "editor");
  return { ownerContext, memberContext, project };
}

describe("live updates", () => {
  it("shows another member's edits in the list and the graph without a reload", async () => {
    const { ownerContext, memberContext, project } = await ownerAndEditor("Together");
    const task = await createTaskViaApi(ownerContext, project.id, "Draft the plan");

    const page = await memberContext.newPage();
    await page.goto(`/projects/${project.slug}/list`);
    await expect.poll(() => page.getByText("Draft the plan").first().isVisible()).toBe(true);
    const ownerPage = await ownerContext.newPage();
    await ownerPage.goto(`/projects/${project.slug}/list`);
    await expect.poll(() => page.getByText(/Also here:/).isVisible(), { timeout: 5000 }).toBe(true);

    const rename = await ownerContext.request.put(`/api/tasks/${task.id}`, {
      data: { name: "Plan approved" },
    });
    expect(rename.status()).toBe(200);
    await expect
      .poll(() => page.getByText("Plan approved").first().isVisible(), { timeout: 3000 })
      .toBe(true);

    await page.goto(`/projects/${project.slug}/graph`);
    await expect.poll(() => page.getByText("Plan approved").first().isVisible()).toBe(true);
    await createTaskViaApi(ownerContext, project.id, "Added by the owner");
    await expect
      .poll(() => page.getByText("Added by the owner").first().isVisible(), { timeout: 3000 })
      .toBe(true);
    await Promise.all([ownerContext.close(), memberContext.close()]);
  });

  it("keeps My Tasks live: a task the owner takes leaves the member's list, a new one arrives", async () => {
    const { ownerContext, memberContext, project } = await ownerAndEditor("Moving day");
    const owner = (await (await ownerContext.request.get("/api/auth/user")).json()) as { id: number };
    const task = await createTaskViaApi(ownerContext, project.id, "Book the van");

    const page = await memberContext.newPage();
    await page.goto("/my-tasks");
    await expect.poll(() => page.getByText("Book the van").first().isVisible()).toBe(true);

    // The owner reassigns it to themselves: it leaves the member's My Tasks without a reload.
    const taken = await ownerContext.request.put(`/api/tasks/${task.id}`, { data: { assigneeId: owner.id } });
    expect(taken.status()).toBe(200);
    await expect.poll(() => page.getByText("Book the van").count(), { timeout: 3000 }).toBe(0);
    // A new task of the project arrives the same way.
    await createTaskViaApi(ownerContext, project.id, "Label the boxes");
    await expect
      .poll(() => page.getByText("Label the boxes").first().isVisible(), { timeout: 3000 })
      .toBe(true);
    await Promise.all([ownerContext.close(), memberContext.close()]);
  });

  it("fetches the project once while opening it: the stream's version says the copy is current", async () => {
    const { context } = await signedInContext();
    const project = await createProjectViaApi(context, "Opened once");
    await createTaskViaApi(context, project.id, "Only task");
    const page = await context.newPage();
    const projectReads: number[] = [];
    let streamOpened = false;
    page.on("request", (request) => {
      const path = new URL(request.url()).pathname;
      if (path === `/api/projects/${project.id}`) projectReads.push(Date.now());
      if (path === `/api/projects/${project.id}/events`) streamOpened = true;
    });
    await page.goto(`/projects/${project.slug}/list`);
    await expect.poll(() => page.getByText("Only task").first().isVisible()).toBe(true);
    await expect.poll(() => streamOpened).toBe(true);
    // The stream's first message (the version) arrives at once; a refetch it caused would follow
    // within the 150 ms the hook gathers a burst in.
    await page.waitForTimeout(1_000);
    expect(projectReads).toHaveLength(1);
    await context.close();
  });

  it("shows an edit made in one context in the other, and neither reads the project again", async () => {
    const { ownerContext, memberContext, project } = await ownerAndEditor("Side by side");
    const first = await createTaskViaApi(ownerContext, project.id, "Pour the foundation");
    const second = await createTaskViaApi(ownerContext, project.id, "Raise the walls");
    await createDependencyViaApi(ownerContext, first, second);

    // Every read of the project, and when the opening's first requests started and ended.
    const reads = { owner: 0, member: 0 };
    const opening: { path: string; start: number; end?: number }[] = [];
    const ownerPage = await ownerContext.newPage();
    const memberPage = await memberContext.newPage();
    for (const [who, page] of [
      ["owner", ownerPage],
      ["member", memberPage],
    ] as const) {
      page.on("request", (request) => {
        const path = new URL(request.url()).pathname;
        if (path === `/api/projects/${project.id}`) reads[who] += 1;
        if (who === "member" && path.startsWith("/api/")) opening.push({ path, start: Date.now() });
      });
      page.on("requestfinished", (request) => {
        const path = new URL(request.url()).pathname;
        const entry = opening.find((each) => each.path === path && each.end === undefined);
        if (who === "member" && entry) entry.end = Date.now();
      });
    }
    await memberPage.goto(`/projects/${project.slug}/graph`);
    await ownerPage.goto(`/projects/${project.slug}/list`);
    await expect.poll(() => memberPage.getByText("Raise the walls").first().isVisible()).toBe(true);
    await expect.poll(() => ownerPage.getByText("Raise the walls").first().isVisible()).toBe(true);
    await expect.poll(() => memberPage.getByText(/Also here:/).isVisible(), { timeout: 5000 }).toBe(true);
    expect(reads).toEqual({ owner: 1, member: 1 });
    // Opening asked for the user and the project's slug together, then for the project.
    const user = opening.find((each) => each.path === "/api/auth/user");
    const slug = opening.find((each) => each.path.startsWith("/api/projects/by-slug/"));
    expect(user && slug && slug.start < (user.end ?? Number.POSITIVE_INFINITY)).toBe(true);

    // The owner completes the first task in the list; the member's graph shows it, and the owner's
    // own list keeps it, without either reading the project again.
    const checkbox = ownerPage.getByRole("checkbox", { name: 'Mark "Pour the foundation" as completed' });
    await checkbox.click();
    const completed = async () =>
      (await (await ownerContext.request.get(`/api/projects/${project.id}`)).json()).tasks.find(
        (task: { id: number }) => task.id === first.id,
      ).completed;
    await expect.poll(completed, { timeout: 3000 }).toBe(true);
    await memberPage.waitForTimeout(300);
    expect(await checkbox.isChecked()).toBe(true);
    const renamed = await ownerContext.request.put(`/api/tasks/${second.id}`, {
      data: { name: "Raise the timber walls" },
    });
    expect(renamed.status()).toBe(200);
    await expect
      .poll(() => memberPage.getByText("Raise the timber walls").first().isVisible(), { timeout: 3000 })
      .toBe(true);
    await expect
      .poll(() => ownerPage.getByText("Raise the timber walls").first().isVisible(), { timeout: 3000 })
      .toBe(true);
    await memberPage.waitForTimeout(500);
    expect(reads).toEqual({ owner: 1, member: 1 });
    await Promise.all([ownerContext.close(), memberContext.close()]);
  });

  it("stops updating a public viewer once the link is revoked", async () => {
    const { context: ownerContext } = await signedInContext();
    const project = await createProjectViaApi(ownerContext, "Published live");
    const task = await createTaskViaApi(ownerContext, project.id, "Public task");
    const link = await (await ownerContext.request.post(`/api/projects/${project.id}/generate-share`)).json();
    const token = String(link.shareUrl).split("/share/")[1];

    const visitor = await newContext();
    const page = await visitor.newPage();
    await page.goto(`/share/${token}/list`);
    await expect.poll(() => page.getByText("Public task").first().isVisible()).toBe(true);
    await ownerContext.request.put(`/api/tasks/${task.id}`, { data: { name: "Renamed in public" } });
    await expect
      .poll(() => page.getByText("Renamed in public").first().isVisible(), { timeout: 3000 })
      .toBe(true);

    await ownerContext.request.delete(`/api/projects/${project.id}/share-token`);
    await ownerContext.request.put(`/api/tasks/${task.id}`, { data: { name: "Private again" } });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await page.getByText("Private again").count()).toBe(0);
    await Promise.all([ownerContext.close(), visitor.close()]);
  });
});

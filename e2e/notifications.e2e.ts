// Telling people and programs (docs/spec/notifications-and-api.md), as they meet it in the browser:
// the bell's count rises live when someone else assigns a task and then completes what it waited
// on, and the notification opens the task; an API token made in Settings lets a program read
// without a session; a webhook added on the Sharing page logs its delivery.
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { screenshot, setupBrowserApp } from "./fixtures";
import { expectToast } from "./page-checks";
import { createDependencyViaApi, createProjectViaApi, createTaskViaApi } from "./seeding";

// The webhook's receiver listens on 127.0.0.1, a private address the server refuses by default.
const { signedInContext, sharedContext } = setupBrowserApp({
  webhooksAllowPrivate: true,
  webhookPollMilliseconds: 100,
});

const bell = (page: import("playwright-core").Page) => page.getByRole("button", { name: /^Notifications/ });

describe("notifications", () => {
  it("raises the bell live when the task B waits on is completed, and opens the task from it", async () => {
    const { context: ownerContext } = await signedInContext();
    const project = await createProjectViaApi(ownerContext, "Garden shed");
    const { context: memberContext } = await sharedContext(project, "editor");
    const member = (await (await memberContext.request.get("/api/auth/user")).json()) as { id: number };
    const dig = await createTaskViaApi(ownerContext, project.id, "Dig footings");
    const pour = await createTaskViaApi(ownerContext, project.id, "Pour foundation");
    await createDependencyViaApi(ownerContext, dig, pour);

    const page = await memberContext.newPage();
    await page.goto("/my-tasks");
    await expect.poll(() => bell(page).getAttribute("aria-label")).toBe("Notifications");

    // The owner gives B the task: one unread, without a reload.
    const assigned = await ownerContext.request.put(`/api/tasks/${pour.id}`, {
      data: { assigneeId: member.id },
    });
    expect(assigned.status()).toBe(200);
    await expect
      .poll(() => bell(page).getAttribute("aria-label"), { timeout: 5000 })
      .toBe("Notifications, 1 unread");

    // The owner finishes what it waited on: two.
    const done = await ownerContext.request.put(`/api/tasks/${dig.id}`, { data: { completed: true } });
    expect(done.status()).toBe(200);
    await expect
      .poll(() => bell(page).getAttribute("aria-label"), { timeout: 5000 })
      .toBe("Notifications, 2 unread");

    await bell(page).click();
    const unblocked = page.getByText("Pour foundation is ready to start: Dig footings is done.");
    await expect.poll(() => unblocked.isVisible()).toBe(true);
    await screenshot(page, "notifications-bell-open");
    await unblocked.click();
    const dialog = page.getByRole("dialog", { name: "Edit Task" });
    await expect.poll(() => dialog.isVisible(), { timeout: 5000 }).toBe(true);
    expect(await dialog.getByLabel("Task Name").inputValue()).toBe("Pour foundation");
    expect(page.url()).toContain(`/projects/${project.slug}/`);
    expect(page.url()).not.toContain("task=");
    // Opening it read it: one unread left (the bell is behind the dialog until it closes).
    await page.keyboard.press("Escape");
    await expect.poll(() => bell(page).getAttribute("aria-label")).toBe("Notifications, 1 unread");
    await Promise.all([ownerContext.close(), memberContext.close()]);
  });

  it("makes an API token in Settings that reads without a session", async () => {
    const { context } = await signedInContext();
    await createProjectViaApi(context, "Token garden");
    const page = await context.newPage();
    await page.goto("/settings");
    await page.getByLabel("Name", { exact: true }).fill("Nightly report");
    await page.getByRole("button", { name: "Create token" }).click();
    // The one-time secret, not the tokens table's shortened prefix ("vpp_ab12…"), which can show first.
    const secret = page.getByRole("group", { name: "Token" }).locator("code");
    await expect.poll(() => secret.textContent(), { timeout: 5000 }).toMatch(/^vpp_[^…]+$/);
    const token = ((await secret.textContent()) ?? "").trim();
    await screenshot(page, "settings-token-created");

    const asProgram = await fetch(new URL("/api/projects", page.url()), {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(asProgram.status).toBe(200);
    const projects = (await asProgram.json()) as { name: string }[];
    expect(projects.map((project) => project.name)).toContain("Token garden");
    await context.close();
  });

  it("adds a webhook on the Sharing page and shows its delivery", async () => {
    const received: { headers: IncomingMessage["headers"]; body: string }[] = [];
    const receiver = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk) => {
        body += chunk;
      });
      request.on("end", () => {
        received.push({ headers: request.headers, body });
        response.end("ok");
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    try {
      const { context } = await signedInContext();
      const project = await createProjectViaApi(context, "Hooked");
      const page = await context.newPage();
      await page.goto(`/projects/${project.slug}/sharing`);
      await page.getByRole("button", { name: "Add webhook" }).click();
      const dialog = page.getByRole("dialog", { name: "Add webhook" });
      await dialog.getByLabel("URL").fill(url);
      await dialog.getByRole("button", { name: "Add webhook" }).click();
      await expectToast(page, "Webhook added");
      await createTaskViaApi(context, project.id, "Order timber");
      await expect.poll(() => received.length, { timeout: 10_000 }).toBeGreaterThan(0);
      expect(received[0].headers["x-planner-event"]).toBe("task.created");
      await screenshot(page, "webhook-added");
      await page.getByRole("dialog").getByRole("button", { name: "Done" }).click();
      await page.getByRole("button", { name: "Deliveries" }).click();
      const log = page.getByRole("dialog", { name: /Deliveries/ });
      await expect.poll(() => log.getByText("delivered").first().isVisible(), { timeout: 5000 }).toBe(true);
      await screenshot(page, "webhook-deliveries");
      await context.close();
    } finally {
      receiver.close();
    }
  });
});

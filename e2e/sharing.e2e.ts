import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { screenshot, setupBrowserApp } from "./fixtures";
import { expectToast } from "./page-checks";
import { createDependencyViaApi, createProjectViaApi, createTaskViaApi, newAccount } from "./seeding";

const { app, newContext, signedInContext, signedInPage } = setupBrowserApp();

const WIDTHS = [375, 768, 1440] as const;
const visible = (page: Page, text: string) => () => page.getByText(text, { exact: true }).first().isVisible();
const memberRow = (page: Page, email: string) => page.getByRole("row").filter({ hasText: email });
const checkbox = (page: Page, name: string) =>
  page.getByRole("checkbox", { name: `Mark "${name}" as completed` });

/** Screenshots of the page at each width, for a person to look at (they are never compared). */
async function screenshotsAtWidths(page: Page, name: string, { reloadUntil }: { reloadUntil?: string } = {}) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    // Reloaded, a view that fits itself to its size on load (the graph) looks as a phone shows it.
    if (reloadUntil) {
      await page.reload();
      await expect.poll(() => page.getByText(reloadUntil).first().isVisible()).toBe(true);
    }
    await screenshot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

describe("sharing in the browser", () => {
  it("invites a viewer, promotes them to editor, publishes a read-only link and revokes it", async () => {
    const { context: ownerContext } = await signedInContext();
    const project = await createProjectViaApi(ownerContext, "Garden Plan", "Beds, paths and a shed.");
    const dig = await createTaskViaApi(ownerContext, project.id, "Dig the beds", {
      description: "Two of them.",
    });
    const plant = await createTaskViaApi(ownerContext, project.id, "Plant the seeds");
    await createDependencyViaApi(ownerContext, dig, plant);
    const owner = await ownerContext.newPage();

    // The owner invites a second person as viewer through the Invite form.
    await owner.goto(`/projects/${project.slug}/sharing`);
    await expect.poll(() => owner.getByRole("heading", { name: "Members" }).isVisible()).toBe(true);
    // The heading shows while the member list loads: wait for the table itself.
    await expect
      .poll(() => owner.getByRole("columnheader").allTextContents())
      .toEqual(["User", "Role", "Status", "Actions"]);
    expect(await memberRow(owner, "Owner").getByRole("cell").nth(1).textContent()).toBe("Owner");
    await owner.getByRole("button", { name: "Invite", exact: true }).click();
    const invite = owner.getByRole("dialog", { name: "Invite User" });
    expect(await invite.getByLabel("Role").inputValue()).toBe("viewer");
    await invite.getByLabel("Email").fill("not an email");
    await invite.getByRole("button", { name: "Send Invitation" }).click();
    await expect
      .poll(() => invite.getByRole("alert").textContent())
      .toBe("Please enter a valid email address");
    const member = { ...newAccount() };
    await invite.getByLabel("Email").fill(member.email);
    await invite.getByRole("button", { name: "Send Invitation" }).click();
    await expectToast(owner, "Invitation sent");
    await expectToast(owner, "The user has been invited to the project");
    await expect.poll(() => memberRow(owner, member.email).isVisible()).toBe(true);
    expect(await memberRow(owner, member.email).getByRole("cell").allTextContents()).toEqual([
      member.email,
      "Viewer",
      "Pending",
      "",
    ]);

    // Inviting the same email again is refused with the server's reason.
    await owner.getByRole("button", { name: "Invite", exact: true }).click();
    await invite.getByLabel("Email").fill(member.email);
    await invite.getByRole("button", { name: "Send Invitation" }).click();
    await expectToast(owner, "Failed to invite user");
    await expectToast(owner, "This email has already been invited to this project.");
    await invite.getByRole("button", { name: "Cancel" }).click();

    // The invited person signs up with that email and finds the project under Shared Projects.
    const { context: memberContext, page: guest } = await signedInPage({ account: member });
    await guest.goto("/my-tasks");
    const shared = guest.getByRole("region", { name: "Shared Projects" });
    await expect.poll(() => shared.getByRole("button", { name: project.name }).isVisible()).toBe(true);
    await shared.getByRole("button", { name: project.name }).click();
    await expect.poll(() => guest.getByRole("heading", { name: project.name }).isVisible()).toBe(true);

    // As a viewer they cannot edit: no New Task, disabled checkboxes, no member actions.
    await guest.goto(`/projects/${project.slug}/list`);
    await expect.poll(() => checkbox(guest, dig.name).isVisible()).toBe(true);
    expect(await checkbox(guest, dig.name).isDisabled()).toBe(true);
    expect(await guest.getByRole("button", { name: "New Task" }).count()).toBe(0);
    await guest.goto(`/projects/${project.slug}/sharing`);
    await expect.poll(() => memberRow(guest, member.email).isVisible()).toBe(true);
    expect(await guest.getByRole("columnheader").allTextContents()).toEqual(["User", "Role", "Status"]);
    expect(await guest.getByRole("button", { name: "Invite", exact: true }).count()).toBe(0);
    expect(await guest.getByText("Public Access").count()).toBe(0);

    // Having opened the project, the member is Accepted; the owner makes them editor.
    await owner.reload();
    await expect.poll(() => memberRow(owner, member.email).getByText("Accepted").isVisible()).toBe(true);
    await memberRow(owner, member.email)
      .getByRole("button", { name: /^Actions for/ })
      .click();
    expect(await owner.getByRole("menuitem", { name: "Make Viewer" }).getAttribute("aria-disabled")).toBe(
      "true",
    );
    await owner.getByRole("menuitem", { name: "Make Editor" }).click();
    await expectToast(owner, "Role updated");
    await expect.poll(() => memberRow(owner, member.email).getByText("Editor").isVisible()).toBe(true);

    // After a reload the editor can add tasks and tick them off.
    await guest.goto(`/projects/${project.slug}/list`);
    await expect.poll(() => guest.getByRole("button", { name: "New Task" }).isVisible()).toBe(true);
    expect(await checkbox(guest, dig.name).isDisabled()).toBe(false);

    // The owner publishes a public link and copies it.
    await ownerContext.grantPermissions(["clipboard-read", "clipboard-write"], { origin: app.baseUrl });
    const publicAccess = owner.getByRole("region", { name: "Public Access" });
    await publicAccess.getByRole("button", { name: "Generate Link" }).click();
    await expectToast(owner, "Share link generated");
    await expectToast(owner, "Anyone with this link can view your project");
    const link = publicAccess.getByLabel("Public link");
    await expect.poll(() => link.inputValue()).toMatch(/\/share\/[A-Za-z0-9_-]{16,}$/);
    const shareUrl = await link.inputValue();
    await publicAccess.getByRole("button", { name: "Copy link" }).click();
    await expectToast(owner, "Copied to clipboard");
    expect(await owner.evaluate(() => navigator.clipboard.readText())).toBe(shareUrl);
    await screenshotsAtWidths(owner, "sharing-view");

    // Someone without an account opens it: read-only.
    const anonymousContext = await newContext();
    const visitor = await anonymousContext.newPage();
    await visitor.goto(`${shareUrl}/list`);
    await expect.poll(() => visitor.getByRole("heading", { name: project.name }).isVisible()).toBe(true);
    expect(await visible(visitor, "Public View")()).toBe(true);
    expect(
      await visitor.getByText("This is a read-only view of a shared project.", { exact: false }).isVisible(),
    ).toBe(true);
    expect(await visitor.getByRole("link", { name: "Create your own projects" }).isVisible()).toBe(true);
    await expect.poll(() => checkbox(visitor, dig.name).isVisible()).toBe(true);
    expect(await checkbox(visitor, dig.name).isDisabled()).toBe(true);
    expect(await visitor.getByRole("button", { name: "New Task" }).count()).toBe(0);
    expect(await visitor.getByRole("button", { name: /^Actions for/ }).count()).toBe(0);
    const views = visitor.getByRole("navigation", { name: "Project views" }).getByRole("link");
    expect(await views.allTextContents()).toEqual(["Graph", "List", "Phases", "Gantt"]);
    await visitor.getByRole("button", { name: dig.name }).click();
    const details = visitor.getByRole("dialog", { name: "Task Details" });
    await expect.poll(() => details.getByText("Two of them.").isVisible()).toBe(true);
    await details.getByText("Close", { exact: true }).click();
    await expect.poll(() => details.count()).toBe(0);
    await screenshotsAtWidths(visitor, "public-view-list");
    await visitor.goto(`${shareUrl}/phases`);
    await expect.poll(() => visitor.getByRole("heading", { name: "Phase 2" }).isVisible()).toBe(true);
    await visitor.goto(`${shareUrl}/kanban`);
    await expect.poll(() => new URL(visitor.url()).pathname).toBe(new URL(shareUrl).pathname);
    await screenshotsAtWidths(visitor, "public-view-graph", { reloadUntil: dig.name });

    // The owner revokes it; the visitor's reload shows Access Denied.
    await publicAccess.getByRole("button", { name: "Revoke Link" }).click();
    await owner.getByRole("alertdialog").getByRole("button", { name: "Revoke Link" }).click();
    await expectToast(owner, "Share link revoked");
    await expectToast(owner, "The public link has been disabled");
    await expect
      .poll(() => publicAccess.getByRole("button", { name: "Generate Link" }).isVisible())
      .toBe(true);
    await visitor.reload();
    await expect.poll(visible(visitor, "Access Denied")).toBe(true);
    expect(await visible(visitor, "This share link is invalid or has expired")()).toBe(true);
    await screenshotsAtWidths(visitor, "public-view-access-denied");
    await visitor.getByRole("button", { name: "Go to Homepage" }).click();
    await expect.poll(() => new URL(visitor.url()).pathname).toBe("/");

    await Promise.all([ownerContext.close(), memberContext.close(), anonymousContext.close()]);
  });

  it("lets a member leave a project", async () => {
    const { context: ownerContext } = await signedInContext();
    const project = await createProjectViaApi(ownerContext, "Book Club");
    const { context: memberContext, account: member } = await signedInContext();
    const response = await ownerContext.request.post(`/api/projects/${project.id}/share`, {
      data: { email: member.email, role: "editor", projectId: project.id },
    });
    expect(response.status()).toBe(201);

    const page = await memberContext.newPage();
    await page.goto(`/projects/${project.slug}/sharing`);
    await page.getByRole("button", { name: "Leave Project" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Leave Project" }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/projects");
    const shared = page.getByRole("region", { name: "Shared Projects" });
    await expect.poll(visible(page, "No shared projects")).toBe(true);
    expect(await shared.getByRole("button", { name: project.name }).count()).toBe(0);
    await Promise.all([ownerContext.close(), memberContext.close()]);
  });
});

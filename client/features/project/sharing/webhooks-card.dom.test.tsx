// The sharing page's Webhooks card as a component, in jsdom: shown to admins and owners only; Add
// Webhook sends the URL and the chosen events and shows the signing secret once; the delivery log
// lists the attempts; Active switches a webhook off. The server is a stubbed fetch.
import type { AccessLevel } from "@core/access/permissions";
import type { ProjectDetailDto } from "@core/schemas/projects";
import { WEBHOOK_EVENT_TYPES, type WebhookDeliveryDto, type WebhookDto } from "@core/schemas/webhooks";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { Toaster } from "@/components/ui/toaster";
import { TooltipProvider } from "@/components/ui/tooltip";
import { ProjectProvider } from "@/features/project/project-context";
import { projectPermissions } from "@/lib/project-permissions";
import { jsonResponse, officeMoveProject, stubFetchInEachTest } from "@/testing/component-tests";
import { SharingView } from "./sharing-view";

const SECRET = "whsec_7f3a9c0e51b24d68a1c9e0f2b3d4a5c6";
const owner = {
  id: 1,
  email: "ada@example.com",
  firstName: "Ada",
  lastName: null,
  username: "ada",
  profileImageUrl: null,
};
const me = { id: 2, email: "bo@example.com", firstName: "Bo", lastName: null, username: "bo" };
type Call = { method: string; url: string; body: Record<string, unknown> | null };
let calls: Call[] = [];
let webhooks: WebhookDto[] = [];
let deliveries: WebhookDeliveryDto[] = [];

const webhook = (overrides: Partial<WebhookDto>): WebhookDto => ({
  id: 4,
  projectId: 3,
  url: "https://hooks.example.com/planner",
  events: [...WEBHOOK_EVENT_TYPES],
  active: true,
  createdAt: "2026-03-02T10:00:00.000Z",
  pending: 2,
  ...overrides,
});

beforeEach(() => {
  calls = [];
  webhooks = [];
  deliveries = [];
});
stubFetchInEachTest((url, init) => {
  const method = init.method ?? "GET";
  const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null;
  calls.push({ method, url, body });
  if (url === "/api/auth/user") return jsonResponse(me);
  if (url === "/api/projects/3/shares") return jsonResponse({ owner, shares: [], isOwner: false });
  if (url === "/api/projects/3/share-token") return jsonResponse({ shareEnabled: false, shareUrl: null });
  if (url === "/api/projects/3/webhooks" && method === "POST") {
    const created = webhook({
      id: 8,
      url: String(body?.url),
      events: body?.events as WebhookDto["events"],
      pending: 0,
    });
    webhooks.push(created);
    return jsonResponse({ ...created, secret: SECRET }, 201);
  }
  if (url === "/api/projects/3/webhooks") return jsonResponse(webhooks);
  if (url === "/api/projects/3/webhooks/4/deliveries") return jsonResponse(deliveries);
  if (url === "/api/projects/3/webhooks/4" && method === "PATCH") {
    webhooks = webhooks.map((each) => (each.id === 4 ? { ...each, ...body } : each));
    return jsonResponse(webhooks[0]);
  }
  if (url === "/api/projects/3/webhooks/4" && method === "DELETE") {
    webhooks = webhooks.filter((each) => each.id !== 4);
    return new Response(null, { status: 204 });
  }
  return jsonResponse({ message: "Not found" }, 404);
});

function renderSharing(accessLevel: AccessLevel) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const value = {
    project: officeMoveProject,
    tasks: [],
    dependencies: [],
    accessLevel,
    ...projectPermissions(accessLevel),
  } as unknown as ProjectDetailDto & ReturnType<typeof projectPermissions>;
  render(
    <QueryClientProvider client={client}>
      <TooltipProvider>
        <ProjectProvider value={value}>
          <SharingView />
        </ProjectProvider>
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>,
  );
}

const writes = () => calls.filter((call) => call.method !== "GET");
const webhookCalls = () => calls.filter((call) => call.url.includes("/webhooks"));

describe("The Webhooks card", () => {
  it("is not shown to an editor, nor are webhooks asked for", async () => {
    renderSharing("editor");
    expect(await screen.findByRole("region", { name: "Members" })).toBeTruthy();
    await screen.findByText("No one else has access yet.");
    expect(screen.queryByRole("region", { name: "Webhooks" })).toBeNull();
    expect(webhookCalls()).toEqual([]);
  });

  it("lists an admin's webhooks: URL, events, pending count and Active", async () => {
    webhooks = [
      webhook({}),
      webhook({
        id: 5,
        url: "https://ci.example.com/x",
        events: ["task.created", "task.updated", "task.deleted"],
        active: false,
        pending: 0,
      }),
    ];
    renderSharing("admin");
    const card = await screen.findByRole("region", { name: "Webhooks" });
    const first = await within(card).findByText("https://hooks.example.com/planner");
    const firstRow = first.closest("li") as HTMLElement;
    expect(within(firstRow).getByText("All events")).toBeTruthy();
    expect(firstRow.textContent).toContain("2 pending");
    const secondRow = within(card).getByText("https://ci.example.com/x").closest("li") as HTMLElement;
    expect(within(secondRow).getByText("3 events")).toBeTruthy();
    const actives = within(card).getAllByRole("checkbox", { name: "Active" }) as HTMLInputElement[];
    expect(actives.map((box) => box.checked)).toEqual([true, false]);
    expect(
      within(card).getByRole("checkbox", { name: "Active", description: "https://ci.example.com/x" }),
    ).toBe(actives[1]);
  });

  it("switches a webhook off with its Active checkbox", async () => {
    webhooks = [webhook({})];
    const events = userEvent.setup();
    renderSharing("admin");
    const active = await screen.findByRole("checkbox", { name: "Active" });
    await events.click(active);
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toEqual({
      method: "PATCH",
      url: "/api/projects/3/webhooks/4",
      body: { active: false },
    });
    expect(await screen.findByText("Webhook turned off")).toBeTruthy();
    expect((active as HTMLInputElement).checked).toBe(false);
  });

  it("deletes a webhook after asking", async () => {
    webhooks = [webhook({})];
    const events = userEvent.setup();
    renderSharing("admin");
    await events.click(
      await screen.findByRole("button", { name: "Delete", description: "https://hooks.example.com/planner" }),
    );
    const question = await screen.findByRole("alertdialog", { name: "Delete Webhook" });
    expect(writes()).toEqual([]);
    await events.click(within(question).getByRole("button", { name: "Delete Webhook" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(writes()).toEqual([{ method: "DELETE", url: "/api/projects/3/webhooks/4", body: null }]);
    expect(await screen.findByText("No webhooks yet.")).toBeTruthy();
    expect(screen.getByText("Webhook deleted")).toBeTruthy();
  });

  it("adds a webhook with the chosen events and shows its signing secret once", async () => {
    const events = userEvent.setup();
    renderSharing("owner");
    const card = await screen.findByRole("region", { name: "Webhooks" });
    expect(await within(card).findByText("No webhooks yet.")).toBeTruthy();
    await events.click(within(card).getByRole("button", { name: "Add Webhook" }));

    const form = await screen.findByRole("dialog", { name: "Add Webhook" });
    const all = within(form).getByRole("checkbox", { name: "All events" }) as HTMLInputElement;
    expect(all.checked).toBe(true);
    // Only the task changes: everything off, then their group on.
    await events.click(all);
    await events.click(within(form).getByRole("checkbox", { name: "Task changes" }));
    expect(all.checked).toBe(false);
    expect(all.indeterminate).toBe(true);
    expect(
      (within(form).getByRole("checkbox", { name: "dependency.created" }) as HTMLInputElement).checked,
    ).toBe(false);
    await events.type(within(form).getByRole("textbox", { name: "URL" }), "https://hooks.example.com/tasks");
    await events.click(within(form).getByRole("button", { name: "Add Webhook" }));

    const done = await screen.findByRole("dialog", { name: "Webhook added" });
    expect(writes()).toEqual([
      {
        method: "POST",
        url: "/api/projects/3/webhooks",
        body: {
          url: "https://hooks.example.com/tasks",
          events: WEBHOOK_EVENT_TYPES.filter((event) => event.startsWith("task")),
        },
      },
    ]);
    expect(
      within(within(done).getByRole("group", { name: "Signing secret" })).getByText(SECRET),
    ).toBeTruthy();
    expect(document.activeElement).toBe(within(done).getByRole("button", { name: "Copy" }));
    expect(screen.getAllByText("Webhook added").length).toBeGreaterThan(1);
    expect(within(done).getByText("You won't see this secret again.")).toBeTruthy();
    expect(done.textContent).toContain("X-Planner-Signature");
    await events.click(within(done).getByRole("button", { name: "Done" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(document.body.textContent).not.toContain(SECRET);
    const row = within(card).getByText("https://hooks.example.com/tasks").closest("li") as HTMLElement;
    expect(within(row).getByText("7 events")).toBeTruthy();
  });

  it("refuses an address that is not http or https before sending it", async () => {
    const events = userEvent.setup();
    renderSharing("admin");
    await events.click(await screen.findByRole("button", { name: "Add Webhook" }));
    const form = await screen.findByRole("dialog", { name: "Add Webhook" });
    await events.type(within(form).getByRole("textbox", { name: "URL" }), "ftp://files.example.com");
    await events.click(within(form).getByRole("button", { name: "Add Webhook" }));
    expect(
      await within(form).findByText("url must be an http or https address without a user name or password."),
    ).toBeTruthy();
    expect(writes()).toEqual([]);
  });

  it("lists a webhook's delivery attempts, newest first", async () => {
    webhooks = [webhook({})];
    deliveries = [
      {
        id: 12,
        deliveryId: "d-2",
        event: "task.updated",
        at: "2026-03-02T10:05:00.000Z",
        status: "failed",
        responseCode: null,
        durationMs: 10_000,
        error: "timed out after 10 s",
      },
      {
        id: 11,
        deliveryId: "d-1",
        event: "task.created",
        at: "2026-03-02T10:01:00.000Z",
        status: "delivered",
        responseCode: 200,
        durationMs: 84,
        error: null,
      },
    ];
    const events = userEvent.setup();
    renderSharing("admin");
    await events.click(
      await screen.findByRole("button", {
        name: "Deliveries",
        description: "https://hooks.example.com/planner",
      }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Deliveries" });
    const table = await within(dialog).findByRole("table");
    const rows = within(table).getAllByRole("row").slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole("cell")
          .slice(1)
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ["task.updated", "Failed", "—None", "10000 ms", "timed out after 10 s"],
      ["task.created", "Delivered", "200", "84 ms", "—None"],
    ]);
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((header) => header.textContent),
    ).toEqual(["Time", "Event", "Status", "Code", "Duration", "Error"]);
  });
});

// The Settings page as a component, in jsdom: a new API token's secret is shown once and the list
// gains its row; Revoke asks first and the row leaves; a notification channel is saved as soon as it
// is chosen. The server is a stubbed fetch holding the user's tokens and preferences.
import type { ApiTokenDto } from "@core/schemas/api-tokens";
import type { NotificationPreferencesDto } from "@core/schemas/notifications";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { Toaster } from "@/components/ui/toaster";
import { jsonResponse, stubFetchInEachTest } from "@/testing/component-tests";
import { SettingsPage } from "./settings-page";

const SECRET = "vpp_ab12cd34ef56gh78ij90kl12mn34op56qr78st90uv";
type Call = { method: string; url: string; body: Record<string, unknown> | null };
let calls: Call[] = [];
let tokens: ApiTokenDto[] = [];
let preferences: NotificationPreferencesDto;
/** The next POST /api/tokens answer, when a test wants a refusal. */
let refuseCreate: Response | null = null;

const token = (overrides: Partial<ApiTokenDto>): ApiTokenDto => ({
  id: 5,
  name: "Nightly report",
  scope: "read",
  prefix: "vpp_zz99",
  createdAt: "2026-03-02T10:00:00.000Z",
  expiresAt: null,
  lastUsedAt: null,
  ...overrides,
});

beforeEach(() => {
  calls = [];
  tokens = [];
  refuseCreate = null;
  preferences = {
    "task.unblocked": "in-app",
    "task.assigned": "in-app",
    "deadline.near": "in-app",
    "deadline.missed": "off",
  };
});
stubFetchInEachTest((url, init) => {
  const method = init.method ?? "GET";
  const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null;
  calls.push({ method, url, body });
  if (url === "/api/notifications/preferences") {
    if (method === "PUT") preferences = { ...preferences, ...body };
    return jsonResponse(preferences);
  }
  if (url === "/api/tokens" && method === "POST") {
    if (refuseCreate) return refuseCreate;
    const created = token({
      id: 9,
      name: String(body?.name),
      scope: body?.scope as "write",
      prefix: "vpp_ab12",
    });
    tokens.push(created);
    return jsonResponse({ ...created, secret: SECRET }, 201);
  }
  if (url === "/api/tokens") return jsonResponse(tokens);
  if (url.startsWith("/api/tokens/") && method === "DELETE") {
    tokens = tokens.filter((each) => url !== `/api/tokens/${each.id}`);
    return new Response(null, { status: 204 });
  }
  return jsonResponse({ message: "Not found" }, 404);
});

function renderPage() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <SettingsPage />
      <Toaster />
    </QueryClientProvider>,
  );
}

const writes = () => calls.filter((call) => call.method !== "GET");

describe("Settings, API tokens", () => {
  it("shows a new token's secret once, then lists it without the secret", async () => {
    const events = userEvent.setup();
    renderPage();
    expect(screen.getByRole("heading", { level: 1, name: "Settings" })).toBeTruthy();
    expect(document.title).toBe("Settings - Visual Project Planner");
    expect(await screen.findByText("No API tokens yet.")).toBeTruthy();
    const link = screen.getByRole("link", { name: "API description" });
    expect(link.getAttribute("href")).toBe("/api/openapi.json");

    await events.type(screen.getByRole("textbox", { name: "Name" }), "CI deploy");
    await events.selectOptions(screen.getByRole("combobox", { name: "Scope" }), "Read and write");
    await events.click(screen.getByRole("button", { name: "Create Token" }));

    const panel = await screen.findByRole("region", { name: "Token created: CI deploy" });
    expect(writes()).toEqual([
      { method: "POST", url: "/api/tokens", body: { name: "CI deploy", scope: "write" } },
    ]);
    expect(document.activeElement).toBe(panel);
    const secret = within(panel).getByRole("group", { name: "Token" });
    expect(within(secret).getByText(SECRET)).toBeTruthy();
    expect(
      within(secret).getByRole("button", { name: "Copy", description: "You won't see this token again." }),
    ).toBeTruthy();
    // The list has the new row at once, under the panel.
    expect(screen.getByRole("row", { name: /CI deploy/ })).toBeTruthy();

    await events.click(within(panel).getByRole("button", { name: "Done" }));
    expect(screen.queryByRole("region", { name: /Token created/ })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole("textbox", { name: "Name" }));
    // Once: the secret is nowhere on the page any more, the row shows its first characters.
    expect(document.body.textContent).not.toContain(SECRET);
    const row = screen.getByRole("row", { name: /CI deploy/ });
    expect(within(row).getByText("Read and write")).toBeTruthy();
    expect(within(row).getByText("vpp_ab12…")).toBeTruthy();
    expect(within(row).getAllByText("Never")).toHaveLength(2);
    expect(screen.queryByText("No API tokens yet.")).toBeNull();
    // The form is empty again, ready for another.
    expect((screen.getByRole("textbox", { name: "Name" }) as HTMLInputElement).value).toBe("");
  });

  it("sends an expiry day as the end of that day in UTC", async () => {
    const events = userEvent.setup();
    renderPage();
    await events.type(screen.getByRole("textbox", { name: "Name" }), "Sync");
    await events.type(screen.getByLabelText("Expires (optional)"), "2999-01-31");
    await events.click(screen.getByRole("button", { name: "Create Token" }));
    await screen.findByRole("region", { name: "Token created: Sync" });
    expect(writes()[0].body).toEqual({ name: "Sync", scope: "read", expiresAt: "2999-01-31T23:59:59.999Z" });
  });

  it("shows the form's and the server's refusals at the field", async () => {
    const events = userEvent.setup();
    renderPage();
    await events.click(screen.getByRole("button", { name: "Create Token" }));
    expect(await screen.findByText("name must be 1 to 100 characters.")).toBeTruthy();
    expect(writes()).toEqual([]);

    refuseCreate = jsonResponse(
      { message: "You have 50 tokens already.", code: "too_many", field: "name" },
      400,
    );
    await events.type(screen.getByRole("textbox", { name: "Name" }), "One more");
    await events.click(screen.getByRole("button", { name: "Create Token" }));
    expect(await screen.findByText("You have 50 tokens already.")).toBeTruthy();
    expect(screen.getByRole("textbox", { name: "Name" }).getAttribute("aria-invalid")).toBe("true");
    expect(screen.queryByRole("region", { name: /Token created/ })).toBeNull();
  });

  it("shows a refusal the server names by its message at that field", async () => {
    refuseCreate = jsonResponse({ message: "expiresAt must be in the future.", code: "invalid_input" }, 400);
    const events = userEvent.setup();
    renderPage();
    await events.type(screen.getByRole("textbox", { name: "Name" }), "Late");
    await events.type(screen.getByLabelText("Expires (optional)"), "2999-01-31");
    await events.click(screen.getByRole("button", { name: "Create Token" }));
    expect(await screen.findByText("expiresAt must be in the future.")).toBeTruthy();
    expect(screen.getByLabelText("Expires (optional)").getAttribute("aria-invalid")).toBe("true");
  });

  it("revokes a token after asking, and the row leaves", async () => {
    tokens = [token({ lastUsedAt: new Date(Date.now() - 3 * 60_000).toISOString() })];
    const events = userEvent.setup();
    renderPage();
    const row = await screen.findByRole("row", { name: /Nightly report/ });
    expect(within(row).getByText("3 minutes ago")).toBeTruthy();
    expect(within(row).getByText("Read only")).toBeTruthy();

    await events.click(screen.getByRole("button", { name: "Revoke", description: "Nightly report" }));
    const question = await screen.findByRole("alertdialog", { name: "Revoke Token" });
    expect(writes()).toEqual([]);
    await events.click(within(question).getByRole("button", { name: "Revoke Token" }));

    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(writes()).toEqual([{ method: "DELETE", url: "/api/tokens/5", body: null }]);
    expect(screen.queryByRole("row", { name: /Nightly report/ })).toBeNull();
    expect(await screen.findByText("No API tokens yet.")).toBeTruthy();
    expect(screen.getByText("Token revoked")).toBeTruthy();
  });
});

describe("Settings, Notifications", () => {
  it("saves a kind's channel as soon as it is chosen", async () => {
    const events = userEvent.setup();
    renderPage();
    const assigned = (await screen.findByRole("combobox", {
      name: "A task is assigned to me",
    })) as HTMLSelectElement;
    expect(assigned.value).toBe("in-app");
    const missed = screen.getByRole("combobox", {
      name: "A deadline or due date of mine has passed",
    }) as HTMLSelectElement;
    expect(missed.value).toBe("off");
    expect(
      within(assigned)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["In the app", "In the app and by email", "Off"]);

    await events.selectOptions(assigned, "In the app and by email");
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toEqual({
      method: "PUT",
      url: "/api/notifications/preferences",
      body: { "task.assigned": "email" },
    });
    expect(await screen.findByText("Notification preferences saved.")).toBeTruthy();
    expect(assigned.value).toBe("email");
    expect(
      (
        screen.getByRole("combobox", {
          name: "A task assigned to me becomes ready to start",
        }) as HTMLSelectElement
      ).value,
    ).toBe("in-app");
  });
});

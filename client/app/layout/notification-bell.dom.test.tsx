// The bell as a component, in jsdom: its count from the API's answer (named on the button, the
// badge hidden from assistive technology), raised live by the user's event stream without reading
// the list again, "Mark all as read", a notification that opens its task (`?task=`) or says its
// project is gone, the empty state and "Load more". The server is a stubbed fetch answering by URL;
// the stream is a fake EventSource the test sends messages down.
import type { NotificationDto, NotificationsPageDto } from "@core/schemas/notifications";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { Toaster } from "@/components/ui/toaster";
import { TooltipProvider } from "@/components/ui/tooltip";
import { writeNoticesCache } from "@/lib/write-notices";
import { jsonResponse, stubFetchInEachTest } from "@/testing/component-tests";
import { NotificationBell, unreadBadgeText } from "./notification-bell";

/** The browser's EventSource as far as the bell uses it; `emit` sends a message down the stream. */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  onmessage: ((event: MessageEvent) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  close() {
    this.closed = true;
  }
  /** Sends `message` and lets the query cache tell its observers (it does so on a timer). */
  async emit(message: unknown) {
    await act(async () => {
      this.onmessage?.(new MessageEvent("message", { data: JSON.stringify(message) }));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
}

const notification = (
  id: number,
  text: string,
  overrides: Partial<NotificationDto> = {},
): NotificationDto => ({
  id,
  at: new Date(Date.now() - 5 * 60_000).toISOString(),
  kind: "task.unblocked",
  projectId: 3,
  taskId: 40 + id,
  text,
  read: false,
  ...overrides,
});

type Call = { method: string; url: string; body: unknown };
let calls: Call[] = [];
let pages: Record<string, NotificationsPageDto> = {};

beforeEach(() => {
  calls = [];
  FakeEventSource.opened = [];
  vi.stubGlobal("EventSource", FakeEventSource);
  pages = {
    "": {
      notifications: [
        notification(3, "Pour foundation is ready to start: Dig footings is done."),
        notification(2, "Ada assigned you Paint the shed."),
        notification(1, "Order timber is due tomorrow.", { read: true }),
      ],
      unreadCount: 2,
      hasMore: false,
    },
  };
});
stubFetchInEachTest((url, init) => {
  const method = init.method ?? "GET";
  calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : null });
  if (url.startsWith("/api/notifications/read")) return new Response(null, { status: 204 });
  if (url.startsWith("/api/notifications")) {
    const before = new URL(url, "http://localhost").searchParams.get("before") ?? "";
    return jsonResponse(pages[before]);
  }
  if (url.startsWith("/api/shared-projects")) return jsonResponse([]);
  if (url.startsWith("/api/projects"))
    return jsonResponse([{ id: 3, name: "Garden shed", slug: "garden-shed-3", archived: false }]);
  return jsonResponse({}, 404);
});

const reads = () =>
  calls.filter((call) => call.method === "GET" && call.url.startsWith("/api/notifications"));

function renderBell(path = "/my-tasks") {
  const location = memoryLocation({ path, record: true });
  const client = new QueryClient({
    mutationCache: writeNoticesCache(),
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <TooltipProvider>
        <Router hook={location.hook} searchHook={location.searchHook}>
          <NotificationBell />
        </Router>
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>,
  );
  return location;
}

const bell = () => screen.getByRole("button", { name: /^Notifications/ });

/** Opens the panel by keyboard (jsdom has no pointer events for the menu to open on). */
async function openPanel(events: ReturnType<typeof userEvent.setup>) {
  bell().focus();
  await events.keyboard("{Enter}");
  return screen.findByRole("menu");
}

describe("the notification bell", () => {
  it("shows the unread count the API answers, in its name and as a badge hidden from screen readers", async () => {
    renderBell();
    await waitFor(() => expect(bell().getAttribute("aria-label")).toBe("Notifications, 2 unread"));
    const badge = screen.getByTestId("notification-badge");
    expect(badge.textContent).toBe("2");
    expect(badge.getAttribute("aria-hidden")).toBe("true");
    expect(reads().map((call) => call.url)).toEqual(["/api/notifications?limit=30"]);
    expect(FakeEventSource.opened.map((source) => source.url)).toEqual(["/api/my-tasks/events"]);
  });

  it("shows no badge at 0 and 99+ above 99", async () => {
    pages[""] = { notifications: [], unreadCount: 0, hasMore: false };
    renderBell();
    await waitFor(() => expect(reads()).toHaveLength(1));
    expect(bell().getAttribute("aria-label")).toBe("Notifications");
    expect(screen.queryByTestId("notification-badge")).toBeNull();
    expect([unreadBadgeText(0), unreadBadgeText(99), unreadBadgeText(100)]).toEqual([null, "99", "99+"]);
  });

  it("raises the count and lists a streamed notification on top, without reading the list again", async () => {
    const events = userEvent.setup();
    renderBell();
    await waitFor(() => expect(bell().getAttribute("aria-label")).toBe("Notifications, 2 unread"));
    const [stream] = FakeEventSource.opened;
    await stream?.emit({ type: "ready" });
    const fresh = notification(4, "Fit the door is ready to start: Frame the walls is done.", {
      at: new Date().toISOString(),
    });
    await stream?.emit({ type: "notification", notification: fresh });
    expect(bell().getAttribute("aria-label")).toBe("Notifications, 3 unread");
    expect(screen.getByTestId("notification-badge").textContent).toBe("3");
    // The same one again (a refetch brought it first) counts once.
    await stream?.emit({ type: "notification", notification: fresh });
    expect(bell().getAttribute("aria-label")).toBe("Notifications, 3 unread");

    const menu = await openPanel(events);
    const items = within(menu).getAllByRole("menuitem", { name: /ago$/ });
    expect(items[0]?.textContent).toContain("Fit the door is ready to start");
    expect(items[0]?.textContent).toContain("less than a minute ago");
    // The first "ready" came with the first read: the list was read once.
    expect(reads()).toHaveLength(1);
  });

  it("reads the list again once after the stream reconnects", async () => {
    renderBell();
    await waitFor(() => expect(reads()).toHaveLength(1));
    const [stream] = FakeEventSource.opened;
    await stream?.emit({ type: "ready" });
    expect(reads()).toHaveLength(1);
    pages[""] = { notifications: [], unreadCount: 0, hasMore: false };
    await stream?.emit({ type: "ready" });
    await waitFor(() => expect(bell().getAttribute("aria-label")).toBe("Notifications"));
    expect(reads()).toHaveLength(2);
  });

  it("marks them read when another tab does", async () => {
    renderBell();
    await waitFor(() => expect(bell().getAttribute("aria-label")).toBe("Notifications, 2 unread"));
    const [stream] = FakeEventSource.opened;
    await stream?.emit({ type: "notifications.read", ids: [3] });
    expect(bell().getAttribute("aria-label")).toBe("Notifications, 1 unread");
    await stream?.emit({ type: "notifications.read", ids: "all" });
    expect(bell().getAttribute("aria-label")).toBe("Notifications");
    expect(reads()).toHaveLength(1);
  });

  it("marks all as read, keeping the panel open", async () => {
    const events = userEvent.setup();
    renderBell();
    await waitFor(() => expect(bell().getAttribute("aria-label")).toBe("Notifications, 2 unread"));
    const menu = await openPanel(events);
    expect(within(menu).getAllByRole("menuitem", { name: /^Unread: / })).toHaveLength(2);
    await events.click(within(menu).getByRole("menuitem", { name: "Mark all as read" }));

    await waitFor(() => expect(bell().getAttribute("aria-label")).toBe("Notifications"));
    expect(calls.filter((call) => call.method === "POST")).toEqual([
      { method: "POST", url: "/api/notifications/read", body: { all: true } },
    ]);
    expect(screen.getByRole("menu")).toBeTruthy();
    expect(within(menu).queryAllByRole("menuitem", { name: /^Unread: / })).toHaveLength(0);
    expect(
      within(menu).getByRole("menuitem", { name: "Mark all as read" }).getAttribute("aria-disabled"),
    ).toBe("true");
  });

  it("opens a notification's task in the view open, marking it read", async () => {
    const events = userEvent.setup();
    const location = renderBell("/projects/other-7/kanban");
    await waitFor(() => expect(bell().getAttribute("aria-label")).toBe("Notifications, 2 unread"));
    const menu = await openPanel(events);
    await events.click(within(menu).getByText("Pour foundation is ready to start: Dig footings is done."));

    await waitFor(() => expect(location.history.at(-1)).toBe("/projects/garden-shed-3/kanban?task=43"));
    expect(calls.filter((call) => call.method === "POST")).toEqual([
      { method: "POST", url: "/api/notifications/read", body: { ids: [3] } },
    ]);
    expect(bell().getAttribute("aria-label")).toBe("Notifications, 1 unread");
    expect(screen.queryByRole("menu")).toBeNull();
  });

  it("says so when the notification's project is no longer shared", async () => {
    const events = userEvent.setup();
    pages[""] = {
      notifications: [notification(5, "Ada assigned you Sweep up.", { projectId: 99, read: true })],
      unreadCount: 0,
      hasMore: false,
    };
    const location = renderBell();
    await waitFor(() => expect(reads()).toHaveLength(1));
    const menu = await openPanel(events);
    await events.click(within(menu).getByRole("menuitem", { name: /Ada assigned you Sweep up\./ }));

    expect(await screen.findByText("That project is no longer available to you.")).toBeTruthy();
    expect(location.history).toEqual(["/my-tasks"]);
    // Already read: nothing to mark.
    expect(calls.filter((call) => call.method === "POST")).toEqual([]);
  });

  it("says when all is read, and loads older ones while there are more", async () => {
    const events = userEvent.setup();
    pages = {
      "": { notifications: [notification(9, "Newest one.", { read: true })], unreadCount: 0, hasMore: true },
      "9": { notifications: [notification(8, "Older one.", { read: true })], unreadCount: 0, hasMore: false },
    };
    renderBell();
    const menu = await openPanel(events);
    await within(menu).findByText("Newest one.");
    await events.click(within(menu).getByRole("menuitem", { name: "Load more" }));
    expect(await within(menu).findByText("Older one.")).toBeTruthy();
    expect(reads().map((call) => call.url)).toEqual([
      "/api/notifications?limit=30",
      "/api/notifications?limit=30&before=9",
    ]);
    expect(within(menu).queryByRole("menuitem", { name: "Load more" })).toBeNull();
  });

  it("shows the empty state", async () => {
    const events = userEvent.setup();
    pages[""] = { notifications: [], unreadCount: 0, hasMore: false };
    renderBell();
    const menu = await openPanel(events);
    expect(await within(menu).findByText("You're all caught up.")).toBeTruthy();
  });
});

// The avatar menu's theme choice in jsdom: System, Light and Dark as a radio group, the current
// choice checked, a new one applied to the page at once and saved on the server, so a fresh page
// for the same user (a new QueryClient, nothing cached on this browser) opens in it.
import type { ThemePreference } from "@core/schemas/auth";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { TooltipProvider } from "@/components/ui/tooltip";
import { getQueryFn } from "@/lib/api-client";
import { setCachedPreference } from "@/lib/theme/theme-store";
import { htmlIsDark, stubSystemScheme, userWithTheme } from "@/lib/theme/theme-test-helpers";
import { jsonResponse, stubFetchInEachTest } from "@/testing/component-tests";
import { UserMenu } from "./user-menu";

let serverTheme: ThemePreference = "system";
const ada = () => userWithTheme(serverTheme);
let patches: unknown[] = [];

beforeEach(() => {
  serverTheme = "system";
  patches = [];
  setCachedPreference("system");
  localStorage.clear();
  document.documentElement.classList.remove("dark");
  stubSystemScheme(false);
});
stubFetchInEachTest((url, init) => {
  if (url === "/api/auth/user") return jsonResponse(ada());
  if (url === "/api/me/preferences" && init.method === "PATCH") {
    const body = JSON.parse(String(init.body)) as { theme: ThemePreference };
    patches.push(body);
    serverTheme = body.theme;
    return jsonResponse(ada());
  }
  return jsonResponse({}, 404);
});

function renderMenu() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, queryFn: getQueryFn({ on401: "throw" }) } },
  });
  const location = memoryLocation({ path: "/my-tasks" });
  return render(
    <QueryClientProvider client={client}>
      <TooltipProvider>
        <Router hook={location.hook}>
          <UserMenu user={ada()} />
        </Router>
      </TooltipProvider>
    </QueryClientProvider>,
  );
}

/** Opens the menu by keyboard (jsdom has no pointer events for the menu to open on). */
async function openMenu(events: ReturnType<typeof userEvent.setup>) {
  screen.getByRole("button", { name: /Account menu/ }).focus();
  await events.keyboard("{Enter}");
  return screen.findByRole("menu");
}

const checkedTheme = (menu: HTMLElement) =>
  within(within(menu).getByRole("group", { name: "Theme" }))
    .getAllByRole("menuitemradio")
    .filter((item) => item.getAttribute("aria-checked") === "true")
    .map((item) => item.textContent);

describe("the theme in the user menu", () => {
  it("offers System, Light and Dark, with the user's choice checked", async () => {
    serverTheme = "light";
    renderMenu();
    const menu = await openMenu(userEvent.setup());
    const group = within(menu).getByRole("group", { name: "Theme" });
    expect(
      within(group)
        .getAllByRole("menuitemradio")
        .map((item) => item.textContent),
    ).toEqual(["System", "Light", "Dark"]);
    await waitFor(() => expect(checkedTheme(menu)).toEqual(["Light"]));
  });

  it("switches to dark at once, saves it, and a new page for the same user opens dark", async () => {
    const events = userEvent.setup();
    const first = renderMenu();
    const menu = await openMenu(events);
    await waitFor(() => expect(checkedTheme(menu)).toEqual(["System"]));

    await events.click(within(menu).getByRole("menuitemradio", { name: "Dark" }));
    expect(htmlIsDark()).toBe(true);
    // The menu stays open with the new choice checked.
    expect(checkedTheme(screen.getByRole("menu"))).toEqual(["Dark"]);
    await waitFor(() => expect(patches).toEqual([{ theme: "dark" }]));

    // Another device: nothing cached on this browser, the page light until the user's answer comes.
    first.unmount();
    setCachedPreference("system");
    localStorage.clear();
    expect(htmlIsDark()).toBe(false);
    renderMenu();
    await waitFor(() => expect(htmlIsDark()).toBe(true));
    const again = await openMenu(events);
    expect(checkedTheme(again)).toEqual(["Dark"]);
  });
});

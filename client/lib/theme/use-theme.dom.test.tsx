// useTheme in jsdom: the system's scheme followed live under "system", an explicit choice applied to
// <html> at once and sent to the server, the server's choice winning over this browser's cache, and
// a refused save rolled back with a toast. The server is a stubbed fetch.
import type { PublicUser, ThemePreference } from "@core/schemas/auth";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { beforeEach, describe, expect, it } from "vitest";
import { STORAGE_KEYS } from "@/lib/storage-keys";
import { useToast } from "@/lib/use-toast";
import { jsonResponse, stubFetchInEachTest } from "@/testing/component-tests";
import { setCachedPreference } from "./theme-store";
import { htmlIsDark, stubSystemScheme, userWithTheme } from "./theme-test-helpers";
import { useTheme } from "./use-theme";

type Call = { method: string; url: string; body: unknown };
let calls: Call[] = [];
let signedIn: PublicUser | null = null;
let refuseSave = false;

beforeEach(() => {
  calls = [];
  signedIn = null;
  refuseSave = false;
  localStorage.clear();
  setCachedPreference("system");
  localStorage.clear();
  document.documentElement.classList.remove("dark");
});
stubFetchInEachTest((url, init) => {
  const method = init.method ?? "GET";
  calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : null });
  if (url === "/api/auth/user")
    return signedIn ? jsonResponse(signedIn) : jsonResponse({ message: "Unauthorized" }, 401);
  if (url === "/api/me/preferences" && method === "PATCH") {
    if (refuseSave || !signedIn) return jsonResponse({ message: "The database is not available." }, 503);
    signedIn = { ...signedIn, theme: (JSON.parse(String(init.body)) as { theme: ThemePreference }).theme };
    return jsonResponse(signedIn);
  }
  return jsonResponse({}, 404);
});

function renderTheme() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const toasts = renderHook(() => useToast().toasts, { wrapper });
  return { ...renderHook(() => useTheme(), { wrapper }), client, toasts };
}

const patches = () => calls.filter((call) => call.method === "PATCH");

describe("useTheme", () => {
  it("follows the system's scheme live while the preference is system", async () => {
    const system = stubSystemScheme(false);
    const { result } = renderTheme();
    await waitFor(() => expect(calls.some((call) => call.url === "/api/auth/user")).toBe(true));
    expect(result.current.preference).toBe("system");
    expect(result.current.resolved).toBe("light");
    expect(htmlIsDark()).toBe(false);

    system.setDark(true);
    expect(result.current.resolved).toBe("dark");
    expect(htmlIsDark()).toBe(true);
    expect(document.documentElement.style.colorScheme).toBe("dark");

    system.setDark(false);
    expect(result.current.resolved).toBe("light");
    expect(htmlIsDark()).toBe(false);
  });

  it("takes the signed-in user's theme over the system's and caches it on this browser", async () => {
    stubSystemScheme(false);
    signedIn = userWithTheme("dark");
    const { result } = renderTheme();
    await waitFor(() => expect(result.current.preference).toBe("dark"));
    expect(result.current.resolved).toBe("dark");
    expect(htmlIsDark()).toBe(true);
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe("dark");
  });

  it("applies an explicit choice at once and saves it on the server", async () => {
    const system = stubSystemScheme(true);
    signedIn = userWithTheme("system");
    const { result, client } = renderTheme();
    await waitFor(() => expect(result.current.resolved).toBe("dark"));

    act(() => result.current.setPreference("light"));
    expect(result.current.preference).toBe("light");
    expect(htmlIsDark()).toBe(false);
    await waitFor(() =>
      expect(patches()).toEqual([{ method: "PATCH", url: "/api/me/preferences", body: { theme: "light" } }]),
    );
    await waitFor(() => expect(client.getQueryData<PublicUser>(["/api/auth/user"])?.theme).toBe("light"));
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe("light");

    // An explicit theme no longer follows the system.
    system.setDark(false);
    system.setDark(true);
    expect(htmlIsDark()).toBe(false);
  });

  it("toggles to the other explicit theme", async () => {
    stubSystemScheme(true);
    signedIn = userWithTheme("system");
    const { result } = renderTheme();
    await waitFor(() => expect(result.current.resolved).toBe("dark"));
    act(() => result.current.toggle());
    expect(result.current.preference).toBe("light");
    act(() => result.current.toggle());
    expect(result.current.preference).toBe("dark");
    await waitFor(() =>
      expect(patches().map((call) => call.body)).toEqual([{ theme: "light" }, { theme: "dark" }]),
    );
  });

  it("rolls a refused save back and says why in a toast", async () => {
    stubSystemScheme(false);
    signedIn = userWithTheme("light");
    refuseSave = true;
    const { result, toasts } = renderTheme();
    await waitFor(() => expect(result.current.preference).toBe("light"));

    act(() => result.current.setPreference("dark"));
    expect(htmlIsDark()).toBe(true);
    await waitFor(() =>
      expect(toasts.result.current).toMatchObject([
        {
          variant: "destructive",
          title: "Failed to save theme",
          description: "The database is not available.",
        },
      ]),
    );
    expect(result.current.preference).toBe("light");
    expect(htmlIsDark()).toBe(false);
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe("light");
  });

  it("keeps a signed-out choice on this browser only", async () => {
    stubSystemScheme(false);
    const { result } = renderTheme();
    await waitFor(() => expect(calls.some((call) => call.url === "/api/auth/user")).toBe(true));
    act(() => result.current.setPreference("dark"));
    expect(htmlIsDark()).toBe(true);
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe("dark");
    expect(patches()).toEqual([]);
  });
});

// What the component tests (*.dom.test.tsx) share: fetch stubbed for each test by the file's own
// server, undone after it with what was rendered, and the component rendered inside a QueryClient
// of its own that retries nothing.
import type { ProjectDetailDto } from "@core/schemas/projects";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render } from "@testing-library/react";
import type { ReactElement } from "react";
import { afterEach, beforeEach, vi } from "vitest";

/**
 * Before each test of the file (the hooks are registered where this is called) fetch is answered
 * by `server`; after it, what was rendered is unmounted and fetch is put back.
 */
export function stubFetchInEachTest(server: (url: string, init: RequestInit) => Response) {
  beforeEach(() => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init: RequestInit = {}) => server(url, init)),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}

/** A JSON answer, as the API sends it. */
export const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** Renders `ui` inside a new QueryClient that retries no query. */
export function renderWithQueryClient(ui: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

/** The project the view tests render ("Office move", id 3, owned by user 1): what they read of it. */
export const officeMoveProject = {
  id: 3,
  name: "Office move",
  slug: "office-move-3",
  userId: 1,
  archived: false,
} as unknown as ProjectDetailDto["project"];

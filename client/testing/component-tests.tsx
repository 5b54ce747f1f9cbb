// What the component tests (*.dom.test.tsx) share: fetch stubbed for each test by the file's own
// server, undone after it with what was rendered, and the component rendered inside a QueryClient
// of its own that retries nothing, or inside the providers the app mounts.
import type { ProjectDetailDto } from "@core/schemas/projects";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render } from "@testing-library/react";
import type { ReactElement } from "react";
import { afterEach, beforeEach, vi } from "vitest";
import { Toaster } from "@/components/ui/toaster";
import { TooltipProvider } from "@/components/ui/tooltip";
import { CompletionConfirmationProvider } from "@/entities/task/components/completion-confirmation";
import { getQueryFn } from "@/lib/api-client";
import { CommandRegistryProvider } from "@/lib/commands/command-registry";
import { writeNoticesCache } from "@/lib/write-notices";

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

/** A ResizeObserver that observes nothing, for what measures itself (jsdom has none); until unstubbed. */
export function stubResizeObserver() {
  vi.stubGlobal(
    "ResizeObserver",
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}

/** A JSON answer, as the API sends it. */
export const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** Renders `ui` inside a new QueryClient that retries no query. */
export function renderWithQueryClient(ui: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

/**
 * Renders `ui` inside the providers the app mounts (app/providers.tsx): a new QueryClient set as the
 * app's is (the API's query function, each write's notices, no retries, nothing stale), tooltips,
 * the command registry, the completion confirmation and the toaster.
 */
export function renderWithProviders(ui: ReactElement) {
  const client = new QueryClient({
    mutationCache: writeNoticesCache(),
    defaultOptions: {
      queries: { queryFn: getQueryFn({ on401: "throw" }), retry: false, staleTime: Number.POSITIVE_INFINITY },
      mutations: { retry: false },
    },
  });
  return render(
    <QueryClientProvider client={client}>
      <TooltipProvider>
        <CommandRegistryProvider>
          <CompletionConfirmationProvider>{ui}</CompletionConfirmationProvider>
        </CommandRegistryProvider>
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>,
  );
}

/** The project the view tests render ("Office move", id 3, owned by user 1): what they read of it. */
export const officeMoveProject = {
  id: 3,
  name: "Office move",
  slug: "office-move-3",
  userId: 1,
  archived: false,
} as unknown as ProjectDetailDto["project"];

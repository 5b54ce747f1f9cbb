// Schedule Settings as a component, in jsdom: the status date progress is judged at shows the
// project's, is saved with the calendar (PATCH /api/projects/{id} statusDate), and cleared it is
// sent as null, meaning today. The server is a stubbed fetch answering by URL.
import type { ProjectDetailDto, ProjectDto } from "@core/schemas/projects";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ProjectProvider } from "@/features/project/project-context";
import { projectPermissions } from "@/lib/project-permissions";
import { jsonResponse, renderWithQueryClient, stubFetchInEachTest } from "@/testing/component-tests";
import { ProjectCalendarDialog } from "./project-calendar-dialog";

const project = {
  id: 3,
  name: "Office move",
  slug: "office-move-3",
  userId: 1,
  archived: false,
  startDate: "2026-03-02",
  workingDays: [1, 2, 3, 4, 5],
  holidays: [],
  statusDate: "2026-03-13",
} as unknown as ProjectDto;

type Call = { method: string; url: string; body: Record<string, unknown> | null };
let calls: Call[] = [];
beforeEach(() => {
  calls = [];
});
stubFetchInEachTest((url, init) => {
  const method = init.method ?? "GET";
  const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null;
  calls.push({ method, url, body });
  // A dry run that moves nothing: the calendar applies without asking.
  if (url.endsWith("?dryRun=true"))
    return jsonResponse({ preview: { moved: [], finish: { from: null, to: null } } });
  if (method === "PATCH") return jsonResponse({ ...project, ...body });
  return jsonResponse({});
});

function renderDialog(shown: ProjectDto = project) {
  const onOpenChange = vi.fn();
  const value = {
    project: shown,
    tasks: [],
    dependencies: [],
    schedule: { finish: null },
    accessLevel: "owner",
    ...projectPermissions("owner"),
  } as unknown as ProjectDetailDto & ReturnType<typeof projectPermissions>;
  renderWithQueryClient(
    <ProjectProvider value={value}>
      <ProjectCalendarDialog project={shown} open onOpenChange={onOpenChange} />
    </ProjectProvider>,
  );
  return onOpenChange;
}

const saved = () => calls.find((call) => call.method === "PATCH" && call.url === "/api/projects/3");

describe("Schedule Settings' status date", () => {
  it("shows the project's status date with its hint, and saves a new one with the calendar", async () => {
    const events = userEvent.setup();
    renderDialog();
    const input = (await screen.findByLabelText("Status date")) as HTMLInputElement;
    expect(input.value).toBe("2026-03-13");
    const hint = document.getElementById(input.getAttribute("aria-describedby") ?? "");
    expect(hint?.textContent).toBe("Progress is judged at the end of this day; empty means today.");
    await events.clear(input);
    await events.type(input, "2026-03-20");
    await events.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(saved()).toBeTruthy());
    expect(saved()?.body).toEqual({
      startDate: "2026-03-02",
      workingDays: [1, 2, 3, 4, 5],
      holidays: [],
      statusDate: "2026-03-20",
    });
  });

  it("sends an empty status date as null: today", async () => {
    const events = userEvent.setup();
    renderDialog();
    await events.clear(await screen.findByLabelText("Status date"));
    await events.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(saved()).toBeTruthy());
    expect(saved()?.body?.statusDate).toBeNull();
  });

  it("shows no date for a project judged today", async () => {
    renderDialog({ ...project, statusDate: null });
    expect(((await screen.findByLabelText("Status date")) as HTMLInputElement).value).toBe("");
  });
});

// The Print and export menu as a component, in jsdom: what each view offers, the print dialog's
// choices and checks, and the pages it puts in the print layer before asking the browser to print.
import type { ProjectDetailDto } from "@core/schemas/projects";
import { dependencyDto, taskDto } from "@core/testing/dto-factories";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { TooltipProvider } from "@/components/ui/tooltip";
import { ProjectProvider } from "@/features/project/project-context";
import { CommandRegistryProvider, useCommands } from "@/lib/commands/command-registry";
import { projectPermissions } from "@/lib/project-permissions";
import type { ProjectView } from "@/lib/project-views";
import {
  jsonResponse,
  officeMoveProject,
  renderWithQueryClient,
  stubFetchInEachTest,
} from "@/testing/component-tests";
import { ChartExportMenu, EXPORT_TEXTS } from "./chart-export-menu";
import { PRINT_TEXTS } from "./print-dialog";

stubFetchInEachTest(() => jsonResponse([]));
const print = vi.fn();
beforeEach(() => {
  print.mockReset();
  vi.stubGlobal("print", print);
  vi.stubGlobal("requestAnimationFrame", (run: FrameRequestCallback) => setTimeout(() => run(0), 0));
});

const day = (date: number) => new Date(2026, 4, date).toISOString();
const tasks = Array.from({ length: 60 }, (_, index) =>
  taskDto({
    id: index + 1,
    name: `Step ${index + 1}`,
    startDate: day(1 + (index % 25)),
    dueDate: day(4 + (index % 25)),
  }),
);

/** The palette's view of the registry: the labels of the commands offered. */
function CommandLabels() {
  return (
    <output aria-label="Commands">
      {useCommands()
        .map((command) => command.label)
        .join("|")}
    </output>
  );
}

function renderMenu(view: ProjectView) {
  const value = {
    project: { ...officeMoveProject, statusDate: "2026-05-12" },
    tasks,
    dependencies: [dependencyDto(1, 1, 2)],
    accessLevel: "owner",
    ...projectPermissions("owner"),
  } as unknown as ProjectDetailDto & ReturnType<typeof projectPermissions>;
  return renderWithQueryClient(
    <TooltipProvider>
      <CommandRegistryProvider>
        <ProjectProvider value={value}>
          <ChartExportMenu view={view} />
          <CommandLabels />
        </ProjectProvider>
      </CommandRegistryProvider>
    </TooltipProvider>,
  );
}

const openMenu = async () => {
  await userEvent.click(screen.getByRole("button", { name: EXPORT_TEXTS.menu }));
  return screen.findByRole("menu");
};

describe("ChartExportMenu", () => {
  it("offers printing and pictures on the Gantt chart", async () => {
    renderMenu("gantt");
    await openMenu();
    for (const name of [EXPORT_TEXTS.print, EXPORT_TEXTS.png, EXPORT_TEXTS.svg]) {
      expect(screen.getByRole("menuitem", { name }).getAttribute("aria-disabled")).toBeNull();
    }
  });

  it("offers the palette what the view can do: all three on the graph, printing only on the list, nothing on the board", async () => {
    const { unmount } = renderMenu("graph");
    await waitFor(() =>
      expect(screen.getByRole("status", { name: "Commands" }).textContent).toBe(
        `${EXPORT_TEXTS.print}|${EXPORT_TEXTS.png}|${EXPORT_TEXTS.svg}`,
      ),
    );
    unmount();
    const list = renderMenu("list");
    await waitFor(() =>
      expect(screen.getByRole("status", { name: "Commands" }).textContent).toBe(EXPORT_TEXTS.print),
    );
    list.unmount();
    renderMenu("kanban");
    expect(screen.getByRole("status", { name: "Commands" }).textContent).toBe("");
  });

  it("says why the board cannot be printed, and the list has no picture", async () => {
    renderMenu("kanban");
    await openMenu();
    expect(screen.getByRole("menuitem", { name: EXPORT_TEXTS.print }).getAttribute("aria-disabled")).toBe(
      "true",
    );
    expect(screen.getByText(EXPORT_TEXTS.notPrintable)).toBeTruthy();
  });

  it("prints the Gantt chart tiled: pages in the print layer, names as text, then the browser's print", async () => {
    renderMenu("gantt");
    await openMenu();
    await userEvent.click(screen.getByRole("menuitem", { name: EXPORT_TEXTS.print }));
    const dialog = await screen.findByRole("dialog", { name: PRINT_TEXTS.title });
    expect((screen.getByLabelText(PRINT_TEXTS.paper) as HTMLInputElement).value).toBe("A4");
    expect((screen.getByLabelText(PRINT_TEXTS.orientation) as HTMLInputElement).value).toBe("landscape");
    // The plan's span by default: its last bar ends at the midnight starting May 28.
    expect((screen.getByLabelText(PRINT_TEXTS.from) as HTMLInputElement).value).toBe("2026-05-01");
    expect((screen.getByLabelText(PRINT_TEXTS.to) as HTMLInputElement).value).toBe("2026-05-27");
    await userEvent.selectOptions(screen.getByLabelText(PRINT_TEXTS.paper), "A3");
    await userEvent.click(screen.getByRole("button", { name: PRINT_TEXTS.print }));
    await waitFor(() => expect(print).toHaveBeenCalledOnce());
    expect(dialog.isConnected).toBe(false);
    const layer = document.querySelector(".print-root");
    expect(layer?.querySelector("style")?.textContent).toContain("size: 420mm 297mm");
    const pages = layer?.querySelectorAll(".print-page") ?? [];
    expect(pages.length).toBeGreaterThan(0);
    const names = new Set(
      [...(layer?.querySelectorAll("[data-task-names] text") ?? [])].map((text) => text.textContent),
    );
    for (const task of tasks) expect(names).toContain(task.name);
  });

  it("refuses a last day before the first", async () => {
    renderMenu("gantt");
    await openMenu();
    await userEvent.click(screen.getByRole("menuitem", { name: EXPORT_TEXTS.print }));
    await screen.findByRole("dialog");
    const to = screen.getByLabelText(PRINT_TEXTS.to);
    await userEvent.clear(to);
    await userEvent.type(to, "2026-04-01");
    await userEvent.click(screen.getByRole("button", { name: PRINT_TEXTS.print }));
    expect(await screen.findByText(PRINT_TEXTS.toBeforeFrom)).toBeTruthy();
    expect(print).not.toHaveBeenCalled();
  });

  it("prints the list as a table whose head repeats", async () => {
    renderMenu("list");
    await openMenu();
    await userEvent.click(screen.getByRole("menuitem", { name: EXPORT_TEXTS.print }));
    await screen.findByRole("dialog");
    expect(screen.queryByLabelText(PRINT_TEXTS.from)).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: PRINT_TEXTS.print }));
    await waitFor(() => expect(print).toHaveBeenCalledOnce());
    const table = document.querySelector(".print-root table");
    expect(table?.querySelector("thead")?.textContent).toContain("Office move");
    expect(table?.querySelectorAll("tbody tr")).toHaveLength(60);
  });
});

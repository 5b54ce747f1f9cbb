// The dependency dialog as a component, in jsdom: its fields from the dependency, the lag refused
// by core's rule before anything is sent, a change previewed (the dry run) then saved, and a
// viewer's dialog that only reads. The server is a stubbed fetch that records what it was asked.
import type { DependencyDto, TaskDto } from "@core/schemas/projects";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, renderWithQueryClient, stubFetchInEachTest } from "@/testing/component-tests";
import { DependencyDialog } from "./dependency-dialog";

const tasks = [
  { id: 1, name: "Pack boxes" },
  { id: 2, name: "Move boxes" },
] as TaskDto[];
const dependency: DependencyDto = {
  id: 9,
  projectId: 3,
  sourceTaskId: 1,
  targetTaskId: 2,
  type: "FS",
  lag: 2,
};

type Call = { method: string; url: string; body: unknown };
let calls: Call[] = [];

beforeEach(() => {
  calls = [];
});
stubFetchInEachTest((url, init) => {
  calls.push({ method: init.method ?? "GET", url, body: init.body ? JSON.parse(String(init.body)) : null });
  // A dry run moves nothing, so the change applies without asking; the write answers the row.
  return jsonResponse(
    url.includes("dryRun=true")
      ? { preview: { moved: [], finish: { from: null, to: null } } }
      : { ...dependency, type: "SS", lag: 3 },
  );
});

function renderDialog(canEdit: boolean, onClose = vi.fn()) {
  renderWithQueryClient(
    <DependencyDialog dependency={dependency} tasks={tasks} canEdit={canEdit} onClose={onClose} />,
  );
  return onClose;
}

describe("DependencyDialog", () => {
  it("shows the dependency's tasks, type and lag", () => {
    renderDialog(true);
    expect(screen.getByRole("dialog", { name: "Dependency" }).textContent).toContain(
      "“Pack boxes” → “Move boxes”",
    );
    expect((screen.getByLabelText("Type") as HTMLSelectElement).value).toBe("FS");
    expect((screen.getByLabelText("Lag (working days)") as HTMLInputElement).value).toBe("2");
  });

  it("refuses a lag core's rule refuses, naming it, and sends nothing", async () => {
    const user = userEvent.setup();
    const onClose = renderDialog(true);
    const lag = screen.getByLabelText("Lag (working days)");
    for (const typed of ["two", "1001", "1.5"]) {
      await user.clear(lag);
      await user.type(lag, typed);
      await user.click(screen.getByRole("button", { name: "Save" }));
      expect(
        await screen.findByText(/Lag must be a whole number of working days from -1000 to 1000\./),
      ).toBeTruthy();
    }
    expect(calls).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it("previews a change with the server's dry run, then saves it", async () => {
    const user = userEvent.setup();
    const onClose = renderDialog(true);
    await user.selectOptions(screen.getByLabelText("Type"), "SS");
    const lag = screen.getByLabelText("Lag (working days)");
    await user.clear(lag);
    await user.type(lag, " +3 ");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(onClose).toHaveBeenCalled();
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[0]).toEqual({
      method: "PUT",
      url: "/api/dependencies/9?dryRun=true",
      body: { type: "SS", lag: 3 },
    });
    expect(calls[1]).toEqual({ method: "PUT", url: "/api/dependencies/9", body: { type: "SS", lag: 3 } });
  });

  it("only reads for a viewer: fields disabled, no Save and no Remove", () => {
    renderDialog(false);
    // Disabled by their fieldset, as a browser sees it.
    expect(screen.getByLabelText("Type").matches(":disabled")).toBe(true);
    expect(screen.getByLabelText("Lag (working days)").matches(":disabled")).toBe(true);
    expect(screen.queryByRole("button", { name: "Save" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Remove" })).toBeNull();
    expect(screen.getAllByRole("button", { name: "Close" }).length).toBeGreaterThan(0);
  });
});

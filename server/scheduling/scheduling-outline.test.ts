// Summaries in the API's schedule: a summary spans its subtree, a link into one holds every task
// moved or created under it (the write reschedules at once, stored dates included), a link from
// one waits for its roll-up, a move's dry run previews what it moves, and undoing the move puts
// the dates back.
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityEntries } from "../db/schema";
import {
  createTask,
  expectStatus,
  link,
  planSnapshot,
  setupPlanningTeam,
  spans,
  storedSpan,
  updateTask,
} from "./scheduling-test-helpers";

const { testApp, team, plannedProject } = setupPlanningTeam("Outline");
const { editor } = team;

/** Prep (3 days) → Design, a summary holding Sketch (2 days); Build (2 days) on its own. */
async function planWithSummary() {
  const project = await plannedProject();
  const prep = await createTask(editor, project.id, { name: "Prep", duration: 3 });
  const design = await createTask(editor, project.id, { name: "Design" });
  const sketch = await createTask(editor, project.id, { name: "Sketch", duration: 2, parentId: design.id });
  const build = await createTask(editor, project.id, { name: "Build", duration: 2 });
  await link(editor, prep, design);
  return { project, prep, design, sketch, build };
}

describe("summaries in the schedule", () => {
  it("holds the subtree after a link into the summary, and spans it", async () => {
    const { project, prep, design, sketch } = await planWithSummary();
    const byId = await spans(editor, project.id);
    expect(byId.get(prep.id)).toBe("2026-03-02..2026-03-04");
    expect(byId.get(sketch.id)).toBe("2026-03-05..2026-03-06");
    expect(byId.get(design.id)).toBe("2026-03-05..2026-03-06");
    expect(await storedSpan(testApp, sketch.id)).toBe("2026-03-05..2026-03-06");
  });

  it("starts a task created under the summary after the link into it", async () => {
    const { project, design } = await planWithSummary();
    const late = await createTask(editor, project.id, { name: "Late", duration: 1, parentId: design.id });
    expect((await spans(editor, project.id)).get(late.id)).toBe("2026-03-05..2026-03-05");
    expect(await storedSpan(testApp, late.id)).toBe("2026-03-05..2026-03-05");
  });

  it("moves a task put under the summary, previews it first, and undo puts it back", async () => {
    const { project, design, build } = await planWithSummary();
    expect((await spans(editor, project.id)).get(build.id)).toBe("2026-03-02..2026-03-03");
    const before = await planSnapshot(testApp, project.id);
    const preview = await expectStatus<{ preview: { moved: { id: number }[] } }>(
      editor,
      "PUT",
      `/api/tasks/${build.id}?dryRun=true`,
      200,
      { parentId: design.id },
    );
    expect(preview.preview.moved.map((move) => move.id)).toContain(build.id);
    expect(await planSnapshot(testApp, project.id)).toEqual(before);

    await updateTask(editor, build.id, { parentId: design.id });
    expect((await spans(editor, project.id)).get(build.id)).toBe("2026-03-05..2026-03-06");
    expect(await storedSpan(testApp, build.id)).toBe("2026-03-05..2026-03-06");

    const [moved] = await testApp.database.db
      .select()
      .from(activityEntries)
      .where(eq(activityEntries.projectId, project.id))
      .orderBy(asc(activityEntries.id))
      .then((entries) => entries.filter((entry) => entry.action === "tasks.outlined"));
    expect(moved.moved.map((move) => move.id)).toContain(build.id);
    await expectStatus(editor, "POST", `/api/activity/${moved.id}/undo`, 200);
    expect((await spans(editor, project.id)).get(build.id)).toBe("2026-03-02..2026-03-03");
    expect(await storedSpan(testApp, build.id)).toBe("2026-03-02..2026-03-03");
  });

  it("holds the subtree after the summary's start-no-earlier-than, at once and stored", async () => {
    const { project, design, sketch } = await planWithSummary();
    await updateTask(editor, design.id, { startNoEarlierThan: "2026-03-16" });
    const byId = await spans(editor, project.id);
    expect(byId.get(sketch.id)).toBe("2026-03-16..2026-03-17");
    expect(byId.get(design.id)).toBe("2026-03-16..2026-03-17");
    expect(await storedSpan(testApp, sketch.id)).toBe("2026-03-16..2026-03-17");
  });

  it("starts a link from a summary at its roll-up's finish", async () => {
    const { project, design, build } = await planWithSummary();
    await link(editor, design, build);
    expect((await spans(editor, project.id)).get(build.id)).toBe("2026-03-09..2026-03-10");
  });
});

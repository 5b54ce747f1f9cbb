// project_task_versions.schedule_version keys a project's computed schedule (the events' schedules
// come from memory while it holds). The outline changes a schedule without any duration changing:
// a task without one moved under another parent, or a summary given a start-no-earlier-than.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createProjectFor, createTaskIn } from "../test/factories";
import { setupClients, setupTestApp } from "../test/test-app";
import { projectTaskVersions, tasks } from "./schema";

const testApp = setupTestApp();
const [owner] = setupClients(testApp, 1);
const db = () => testApp.database.db;

const scheduleVersion = async (projectId: number) =>
  (await db().select().from(projectTaskVersions).where(eq(projectTaskVersions.projectId, projectId)))[0]
    .scheduleVersion;

describe("schedule_version and the outline", () => {
  it("moves on a summary's move, its start-no-earlier-than, and a child's insert, whatever their durations", async () => {
    const project = await createProjectFor(testApp, owner.user);
    const phase = await createTaskIn(testApp, project, { name: "Phase" });
    const design = await createTaskIn(testApp, project, { name: "Design" });
    let version = await scheduleVersion(project.id);
    const child = await createTaskIn(testApp, project, { name: "Sketch", parentId: design.id });
    expect(await scheduleVersion(project.id)).toBeGreaterThan(version);

    version = await scheduleVersion(project.id);
    await db().update(tasks).set({ parentId: phase.id }).where(eq(tasks.id, design.id));
    expect(await scheduleVersion(project.id)).toBeGreaterThan(version);

    version = await scheduleVersion(project.id);
    await db()
      .update(tasks)
      .set({ startNoEarlierThan: "2026-05-04", constraintType: "SNET", constraintDate: "2026-05-04" })
      .where(eq(tasks.id, phase.id));
    expect(await scheduleVersion(project.id)).toBeGreaterThan(version);

    // So does a summary's deadline, and a child's constraint, though neither has a duration.
    version = await scheduleVersion(project.id);
    await db().update(tasks).set({ deadline: "2026-06-30" }).where(eq(tasks.id, phase.id));
    expect(await scheduleVersion(project.id)).toBeGreaterThan(version);
    version = await scheduleVersion(project.id);
    await db()
      .update(tasks)
      .set({ constraintType: "FNLT", constraintDate: "2026-06-01" })
      .where(eq(tasks.id, child.id));
    expect(await scheduleVersion(project.id)).toBeGreaterThan(version);

    // A rename still leaves it.
    version = await scheduleVersion(project.id);
    await db().update(tasks).set({ name: "Sketches" }).where(eq(tasks.id, child.id));
    expect(await scheduleVersion(project.id)).toBe(version);
  });
});

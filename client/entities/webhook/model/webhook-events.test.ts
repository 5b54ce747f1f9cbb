import { WEBHOOK_EVENT_TYPES } from "@core/schemas/webhooks";
import { describe, expect, it } from "vitest";
import { eventsSummary, webhookEventGroups } from "./webhook-events";

describe("webhookEventGroups", () => {
  it("puts every event type in exactly one group", () => {
    const grouped = webhookEventGroups().flatMap((group) => group.events);
    expect([...grouped].sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
  });

  it("starts with the task changes, task.unblocked among them", () => {
    const [tasks] = webhookEventGroups();
    expect(tasks.label).toBe("Task changes");
    expect(tasks.events).toContain("task.created");
    expect(tasks.events).toContain("tasks.reordered");
    expect(tasks.events).toContain("task.unblocked");
    expect(tasks.events).not.toContain("dependency.created");
  });

  it("keeps the project's own events apart", () => {
    const project = webhookEventGroups().find((group) => group.label === "Project changes");
    expect(project?.events).toEqual(expect.arrayContaining(["project.updated", "members.changed"]));
  });
});

describe("eventsSummary", () => {
  it("reads All events for every type, however ordered", () => {
    expect(eventsSummary([...WEBHOOK_EVENT_TYPES].reverse())).toBe("All events");
  });

  it("names a single event and counts several", () => {
    expect(eventsSummary(["task.unblocked"])).toBe("task.unblocked");
    expect(eventsSummary(["task.created", "task.updated", "task.deleted"])).toBe("3 events");
  });
});

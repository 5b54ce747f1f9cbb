import { describe, expect, it } from "vitest";
import { DEMO_CARD, DEMO_INITIALLY_COMPLETED, DEMO_TASKS, demoLayout, demoStatuses } from "./demo-plan";

const byName = (name: string) => {
  const task = DEMO_TASKS.find((candidate) => candidate.name === name);
  if (!task) throw new Error(`No demo task ${name}`);
  return task.id;
};

describe("demoStatuses", () => {
  it("starts with the brief done, two tasks to do and the rest waiting", () => {
    const statuses = demoStatuses(DEMO_INITIALLY_COMPLETED);
    expect(statuses.get(byName("Write the brief"))).toBe("completed");
    expect(statuses.get(byName("Design mockups"))).toBe("todo");
    expect(statuses.get(byName("Draft the copy"))).toBe("todo");
    expect(statuses.get(byName("Build the site"))).toBe("waiting");
    expect(statuses.get(byName("Go live"))).toBe("waiting");
  });

  it("unblocks a task once every prerequisite is complete, not before", () => {
    const completed = new Set([byName("Write the brief"), byName("Design mockups")]);
    expect(demoStatuses(completed).get(byName("Build the site"))).toBe("waiting");
    completed.add(byName("Draft the copy"));
    expect(demoStatuses(completed).get(byName("Build the site"))).toBe("todo");
  });

  it("keeps a completed task completed when a prerequisite is reopened", () => {
    const statuses = demoStatuses(new Set([byName("Build the site")]));
    expect(statuses.get(byName("Build the site"))).toBe("completed");
    expect(statuses.get(byName("Write the brief"))).toBe("todo");
  });
});

describe("demoLayout", () => {
  for (const orientation of ["horizontal", "vertical"] as const) {
    it(`places every card inside the drawing without overlaps (${orientation})`, () => {
      const { width, height, positions } = demoLayout(orientation);
      expect(positions.size).toBe(DEMO_TASKS.length);
      const cards = [...positions.values()];
      for (const { x, y } of cards) {
        expect(x).toBeGreaterThanOrEqual(0);
        expect(y).toBeGreaterThanOrEqual(0);
        expect(x + DEMO_CARD.width).toBeLessThanOrEqual(width);
        expect(y + DEMO_CARD.height).toBeLessThanOrEqual(height);
      }
      for (const [index, a] of cards.entries()) {
        for (const b of cards.slice(index + 1)) {
          const apart =
            a.x + DEMO_CARD.width <= b.x ||
            b.x + DEMO_CARD.width <= a.x ||
            a.y + DEMO_CARD.height <= b.y ||
            b.y + DEMO_CARD.height <= a.y;
          expect(apart).toBe(true);
        }
      }
    });
  }

  it("puts every prerequisite before its dependent along the arrows", () => {
    const horizontal = demoLayout("horizontal").positions;
    const vertical = demoLayout("vertical").positions;
    expect((horizontal.get(byName("Write the brief")) as { x: number }).x).toBeLessThan(
      (horizontal.get(byName("Go live")) as { x: number }).x,
    );
    expect((vertical.get(byName("Write the brief")) as { y: number }).y).toBeLessThan(
      (vertical.get(byName("Go live")) as { y: number }).y,
    );
  });
});

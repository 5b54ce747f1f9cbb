import { dependencyDto, taskDto } from "@core/testing/dto-factories";
import { describe, expect, it } from "vitest";
import { graphLayout, wrapName } from "./graph-layout";

describe("graphLayout", () => {
  it("puts each card where the graph does, and places those without a position beside their prerequisites", () => {
    const layout = graphLayout({
      tasks: [
        taskDto({ id: 1, name: "Survey", positionX: 100, positionY: 50 }),
        taskDto({ id: 2, name: "Dig", completed: true }),
      ],
      dependencies: [dependencyDto(1, 1, 2)],
      categories: [],
      thisYear: 2026,
    });
    expect(layout.cards).toHaveLength(2);
    expect(layout.cards[0]).toMatchObject({ x: 100, y: 50, status: "todo" });
    expect(layout.cards[1].x).toBeGreaterThan(100);
    expect(layout.cards[1].status).toBe("completed");
    expect(layout.arrows).toEqual([
      {
        x1: 100 + layout.cards[0].width,
        y1: 50 + layout.cards[0].height / 2,
        x2: layout.cards[1].x,
        y2: layout.cards[1].y + layout.cards[1].height / 2,
      },
    ]);
    expect(layout.bounds.x).toBe(100 - 24);
  });

  it("draws summaries as frames around their cards, outer ones first", () => {
    const layout = graphLayout({
      tasks: [
        taskDto({ id: 1, name: "Phase", order: 0 }),
        taskDto({ id: 2, name: "Package", parentId: 1, order: 0 }),
        taskDto({ id: 3, name: "Task", parentId: 2, positionX: 0, positionY: 0 }),
      ],
      dependencies: [],
      categories: [],
      thisYear: 2026,
    });
    expect(layout.cards.map((card) => card.taskId)).toEqual([3]);
    expect(layout.frames.map((frame) => [frame.taskId, frame.wbs])).toEqual([
      [1, "1"],
      [2, "1.1"],
    ]);
    const [outer, inner] = layout.frames;
    expect(outer.x).toBeLessThan(inner.x);
    expect(inner).toMatchObject({ x: -15, y: -60 });
  });
});

describe("wrapName", () => {
  it("breaks a name into lines the card holds", () => {
    expect(wrapName("Pour the foundations", 100)).toEqual(["Pour the", "foundations"]);
    expect(wrapName("x".repeat(30), 100)).toEqual(["x".repeat(12), "x".repeat(12), "x".repeat(6)]);
    expect(wrapName("", 100)).toEqual([""]);
  });
});

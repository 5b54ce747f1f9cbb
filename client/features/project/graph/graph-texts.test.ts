import { describe, expect, it } from "vitest";
import {
  criticalPathSummary,
  deleteSelectionQuestion,
  dependenciesDeletedToast,
  itemsDeletedToast,
  namedTasks,
  newNodeName,
  nodeLabel,
  selectionCounter,
} from "./graph-texts";

describe("graph texts", () => {
  it("ask about one task or several in the right number", () => {
    expect(deleteSelectionQuestion(1)).toBe(
      "Are you sure you want to delete 1 task? This will also remove any dependencies connected to this task.",
    );
    expect(deleteSelectionQuestion(3)).toBe(
      "Are you sure you want to delete 3 tasks? This will also remove any dependencies connected to these tasks.",
    );
  });

  it("count deleted items and the selection", () => {
    expect(itemsDeletedToast(1)).toEqual({
      title: "Items deleted",
      description: "Successfully deleted 1 item.",
    });
    expect(itemsDeletedToast(4).description).toBe("Successfully deleted 4 items.");
    expect(selectionCounter(0, 0)).toBe("0 tasks, 0 connections selected");
    expect(selectionCounter(1, 1)).toBe("1 task, 1 connection selected");
    expect(selectionCounter(2, 3)).toBe("2 tasks, 3 connections selected");
  });

  it("name new nodes after the count and label empty names", () => {
    expect(newNodeName(0)).toBe("Task 1");
    expect(newNodeName(9)).toBe("Task 10");
    expect(nodeLabel("")).toBe("Untitled Task");
    expect(nodeLabel("   ")).toBe("Untitled Task");
    expect(nodeLabel("Ship")).toBe("Ship");
  });

  it("sum up the critical path", () => {
    expect(criticalPathSummary(1, 1)).toBe("Critical path: 1 task, 1 day");
    expect(criticalPathSummary(4, 12.345)).toBe("Critical path: 4 tasks, 12.3 days");
  });
});

describe("namedTasks", () => {
  it("names one, two, three tasks, and counts the rest", () => {
    expect(namedTasks(["Ship"])).toBe('"Ship"');
    expect(namedTasks(["Ship", "Review"])).toBe('"Ship" and "Review"');
    expect(namedTasks(["Ship", "Review", "Draft"])).toBe('"Ship", "Review" and "Draft"');
    expect(namedTasks(["Ship", "Review", "Draft", "Print", "Bind"])).toBe(
      '"Ship", "Review", "Draft" and 2 more',
    );
  });
});

describe("deleted links", () => {
  it("names one deleted link, counts several, and says how to bring them back", () => {
    expect(dependenciesDeletedToast(['"Pack" → "Move"'])).toEqual({
      title: "Dependency deleted",
      description: 'Deleted "Pack" → "Move". Press Ctrl+Z to undo.',
    });
    expect(dependenciesDeletedToast(["a", "b"]).description).toBe(
      "Deleted 2 dependencies. Press Ctrl+Z to undo.",
    );
  });
});

describe("deleting selected summaries", () => {
  it("names the tasks under them, which go too", () => {
    expect(deleteSelectionQuestion(1, 1)).toBe(
      "Are you sure you want to delete 1 task and the task under it? This will also remove any dependencies connected to these tasks.",
    );
    expect(deleteSelectionQuestion(2, 5)).toBe(
      "Are you sure you want to delete 2 tasks and the 5 tasks under them? This will also remove any dependencies connected to these tasks.",
    );
  });
});

import { describe, expect, it } from "vitest";
import { ROW_KEYS, rowAfterKey } from "./row-keys";

const rows = ["Pack boxes", "Move furniture", "Unpack"];

describe("rowAfterKey", () => {
  it("goes to the next and the previous row with Down and Up", () => {
    expect(rowAfterKey(rows, 1, "ArrowDown")).toBe("Unpack");
    expect(rowAfterKey(rows, 1, "ArrowUp")).toBe("Pack boxes");
  });

  it("goes to the first and the last row with Home and End", () => {
    expect(rowAfterKey(rows, 1, "Home")).toBe("Pack boxes");
    expect(rowAfterKey(rows, 1, "End")).toBe("Unpack");
  });

  it("goes nowhere past either end, nor for another key", () => {
    expect(rowAfterKey(rows, 2, "ArrowDown")).toBeUndefined();
    expect(rowAfterKey(rows, 0, "ArrowUp")).toBeUndefined();
    expect(rowAfterKey(rows, 1, "PageDown")).toBeUndefined();
    expect(rowAfterKey([], 0, "End")).toBeUndefined();
  });

  it("answers every row key", () => {
    for (const key of ROW_KEYS) expect(rowAfterKey(rows, 1, key)).toBeDefined();
  });
});

import { describe, expect, it } from "vitest";
import { parseTaskId } from "./task-id";

describe("parseTaskId", () => {
  it("accepts positive integers, as numbers or digits", () => {
    expect(parseTaskId(12)).toBe(12);
    expect(parseTaskId("12")).toBe(12);
    expect(parseTaskId(" 7 ")).toBe(7);
  });

  it("refuses anything else with the spec's message", () => {
    for (const id of ["node-3", "", "1.5", "-4", "0x10", "1e3"]) {
      expect(() => parseTaskId(id)).toThrow(`Invalid task ID: ${id}`);
    }
    for (const id of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => parseTaskId(id)).toThrow(`Invalid task ID: ${id}`);
    }
  });
});

import { describe, expect, it } from "vitest";
import { ImportError } from "./imported-plan";
import { JSON_FORMAT, JSON_VERSION, readJson } from "./json-format";

const fileWith = (tasks: object[]) =>
  JSON.stringify({ format: JSON_FORMAT, version: JSON_VERSION, project: { name: "Plan" }, tasks });

describe("readJson durations", () => {
  it("rounds a part-day duration up (the last part-day is still worked) and keeps whole days", () => {
    const plan = readJson(
      fileWith([
        { id: 1, name: "Fraction", duration: 14.29 },
        { id: 2, name: "Half", duration: 3.5 },
        { id: 3, name: "Whole", duration: 14 },
        { id: 4, name: "Short", duration: 0.1 },
        { id: 5, name: "Milestone", duration: 0 },
        { id: 6, name: "Unscheduled", duration: null },
        { id: 7, name: "Left out" },
      ]),
    );
    expect(plan.tasks.map(({ name, duration }) => [name, duration])).toEqual([
      ["Fraction", 15],
      ["Half", 4],
      ["Whole", 14],
      ["Short", 1],
      ["Milestone", 0],
      ["Unscheduled", null],
      ["Left out", null],
    ]);
  });

  it("refuses a negative duration, naming the field", () => {
    expect(() => readJson(fileWith([{ id: 1, name: "Back", duration: -0.5 }]))).toThrow(ImportError);
    expect(() => readJson(fileWith([{ id: 1, name: "Back", duration: -0.5 }]))).toThrow(/tasks\.0\.duration/);
  });
});

import { describe, expect, it } from "vitest";
import { sortByName } from "./sort-by-name";

const names = (items: { name: string }[]) => items.map((item) => item.name);

describe("sortByName", () => {
  it("ignores case and reads numbers as numbers", () => {
    const sorted = sortByName([
      { name: "project 10" },
      { name: "Beta" },
      { name: "Project 2" },
      { name: "alpha" },
    ]);
    expect(names(sorted)).toEqual(["alpha", "Beta", "Project 2", "project 10"]);
  });

  it("keeps ties in their order and leaves the input alone", () => {
    const input = [
      { name: "Same", id: 1 },
      { name: "same", id: 2 },
    ];
    expect(sortByName(input).map((item) => item.id)).toEqual([1, 2]);
    expect(sortByName([])).toEqual([]);
    const original = [{ name: "b" }, { name: "a" }];
    sortByName(original);
    expect(names(original)).toEqual(["b", "a"]);
  });
});

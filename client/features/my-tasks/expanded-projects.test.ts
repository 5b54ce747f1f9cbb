import { afterEach, describe, expect, it, vi } from "vitest";
import {
  isProjectExpanded,
  readExpandedProjects,
  withProjectExpanded,
  writeExpandedProjects,
} from "./expanded-projects";

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

afterEach(() => vi.unstubAllGlobals());

describe("expanded My Tasks groups", () => {
  it("start all expanded", () => {
    vi.stubGlobal("localStorage", memoryStorage());
    const state = readExpandedProjects();
    expect(isProjectExpanded(state, 1)).toBe(true);
    expect(isProjectExpanded(state, 99)).toBe(true);
  });

  it("remember a collapsed group under expanded_projects, new groups still open", () => {
    const store = memoryStorage();
    vi.stubGlobal("localStorage", store);
    writeExpandedProjects(withProjectExpanded(readExpandedProjects(), 4, false));
    expect(store.getItem("expanded_projects")).toBe('{"4":false}');
    const state = readExpandedProjects();
    expect(isProjectExpanded(state, 4)).toBe(false);
    expect(isProjectExpanded(state, 5)).toBe(true);
    expect(isProjectExpanded(withProjectExpanded(state, 4, true), 4)).toBe(true);
  });

  it("read malformed values as all expanded", () => {
    const store = memoryStorage();
    vi.stubGlobal("localStorage", store);
    for (const raw of ["{not json", "[1,2]", '{"4":"no"}', "null", "7"]) {
      store.setItem("expanded_projects", raw);
      expect(readExpandedProjects()).toEqual({});
    }
  });
});

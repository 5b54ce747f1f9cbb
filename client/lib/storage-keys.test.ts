import { afterEach, describe, expect, it, vi } from "vitest";
import {
  readSidebarCollapsed,
  readStoredJson,
  readStoredString,
  removeStored,
  STORAGE_KEYS,
  writeSidebarCollapsed,
  writeStoredString,
} from "./storage-keys";

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => Array.from(items.keys())[index] ?? null,
    removeItem: (key) => {
      items.delete(key);
    },
    setItem: (key, value) => {
      items.set(key, String(value));
    },
  };
}

function throwingStorage(): Storage {
  const fail = () => {
    throw new DOMException("blocked", "SecurityError");
  };
  return { length: 0, clear: fail, getItem: fail, key: fail, removeItem: fail, setItem: fail };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("storage helpers", () => {
  it("uses the product's key names", () => {
    expect(Object.values(STORAGE_KEYS)).toEqual([
      "open_project_id",
      "preferred_view_mode",
      "sidebar_collapsed",
      "expanded_projects",
      "gantt_zoom_level",
      "theme",
    ]);
  });

  it("reads back what it wrote, and forgets what it removed", () => {
    vi.stubGlobal("localStorage", memoryStorage());
    expect(writeStoredString(STORAGE_KEYS.openProjectId, "42")).toBe(true);
    expect(readStoredString(STORAGE_KEYS.openProjectId)).toBe("42");
    removeStored(STORAGE_KEYS.openProjectId);
    expect(readStoredString(STORAGE_KEYS.openProjectId)).toBeNull();
  });

  it("persists the sidebar's collapsed state as a boolean", () => {
    const store = memoryStorage();
    vi.stubGlobal("localStorage", store);
    expect(readSidebarCollapsed()).toBe(false);
    writeSidebarCollapsed(true);
    expect(store.getItem("sidebar_collapsed")).toBe("true");
    expect(readSidebarCollapsed()).toBe(true);
  });

  it("falls back on malformed or unexpected values", () => {
    const store = memoryStorage();
    vi.stubGlobal("localStorage", store);
    store.setItem("sidebar_collapsed", "{not json");
    expect(readSidebarCollapsed()).toBe(false);
    store.setItem("sidebar_collapsed", '"yes"');
    expect(readSidebarCollapsed()).toBe(false);
    store.setItem("expanded_projects", "[1,2]");
    expect(readStoredJson(STORAGE_KEYS.expandedProjects, [])).toEqual([1, 2]);
  });

  it("never throws when storage is blocked", () => {
    vi.stubGlobal("localStorage", throwingStorage());
    expect(readStoredString(STORAGE_KEYS.preferredViewMode)).toBeNull();
    expect(writeStoredString(STORAGE_KEYS.preferredViewMode, "list")).toBe(false);
    expect(() => removeStored(STORAGE_KEYS.preferredViewMode)).not.toThrow();
    expect(readSidebarCollapsed()).toBe(false);
  });

  it("never throws when storage is missing", () => {
    vi.stubGlobal("localStorage", undefined);
    expect(readStoredString(STORAGE_KEYS.ganttZoomLevel)).toBeNull();
    expect(writeStoredString(STORAGE_KEYS.ganttZoomLevel, "30")).toBe(false);
  });
});

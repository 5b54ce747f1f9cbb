import { describe, expect, it } from "vitest";
import {
  PROJECT_VIEWS,
  projectPath,
  projectSlugFromPath,
  sharePath,
  toProjectView,
  toPublicView,
} from "./project-views";

describe("toProjectView", () => {
  it("keeps every known view", () => {
    for (const view of PROJECT_VIEWS) expect(toProjectView(view)).toBe(view);
  });

  it("ignores case and surrounding spaces", () => {
    expect(toProjectView("Gantt")).toBe("gantt");
    expect(toProjectView(" list ")).toBe("list");
  });

  it("falls back to graph for anything else", () => {
    for (const view of ["timeline", "", "graphs", "__proto__", "toString", undefined, null]) {
      expect(toProjectView(view)).toBe("graph");
    }
  });
});

describe("toPublicView", () => {
  it("keeps graph, list, phases and gantt", () => {
    for (const view of ["graph", "list", "phases", "gantt"]) expect(toPublicView(view)).toBe(view);
  });

  it("has no kanban or sharing page", () => {
    expect(toPublicView("kanban")).toBe("graph");
    expect(toPublicView("sharing")).toBe("graph");
    expect(toPublicView("nope")).toBe("graph");
  });
});

describe("paths", () => {
  it("builds project paths, graph by default", () => {
    expect(projectPath("launch-x7k2")).toBe("/projects/launch-x7k2/graph");
    expect(projectPath("launch-x7k2", "kanban")).toBe("/projects/launch-x7k2/kanban");
    expect(projectPath("a/b")).toBe("/projects/a%2Fb/graph");
  });

  it("builds share paths without a segment for the default view", () => {
    expect(sharePath("tok")).toBe("/share/tok");
    expect(sharePath("tok", "phases")).toBe("/share/tok/phases");
  });
});

describe("projectSlugFromPath", () => {
  it("finds the slug of a project page, with or without a view", () => {
    expect(projectSlugFromPath("/projects/launch-x7k2/gantt")).toBe("launch-x7k2");
    expect(projectSlugFromPath("/projects/launch-x7k2")).toBe("launch-x7k2");
    expect(projectSlugFromPath(projectPath("a/b"))).toBe("a/b");
  });

  it("answers null away from a project page", () => {
    expect(projectSlugFromPath("/projects")).toBeNull();
    expect(projectSlugFromPath("/projects/")).toBeNull();
    expect(projectSlugFromPath("/my-tasks")).toBeNull();
  });

  it("keeps a malformed escape as it is", () => {
    expect(projectSlugFromPath("/projects/%E0%A4%A/graph")).toBe("%E0%A4%A");
  });
});

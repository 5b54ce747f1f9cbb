import { describe, expect, it } from "vitest";
import { openProjectTarget } from "./open-project";

describe("openProjectTarget", () => {
  it("goes to the graph view of a project with a slug", () => {
    expect(openProjectTarget({ id: 4, slug: "launch-x7k2" })).toEqual({
      path: "/projects/launch-x7k2/graph",
      openProjectId: null,
    });
  });

  it("goes to /home and keeps the id for a project without a slug", () => {
    expect(openProjectTarget({ id: 4, slug: null })).toEqual({ path: "/home", openProjectId: "4" });
    expect(openProjectTarget({ id: 9, slug: "" })).toEqual({ path: "/home", openProjectId: "9" });
    expect(openProjectTarget({ id: 11 })).toEqual({ path: "/home", openProjectId: "11" });
  });
});

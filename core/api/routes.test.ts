import { describe, expect, expectTypeOf, it } from "vitest";
import { apiRoutes, type ParamNames, paramNamesOf } from "./routes";

describe("apiRoutes", () => {
  it("fills a pattern's params", () => {
    expect(apiRoutes.projectTasks.url({ id: 3 })).toBe("/api/projects/3/tasks");
    expect(apiRoutes.activityUndo.url({ entryId: 12 })).toBe("/api/activity/12/undo");
    expect(apiRoutes.projects.url()).toBe("/api/projects");
  });

  it("encodes each param", () => {
    expect(apiRoutes.projectBySlug.url({ slug: "a b/ç?" })).toBe("/api/projects/by-slug/a%20b%2F%C3%A7%3F");
    expect(apiRoutes.publicProjectEvents.url({ token: "x/y" })).toBe("/api/share/x%2Fy/events");
  });

  it("appends a query, leaving out undefined values", () => {
    expect(apiRoutes.projects.url({}, { includeArchived: true })).toBe("/api/projects?includeArchived=true");
    expect(
      apiRoutes.projectActivity.url({ id: 7 }, { mine: undefined, taskId: 9, limit: 20, before: undefined }),
    ).toBe("/api/projects/7/activity?taskId=9&limit=20");
    expect(apiRoutes.projectExport.url({ id: 2 }, { format: "a&b" })).toBe(
      "/api/projects/2/export?format=a%26b",
    );
    expect(apiRoutes.task.url({ id: 4 }, {})).toBe("/api/tasks/4");
  });

  it("refuses a missing param, in the types and at run time", () => {
    // @ts-expect-error the pattern names :id
    expect(() => apiRoutes.projectTasks.url({})).toThrow("/api/projects/:id/tasks needs :id");
    // @ts-expect-error the pattern names :token, not :id
    expect(() => apiRoutes.publicProject.url({ id: 1 })).toThrow();
  });

  it("derives the params' names from the pattern", () => {
    expectTypeOf<ParamNames<"/api/share/:token/events">>().toEqualTypeOf<"token">();
    expectTypeOf<ParamNames<"/api/a/:x/b/:y">>().toEqualTypeOf<"x" | "y">();
    expectTypeOf<ParamNames<"/api/projects">>().toBeNever();
    expectTypeOf(apiRoutes.share.url).parameter(0).toEqualTypeOf<{ shareId: string | number }>();
  });

  it("asks each builder for exactly its pattern's params", () => {
    for (const [name, route] of Object.entries(apiRoutes)) {
      const names = paramNamesOf(route.path);
      const params = Object.fromEntries(names.map((param) => [param, `<${param}>`]));
      const expected = names.reduce((path, param) => path.replace(`:${param}`, `%3C${param}%3E`), route.path);
      expect(route.url(params as never), name).toBe(expected);
      expect(route.path, name).toMatch(/^\/api\//);
      expect(route.methods.length, name).toBeGreaterThan(0);
    }
  });

  it("names each pattern once", () => {
    const paths = Object.values(apiRoutes).map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
  });
});

// The route table (core/api/routes.ts) and the app agree: every entry is registered with each of its
// methods, and every /api/ route the app registers is an entry of the table.
import { apiRoutes } from "@core/api/routes";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { setupTestApp } from "../test/test-app";

const testApp = setupTestApp();

/**
 * Every route of the app as "METHOD pattern", read from Fastify's printed route tree: each line's
 * label continues its parent's, and its methods follow in brackets.
 */
function registeredRoutes(app: FastifyInstance): string[] {
  const routes: string[] = [];
  const labels: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split("\n")) {
    const match = /^([│ ]*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    labels.length = match[1].length / 4;
    labels.push(match[2]);
    for (const method of match[3]?.split(", ") ?? []) routes.push(`${method} ${labels.join("")}`);
  }
  return routes;
}

describe("the API route table", () => {
  it("is registered entry by entry, each method of each", () => {
    const missing = Object.values(apiRoutes).flatMap((route) =>
      route.methods
        .filter((method) => !testApp.app.hasRoute({ method, url: route.path }))
        .map((method) => `${method} ${route.path}`),
    );
    expect(missing).toEqual([]);
  });

  it("holds every /api/ route the app registers", () => {
    const routes = registeredRoutes(testApp.app);
    // The reading of the tree is right: each route it finds is one the app has.
    expect(routes.length).toBeGreaterThan(10);
    for (const route of routes) {
      const [method, url] = route.split(" ");
      expect(testApp.app.hasRoute({ method, url }), route).toBe(true);
    }
    const inTable = new Set(
      Object.values(apiRoutes).flatMap((route) => route.methods.map((method) => `${method} ${route.path}`)),
    );
    const api = routes.filter((route) => route.split(" ")[1].startsWith("/api/"));
    // HEAD comes with each GET.
    expect(api.filter((route) => !route.startsWith("HEAD ") && !inTable.has(route))).toEqual([]);
    expect(api.filter((route) => route.startsWith("HEAD ") && !inTable.has(`GET ${route.slice(5)}`))).toEqual(
      [],
    );
    expect(api.filter((route) => !route.startsWith("HEAD ")).length).toBe(inTable.size);
  });
});

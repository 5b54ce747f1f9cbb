// GET /api/openapi.json against the real app: public, a valid OpenAPI 3.1 document, and exactly the
// API routes the app registered (whatever they are when this runs), described from their schemas;
// the client's pages (a built client is served here) left out.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { API_PREFIX } from "@core/api/routes";
import { createTaskSchema } from "@core/schemas/tasks";
import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupTestApp } from "../test/test-app";
import { BEARER_SCHEME, COOKIE_SCHEME } from "./openapi";

const clientDir = mkdtempSync(path.join(tmpdir(), "planner-openapi-client-"));
const testApp = setupTestApp({
  config: () => {
    mkdirSync(path.join(clientDir, "assets"));
    writeFileSync(path.join(clientDir, "index.html"), "<!doctype html><title>Planner</title>");
    writeFileSync(path.join(clientDir, "assets", "app-1234.js"), "console.log(1)");
    return { clientDir };
  },
});
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

type Operation = {
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
};
type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, Record<string, string>> };
  security: Record<string, string[]>[];
};

let document: OpenApiDocument;

beforeAll(async () => {
  const response = await testApp.app.inject({ method: "GET", url: "/api/openapi.json" });
  expect(response.statusCode).toBe(200);
  expect(response.headers["content-type"]).toMatch(/^application\/json/);
  document = response.json();
});

/** "GET /api/tasks/:id" as OpenAPI writes it: "GET /api/tasks/{id}". */
const asOpenApi = (route: string) => route.replace(/:(\w+)(\([^)]*\))?/g, "{$1}");

const documented = () =>
  Object.entries(document.paths).flatMap(([url, item]) =>
    Object.keys(item).map((method) => `${method.toUpperCase()} ${url}`),
  );

const operation = (method: string, url: string) => {
  const found = document.paths[url]?.[method];
  if (!found) throw new Error(`The document has no ${method.toUpperCase()} ${url}`);
  return found;
};

describe("GET /api/openapi.json", () => {
  it("answers without a session, as the same document each time", async () => {
    const again = await testApp.app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(document);
    expect(document.openapi).toBe("3.1.0");
    expect(document.info).toMatchObject({ title: "Visual Project Planner API", version: expect.any(String) });
  });

  it("is a valid OpenAPI 3.1 document", async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("describes every API route the app registered, and nothing else", () => {
    const registered = testApp.app.routeList.filter((route) => route.split(" ")[1].startsWith(API_PREFIX));
    // Sanity: the list is the app's, and the client's pages are registered beside it.
    expect(registered).toContain("POST /api/projects/:id/tasks");
    expect(testApp.app.routeList.some((route) => !route.split(" ")[1].startsWith(API_PREFIX))).toBe(true);
    expect(documented().sort()).toEqual(registered.map(asOpenApi).sort());
  });

  it("gives a route's zod body its properties, and its path parameters", () => {
    const createTask = operation("post", "/api/projects/{id}/tasks");
    const body = createTask.requestBody?.content["application/json"].schema;
    expect(Object.keys(body?.properties ?? {}).sort()).toEqual(Object.keys(createTaskSchema.shape).sort());
    expect(createTask.parameters).toContainEqual(expect.objectContaining({ name: "id", in: "path" }));
    expect(createTask.tags).toEqual(["Tasks"]);
  });

  it("describes a query whose schema transforms what is sent by what is sent", () => {
    const listProjects = operation("get", "/api/projects");
    expect(listProjects.parameters).toContainEqual(
      expect.objectContaining({ name: "includeArchived", in: "query", required: false }),
    );
  });

  it("describes the bodies that handlers read themselves (sign-up by form or JSON, an import's file)", () => {
    const signUp = operation("post", "/api/signup").requestBody?.content;
    expect(Object.keys(signUp ?? {})).toEqual(["application/json", "application/x-www-form-urlencoded"]);
    expect(signUp?.["application/json"].schema.properties).toHaveProperty("password");
    const importContent = operation("post", "/api/projects/import").requestBody?.content;
    expect(Object.keys(importContent ?? {})).toContain("text/csv");
  });

  it("declares the bearer token and the session cookie, either one required except on public routes", () => {
    expect(document.components.securitySchemes[BEARER_SCHEME]).toMatchObject({
      type: "http",
      scheme: "bearer",
    });
    expect(document.components.securitySchemes[COOKIE_SCHEME]).toMatchObject({
      type: "apiKey",
      in: "cookie",
    });
    expect(document.security).toEqual([{ [BEARER_SCHEME]: [] }, { [COOKIE_SCHEME]: [] }]);
    expect(operation("get", "/api/projects").security).toBeUndefined();
    expect(operation("get", "/api/openapi.json").security).toContainEqual({});
    expect(operation("get", "/api/share/{token}").security).toContainEqual({});
  });
});

// Fuzzing every write route: fast-check sends bodies of every shape (wrong types, huge and unicode
// strings, nulls, extreme numbers, extra and missing fields), malformed JSON, wrong content types
// and odd path ids. Every answer must be 2xx or 4xx with a JSON {message, code} and no stack trace
// or SQL; afterwards the stored data must still hold its invariants.

import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { createCategoryIn, createProjectFor, createTaskIn, shareProject } from "../test/factories";
import { expectSafeAnswer } from "../test/safe-answer";
import { expectStoredGraphWhole } from "../test/stored-graph";
import { createTestUser, setupClients, setupTestApp } from "../test/test-app";

const testApp = setupTestApp({
  config: { signupMaxPerClient: 0, loginMaxFailuresPerClient: 0, loginMaxFailuresPerAccount: 0 },
});
const [owner] = setupClients(testApp, 1);
let ids: Record<string, number> = {};

beforeAll(async () => {
  const project = await createProjectFor(testApp, owner.user);
  const other = await createProjectFor(testApp, owner.user);
  const category = await createCategoryIn(testApp, project);
  const first = await createTaskIn(testApp, project);
  const second = await createTaskIn(testApp, project);
  const foreign = await createTaskIn(testApp, other);
  const member = await createTestUser(testApp);
  const share = await shareProject(testApp, project, member, "viewer");
  ids = {
    project: project.id,
    other: other.id,
    category: category.id,
    first: first.id,
    second: second.id,
    foreign: foreign.id,
    share: share.id,
    member: member.id,
  };
});

const text = fc.oneof(
  fc.string(),
  fc.string({ unit: "grapheme", maxLength: 50 }),
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "<img src=x onerror=alert(1)>",
    "'; drop table tasks; --",
    "#FF5733",
    "2026-05-01",
  ),
  fc.string({ minLength: 5000, maxLength: 30_000 }),
);
const number = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 1, 2 ** 31, -(2 ** 31), Number.MAX_SAFE_INTEGER, 1e308, -0),
);
const value = fc.oneof(
  text,
  number,
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.anything(), { maxLength: 3 }),
  fc.object(),
);
const FIELDS = [
  "name",
  "description",
  "status",
  "completed",
  "completedAt",
  "startDate",
  "snoozeUntil",
  "dueDate",
  "categoryId",
  "assigneeId",
  "positionX",
  "positionY",
  "width",
  "height",
  "projectId",
  "archived",
  "view",
  "color",
  "email",
  "role",
  "password",
  "username",
  "sourceTaskId",
  "targetTaskId",
  "taskOrders",
  "positions",
];
/** Objects whose keys are the fields the routes know, so values get past "missing" to deeper checks. */
const knownFields = fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 8 });
const body = fc.oneof(knownFields, fc.anything(), fc.constantFrom([], "", 0, null));
const pathId = fc.oneof(
  fc.constantFrom("0", "-1", "1.5", "abc", "99999999999999999999", "%00", "1e3", "0x10", " 1"),
  fc.integer({ min: 1, max: 2_147_483_647 }).map(String),
);

type Route = { method: "POST" | "PUT" | "PATCH"; url: (id: string) => string };
const ROUTES: Route[] = [
  { method: "POST", url: () => "/api/projects" },
  { method: "PUT", url: (id) => `/api/projects/${id}` },
  { method: "PATCH", url: (id) => `/api/projects/${id}` },
  { method: "PUT", url: (id) => `/api/projects/${id}/preferred-view` },
  { method: "POST", url: (id) => `/api/projects/${id}/categories` },
  { method: "PUT", url: (id) => `/api/categories/${id}` },
  { method: "POST", url: (id) => `/api/projects/${id}/baselines` },
  { method: "PATCH", url: (id) => `/api/projects/${id}/baselines/${id}` },
  { method: "POST", url: (id) => `/api/projects/${id}/tasks` },
  { method: "PUT", url: (id) => `/api/tasks/${id}` },
  { method: "PUT", url: (id) => `/api/projects/${id}/tasks/reorder` },
  { method: "PUT", url: (id) => `/api/projects/${id}/tasks/positions` },
  { method: "POST", url: () => "/api/dependencies" },
  { method: "POST", url: (id) => `/api/projects/${id}/share` },
  { method: "PUT", url: (id) => `/api/project-shares/${id}` },
  { method: "POST", url: () => "/api/trial-signup" },
  { method: "POST", url: () => "/api/signup" },
  { method: "POST", url: () => "/api/login" },
];

describe("fuzzing the write routes", () => {
  for (const route of ROUTES) {
    const label = `${route.method} ${route.url(":id")}`;
    it(`${label} answers every body with 2xx or a JSON 4xx`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(pathId, fc.constantFrom(...Object.values(ids).map(String))),
          body,
          async (id, payload) => {
            const response = await owner.inject({
              method: route.method,
              url: route.url(id),
              headers: { "content-type": "application/json" },
              payload: JSON.stringify(payload) ?? "null",
            });
            expectSafeAnswer(response, `${label} ${id} ${JSON.stringify(payload)?.slice(0, 200)}`);
          },
        ),
        { numRuns: 60 },
      );
    });
  }

  it("answers malformed JSON and wrong content types with 4xx", async () => {
    const rawBodies = ['{"name":', "[1,2", "nul", "\u0000", '{"name":"x"}garbage', "{}".repeat(10_000)];
    const contentTypes = [
      "application/json",
      "text/plain",
      "application/xml",
      "multipart/form-data; boundary=x",
      "application/json; charset=latin1",
    ];
    for (const route of ROUTES) {
      for (const payload of rawBodies) {
        for (const contentType of contentTypes) {
          const response = await owner.inject({
            method: route.method,
            url: route.url(String(ids.project)),
            headers: { "content-type": contentType },
            payload,
          });
          expectSafeAnswer(
            response,
            `${route.method} ${route.url(":id")} ${contentType} ${payload.slice(0, 20)}`,
          );
          expect(response.statusCode).toBeGreaterThanOrEqual(400);
        }
      }
    }
  });

  it("leaves the data consistent: no dependency across projects, no cycle, no orphan", async () => {
    await expectStoredGraphWhole(testApp.database.db);
  });
});

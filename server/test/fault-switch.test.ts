import { describe, expect, it } from "vitest";
import { setupTestApp } from "./test-app";

const testApp = setupTestApp();

describe("the test fault switch", () => {
  it("fails matching requests with the chosen status for the chosen number of times", async () => {
    testApp.faults.add({ method: "get", path: /^\/api\/health$/, status: 503, message: "down", times: 1 });
    const failed = await testApp.app.inject({ method: "GET", url: "/api/health" });
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toEqual({ message: "down", code: "injected_fault" });
    const next = await testApp.app.inject({ method: "GET", url: "/api/health" });
    expect(next.statusCode).toBe(200);
  });

  it("leaves other methods and paths alone, and clear removes every rule", async () => {
    testApp.faults.add({ method: "POST", path: /^\/api\/health/, status: 500 });
    expect((await testApp.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
    testApp.faults.add({ method: "GET", path: /^\/api\/health/, status: 500 });
    expect((await testApp.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(500);
    testApp.faults.clear();
    expect((await testApp.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
  });

  it("only delays a request when the rule has no status", async () => {
    testApp.faults.add({ method: "GET", path: /^\/api\/health/, delayMs: 150, times: 1 });
    const started = Date.now();
    const response = await testApp.app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });
});

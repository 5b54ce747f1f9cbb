import { describe, expect, it } from "vitest";
import { setupTestApp } from "../../test/test-app";

// One app with small limits, so the limits are reached in a few requests.
const testApp = setupTestApp({
  config: { loginMaxFailuresPerAccount: 3, loginMaxFailuresPerClient: 6, signupMaxPerClient: 2 },
});

const post = (url: string, payload: unknown, ip = "127.0.0.1") =>
  testApp.app.inject({
    method: "POST",
    url,
    remoteAddress: ip,
    headers: { "content-type": "application/json" },
    payload: JSON.stringify(payload),
  });

describe("failed sign-in throttling", () => {
  it("blocks an account after its failures, even for the right password, with a time to wait", async () => {
    const account = { email: "throttled@example.com", password: "right password", username: "throttled" };
    expect((await post("/api/signup", account, "10.0.0.1")).statusCode).toBe(201);

    for (let attempt = 0; attempt < 3; attempt++) {
      const failed = await post(
        "/api/login",
        { email: account.email, password: "wrong password" },
        "10.0.0.2",
      );
      expect(failed.statusCode).toBe(401);
    }
    const blocked = await post(
      "/api/login",
      { email: account.email, password: account.password },
      "10.0.0.3",
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe("Too many failed sign-in attempts. Try again in 15 minutes.");
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(800);
    expect(blocked.headers["set-cookie"]).toBeUndefined();
  });

  it("blocks a client address after its failures across many accounts", async () => {
    for (let attempt = 0; attempt < 6; attempt++) {
      const failed = await post(
        "/api/login",
        { email: `guess${attempt}@example.com`, password: "x" },
        "10.0.1.1",
      );
      expect(failed.statusCode).toBe(401);
    }
    const blocked = await post("/api/login", { email: "another@example.com", password: "x" }, "10.0.1.1");
    expect(blocked.statusCode).toBe(429);
    // Another address is not affected.
    const elsewhere = await post("/api/login", { email: "another@example.com", password: "x" }, "10.0.1.2");
    expect(elsewhere.statusCode).toBe(401);
  });

  it("ignores X-Forwarded-For unless TRUST_PROXY is set", async () => {
    for (let attempt = 0; attempt < 6; attempt++) {
      await testApp.app.inject({
        method: "POST",
        url: "/api/login",
        remoteAddress: "10.0.2.1",
        headers: { "content-type": "application/json", "x-forwarded-for": `192.0.2.${attempt}` },
        payload: JSON.stringify({ email: `spoof${attempt}@example.com`, password: "x" }),
      });
    }
    const blocked = await post("/api/login", { email: "spoof@example.com", password: "x" }, "10.0.2.1");
    expect(blocked.statusCode).toBe(429);
  });
});

describe("sign-up throttling", () => {
  it("allows a limited number of sign-ups per client address", async () => {
    const signUp = (n: number) =>
      post(
        "/api/signup",
        { email: `new${n}@example.com`, password: "long enough", username: `new${n}` },
        "10.0.3.1",
      );
    expect((await signUp(1)).statusCode).toBe(201);
    expect((await signUp(2)).statusCode).toBe(201);
    const third = await signUp(3);
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toMatch(
      /^Too many sign-ups from this address\. Try again in \d+ minutes?\.$/,
    );
  });
});

describe("with TRUST_PROXY", () => {
  const proxied = setupTestApp({ config: { trustProxy: true, loginMaxFailuresPerClient: 2 } });

  it("counts failures per forwarded client address", async () => {
    const attempt = (forwardedFor: string) =>
      proxied.app.inject({
        method: "POST",
        url: "/api/login",
        headers: { "content-type": "application/json", "x-forwarded-for": forwardedFor },
        payload: JSON.stringify({ email: "someone@example.com", password: "x" }),
      });
    expect((await attempt("203.0.113.1")).statusCode).toBe(401);
    expect((await attempt("203.0.113.1")).statusCode).toBe(401);
    expect((await attempt("203.0.113.1")).statusCode).toBe(429);
    expect((await attempt("203.0.113.2")).statusCode).toBe(401);
  });
});

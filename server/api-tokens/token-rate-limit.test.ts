// Each token's own rate-limit budget (token-rate-limit.ts): a token past its requests per minute
// gets 429 while another token, and the same user's browser session, go on.
import { describe, expect, it } from "vitest";
import { loginAs, setupTestApp } from "../test/test-app";
import { callWithToken, createTokenAs } from "./api-token-test-helpers";

const testApp = setupTestApp({ config: { apiTokenRateLimitPerMinute: 3 } });

describe("a token's rate limit", () => {
  it("answers 429 to the 4th call of a minute at 3 a minute; another token and the cookie still pass", async () => {
    const client = await loginAs(testApp);
    const busy = await createTokenAs(client, "read", "Busy");
    const quiet = await createTokenAs(client, "read", "Quiet");
    for (let call = 1; call <= 3; call++)
      expect(
        (await callWithToken(testApp, busy.secret, "GET", "/api/projects")).statusCode,
        `call ${call}`,
      ).toBe(200);
    const limited = await callWithToken(testApp, busy.secret, "GET", "/api/projects");
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      message: expect.stringMatching(/^Too many requests\. Try again in \d+ seconds\.$/),
      code: "too_many_requests",
    });

    expect((await callWithToken(testApp, quiet.secret, "GET", "/api/projects")).statusCode).toBe(200);
    // The address's own budget (1,200 a minute) is not the token's.
    for (let call = 1; call <= 5; call++)
      expect((await client.inject({ method: "GET", url: "/api/projects" })).statusCode).toBe(200);
  });
});

describe("without a token limit", () => {
  const unlimited = setupTestApp({ config: { apiTokenRateLimitPerMinute: 0 } });

  it("0 lets a token make any number of calls", async () => {
    const client = await loginAs(unlimited);
    const token = await createTokenAs(client, "read");
    for (let call = 1; call <= 10; call++)
      expect((await callWithToken(unlimited, token.secret, "GET", "/api/auth/user")).statusCode).toBe(200);
  });
});

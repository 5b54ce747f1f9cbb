// What every answer to fuzzed or hostile input must be
// (docs/decisions/031-imports-off-the-request-thread.md): below 500, with
// no stack trace or SQL in it, and a refusal a JSON {message, code} with a message to show.
import { expect } from "vitest";

export type AnswerToCheck = { statusCode: number; body: string; headers: Record<string, unknown> };

/** Checks the answer; `what` names the input in a failure. */
export function expectSafeAnswer(response: AnswerToCheck, what: string) {
  expect(response.statusCode, `${what}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
  expect(response.body, what).not.toMatch(
    /\bat [\w.<>]+ \(|node_modules|\bselect\b.+\bfrom\b|\binsert into\b|violates/i,
  );
  if (response.statusCode >= 400) {
    expect(String(response.headers["content-type"]), what).toContain("application/json");
    const parsed = JSON.parse(response.body);
    expect(typeof parsed.message, what).toBe("string");
    expect(parsed.message.length, what).toBeGreaterThan(0);
    expect(typeof parsed.code, what).toBe("string");
  }
}

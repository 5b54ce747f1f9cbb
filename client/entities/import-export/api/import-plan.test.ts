import { describe, expect, it } from "vitest";
import { retryAfterSecondsOf } from "./import-plan";

describe("retryAfterSecondsOf", () => {
  it("reads seconds or an HTTP date, and falls back to 5 s", () => {
    expect(retryAfterSecondsOf("5")).toBe(5);
    expect(retryAfterSecondsOf("0")).toBe(1);
    expect(retryAfterSecondsOf("100000")).toBe(300);
    expect(retryAfterSecondsOf(null)).toBe(5);
    expect(retryAfterSecondsOf("soon")).toBe(5);
    const now = Date.parse("2026-11-26T12:00:00Z");
    expect(retryAfterSecondsOf("Thu, 26 Nov 2026 12:00:12 GMT", now)).toBe(12);
  });
});

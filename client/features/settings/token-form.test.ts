import { describe, expect, it } from "vitest";
import { endOfDayUtc, todayUtc, tokenFormSchema } from "./token-form";

describe("tokenFormSchema", () => {
  it("sends no expiry for an empty Expires", () => {
    expect(tokenFormSchema.parse({ name: " CI ", scope: "read", expiresOn: "" })).toEqual({
      name: "CI",
      scope: "read",
    });
  });

  it("sends the end of the chosen day in UTC", () => {
    expect(tokenFormSchema.parse({ name: "Sync", scope: "write", expiresOn: "2999-01-31" })).toEqual({
      name: "Sync",
      scope: "write",
      expiresAt: "2999-01-31T23:59:59.999Z",
    });
  });

  it("refuses a day that has passed, an empty name and an unknown scope", () => {
    const past = tokenFormSchema.safeParse({ name: "Old", scope: "read", expiresOn: "2000-01-01" });
    expect(past.error?.issues[0]).toMatchObject({
      path: ["expiresOn"],
      message: "The token must expire today or later.",
    });
    const unnamed = tokenFormSchema.safeParse({ name: "  ", scope: "read", expiresOn: "" });
    expect(unnamed.error?.issues[0]).toMatchObject({
      path: ["name"],
      message: "name must be 1 to 100 characters.",
    });
    expect(tokenFormSchema.safeParse({ name: "X", scope: "admin", expiresOn: "" }).success).toBe(false);
  });

  it("accepts today, whose end in UTC is still ahead", () => {
    expect(tokenFormSchema.safeParse({ name: "T", scope: "read", expiresOn: todayUtc() }).success).toBe(true);
  });
});

describe("endOfDayUtc and todayUtc", () => {
  it("name the last millisecond of a day and today in UTC", () => {
    expect(endOfDayUtc("2027-01-31")).toBe("2027-01-31T23:59:59.999Z");
    expect(todayUtc(new Date("2026-05-04T23:30:00-07:00"))).toBe("2026-05-05");
  });
});

import { describe, expect, it } from "vitest";
import { dependencyFormSchema, LAG_FORM_ERROR } from "./dependencies";

describe("dependencyFormSchema", () => {
  it("reads a typed lag by the API's own rule, and refuses what the server would", () => {
    expect(dependencyFormSchema.parse({ type: "SS", lag: " +2 " })).toEqual({ type: "SS", lag: 2 });
    expect(dependencyFormSchema.parse({ type: "FS", lag: "-1000" })).toEqual({ type: "FS", lag: -1000 });
    for (const lag of ["", "1.5", "two", "1001", "-1001", "2d"]) {
      const result = dependencyFormSchema.safeParse({ type: "FS", lag });
      expect(result.success, lag).toBe(false);
      expect(result.error?.issues[0].message).toBe(LAG_FORM_ERROR);
    }
  });
});

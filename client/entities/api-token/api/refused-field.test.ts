import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api-client";
import { refusedField } from "./refused-field";

describe("refusedField", () => {
  it("takes the answer's field, else the field the message starts with", () => {
    expect(refusedField(new ApiError(400, "Too long", "invalid_input", { field: "name" }))).toBe("name");
    expect(refusedField(new ApiError(400, "expiresAt must be in the future."))).toBe("expiresAt");
    expect(refusedField(new ApiError(400, "url's host nowhere.invalid could not be found."))).toBe("url");
  });

  it("names none for other answers and other errors", () => {
    expect(refusedField(new ApiError(403, "name is not yours"))).toBeUndefined();
    expect(refusedField(new Error("name"))).toBeUndefined();
  });
});

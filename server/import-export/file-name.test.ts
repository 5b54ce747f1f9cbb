import { describe, expect, it } from "vitest";
import { projectNameOfFile } from "./file-name";

describe("projectNameOfFile", () => {
  it("keeps the last path part without its extension, underscores as spaces", () => {
    expect(projectNameOfFile("C:\\plans\\office_move.v2.gan")).toBe("office move.v2");
    expect(projectNameOfFile("/home/ada/Moving day.csv")).toBe("Moving day");
    expect(projectNameOfFile("plan")).toBe("plan");
    expect(projectNameOfFile(".csv")).toBeUndefined();
    expect(projectNameOfFile("  ")).toBeUndefined();
  });
});

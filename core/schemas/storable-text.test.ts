import { describe, expect, it } from "vitest";
import { escapedUnstorable, unstorableCharacter, unstorableTextIn } from "./storable-text";

describe("storable text", () => {
  it("names NUL and lone surrogates, and lets whole pairs through", () => {
    expect(unstorableCharacter("a\u0000")).toBe("the NUL character (U+0000)");
    expect(unstorableCharacter("a\ud800")).toMatch(/^a lone surrogate \(U\+D800\)/);
    expect(unstorableCharacter("\ud83d\ude00")).toBeNull();
  });

  it("finds the path of the first unstorable text, a key's named escaped", () => {
    expect(unstorableTextIn({ tasks: [{ name: "ok" }, { name: "a\u0000" }] })?.path).toBe("tasks.1.name");
    const inKey = unstorableTextIn({ tasks: [{ "na\u0000me": 1 }] });
    expect(inKey?.path).toBe("tasks.0.na\\u0000me");
    expect(unstorableCharacter(inKey?.path ?? "")).toBeNull();
    expect(escapedUnstorable("x\udfff")).toBe("x\\udfff");
  });
});

import { describe, expect, it } from "vitest";
import { mix, safeColor } from "./export-palette";
import { num, xmlEscape } from "./svg-text";

describe("xmlEscape", () => {
  it("escapes the five characters XML gives meaning to", () => {
    expect(xmlEscape(`<a href="x">Tom & Jerry's</a>`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;",
    );
  });

  it("keeps tabs, newlines and characters outside the basic plane, and drops what XML forbids", () => {
    expect(xmlEscape("a\tb\nc 🚀 é")).toBe("a\tb\nc 🚀 é");
    expect(xmlEscape("a\u0000b\u001bc\ud800d\udc00e\uffff")).toBe("abcde");
  });
});

describe("num", () => {
  it("writes at most two decimals", () => {
    expect(num(12.3456)).toBe("12.35");
    expect(num(40)).toBe("40");
    expect(num(-0.004)).toBe("0");
  });
});

describe("colours", () => {
  it("mixes in sRGB as color-mix does", () => {
    expect(mix("#ff0000", 0.3, "#ffffff")).toBe("#ffb3b3");
    expect(mix("#000000", 1, "#ffffff")).toBe("#000000");
  });

  it("accepts only hex colours from the data", () => {
    expect(safeColor("#3357FF")).toBe("#3357ff");
    expect(safeColor("#abc")).toBe("#aabbcc");
    expect(safeColor('red" onload="x')).toBeNull();
    expect(safeColor(null)).toBeNull();
  });
});

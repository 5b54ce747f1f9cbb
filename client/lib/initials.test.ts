import { describe, expect, it } from "vitest";
import { getInitials } from "./initials";

describe("getInitials", () => {
  it("takes the first two letters of the username in upper case", () => {
    expect(getInitials("ada.lovelace")).toBe("AD");
    expect(getInitials("Bo")).toBe("BO");
    expect(getInitials("x_y")).toBe("X_");
  });

  it("keeps a one-letter username as one letter", () => {
    expect(getInitials("q")).toBe("Q");
  });

  it("shows ? without a username", () => {
    expect(getInitials(null)).toBe("?");
    expect(getInitials(undefined)).toBe("?");
    expect(getInitials("")).toBe("?");
    expect(getInitials("   ")).toBe("?");
  });

  it("does not split characters outside the basic plane", () => {
    expect(getInitials("𝒜lice")).toBe("𝒜L");
    expect(getInitials("élodie")).toBe("ÉL");
  });
});

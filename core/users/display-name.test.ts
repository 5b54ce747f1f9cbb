import { describe, expect, it } from "vitest";
import { userDisplayName } from "./display-name";

describe("userDisplayName", () => {
  it("names a person by first and last name, else username, else email", () => {
    expect(userDisplayName({ firstName: "Ada", lastName: "Lovelace", username: "ada" })).toBe("Ada Lovelace");
    expect(userDisplayName({ firstName: " ", lastName: null, username: "ada" })).toBe("ada");
    expect(userDisplayName({ firstName: null, lastName: null, username: null, email: "a@b.c" })).toBe(
      "a@b.c",
    );
    expect(userDisplayName({})).toBe("Unknown user");
  });
});

// PATCH /api/me/preferences (docs/spec/themes.md): the signed-in user's theme, saved on the account
// and read back with the user; only ever the caller's own.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { callWithToken, createTokenAs } from "../../api-tokens/api-token-test-helpers";
import { users } from "../../db/schema";
import { type Client, jsonRequest, loginAs, sendJson, setupTestApp } from "../../test/test-app";

const testApp = setupTestApp();

const URL = "/api/me/preferences";
const storedTheme = async (id: number) =>
  (await testApp.database.db.select({ theme: users.theme }).from(users).where(eq(users.id, id)))[0].theme;
const authUser = async (client: Client) => (await sendJson(client, "GET", "/api/auth/user")).json();

describe("PATCH /api/me/preferences", () => {
  it("starts at system, saves the theme, answers the user and reads it back through /api/auth/user", async () => {
    const me = await loginAs(testApp);
    expect((await authUser(me)).theme).toBe("system");

    const response = await sendJson(me, "PATCH", URL, { theme: "dark" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: me.user.id,
      email: me.user.email,
      username: me.user.username,
      firstName: me.user.firstName,
      lastName: me.user.lastName,
      profileImageUrl: null,
      theme: "dark",
    });
    expect(await storedTheme(me.user.id)).toBe("dark");
    // The session was cached with the row as it was; the answer must not be stale.
    expect((await authUser(me)).theme).toBe("dark");

    await sendJson(me, "PATCH", URL, { theme: "light" });
    expect((await authUser(me)).theme).toBe("light");
  });

  it("refuses a value that is not a theme with the schema's message, and changes nothing", async () => {
    const me = await loginAs(testApp);
    for (const body of [{ theme: "blue" }, { theme: null }, {}]) {
      const response = await sendJson(me, "PATCH", URL, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toContain('theme must be "system", "light" or "dark".');
    }
    const extra = await sendJson(me, "PATCH", URL, { theme: "dark", userId: 1 });
    expect(extra.statusCode).toBe(400);
    expect(await storedTheme(me.user.id)).toBe("system");
  });

  it("answers 401 signed out", async () => {
    const response = await testApp.app.inject(jsonRequest("PATCH", URL, { theme: "dark" }));
    expect(response.statusCode).toBe(401);
  });

  it("changes only the caller's own theme: there is no way to name another user", async () => {
    const [me, other] = await Promise.all([loginAs(testApp), loginAs(testApp)]);
    await sendJson(me, "PATCH", URL, { theme: "dark" });
    const sneaky = await sendJson(me, "PATCH", `${URL}?userId=${other.user.id}`, { theme: "light" });
    expect(sneaky.json().id).toBe(me.user.id);
    expect(await storedTheme(other.user.id)).toBe("system");
    expect((await authUser(other)).theme).toBe("system");
    expect(await storedTheme(me.user.id)).toBe("light");
  });

  it("refuses a write whose Origin names another site", async () => {
    const me = await loginAs(testApp);
    const response = await me.inject({
      ...jsonRequest("PATCH", URL, { theme: "dark" }),
      headers: { "content-type": "application/json", origin: "https://evil.example" },
    });
    expect(response.statusCode).toBe(403);
    expect(await storedTheme(me.user.id)).toBe("system");
  });

  it("takes an API token with the write scope, as other writes do, and refuses a read-only one", async () => {
    const me = await loginAs(testApp);
    const reader = await createTokenAs(me, "read");
    const refused = await callWithToken(testApp, reader.secret, "PATCH", URL, { theme: "dark" });
    expect(refused.statusCode).toBe(403);
    expect(await storedTheme(me.user.id)).toBe("system");

    const writer = await createTokenAs(me, "write");
    const saved = await callWithToken(testApp, writer.secret, "PATCH", URL, { theme: "dark" });
    expect(saved.statusCode).toBe(200);
    expect(await storedTheme(me.user.id)).toBe("dark");
  });
});

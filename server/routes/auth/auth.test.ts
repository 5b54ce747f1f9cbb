import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { sessions, users } from "../../db/schema";
import { sessionCookieOf, setupTestApp } from "../../test/test-app";

const testApp = setupTestApp();

let counter = 0;
function newAccount(overrides: Record<string, string> = {}) {
  counter += 1;
  return {
    email: `Person${counter}.${Date.now()}@Example.com`,
    password: "correct horse battery",
    username: `person${counter}_${Date.now()}`,
    firstName: "Ada",
    lastName: "Lovelace",
    ...overrides,
  };
}

const json = (payload: unknown) => ({
  headers: { "content-type": "application/json" },
  payload: JSON.stringify(payload),
});
const form = (fields: Record<string, string>, origin: string | null = "http://localhost:80") => ({
  headers: {
    "content-type": "application/x-www-form-urlencoded",
    ...(origin ? { origin } : {}),
  },
  payload: new URLSearchParams(fields).toString(),
});

async function findUser(email: string) {
  const [user] = await testApp.database.db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return user;
}

describe("sign-up", () => {
  it("creates the account from JSON, answers 201 with the user and starts a session", async () => {
    const account = newAccount();
    const response = await testApp.app.inject({ method: "POST", url: "/api/signup", ...json(account) });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      id: expect.any(Number),
      email: account.email.toLowerCase(),
      username: account.username,
      firstName: "Ada",
      lastName: "Lovelace",
      profileImageUrl: null,
      theme: "system",
    });
    expect(body).not.toHaveProperty("passwordHash");

    const setCookie = String(response.headers["set-cookie"]);
    expect(setCookie).toMatch(/^sid=[\w-]{43};/);
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Lax");

    const stored = await findUser(account.email);
    expect(stored.passwordHash).toMatch(/^\$argon2id\$/);
    const cookie = sessionCookieOf(response)!;
    const me = await testApp.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(stored.id);
  });

  it("keeps only a hash of the session token in the database", async () => {
    const response = await testApp.app.inject({ method: "POST", url: "/api/signup", ...json(newAccount()) });
    const token = sessionCookieOf(response)!.split("=")[1];
    const rows = await testApp.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, response.json().id));
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).not.toContain(token);
    expect(rows[0].tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("accepts the same-origin form post and redirects to /my-tasks with a session", async () => {
    const account = newAccount();
    const response = await testApp.app.inject({ method: "POST", url: "/api/signup", ...form(account) });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/my-tasks");
    expect(sessionCookieOf(response)).toBeDefined();
    expect(await findUser(account.email)).toBeDefined();
  });

  it("refuses a cross-site form post and creates nothing", async () => {
    const account = newAccount();
    const response = await testApp.app.inject({
      method: "POST",
      url: "/api/signup",
      ...form(account, "https://evil.example"),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: "Cross-site request refused.", code: "cross_site_request" });
    expect(response.headers["set-cookie"]).toBeUndefined();
    expect(await findUser(account.email)).toBeUndefined();
  });

  it("refuses a form post that proves no origin at all", async () => {
    const account = newAccount();
    const response = await testApp.app.inject({ method: "POST", url: "/api/signup", ...form(account, null) });
    expect(response.statusCode).toBe(403);
    expect(await findUser(account.email)).toBeUndefined();
  });

  it("accepts a form post whose Referer is our own page when Origin is missing", async () => {
    const account = newAccount();
    const response = await testApp.app.inject({
      method: "POST",
      url: "/api/signup",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        referer: "http://localhost:80/api/signup",
      },
      payload: new URLSearchParams(account).toString(),
    });
    expect(response.statusCode).toBe(303);
  });

  it("answers 409 for an email already used, whatever its case", async () => {
    const account = newAccount();
    await testApp.app.inject({ method: "POST", url: "/api/signup", ...json(account) });
    const again = newAccount({ email: `  ${account.email.toUpperCase()} ` });
    const response = await testApp.app.inject({ method: "POST", url: "/api/signup", ...json(again) });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: "An account with this email already exists.",
      code: "email_taken",
    });
  });

  it("answers 409 for a username already used", async () => {
    const account = newAccount();
    await testApp.app.inject({ method: "POST", url: "/api/signup", ...json(account) });
    const response = await testApp.app.inject({
      method: "POST",
      url: "/api/signup",
      ...json(newAccount({ username: account.username.toUpperCase() })),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe("That username is already taken.");
  });

  it("answers 400 for a weak password and stores nothing", async () => {
    const account = newAccount({ password: "short" });
    const response = await testApp.app.inject({ method: "POST", url: "/api/signup", ...json(account) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: "Password must be at least 8 characters.",
      field: "password",
    });
    expect(await findUser(account.email)).toBeUndefined();
  });

  it("names a missing field in the schema's words", async () => {
    const { password: _, ...withoutPassword } = newAccount();
    const response = await testApp.app.inject({
      method: "POST",
      url: "/api/signup",
      ...json(withoutPassword),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: "password", message: "Password is required." });
  });

  it("names the field of a wrongly typed value", async () => {
    const response = await testApp.app.inject({
      method: "POST",
      url: "/api/signup",
      ...json({ ...newAccount(), username: 42 }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: "username", message: "username must be a string." });
  });

  it("shows the form again with the reason and the typed fields, but not the password", async () => {
    const account = newAccount({ email: "not-an-email" });
    const response = await testApp.app.inject({ method: "POST", url: "/api/signup", ...form(account) });
    expect(response.statusCode).toBe(400);
    expect(response.headers["content-type"]).toContain("text/html");
    expect(response.body).toContain("Please enter a valid email address.");
    expect(response.body).toContain(`value="${account.username}"`);
    expect(response.body).not.toContain(account.password);
  });

  it("escapes what was typed when it shows the form again", async () => {
    const account = newAccount({ email: "bad", firstName: '"><script>alert(1)</script>' });
    const response = await testApp.app.inject({ method: "POST", url: "/api/signup", ...form(account) });
    expect(response.body).not.toContain("<script>alert(1)</script>");
    expect(response.body).toContain("&quot;&gt;&lt;script&gt;");
  });

  it("serves the sign-up page, and sends signed-in users on to /my-tasks", async () => {
    const page = await testApp.app.inject({ method: "GET", url: "/api/signup" });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('autocomplete="new-password"');
    const signedUp = await testApp.app.inject({ method: "POST", url: "/api/signup", ...json(newAccount()) });
    const again = await testApp.app.inject({
      method: "GET",
      url: "/api/signup",
      headers: { cookie: sessionCookieOf(signedUp)! },
    });
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe("/my-tasks");
  });
});

describe("sign-in and logout", () => {
  const account = newAccount();
  beforeAll(async () => {
    await testApp.app.inject({ method: "POST", url: "/api/signup", ...json(account) });
  });

  it("signs in with JSON by email, in any case, and returns the user", async () => {
    const response = await testApp.app.inject({
      method: "POST",
      url: "/api/login",
      ...json({ email: account.email.toUpperCase(), password: account.password }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().username).toBe(account.username);
    expect(sessionCookieOf(response)).toBeDefined();
  });

  it("signs in by username through the form and redirects to /my-tasks", async () => {
    const response = await testApp.app.inject({
      method: "POST",
      url: "/api/login",
      ...form({ email: account.username, password: account.password }),
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/my-tasks");
  });

  it("gives a wrong password and an unknown email the same 401 answer", async () => {
    const wrongPassword = await testApp.app.inject({
      method: "POST",
      url: "/api/login",
      ...json({ email: account.email, password: "not the password" }),
    });
    const unknownEmail = await testApp.app.inject({
      method: "POST",
      url: "/api/login",
      ...json({ email: "nobody@example.com", password: "not the password" }),
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ message: "Invalid email or password.", code: "unauthorized" });
    expect(unknownEmail.json()).toEqual(wrongPassword.json());
    expect(wrongPassword.headers["set-cookie"]).toBeUndefined();
  });

  it("logs out: the session row is gone and the old cookie gets 401", async () => {
    const login = await testApp.app.inject({
      method: "POST",
      url: "/api/login",
      ...json({ email: account.email, password: account.password }),
    });
    const cookie = sessionCookieOf(login)!;
    const logout = await testApp.app.inject({ method: "GET", url: "/api/logout", headers: { cookie } });
    expect(logout.statusCode).toBe(303);
    expect(logout.headers.location).toBe("/");
    expect(String(logout.headers["set-cookie"])).toMatch(/^sid=;/);

    const after = await testApp.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } });
    expect(after.statusCode).toBe(401);
    const user = await findUser(account.email);
    const left = await testApp.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(left.map((row) => row.tokenHash)).toHaveLength(left.length);
    for (const row of left) expect(cookie).not.toContain(row.tokenHash);
  });

  it("logs out with POST for JSON clients", async () => {
    const login = await testApp.app.inject({
      method: "POST",
      url: "/api/login",
      ...json({ email: account.email, password: account.password }),
    });
    const cookie = sessionCookieOf(login)!;
    const logout = await testApp.app.inject({ method: "POST", url: "/api/logout", headers: { cookie } });
    expect(logout.statusCode).toBe(204);
    const after = await testApp.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } });
    expect(after.statusCode).toBe(401);
  });

  it("does not accept an expired session", async () => {
    const login = await testApp.app.inject({
      method: "POST",
      url: "/api/login",
      ...json({ email: account.email, password: account.password }),
    });
    const user = await findUser(account.email);
    await testApp.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    const after = await testApp.app.inject({
      method: "GET",
      url: "/api/auth/user",
      headers: { cookie: sessionCookieOf(login)! },
    });
    expect(after.statusCode).toBe(401);
  });

  it("serves a sign-in page that password managers understand", async () => {
    const page = await testApp.app.inject({ method: "GET", url: "/api/login" });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('autocomplete="current-password"');
    expect(page.body).toContain('action="/api/login"');
  });
});

describe("the current user", () => {
  it("answers 401 with a JSON error without a session", async () => {
    const response = await testApp.app.inject({ method: "GET", url: "/api/auth/user" });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: "You need to sign in first.", code: "unauthorized" });
  });

  it("answers 401 to a forged cookie", async () => {
    const response = await testApp.app.inject({
      method: "GET",
      url: "/api/auth/user",
      headers: { cookie: "sid=forged-token-value" },
    });
    expect(response.statusCode).toBe(401);
  });
});
